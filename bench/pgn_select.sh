#!/usr/bin/env bash
# Selecting games: each fenkit pgn selection against pgn-extract doing the
# same job on the same file, side by side in one run, single-threaded. Both
# read the PGN and write the games selected as PGN (fenkit both ways: --write
# formats each game again, --write --copy copies it); the script prints how
# many games each selected, their CPU times (median of RUNS) and the ratio.
#
# Usage: bash bench/pgn_select.sh PATH_TO_FENKIT [PGN]
# The file is read REPEAT times over (default 5, as one file of the copies),
# so that a run takes long enough for GNU time's hundredths of a second;
# --dedupe then drops the copies, pgn-extract -D too.
# CPU time (user + system) is what is compared: the load of other work on
# a shared machine disturbs it less than wall time.
set -euo pipefail
fenkit=$(realpath "$1")
pgn=${2:-${SHARED:-$(dirname "$0")/../../shared}/vectors/pgn2fen/games10k.pgn}
runs=${RUNS:-5}
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -f "$pgn" ] || { echo "bench/pgn_select.sh: no $pgn (set SHARED)"; exit 1; }
[ -x "$pe" ] || { echo "bench/pgn_select.sh: pgn-extract is missing (scripts/install-deps bench)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for _ in $(seq "${REPEAT:-5}"); do cat "$pgn"; done >"$tmp/games.pgn"
source_pgn=$pgn
pgn=$tmp/games.pgn
printf 'WhiteElo >= "2600"\n' >"$tmp/elo.txt"
printf 'KRP KR\n' >"$tmp/krp.txt"
printf 'FENPattern "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR"\n' >"$tmp/sicilian.txt"

# cpu COMMAND...: CPU seconds of one run, its stdout counted as games.
cpu() {
  /usr/bin/time -f "%U %S" -o "$tmp/t" "$@" 2>/dev/null >"$tmp/out" </dev/null || true
  awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
}
median() { sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2)'; }

echo "file: $source_pgn ($(du -h "$source_pgn" | cut -f1)) ${REPEAT:-5} times over: $(grep -c '^\[Event ' "$pgn") games; median of $runs runs"
printf '%-36s %8s %8s %9s %9s %7s\n' "job" "fenkit" "pgn-ext" "fenkit s" "pgn-ext s" "ratio"
# job NAME "FENKIT SELECTION" PGN-EXTRACT-ARGS...
job() {
  local name=$1 opts=$2
  shift 2
  : >"$tmp/fk"
  : >"$tmp/pe"
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    cpu sh -c 'f=$1 p=$2; shift 2; exec "$f" pgn --write "$@" <"$p"' sh "$fenkit" "$pgn" $opts >>"$tmp/fk"
    local fk_games
    fk_games=$(grep -c '^\[Event ' "$tmp/out" || true)
    cpu "$pe" -s "$@" "$pgn" >>"$tmp/pe"
    local pe_games
    pe_games=$(grep -c '^\[Event ' "$tmp/out" || true)
  done
  local a b
  a=$(median <"$tmp/fk")
  b=$(median <"$tmp/pe")
  awk -v n="$name" -v g1="$fk_games" -v g2="$pe_games" -v a="$a" -v b="$b" 'BEGIN {
    printf "%-36s %8d %8d %9.2f %9.2f %6.1fx\n", n, g1, g2, a, b, (a > 0 ? b / a : 0) }'
}
for copy in "" "--copy "; do
  job "${copy}tag WhiteElo>=2600" "$copy--tag WhiteElo>=2600" -t"$tmp/elo.txt"
  job "${copy}result 0-1" "$copy--result 0-1" -Tr0-1
  job "${copy}checkmate" "$copy--checkmate" -M
  job "${copy}plies 60-80" "$copy--plies 60-80" -pl60 -pu80
  job "${copy}material KRPkr (*)" "$copy--material KRPkr" -z"$tmp/krp.txt"
  job "${copy}reaches 1.e4 c5" "$copy--reaches rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR" -t"$tmp/sicilian.txt"
  job "${copy}dedupe" "$copy--dedupe" -D
done
echo "ratio: pgn-extract's CPU time over fenkit's (above 1: fenkit is faster). fenkit --write"
echo "writes the games again, as pgn-extract does; with --copy it copies each game's text as it"
echo "was, and replays moves only for the tests that need them (none for a tag test)."
echo "(*) not quite the same test: pgn-extract -z also matches the colours swapped and wants the"
echo "    balance kept for some moves; fenkit --material asks for one position with it."
