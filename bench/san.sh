#!/usr/bin/env bash
# SAN-parse-and-make throughput on the 99,383 plies of 1,000 master games
# ($SHARED/vectors/pgn2fen/games1k_plies.tsv.gz), with pgn-extract's whole
# PGN-to-EPD conversion of the same games beside it for scale (it also
# reads tags and writes a FEN per ply, so it is an upper bound on its
# move-reading cost, not a like-for-like ratio).
# Usage: bench/san.sh PATH_TO_FENKIT
set -euo pipefail
fenkit=$1
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$(dirname "$fenkit")" && pwd)
shared=${SHARED:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I"$root/include" "$root/bench/san_bench.c" \
  "$build/libfenkit-core.a" -lpthread -o "$work/san_bench"
zcat "$shared/vectors/pgn2fen/games1k_plies.tsv.gz" >"$work/plies.tsv"
"$work/san_bench" 5 <"$work/plies.tsv"
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ -x "$pgn_extract" ]; then
  TIMEFORMAT='%3U %3S'
  cpu=$({ time "$pgn_extract" -s -Wepd "$shared/vectors/pgn2fen/games1k.pgn" -o "$work/out.epd" 2>/dev/null; } 2>&1 | awk '{print $1 + $2}')
  plies=$(($(wc -l <"$work/plies.tsv") - 1))
  echo "pgn-extract -Wepd (read PGN, write a FEN per ply): $(echo "$plies / $cpu" | bc) plies/s (CPU)"
fi
