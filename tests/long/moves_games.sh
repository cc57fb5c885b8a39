#!/usr/bin/env bash
# Replays the SAN of 1,000 master games ($SHARED/vectors/pgn2fen) with
# fenkit play and compares the FEN after every ply with the one other tools
# wrote, in both en passant conventions (legal and always).
set -euo pipefail
fenkit=$1
plies=${SHARED:-$(dirname "$0")/../../../shared}/vectors/pgn2fen/games1k_plies.tsv.gz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zcat "$plies" | awk -F'\t' -v dir="$work" 'NR > 1 {
  print $3 > (dir "/san." $1); print $4 > (dir "/legal." $1); print $5 > (dir "/always." $1) }'
games=0 bad=0 total=0
for san in "$work"/san.*; do
  game=${san##*.}
  games=$((games + 1))
  total=$((total + $(wc -l <"$san")))
  mapfile -t moves <"$san"
  for mode in legal always; do
    if ! "$fenkit" play --ep=$mode startpos "${moves[@]}" | cmp -s - "$work/$mode.$game"; then
      bad=$((bad + 1))
      echo "game $game ($mode en passant): differs"
      "$fenkit" play --ep=$mode startpos "${moves[@]}" | diff - "$work/$mode.$game" | head -4
    fi
  done
done
echo "games replayed: $games games, $total plies, both en passant conventions, $bad disagreements"
[ "$bad" = 0 ]
