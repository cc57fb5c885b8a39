#!/usr/bin/env bash
# The FEN benchmark, fenkit side by side with its peers in one run:
#  1. reading and checking FENs in one thread: fenkit's fk_fen_validate
#     (bench/fen_bench.c) against chessops (parseFen + Chess.fromSetup) and
#     chess.js (validateFen), on the positions of real games, on broken
#     variants of them, on both together, and on positions of random legal
#     games (odd material, many promotions); rates per second of CPU time,
#     median of five runs each, and the ratios;
#  2. whole processes: `fenkit normalize` on 100,000 FENs (stdin to stdout)
#     against a Node script doing the same with chessops (hyperfine, median
#     of five runs).
# Usage: bench/fen.sh PATH_TO_FENKIT   (make bench runs it; reads $SHARED)
set -euo pipefail

fenkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$here/../../shared}
out=$here/out
fen_bench=$(dirname "$fenkit")/fen_bench
plies=$shared/vectors/pgn2fen/games1k_plies.tsv.gz

[ -x "$fen_bench" ] || { echo "fen.sh: $fen_bench is missing; run make build" >&2; exit 1; }
[ -f "$plies" ] || { echo "fen.sh: $plies is missing; set SHARED" >&2; exit 1; }
if [ ! -f "$here/node_modules/chessops/package.json" ] || [ ! -f "$here/node_modules/chess.js/package.json" ]; then
  echo "fen.sh: installing the peers (npm ci in bench/)"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
mkdir -p "$out"
node "$here/fen_corpus.mjs" "$plies" "$out/fen_real.txt" "$out/fen_broken.txt"
cat "$out/fen_real.txt" "$out/fen_broken.txt" > "$out/fen_all.txt"
"$fen_bench" --random-games 150 2026 > "$out/fen_random.txt"

echo "Reading and checking FENs, one thread, per second of CPU time (median of 5):"
printf '%-16s %9s %12s %12s %12s %10s %10s\n' corpus FENs fenkit chessops chess.js "/chessops" "/chess.js"
for corpus in real broken all random; do
  file=$out/fen_$corpus.txt
  read -r _ ours ours_valid _ < <("$fen_bench" "$file")
  peers=$(node "$here/fen_peers.mjs" "$file")
  chessops=$(awk '$1 == "chessops" {print $2}' <<<"$peers")
  chessjs=$(awk '$1 == "chess.js" {print $2}' <<<"$peers")
  awk -v c="$corpus" -v n="$(wc -l <"$file")" -v a="$ours" -v b="$chessops" -v d="$chessjs" \
    'BEGIN { printf "%-16s %9d %12.0f %12.0f %12.0f %9.1fx %9.1fx\n", c, n, a, b, d, a / b, a / d }'
  echo "  valid: fenkit $ours_valid, $(awk '{printf "%s %s  ", $1, $3}' <<<"$peers")"
done

echo
echo "Whole processes: normalizing 100,000 FENs, stdin to stdout (hyperfine, median of 5):"
head -n 100000 "$out/fen_all.txt" > "$out/fen_normalize_in.txt"
if ! printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' | "$fenkit" normalize >/dev/null 2>&1; then
  echo "  fenkit normalize is not available in this build: skipped"
  exit 0
fi
if ! command -v hyperfine >/dev/null; then
  echo "  hyperfine is not installed (scripts/install-deps bench): skipped"
  exit 0
fi
hyperfine --style basic --ignore-failure --warmup 1 --runs 5 --export-json "$out/fen_normalize.json" \
  --command-name "fenkit normalize" "'$fenkit' normalize < '$out/fen_normalize_in.txt' > /dev/null" \
  --command-name "chessops (node)" "node '$here/fen_normalize.mjs' < '$out/fen_normalize_in.txt' > /dev/null" \
  >/dev/null 2>&1 || true
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).results;
  for (const x of r) console.log(`  ${x.command.padEnd(18)} ${(x.median * 1000).toFixed(0).padStart(7)} ms`);
  if (r.length === 2) console.log(`  fenkit normalize is ${(r[1].median / r[0].median).toFixed(1)}x faster than chessops`);
' "$out/fen_normalize.json"
