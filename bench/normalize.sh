#!/usr/bin/env bash
# fenkit normalize against the same job done with chessops under Node, on the
# 99,383 plies of 1,000 master games ($SHARED/vectors/pgn2fen/games1k_plies.tsv.gz,
# the en-passant-after-every-double-push column): both whole processes, side
# by side in one hyperfine run, after checking that they write the same bytes.
# Prints the ratio; the issue's target is 50x.
# Usage: bench/normalize.sh PATH_TO_FENKIT
set -euo pipefail
fenkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
peers=$root/bench/peers
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -d "$peers/node_modules/chessops" ]; then
  (cd "$peers" && npm ci --no-audit --no-fund --loglevel=error)
fi
zcat "$shared/vectors/pgn2fen/games1k_plies.tsv.gz" | tail -n +2 | cut -f5 >"$work/in.fen"
lines=$(wc -l <"$work/in.fen")

"$fenkit" normalize <"$work/in.fen" >"$work/fenkit.out"
node "$peers/normalize_chessops.mjs" <"$work/in.fen" >"$work/chessops.out"
cmp -s "$work/fenkit.out" "$work/chessops.out" || {
  echo "normalize: fenkit and chessops disagree:" >&2
  diff "$work/fenkit.out" "$work/chessops.out" | head -6 >&2
  exit 1
}
echo "normalize: $lines FENs, identical output from fenkit and chessops"

hyperfine --style basic -w 2 -r 10 --export-json "$work/times.json" \
  -n fenkit "'$fenkit' normalize < '$work/in.fen' > /dev/null" \
  -n chessops "node '$peers/normalize_chessops.mjs' < '$work/in.fen' > /dev/null"
python3 - "$work/times.json" "$lines" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
lines = int(sys.argv[2])
fk, peer = runs["fenkit"], runs["chessops"]
for name, r in (("fenkit", fk), ("chessops", peer)):
    print(f"{name:9s} median {r['median'] * 1000:8.1f} ms  user {r['user'] * 1000:8.1f} ms  "
          f"{lines / r['median']:12,.0f} FENs/s")
print(f"fenkit normalize is {peer['median'] / fk['median']:.1f}x faster than chessops "
      f"(wall, median; {peer['user'] / fk['user']:.1f}x in user time); the target is 50x")
PY
