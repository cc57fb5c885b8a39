#!/usr/bin/env bash
# The big differential run against Stockfish: 300 random games of 100 plies
# (and 76 from Chess960 starts) plus every suite position, divided at depth 3.
set -euo pipefail
export FENKIT_TEST_DATA=${FENKIT_TEST_DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
exec bash "$(dirname "$0")/../lib/stockfish_diff.sh" "$1" 300 100 3 1
