#!/usr/bin/env bash
# Scanner speed, single-threaded: in process per stage (decode, locate,
# cut + classify + FEN) on 800x800 and 1920x1080 screenshots (PNG, and the
# larger also as JPEG), then per call
# of `fenkit scan` (process start and model load included), and per picture
# when one call scans 20. Target: under
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
echo
echo "Command line, 20 pictures per call (start-up and model load shared), per picture:"
for pic in scan-800x800.png scan-1920x1080.png scan-1920x1080.jpg; do
  args=()
  for _ in $(seq 20); do args+=("$out/$pic"); done
  hyperfine -N --warmup 1 --runs 10 --style basic "$fenkit scan ${args[*]}" 2>&1 |
    awk -v pic="$pic" '/Time \(mean/ {
      unit = $6; v = $5; if (unit == "s") v *= 1000;
      printf "  %-20s %.1f ms a picture (%s %s for 20)\n", pic, v / 20, $5, unit }'
done
