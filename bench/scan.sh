#!/usr/bin/env bash
# Scanner speed, single-threaded: in process per stage (decode, locate,
# cut + classify + FEN) on 800x800 and 1920x1080 screenshots (PNG, and the
# larger also as JPEG), then per call
# of `fenkit scan` (process start and model load included). Target: under
# 30 ms per picture for the whole pipeline. No peer scanner is packaged, so
# there is no ratio.
# Usage: bash bench/scan.sh PATH_TO_FENKIT    (make bench runs it)
set -euo pipefail
fenkit=$(realpath "$1")
build=$(dirname "$fenkit")
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out
mkdir -p "$out"
export OPENBLAS_NUM_THREADS=1

cc -O2 -I"$root/include" "$root/bench/scan_bench.c" "$build/libfenkit-vision.a" \
  "$build/libfenkit-render.a" "$build/libfenkit-core.a" \
  $(pkg-config --cflags --libs lept openblas librsvg-2.0 cairo libpng) -lm -lpthread -o "$out/scan_bench"
echo "In process (fk_image_decode + fk_scan_image), CPU time, mean of 20:"
"$out/scan_bench" "$out" 20
echo "model file: $(stat -c %s "$root/models/squares.fkm") bytes"
echo
echo "Command line, one picture per call:"
hyperfine -N --warmup 2 --runs 20 --style basic \
  "$fenkit scan $out/scan-800x800.png" "$fenkit scan $out/scan-1920x1080.png" \
  "$fenkit scan $out/scan-1920x1080.jpg" 2>&1 |
  grep -E 'Benchmark|Time'
