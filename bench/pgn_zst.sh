#!/usr/bin/env bash
# PGN to per-ply FENs from a zstd-compressed file, as the monthly game dumps
# come: fenkit pgn reading the .pgn.zst itself (decompressing in a second
# thread) against what people script today, `zstd -dc | pgn-extract -Wepd`,
# side by side in one run, taking turns. The same for a .pgn.gz (gzip -6,
# one member a copy) against `gzip -dc | pgn-extract`. Also fenkit on the
# plain file and behind `zstd -dc |`, to show what the compression costs it.
# Prints games/s by wall time and by CPU time (user + system, all threads
# and processes) for each, the median of RUNS runs, and the ratios.
#
# Usage: bash bench/pgn_zst.sh PATH_TO_FENKIT [PGN]
#   PGN (default $SHARED/vectors/pgn2fen/games10k.pgn) is compressed with
#   zstd -LEVEL (default 19) and repeated COPIES times (default 4) as
#   separate frames into a temporary file; the .pgn.gz likewise.
set -euo pipefail
fenkit=$(realpath "$1")
shift
pgn=${1:-${SHARED:-$(dirname "$0")/../../shared}/vectors/pgn2fen/games10k.pgn}
runs=${RUNS:-5}
copies=${COPIES:-4}
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -f "$pgn" ] || { echo "bench/pgn_zst.sh: no $pgn (set SHARED)"; exit 1; }
[ -x "$pe" ] || { echo "bench/pgn_zst.sh: pgn-extract is missing (scripts/install-deps bench)"; exit 1; }
command -v zstd >/dev/null || { echo "bench/pgn_zst.sh: zstd is missing (scripts/install-deps bench)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for _ in $(seq "$copies"); do cat "$pgn"; done >"$tmp/games.pgn"
# One frame per copy: a copy cannot be compressed against the one before
# it, so the file decompresses as a real dump of that size would.
zstd -q "-${LEVEL:-19}" -c "$pgn" >"$tmp/one.zst"
for _ in $(seq "$copies"); do cat "$tmp/one.zst"; done >"$tmp/games.pgn.zst"
gzip -6 -c "$pgn" >"$tmp/one.gz"
for _ in $(seq "$copies"); do cat "$tmp/one.gz"; done >"$tmp/games.pgn.gz"
summary=$("$fenkit" pgn "$tmp/games.pgn.zst" 2>&1 >/dev/null | tail -1)
games=$(sed -E 's/.*: ([0-9]+) games, ([0-9]+) positions.*/\1/' <<<"$summary")
echo "file: $pgn x $copies: $(du -h "$tmp/games.pgn" | cut -f1) plain, $(du -h "$tmp/games.pgn.zst" | cut -f1) as .pgn.zst, $(du -h "$tmp/games.pgn.gz" | cut -f1) as .pgn.gz, $games games"
"$fenkit" pgn "$tmp/games.pgn" 2>/dev/null | md5sum >"$tmp/plain.sum"
"$fenkit" pgn "$tmp/games.pgn.zst" 2>/dev/null | md5sum | cmp -s - "$tmp/plain.sum" \
  || { echo "bench/pgn_zst.sh: fenkit's output from the .zst differs from the plain file's"; exit 1; }
"$fenkit" pgn "$tmp/games.pgn.gz" 2>/dev/null | md5sum | cmp -s - "$tmp/plain.sum" \
  || { echo "bench/pgn_zst.sh: fenkit's output from the .gz differs from the plain file's"; exit 1; }

# once NAME COMMAND: one timed run of a shell command line, appended to
# $tmp/NAME as "cpu wall" (time counts the children a shell waited for).
once() {
  /usr/bin/time -f "%U %S %e" -o "$tmp/t" bash -c "$2" >/dev/null 2>&1 || true
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$tmp/t" >>"$tmp/$1"
}
names=(fenkit-zst fenkit-pipe fenkit-plain pgnextract-pipe fenkit-gz pgnextract-gz)
declare -A cmd=(
  [fenkit-zst]="'$fenkit' pgn '$tmp/games.pgn.zst'"
  [fenkit-pipe]="zstd -dc '$tmp/games.pgn.zst' | '$fenkit' pgn"
  [fenkit-plain]="'$fenkit' pgn '$tmp/games.pgn'"
  [pgnextract-pipe]="zstd -dc '$tmp/games.pgn.zst' | '$pe' -s -Wepd"
  [fenkit-gz]="'$fenkit' pgn '$tmp/games.pgn.gz'"
  [pgnextract-gz]="gzip -dc '$tmp/games.pgn.gz' | '$pe' -s -Wepd"
)
declare -A label=(
  [fenkit-zst]="fenkit pgn FILE.pgn.zst"
  [fenkit-pipe]="zstd -dc | fenkit pgn"
  [fenkit-plain]="fenkit pgn FILE.pgn"
  [pgnextract-pipe]="zstd -dc | pgn-extract"
  [fenkit-gz]="fenkit pgn FILE.pgn.gz"
  [pgnextract-gz]="gzip -dc | pgn-extract"
)
for n in "${names[@]}"; do : >"$tmp/$n"; done
for _ in $(seq "$runs"); do
  for n in "${names[@]}"; do once "$n" "${cmd[$n]}"; done
done
declare -A cpu wall
for n in "${names[@]}"; do
  read -r c _ < <(sort -n -k1,1 "$tmp/$n" | awk -v r="$runs" 'NR == int((r + 1) / 2)')
  read -r w < <(sort -n -k2,2 "$tmp/$n" | awk -v r="$runs" 'NR == int((r + 1) / 2) { print $2 }')
  cpu[$n]=$c wall[$n]=$w
  awk -v l="${label[$n]}" -v c="$c" -v w="$w" -v g="$games" 'BEGIN {
    printf "%-26s %9.0f games/s wall (%.2f s)  %9.0f games/s cpu (%.2f s)\n", l, g / w, w, g / c, c }'
done
awk -v fw="${wall[fenkit-zst]}" -v fc="${cpu[fenkit-zst]}" -v pw="${wall[pgnextract-pipe]}" \
    -v pc="${cpu[pgnextract-pipe]}" -v r="$runs" 'BEGIN {
  printf "ratio: fenkit pgn on the .pgn.zst is %.1fx zstd -dc | pgn-extract by wall time, %.1fx by cpu time (medians of %d runs)\n",
    pw / fw, pc / fc, r }'
awk -v fw="${wall[fenkit-gz]}" -v fc="${cpu[fenkit-gz]}" -v pw="${wall[pgnextract-gz]}" \
    -v pc="${cpu[pgnextract-gz]}" 'BEGIN {
  printf "ratio: fenkit pgn on the .pgn.gz is %.1fx gzip -dc | pgn-extract by wall time, %.1fx by cpu time\n",
    pw / fw, pc / fc }'
awk -v z="${wall[fenkit-zst]}" -v g="${wall[fenkit-gz]}" -v p="${wall[fenkit-plain]}" 'BEGIN {
  printf "the .zst costs fenkit %.0f%% of wall time over the plain file, the .gz %.0f%%\n",
    (z / p - 1) * 100, (g / p - 1) * 100 }'
