#!/usr/bin/env bash
# Render speed: images per second at 400 px, SVG and PNG, in-process (the
# library) and per call of the command line (process start included).
# Usage: bash bench/render.sh PATH_TO_FENKIT    (make bench runs it)
set -euo pipefail
fenkit=$(realpath "$1")
build=$(dirname "$fenkit")
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
out=$root/bench/out
mkdir -p "$out"

cc -O2 -I"$root/include" "$root/bench/render_bench.c" "$build/libfenkit-render.a" \
  "$build/libfenkit-core.a" $(pkg-config --cflags --libs librsvg-2.0 cairo libpng) -lm -lpthread \
  -o "$out/render_bench"

sets=()
for s in chessx-alpha pychess-merida; do
  [ -d "$shared/pieces/sets/$s" ] && sets+=("$shared/pieces/sets/$s")
done
echo "In-process (fk_render_svg / fk_render_png), varied positions; images per second"
echo "of wall time, and of this process's CPU time (steadier on a shared machine):"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$out/render_bench" 400 2 "${sets[@]}"
"$out/render_bench" 1200 1

fen='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
echo
echo "Command line, one image per call (process start included):"
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 3 --runs 30 --style basic \
    "$fenkit render --size 400 -o $out/b.svg $fen" \
    "$fenkit render --size 400 -o $out/b.png $fen" 2>&1 | grep -E 'Benchmark|Time'
else
  start=$(date +%s.%N)
  for i in $(seq 30); do "$fenkit" render --size 400 -o "$out/b.png" $fen; done
  echo "PNG: $(echo "30 / ($(date +%s.%N) - $start)" | bc -l | cut -c1-6) images/s"
fi
echo
echo "Training images (--random, sizes 120..1200, 30% with page clutter):"
rm -rf "$out/random"
start=$(date +%s.%N)
"$fenkit" render --random 40 --out "$out/random" --seed 1
end=$(date +%s.%N)
echo "40 images in $(echo "$end - $start" | bc -l | cut -c1-5) s"
