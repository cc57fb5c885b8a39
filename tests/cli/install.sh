# Installing: `cmake --install` the build into a temporary prefix, then build
# a small C program against it with find_package(fenkit) and with pkg-config,
# against the static layer libraries and against libfenkit.so, and run each.
# The build folder is the one holding fenkit.
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
libdir=$(dirname "$(dirname "$pc")")
ls "$libdir"/libfenkit-render.a >/dev/null 2>&1 || fail "the render library is not installed"
[ -e "$libdir/libfenkit.so.0" ] || fail "libfenkit.so.0 is not installed"
[ -e "$libdir/libfenkit.so" ] || fail "the libfenkit.so link for linking is not installed"
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
add_executable(consumer-shared consumer.c)
target_link_libraries(consumer-shared PRIVATE fenkit::fenkit)
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
# uses_shared BINARY: it loads the installed libfenkit.so.0 (through its
# run path or LD_LIBRARY_PATH), not a static copy.
uses_shared() {
    ldd "$1" >"$TMP/ldd" 2>&1 || fail "ldd $1 failed"
    grep -q "libfenkit.so.0 => $libdir/libfenkit.so.0" "$TMP/ldd" || fail "$1 does not load $libdir/libfenkit.so.0: $(cat "$TMP/ldd")"
}
step "find_package(fenkit): fenkit::fenkit, the shared library"
check_consumer "$TMP/consumer/build/consumer-shared"
uses_shared "$TMP/consumer/build/consumer-shared"

# pkg_config_consumer MODULE NAME: builds consumer.c with pkg-config's flags
# for MODULE into NAME.
pkg_config_consumer() {
    cflags_libs=$(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags --libs "$1") || fail "pkg-config cannot find $1"
    case "$cflags_libs" in *"$prefix"*) ;; *) fail "pkg-config flags do not point into the prefix: $cflags_libs" ;; esac
    # shellcheck disable=SC2086
    cc -std=c11 $flags "$TMP/consumer/consumer.c" -o "$TMP/consumer/$2" $cflags_libs \
        >"$TMP/cc.log" 2>&1 || fail "cc with pkg-config flags: $(tail -20 "$TMP/cc.log")"
}

step "pkg-config --cflags --libs fenkit-static"
pkg_config_consumer fenkit-static with-static
check_consumer "$TMP/consumer/with-static"
! ldd "$TMP/consumer/with-static" | grep -q libfenkit || fail "the static build loads a libfenkit"

step "pkg-config --cflags --libs fenkit: libfenkit.so"
pkg_config_consumer fenkit with-shared
LD_LIBRARY_PATH=$libdir check_consumer "$TMP/consumer/with-shared"
LD_LIBRARY_PATH=$libdir uses_shared "$TMP/consumer/with-shared"

pass
