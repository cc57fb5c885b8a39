#!/usr/bin/env bash
# PGN to per-ply FENs: fenkit pgn against pgn-extract, side by side in one
# run, single-threaded, on the same real file. Prints games/s, plies/s and
# peak memory of each, and the ratio.
#
# Usage: bash bench/pgn.sh PATH_TO_FENKIT [--big] [PGN]
#   --big (or FENKIT_BENCH_BIG=1): also stream the file repeated to over
#   1 GB (BIG_MB, default 1100) through fenkit, to show that peak memory
#   does not grow with the input.
# Rates are computed from CPU time (user + system), which the load of other
# work on a shared machine disturbs less than wall time; wall time is shown.
set -euo pipefail
fenkit=$(realpath "$1")
shift
big=${FENKIT_BENCH_BIG:-0}
if [ "${1:-}" = --big ]; then big=1; shift; fi
pgn=${1:-${SHARED:-$(dirname "$0")/../../shared}/vectors/pgn2fen/games10k.pgn}
runs=${RUNS:-5}
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -f "$pgn" ] || { echo "bench/pgn.sh: no $pgn (set SHARED)"; exit 1; }
[ -x "$pe" ] || { echo "bench/pgn.sh: pgn-extract is missing (scripts/install-deps bench)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The work both do: every position of every game, one line each.
summary=$("$fenkit" pgn "$pgn" 2>&1 >/dev/null | tail -1)
games=$(sed -E 's/.*: ([0-9]+) games, ([0-9]+) positions.*/\1/' <<<"$summary")
positions=$(sed -E 's/.*: ([0-9]+) games, ([0-9]+) positions.*/\2/' <<<"$summary")
plies=$((positions - games))
pe_lines=$("$pe" -s -Wepd "$pgn" 2>/dev/null | grep -c . || true)
echo "file: $pgn ($(du -h "$pgn" | cut -f1)), $games games, $plies plies; each run reads it ${REPEAT:-5} times"
echo "fenkit: $positions positions; pgn-extract -Wepd: $pe_lines positions"

# once NAME COMMAND...: one timed run, appended to $tmp/NAME.
once() {
  local name=$1
  shift
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/t" "$@" >/dev/null 2>&1 || true
  awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }' "$tmp/t" >>"$tmp/$name"
}
# median NAME: the median of NAME's runs; sets cpu, wall, mem.
median() {
  read -r cpu wall mem < <(sort -n "$tmp/$1" | awk -v n="$runs" 'NR == int((n + 1) / 2)')
}

line() { # NAME CPU WALL MEM
  awk -v n="$1" -v c="$2" -v w="$3" -v m="$4" -v g="$games" -v p="$plies" 'BEGIN {
    printf "%-26s %10.0f games/s %12.0f plies/s  (cpu %.2f s, wall %.2f s)  peak %6.1f MB\n",
      n, g / c, p / c, c, w, m / 1024 }'
}

# Each run reads the file REPEAT times (default 5, as arguments), so that a
# run takes long enough for GNU time's hundredths of a second.
repeat=${REPEAT:-5}
files=()
for _ in $(seq "$repeat"); do files+=("$pgn"); done
games=$((games * repeat))
plies=$((plies * repeat))
# The two take turns, so that both meet the same load on a shared machine.
: >"$tmp/fenkit"
: >"$tmp/pgnextract"
for _ in $(seq "$runs"); do
  once fenkit "$fenkit" pgn "${files[@]}"
  once pgnextract "$pe" -s -Wepd "${files[@]}"
done
median fenkit
fk_cpu=$cpu fk_wall=$wall fk_mem=$mem
median pgnextract
pe_cpu=$cpu pe_wall=$wall pe_mem=$mem
line "fenkit pgn" "$fk_cpu" "$fk_wall" "$fk_mem"
line "pgn-extract -Wepd" "$pe_cpu" "$pe_wall" "$pe_mem"
awk -v a="$fk_cpu" -v b="$pe_cpu" -v wa="$fk_wall" -v wb="$pe_wall" 'BEGIN {
  printf "ratio: fenkit is %.1fx pgn-extract'"'"'s rate (cpu time; %.1fx by wall time), median of %d runs\n",
    b / a, wb / wa, '"$runs"' }'

if [ "$big" = 1 ]; then
  # The file repeated through a pipe, so nothing large is written to disk.
  size=$(stat -c %s "$pgn")
  copies=$(((${BIG_MB:-1100} * 1000 * 1000 + size - 1) / size))
  echo "memory: the file repeated $copies times ($((copies * size / 1000000)) MB) through a pipe"
  for _ in $(seq "$copies"); do cat "$pgn"; done |
    /usr/bin/time -f "%M %U %S %e" -o "$tmp/big" "$fenkit" pgn - >/dev/null 2>"$tmp/big_err" || true
  read -r big_mem big_user big_sys big_wall <"$tmp/big"
  awk -v one="$fk_mem" -v m="$big_mem" -v c="$copies" -v u="$big_user" -v s="$big_sys" 'BEGIN {
    printf "  fenkit peak memory: %.1f MB on 1 copy, %.1f MB on %d copies (cpu %.0f s)\n",
      one / 1024, m / 1024, c, u + s }'
  echo "  $(tail -1 "$tmp/big_err")"
fi
