# make test-long: fenkit normalize on every ply of 1,000 master games
# ($SHARED/vectors/pgn2fen/games1k_plies.tsv.gz, 99,383 FENs): the legal en
# passant convention must match what chessops, chess.js, kokopu and
# pgn-extract write, byte for byte, and --ep always must keep every square.
set -u
fenkit=${1:?usage: bash normalize_plies.sh PATH_TO_FENKIT}
plies=${SHARED:?SHARED is not set}/vectors/pgn2fen/games1k_plies.tsv.gz
[ -r "$plies" ] || { echo "FAIL: $plies is not readable" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
zcat "$plies" | tail -n +2 | cut -f4 >"$tmp/legal"
zcat "$plies" | tail -n +2 | cut -f5 >"$tmp/spec"
rows=$(wc -l <"$tmp/spec")

"$fenkit" normalize <"$tmp/spec" >"$tmp/out" 2>"$tmp/err" || { echo "FAIL: normalize exit $?: $(head -3 "$tmp/err")" >&2; exit 1; }
cmp -s "$tmp/out" "$tmp/legal" || { echo "FAIL: --ep legal differs on $(diff "$tmp/out" "$tmp/legal" | grep -c '^<') of $rows FENs:" >&2; diff "$tmp/out" "$tmp/legal" | head -6 >&2; exit 1; }
"$fenkit" normalize --ep always <"$tmp/spec" >"$tmp/out" 2>"$tmp/err" || { echo "FAIL: normalize --ep always exit $?" >&2; exit 1; }
cmp -s "$tmp/out" "$tmp/spec" || { echo "FAIL: --ep always differs:" >&2; diff "$tmp/out" "$tmp/spec" | head -6 >&2; exit 1; }
"$fenkit" check --json <"$tmp/legal" >"$tmp/json" || { echo "FAIL: check found invalid FENs among real game plies: $(grep -m3 '"valid":false' "$tmp/json")" >&2; exit 1; }
[ "$(wc -l <"$tmp/json")" = "$rows" ] || { echo "FAIL: check --json wrote $(wc -l <"$tmp/json") lines for $rows FENs" >&2; exit 1; }
echo "ok: normalize and check agree with the peers on $rows plies"
