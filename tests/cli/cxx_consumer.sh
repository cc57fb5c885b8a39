# A C++ program over the public headers: every declaration must sit inside
# extern "C" (fk_version once did not, and C++ could not link it), and the
# headers must compile cleanly as C++. Built against libfenkit.so and
# against the static layer libraries. The build folder is the one holding
# fenkit.
source "$(dirname "$0")/lib/common.bash" "$1"
build=$(cd "$(dirname "$FENKIT")" && pwd)
include=$(cd "$(dirname "$0")/../../include" && pwd)
command -v c++ >/dev/null || fail "no C++ compiler (scripts/install-deps test installs g++)"

# A build with sanitizers needs them in whatever links its libraries.
flags=""
if grep -q '^FENKIT_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    flags="-fsanitize=address,undefined"
fi

cat >"$TMP/consumer.cpp" <<'CPP'
// Reads argv[1] as a FEN, checks it, and prints what the library says.
#include <cstdio>
#include <cstring>
#include <string>
#include <fenkit/fenkit.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    std::string fen = argv[1];
    std::printf("version %s\n", fk_version());
    std::printf("syntax: %s\n", fk_strerror(FK_ERR_SYNTAX));
    fk_position pos;
    // No problem list: only the verdict is wanted.
    fk_status st = fk_fen_parse(fen.data(), fen.size(), FK_FEN_STRICT, &pos, nullptr);
    std::printf("parse: %s\n", fk_strerror(st));
    fk_problems problems;
    fk_fen_validate(fen.data(), fen.size(), FK_FEN_STRICT, &pos, &problems);
    for (int i = 0; i < problems.count; i++)
        std::printf("problem %s\n", fk_problem_code_name(problems.items[i].code));
    fk_movelist moves;
    std::printf("moves %d\n", fk_moves_generate(&pos, &moves));
    return 0;
}
CPP

# check_output: what the program printed for $PAWN_ON_8.
check_output() {
    out_has "version $("$FENKIT" --version | awk '{print $2}')"
    out_has "syntax: the text could not be read"
    out_has "parse: success"
    out_has "problem pawn-on-back-rank"
    out_has "moves "
}

step "C++ against libfenkit.so"
# shellcheck disable=SC2086
c++ -std=c++17 -Wall -Wextra -Werror -pedantic $flags -I"$include" "$TMP/consumer.cpp" \
    -o "$TMP/shared" -L"$build" -lfenkit -Wl,-rpath,"$build" >"$TMP/cc.log" 2>&1 \
    || fail "c++ against libfenkit.so: $(tail -20 "$TMP/cc.log")"
"$TMP/shared" "$PAWN_ON_8" >"$TMP/out" 2>"$TMP/err" || fail "the C++ program failed"
check_output

step "C++ against the static libraries"
# shellcheck disable=SC2086
c++ -std=c++17 -Wall -Wextra -Werror -pedantic $flags -I"$include" "$TMP/consumer.cpp" \
    -o "$TMP/static" "$build/libfenkit-core.a" -lpthread >"$TMP/cc.log" 2>&1 \
    || fail "c++ against libfenkit-core.a: $(tail -20 "$TMP/cc.log")"
"$TMP/static" "$PAWN_ON_8" >"$TMP/out" 2>"$TMP/err" || fail "the C++ program failed"
check_output
pass
