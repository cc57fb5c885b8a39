#!/usr/bin/env bash
# Makes the example diagrams shown in docs/render.md.
# Usage: bash docs/render-examples.sh [PATH_TO_FENKIT]   (default build/fenkit)
set -euo pipefail
cd "$(dirname "$0")"
fenkit=${1:-../build/fenkit}

"$fenkit" render --coords inside -o render-start.svg \
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
"$fenkit" render --size 360 --theme blue --coords outside --border --check --highlight h5,f7 \
    -o render-mate.png 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'
"$fenkit" render --size 360 --theme green --arrow g1f3,f1c4,e1g1 --coords inside \
    -o render-arrows.svg 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3'
"$fenkit" render --size 360 --theme book --coords outside --border --flip \
    -o render-book.png '1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1'
# One training image with page clutter (seed 3, image 000005).
tmp=$(mktemp -d)
"$fenkit" render --random 6 --out "$tmp" --seed 3 --clutter 1
cp "$tmp/000005.png" render-training.png
sed -n 6p "$tmp/manifest.jsonl" >render-training.json
rm -rf "$tmp"
