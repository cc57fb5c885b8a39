#!/usr/bin/env bash
# fenkit perft --divide against Stockfish's go perft on thousands of
# positions (random games and the perft suites): every per-move count must
# agree. The long version is tests/long/moves_stockfish.sh.
set -euo pipefail
exec bash "$(dirname "$0")/../lib/stockfish_diff.sh" "$1" 40 60 2 5
