#!/usr/bin/env bash
# The perft suites at depth: every record up to PERFT_MAX_NODES nodes
# (default 10 million: about 36,000 records, 20 billion nodes) through the
# unit test next to the fenkit binary, which make test runs with a lower cap.
set -euo pipefail
fenkit=$1
FENKIT_PERFT_MAX_NODES=${PERFT_MAX_NODES:-10000000} "$(dirname "$fenkit")/core_test_movegen"
