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
} | awk '!seen[$0]++' | awk -v every="$every" '(NR - 1) % every == 0' |
  # Stockfish crashes on boards its own FEN reader does not expect: more
  # than 16 men a side (its piece lists), or a castling right without its
  # king and rook on the back rank. Leave out those deliberately broken
  # suite positions.
  awk '
    function ok(fen,    f, rank, file, i, c, n, men, rights, side, row, king, rook, lo, hi) {
      split(fen, f, " ")
      rank = 8; file = 1; men["w"] = 0; men["b"] = 0
      n = split(f[1], c, "")
      for (i = 1; i <= n; i++) {
        if (c[i] == "/") { rank--; file = 1 }
        else if (c[i] ~ /[1-8]/) file += c[i]
        else { at[file, rank] = c[i]; men[c[i] ~ /[A-Z]/ ? "w" : "b"]++; file++ }
      }
      if (men["w"] > 16 || men["b"] > 16) return 0
      rights = f[3]; n = split(rights == "-" ? "" : rights, c, "")
      for (i = 1; i <= n; i++) {
        side = c[i] ~ /[A-Z]/; row = side ? 1 : 8
        king = 0; for (file = 1; file <= 8; file++) if (at[file, row] == (side ? "K" : "k")) king = file
        if (!king) return 0
        lo = 1; hi = 8
        if (toupper(c[i]) == "K") lo = king + 1
        else if (toupper(c[i]) == "Q") hi = king - 1
        else lo = hi = index("ABCDEFGH", toupper(c[i]))
        rook = 0; for (file = lo; file <= hi; file++) if (at[file, row] == (side ? "R" : "r")) rook = 1
        if (!rook) return 0
      }
      return 1
    }
    { delete at; if (ok($0)) print }' >>"$work/fens"

# Stockfish 15.1 also takes en passant out of a check by another piece when
# the FEN's en passant square could not follow any legal move (shakmaty's
# and python-chess's "ep-unrelated-check" case, where their expected counts
# agree with fenkit): leave out what fenkit's checker calls
# ep-inconsistent-check.
"$fenkit" check --json --tolerant <"$work/fens" 2>/dev/null |
  sed -n 's/^{"line":\([0-9]*\),.*"code":"ep-inconsistent-check".*/\1/p' >"$work/skip" || true
awk 'FNR == NR { skip[$1] = 1; next } !(FNR in skip)' "$work/skip" "$work/fens" >"$work/kept"
skipped=$(wc -l <"$work/skip")
mv "$work/kept" "$work/fens"

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

awk -v random="$random_count" -v total="$(wc -l <"$work/fens")" -v skipped="$skipped" '
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
    printf "stockfish differential: %d positions (%d from random games; %d of %d read by fenkit; %d with an impossible en passant square left out), %d moves compared, %d disagreements\n", block, random, block, total, skipped, compared, bad
    exit bad != 0 || block == 0
  }' "$work/fenkit.out" "$work/stockfish.out"
