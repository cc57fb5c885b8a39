# make test-long: fenkit check on every ply of 1,000 master games
# ($SHARED/vectors/pgn2fen/games1k_plies.tsv.gz, 99,383 FENs, both en passant
# conventions): no error and no warning on any of them, only notes. Then the
# same FENs typed upside down and with the colours swapped: every upside-down
# or colors-swapped warning is counted, and where one is given, one of them
# must give the real FEN back.
set -u
fenkit=${1:?usage: bash check_real.sh PATH_TO_FENKIT}
plies=${SHARED:?SHARED is not set}/vectors/pgn2fen/games1k_plies.tsv.gz
[ -r "$plies" ] || { echo "FAIL: $plies is not readable" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zcat "$plies" | tail -n +2 | cut -f4 >"$tmp/real"
zcat "$plies" | tail -n +2 | cut -f5 >>"$tmp/real"
rows=$(wc -l <"$tmp/real")

"$fenkit" check --json --ep always <"$tmp/real" >"$tmp/json"
jq -r '.problems[] | "\(.severity) \(.code)"' "$tmp/json" | sort | uniq -c >"$tmp/counts"
if grep -qE ' (error|warning) ' "$tmp/counts"; then
    echo "FAIL: errors or warnings on real positions:" >&2
    cat "$tmp/counts" >&2
    jq -c 'select(any(.problems[]; .severity != "note")) | .input' "$tmp/json" | head -5 >&2
    exit 1
fi
echo "ok: $rows real positions, no error or warning; notes: $(tr -s ' \n' ' ' <"$tmp/counts")"

# Upside down: the ranks in reverse order. Colours swapped: the case swapped.
awk '{ n = split($1, r, "/"); s = r[n]; for (i = n - 1; i >= 1; i--) s = s "/" r[i];
       $1 = s; print }' "$tmp/real" >"$tmp/upside"
awk '{ s = ""; for (i = 1; i <= length($1); i++) { c = substr($1, i, 1); u = toupper(c);
       s = s (c == u ? tolower(c) : u) } $1 = s; print }' "$tmp/real" >"$tmp/swapped"
for kind in upside swapped; do
    "$fenkit" check --json --ep always <"$tmp/$kind" >"$tmp/json" 2>/dev/null
    jq -r '[.problems[] | select(.code == "upside-down" or .code == "colors-swapped") | .fix]
           | if length == 0 then "-" else join("\t") end' "$tmp/json" >"$tmp/fixes"
    found=$(grep -vc '^-$' "$tmp/fixes")
    wrong=$(paste "$tmp/real" "$tmp/fixes" | awk -F'\t' '$2 != "-" { ok = 0; for (i = 2; i <= NF; i++) if ($i == $1) ok = 1; if (!ok) n++ } END { print n + 0 }')
    if [ "$wrong" != 0 ]; then
        echo "FAIL: $kind: $wrong warnings whose fixes miss the real FEN, e.g." >&2
        paste "$tmp/real" "$tmp/$kind" "$tmp/fixes" | awk -F'\t' '$3 != "-" && $3 != $1 && $4 != $1' | head -3 >&2
        exit 1
    fi
    echo "ok: typed $kind: $found of $rows recognised, each fix list holding the real FEN"
done
