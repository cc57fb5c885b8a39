#!/usr/bin/env bash
# The cost of one call from Python: reading a FEN and writing it back
# through the fenkit package (a CPython extension), through ctypes over the
# same libfenkit.so (what an ABI-level binding such as cffi's ABI mode or
# ctypes pays), and in C itself, on the same FENs in one run. Prints ns a
# FEN for each and the ratios to C; the issue's target is a single call at
# most 3x the C cost.
# Usage: bash bench/python_calls.sh BUILD_DIR   (after make python)
set -euo pipefail
build=$(cd "${1:?usage: bench/python_calls.sh BUILD_DIR}" && pwd)
venv=$build/python/venv
[ -x "$venv/bin/python" ] || { echo "bench/python_calls.sh: run make python first"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fens=$tmp/fens.txt
"$build/fenkit" pgn "${SHARED:-$(dirname "$0")/../../shared}/vectors/pgn2fen/games1k.pgn" 2>/dev/null \
  | cut -f4 | awk 'NR <= 50000' >"$fens"

# C: fk_fen_parse + fk_fen_write over the same lines, best of 5 passes.
cat >"$tmp/c.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fenkit/fenkit.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r");
    static char text[60000][100];
    int n = 0;
    while (n < 60000 && fgets(text[n], 100, f)) text[n][strcspn(text[n], "\n")] = 0, n++;
    size_t sink = 0;
    /* validate = 0: read and write; 1: read, check and write (normalize) */
    for (int validate = 0; validate < 2; validate++) {
        double best = 1e9;
        for (int pass = 0; pass < 5; pass++) {
            struct timespec a, b;
            clock_gettime(CLOCK_MONOTONIC, &a);
            for (int i = 0; i < n; i++) {
                fk_position pos;
                fk_problems problems;
                char out[FK_FEN_MAX];
                size_t len = strlen(text[i]);
                fk_status st = validate ? fk_fen_validate(text[i], len, FK_FEN_STRICT, &pos, &problems)
                                        : fk_fen_parse(text[i], len, FK_FEN_STRICT, &pos, NULL);
                if (st == FK_OK) sink += fk_fen_write(&pos, FK_EP_LEGAL, out, sizeof out);
            }
            clock_gettime(CLOCK_MONOTONIC, &b);
            double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n;
            if (ns < best) best = ns;
        }
        printf("%.1f ", best);
    }
    printf("%zu\n", sink);
    return 0;
}
C
site=$("$venv/bin/python" -c 'import fenkit, os; print(os.path.dirname(fenkit.__file__))')
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$(dirname "$0")/../include" "$tmp/c.c" -o "$tmp/c" "$site/libfenkit.so.0" -Wl,-rpath,"$site"
# C runs before and after Python, and its better time is kept, so that a
# burst of load on a shared machine does not flatter Python's ratios.
"$tmp/c" "$fens" >"$tmp/c.before"

"$venv/bin/python" - "$fens" "$site/libfenkit.so.0" "$tmp/c" <<'PY'
import ctypes, sys, time
import fenkit

fens = open(sys.argv[1]).read().split("\n")[:-1]
import subprocess

def best(fn, passes=5):
    times = []
    for _ in range(passes):
        t = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t) / len(fens))
    return min(times)

def extension():
    for f in fens:
        fenkit.Position.from_fen(f).fen()

lib = ctypes.CDLL(sys.argv[2])
lib.fk_fen_parse.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
lib.fk_fen_write.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]
lib.fk_fen_write.restype = ctypes.c_size_t
pos = ctypes.create_string_buffer(256)  # an fk_position is 152 bytes
out = ctypes.create_string_buffer(128)
encoded = [f.encode() for f in fens]

def through_ctypes():
    for f in encoded:
        lib.fk_fen_parse(f, len(f), 0, pos, None)
        n = lib.fk_fen_write(pos, 0, out, 128)
        out.raw[:n].decode()

python_rows = [best(extension), best(through_ctypes), best(lambda: fenkit.normalize_many(fens))]
before = open(sys.argv[3] + ".before").read().split()
after = subprocess.run([sys.argv[3], sys.argv[1]], capture_output=True, text=True, check=True).stdout.split()
c_ns, c_check_ns = min(float(before[0]), float(after[0])), min(float(before[1]), float(after[1]))
rows = [("C: fk_fen_parse + fk_fen_write", c_ns, c_ns),
        ("extension: Position.from_fen(s).fen()", python_rows[0], c_ns),
        ("ctypes: fk_fen_parse + fk_fen_write", python_rows[1], c_ns),
        ("C: fk_fen_validate + fk_fen_write", c_check_ns, c_check_ns),
        ("extension: normalize_many, a FEN", python_rows[2], c_check_ns)]
print(f"{len(fens)} FENs of master games, best of 5 passes")
for name, ns, base in rows:
    print(f"{name:42s} {ns:8.1f} ns a FEN  {ns / base:6.2f}x C")
PY
