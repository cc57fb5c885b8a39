#!/usr/bin/env bash
# Differential test of fenkit's move generator against Stockfish's
# `go perft`: every per-move count of `fenkit perft --divide` must equal
# Stockfish's, on positions from random games (from the standard start and
# from Chess960 starts) and from the perft suites.
# Usage: stockfish_diff.sh FENKIT GAMES PLIES DEPTH SUITE_EVERY
#   GAMES random games of PLIES plies each from the start position, GAMES/4
#   from Chess960 starts; every SUITE_EVERY-th suite position; divide DEPTH.
set -euo pipefail
fenkit=$1 games=$2 plies=$3 depth=$4 every=$5
data=${FENKIT_TEST_DATA:-$(dirname "$0")/../data}
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
if [ ! -x "$stockfish" ]; then
  echo "stockfish not found (scripts/install-deps installs it)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Positions: random games, then the suites' FENs.
for ((seed = 1; seed <= games; seed++)); do
  "$fenkit" play --random="$plies" --seed="$seed" startpos
done >"$work/fens"
sed -n 's/^epd //p' "$data/perft/shakmaty_chess960.perft" | awk -v n=$((games / 4 + 1)) 'NR <= n' >"$work/starts960"
seed=0
while IFS= read -r start; do
  seed=$((seed + 1))
  "$fenkit" play --random="$plies" --seed="$seed" "$start" >>"$work/fens"
done <"$work/starts960"
random_count=$(wc -l <"$work/fens")
{
  sed -n 's/^epd //p' "$data"/perft/*.perft
  sed 's/ *;.*//' "$data/perft/perftsuite.epd"
} | awk '!seen[$0]++' | awk -v every="$every" 'NR % every == 1' |
  # Stockfish keeps at most 16 men a side (its piece lists): leave out the
  # suites' deliberately impossible boards with more.
  awk '{ split($1, c, ""); w = 0; b = 0; for (i in c) { if (c[i] ~ /[PNBRQK]/) w++; else if (c[i] ~ /[pnbrqk]/) b++ } if (w <= 16 && b <= 16) print }' >>"$work/fens"

# fenkit answers for every position it accepts, each after its FEN.
"$fenkit" perft --chess960 --divide "$depth" <"$work/fens" >"$work/fenkit.out" 2>"$work/fenkit.err" || true
sed -n 's/^position fen //p' "$work/fenkit.out" >"$work/accepted"
{
  echo "setoption name UCI_Chess960 value true"
  while IFS= read -r fen; do
    echo "position fen $fen"
    echo "go perft $depth"
  done <"$work/accepted"
  echo "quit"
} | "$stockfish" >"$work/stockfish.out" 2>&1

awk -v random="$random_count" -v total="$(wc -l <"$work/fens")" '
  FNR == 1 { file++ }
  file == 1 && /^position fen / { block++; fen[block] = substr($0, 14); next }
  file == 1 && /^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { ours[block, substr($1, 1, length($1) - 1)] = $2; n[block]++; keys[block] = keys[block] " " substr($1, 1, length($1) - 1); next }
  file == 2 && /^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { theirs[sblock + 1, substr($1, 1, length($1) - 1)] = $2; sn[sblock + 1]++; skeys[sblock + 1] = skeys[sblock + 1] " " substr($1, 1, length($1) - 1); next }
  file == 2 && /^Nodes searched/ { sblock++; next }
  END {
    bad = 0; compared = 0
    for (b = 1; b <= block; b++) {
      m = split(keys[b], ks, " ")
      for (i = 1; i <= m; i++) {
        compared++
        if (!((b, ks[i]) in theirs) || theirs[b, ks[i]] != ours[b, ks[i]]) {
          if (bad++ < 10) printf "DISAGREE %s: %s fenkit %s stockfish %s\n", fen[b], ks[i], ours[b, ks[i]], ((b, ks[i]) in theirs) ? theirs[b, ks[i]] : "(no such move)"
        }
      }
      m = split(skeys[b], ks, " ")
      for (i = 1; i <= m; i++)
        if (!((b, ks[i]) in ours)) {
          compared++
          if (bad++ < 10) printf "DISAGREE %s: %s fenkit (no such move) stockfish %s\n", fen[b], ks[i], theirs[b, ks[i]]
        }
    }
    if (sblock != block) { printf "stockfish answered %d positions, fenkit %d\n", sblock, block; bad++ }
    printf "stockfish differential: %d positions (%d from random games, %d accepted of %d), %d moves compared, %d disagreements\n", block, random, block, total, compared, bad
    exit bad != 0 || block == 0
  }' "$work/fenkit.out" "$work/stockfish.out"
