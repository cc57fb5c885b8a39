#!/usr/bin/env bash
# Differential test of fenkit pgn against pgn-extract (Debian's), and
# against the recorded per-ply table of the same games: the same FEN at
# every ply of every game, under both en passant conventions.
# Usage: bash tests/cli/pgn_extract.sh PATH_TO_FENKIT [PGN [PLIES.tsv.gz]]
set -euo pipefail
fenkit=$1
pgn=${2:-$FENKIT_TEST_DATA/pgn/games1k_first200.pgn}
plies=${3:-$FENKIT_TEST_DATA/pgn/games1k_first200_plies.tsv.gz}
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pe" ] || { echo "pgn-extract is missing: run scripts/install-deps test"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# fenkit: the FEN after every move (ply 0, the start, is not in the others).
"$fenkit" pgn "$pgn" 2>"$tmp/err" | awk -F'\t' '$2 > 0 { print $4 }' >"$tmp/fenkit_legal"
"$fenkit" pgn --ep always "$pgn" 2>/dev/null | awk -F'\t' '$2 > 0 { print $4 }' >"$tmp/fenkit_always"
games=$(grep -c '^\[Event ' "$pgn")

# pgn-extract writes each FEN as a comment after its move.
extract() {
  "$pe" -s --nocomments --novars --nonags -w 100000 --fencomments "$@" "$pgn" 2>/dev/null |
    grep -o '{ [^}]* }' | sed 's/^{ //; s/ }$//'
}
extract --nofauxep >"$tmp/pe_legal"
extract >"$tmp/pe_always"

compare() { # NAME FILE_A FILE_B
  local rows mismatches
  rows=$(wc -l <"$2")
  mismatches=$(diff "$2" "$3" | grep -c '^[<>]' || true)
  echo "$1: $rows plies (other side: $(wc -l <"$3")), $mismatches differing lines"
  if [ "$mismatches" != 0 ] || [ "$rows" = 0 ]; then
    diff "$2" "$3" | head -6
    status=1
  fi
}
echo "games: $games; fenkit: $(tail -1 "$tmp/err")"
compare "vs pgn-extract --nofauxep (ep legal)" "$tmp/fenkit_legal" "$tmp/pe_legal"
compare "vs pgn-extract (ep after every double push)" "$tmp/fenkit_always" "$tmp/pe_always"

# The recorded table: game, ply, san, fen_legal_ep, fen_spec_ep.
if [ -f "$plies" ]; then
  # The table's SAN is as the source wrote it, where a few mates are
  # written with '+': compare SAN with '#' read as '+', and count those.
  "$fenkit" pgn "$pgn" 2>/dev/null | awk -F'\t' '$2 > 0 { print $1 "\t" $2 "\t" $3 "\t" $4 }' >"$tmp/fk_table"
  paste "$tmp/fk_table" "$tmp/fenkit_always" | tr '#' '+' >"$tmp/fk_both"
  gzip -dc "$plies" | tail -n +2 | tr '#' '+' >"$tmp/table"
  compare "vs games1k_plies table (game, ply, SAN, both FENs)" "$tmp/fk_both" "$tmp/table"
  echo "  (mates the source wrote as check: $(paste <(cut -f3 "$tmp/fk_table") <(gzip -dc "$plies" | tail -n +2 | cut -f3) | awk -F'\t' '$1 ~ /#$/ && $2 ~ /\+$/' | wc -l))"
fi
exit $status
