#!/usr/bin/env bash
# fenkit from Python against chessops on Node (the fastest peer runnable
# here), side by side in one run, single-threaded, per second of CPU time:
# reading and checking FENs (normalize_many, one call for the list; and
# Position.from_fen(s).check() a FEN at a time) against chessops' parseFen
# + Chess.fromSetup; and PGN to the FEN of every ply (read_pgn(...)
# .to_columns()) against chessops' parsePgn, replaying the main line with
# makeFen after each move. The issue's target: batch calls at least 20x
# chessops. Usage: bash bench/python_peers.sh BUILD_DIR   (after make python)
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
# the FENs of every position of the master games
"$build/fenkit" pgn "$pgn" 2>/dev/null | cut -f4 >"$tmp/fens"

peer_fen=$(node "$here/fen_peers.mjs" "$tmp/fens" | awk '$1 == "chessops" {print $2}')
peer_pgn=$(node "$here/pgn_peers.mjs" "$pgn")
"$venv/bin/python" - "$tmp/fens" "$pgn" "$peer_fen" "$peer_pgn" <<'PY'
import sys, time
import fenkit

fens = open(sys.argv[1]).read().split("\n")[:-1]
pgn = sys.argv[2]
chessops_fen = float(sys.argv[3])
_, games_rate, plies_rate, games, plies = sys.argv[4].split()
chessops_games, chessops_plies = float(games_rate), float(plies_rate)

def rate(fn, items):
    """Median of five runs, items per second of this process's CPU time."""
    rates = []
    for _ in range(5):
        t = time.process_time()
        fn()
        rates.append(items / (time.process_time() - t))
    return sorted(rates)[2]

batch = rate(lambda: fenkit.normalize_many(fens), len(fens))
single = rate(lambda: [fenkit.Position.from_fen(f).check() for f in fens], len(fens))
columns = fenkit.read_pgn(pgn).to_columns()
n_games, n_plies = len(set(columns["game"])), len(columns["fen"]) - len(set(columns["game"]))
pgn_games = rate(lambda: fenkit.read_pgn(pgn).to_columns(), n_games)
print(f"{len(fens)} FENs of master games; {pgn}: {n_games} games, {n_plies} plies (chessops: {games}, {plies})")
rows = [("read + check FENs: normalize_many (one call)", batch, chessops_fen, "FENs"),
        ("read + check FENs: from_fen(s).check() each", single, chessops_fen, "FENs"),
        ("PGN to every ply's FEN: read_pgn().to_columns()", pgn_games, chessops_games, "games")]
for name, ours, theirs, unit in rows:
    print(f"{name:50s} {ours:10.0f} {unit}/s   chessops {theirs:9.0f}/s   {ours / theirs:5.1f}x chessops")
PY
