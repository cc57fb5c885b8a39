#!/usr/bin/env bash
# fenkit from Python against chessops on Node (the fastest peer runnable
# here), side by side in one run, single-threaded, per second of CPU time:
# reading and checking FENs (normalize_many, one call for a list or a NumPy
# array; and Position.from_fen(s).check() a FEN at a time) against
# chessops' parseFen + Chess.fromSetup, on the FENs of every position of
# games1k (canonical as they are, so normalize_many hands most back as they
# came) and on the same FENs with their move counters cut off (read
# tolerant, so that every one is written again); and PGN to the FEN of
# every ply (read_pgn(...).to_columns(), .to_numpy(), .to_pandas())
# against chessops' parsePgn, replaying the main line with makeFen after
# each move. The issue's target: batch calls at least 20x chessops.
# Usage: bash bench/python_peers.sh BUILD_DIR   (after make python)
set -euo pipefail
build=$(cd "${1:?usage: bench/python_peers.sh BUILD_DIR}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
venv=$build/python/venv
shared=${SHARED:-$here/../../shared}
pgn=$shared/vectors/pgn2fen/games1k.pgn
[ -x "$venv/bin/python" ] || { echo "bench/python_peers.sh: run make python first"; exit 1; }
[ -f "$pgn" ] || { echo "bench/python_peers.sh: no $pgn (set SHARED)"; exit 1; }
if [ ! -f "$here/node_modules/chessops/package.json" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the FENs of every position of the master games, and the same without
# their two counters (what an EPD holds)
"$build/fenkit" pgn "$pgn" 2>/dev/null | cut -f4 >"$tmp/fens"
cut -d' ' -f1-4 "$tmp/fens" >"$tmp/fens4"

peer_fen=$(node "$here/fen_peers.mjs" "$tmp/fens" | awk '$1 == "chessops" {print $2}')
peer_fen4=$(node "$here/fen_peers.mjs" "$tmp/fens4" | awk '$1 == "chessops" {print $2}')
peer_pgn=$(node "$here/pgn_peers.mjs" "$pgn")
"$venv/bin/python" - "$tmp/fens" "$tmp/fens4" "$pgn" "$peer_fen" "$peer_fen4" "$peer_pgn" <<'PY'
import sys, time
import numpy as np
import fenkit

fens = open(sys.argv[1]).read().split("\n")[:-1]
fens4 = open(sys.argv[2]).read().split("\n")[:-1]
pgn = sys.argv[3]
chessops_fen, chessops_fen4 = float(sys.argv[4]), float(sys.argv[5])
_, games_rate, plies_rate, games, plies = sys.argv[6].split()
chessops_games, chessops_plies = float(games_rate), float(plies_rate)
fen_array, fen4_array = np.array(fens), np.array(fens4)
assert fenkit.normalize_many(fen_array).tolist() == fenkit.normalize_many(fens) == fens
assert fenkit.normalize_many(fen4_array, tolerant=True).tolist() == [f + " 0 1" for f in fens4]

def rate(fn, items):
    """Median of five runs, items per second of this process's CPU time."""
    rates = []
    for _ in range(5):
        t = time.process_time()
        fn()
        rates.append(items / (time.process_time() - t))
    return sorted(rates)[2]

columns = fenkit.read_pgn(pgn).to_columns()
n_games, n_plies = len(set(columns["game"])), len(columns["fen"]) - len(set(columns["game"]))
print(f"{len(fens)} FENs of master games; {pgn}: {n_games} games, {n_plies} plies (chessops: {games}, {plies})")
rows = [
    ("FENs: normalize_many(list)", lambda: fenkit.normalize_many(fens), len(fens), chessops_fen, "FENs"),
    ("FENs: normalize_many(NumPy str array)", lambda: fenkit.normalize_many(fen_array), len(fens), chessops_fen, "FENs"),
    ("FENs: from_fen(s).check() each", lambda: [fenkit.Position.from_fen(f).check() for f in fens], len(fens), chessops_fen, "FENs"),
    ("no counters: normalize_many(list, tolerant)", lambda: fenkit.normalize_many(fens4, tolerant=True), len(fens), chessops_fen4, "FENs"),
    ("no counters: normalize_many(array, tolerant)", lambda: fenkit.normalize_many(fen4_array, tolerant=True), len(fens), chessops_fen4, "FENs"),
    ("PGN: read_pgn().to_columns()", lambda: fenkit.read_pgn(pgn).to_columns(), n_games, chessops_games, "games"),
    ("PGN: read_pgn().to_numpy()", lambda: fenkit.read_pgn(pgn).to_numpy(), n_games, chessops_games, "games"),
    ("PGN: read_pgn().to_pandas()", lambda: fenkit.read_pgn(pgn).to_pandas(), n_games, chessops_games, "games"),
]
for name, fn, items, theirs, unit in rows:
    ours = rate(fn, items)
    print(f"{name:46s} {ours:10.0f} {unit}/s   chessops {theirs:9.0f}/s   {ours / theirs:5.1f}x chessops")
PY
