#!/usr/bin/env bash
# make test-long: fenkit pgn against pgn-extract and the recorded per-ply
# table on all of games1k (99,383 plies), and against pgn-extract on
# games10k. Reads $SHARED (../shared by default).
# Usage: bash tests/long/pgn_differential.sh PATH_TO_FENKIT
set -euo pipefail
fenkit=$1
here=$(dirname "$0")
vectors=${SHARED:-$here/../../../shared}/vectors/pgn2fen
bash "$here/../cli/pgn_extract.sh" "$fenkit" "$vectors/games1k.pgn" "$vectors/games1k_plies.tsv.gz"
bash "$here/../cli/pgn_extract.sh" "$fenkit" "$vectors/games10k.pgn" /nonexistent
