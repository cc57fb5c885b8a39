#!/usr/bin/env bash
# Games per second of fenkit.dask.read_pgn with 1, 2 and 4 worker processes
# on this machine (docs/dask.md), over tests/data/pgn/games1k_first200.pgn
# repeated to $DASK_BENCH_GAMES games (default 10,000), plain and .zst.
# Needs the package's virtual environment (make python; make bench-dask
# runs both).
# Usage: bash bench/dask.sh PATH_TO_FENKIT
set -euo pipefail
build=$(cd "$(dirname "${1:?usage: bench/dask.sh PATH_TO_FENKIT}")" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
python=$build/python/venv/bin/python
# make bench runs every bench/*.sh after a plain build: the package's
# environment is made (and tested) here when it is missing
[ -x "$python" ] || bash "$here/python/check.sh" "$build" /usr/bin/python3 >/dev/null
"$python" -c 'import distributed, pandas' 2>/dev/null ||
    { echo "bench/dask.sh: needs python3-dask and python3-distributed: scripts/install-deps test" >&2; exit 1; }
games=${DASK_BENCH_GAMES:-10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$here/tests/data/pgn/games1k_first200.pgn
for _ in $(seq $((games / 200))); do cat "$src"; done >"$tmp/games.pgn"
zstd -q "$tmp/games.pgn" -o "$tmp/games.pgn.zst" 2>/dev/null || true
"$python" "$here/bench/dask_bench.py" "$tmp/games.pgn" 1 2 4
