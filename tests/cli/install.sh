# Installing: `cmake --install` the build into a temporary prefix, then build
# a small C program against it twice, with find_package(fenkit) and with
# pkg-config, and run both. The build folder is the one holding fenkit.
source "$(dirname "$0")/lib/common.bash" "$1"
build=$(cd "$(dirname "$FENKIT")" && pwd)
prefix=$TMP/prefix

step "cmake --install into a temporary prefix"
cmake --install "$build" --prefix "$prefix" >"$TMP/install.log" 2>&1 || fail "cmake --install: $(tail -5 "$TMP/install.log")"
for f in bin/fenkit include/fenkit/fenkit.h include/fenkit/render.h; do
    [ -e "$prefix/$f" ] || fail "$f not installed"
done
pc=$(find "$prefix" -name fenkit.pc | head -1)
config=$(find "$prefix" -name fenkitConfig.cmake | head -1)
[ -n "$pc" ] || fail "fenkit.pc not installed"
[ -n "$config" ] || fail "fenkitConfig.cmake not installed"
ls "$(dirname "$(dirname "$pc")")"/libfenkit-render.* >/dev/null 2>&1 || fail "the render library is not installed"
"$prefix/bin/fenkit" --version >"$TMP/out" 2>&1 || fail "installed fenkit does not run"

# A build with sanitizers needs them in whatever links its libraries.
flags=""
if grep -q '^FENKIT_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    flags="-fsanitize=address,undefined"
fi

mkdir -p "$TMP/consumer"
cat >"$TMP/consumer/consumer.c" <<'C'
/* Reads the FEN in argv[1], writes it back and draws its board. */
#include <stdio.h>
#include <string.h>
#include <fenkit/fenkit.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    fk_position pos;
    fk_problems problems;
    fk_problems_clear(&problems);
    if (fk_fen_parse(argv[1], strlen(argv[1]), FK_FEN_STRICT, &pos, &problems) != FK_OK) {
        fprintf(stderr, "could not read the FEN\n");
        return 1;
    }
    char fen[FK_FEN_MAX], board[1024];
    fk_fen_write(&pos, FK_EP_ALWAYS, fen, sizeof fen);
    fk_text_options opts = {.ascii = 1};
    fk_render_text(&pos, &opts, board, sizeof board);
    printf("%s\n%s", fen, board);
    return 0;
}
C
cat >"$TMP/consumer/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(fenkit 0.1 REQUIRED)
add_executable(consumer consumer.c)
target_link_libraries(consumer PRIVATE fenkit::render fenkit::core)
C

# check_consumer BINARY: it must print the FEN back and an ASCII board.
check_consumer() {
    "$1" "$E4" >"$TMP/out" 2>"$TMP/err" || fail "$1 failed"
    [ "$(head -1 "$TMP/out")" = "$E4" ] || fail "$1 did not print the FEN back"
    out_has "4  .  .  .  .  P  .  .  . "
}

step "find_package(fenkit)"
cmake -S "$TMP/consumer" -B "$TMP/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="$flags" >"$TMP/cmake.log" 2>&1 || fail "configure: $(tail -20 "$TMP/cmake.log")"
cmake --build "$TMP/consumer/build" >"$TMP/cmake.log" 2>&1 || fail "build: $(tail -20 "$TMP/cmake.log")"
check_consumer "$TMP/consumer/build/consumer"

step "pkg-config --cflags --libs fenkit"
cflags_libs=$(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags --libs fenkit) || fail "pkg-config cannot find fenkit"
case "$cflags_libs" in *"$prefix"*) ;; *) fail "pkg-config flags do not point into the prefix: $cflags_libs" ;; esac
# shellcheck disable=SC2086
cc -std=c11 $flags "$TMP/consumer/consumer.c" -o "$TMP/consumer/with-pkg-config" $cflags_libs \
    >"$TMP/cc.log" 2>&1 || fail "cc with pkg-config flags: $(tail -20 "$TMP/cc.log")"
check_consumer "$TMP/consumer/with-pkg-config"

pass
