#!/usr/bin/env bash
# fenkit serve holding many analysis clients at once, round after round:
# how many got their stream, and the server's own resident memory after
# each round (not the engines'), which should stay flat. By default the
# engine is the tests' fake engine made to think in silence for ever, so
# that 50 engines cost next to nothing and each client holds its stream
# until it leaves; ENGINE=/usr/games/stockfish asks the real one (mind the
# CPUs: one process per client).
# Usage: bench/analyse_clients.sh PATH_TO_FENKIT [CLIENTS [ROUNDS [SECONDS]]]
set -euo pipefail
fenkit=$1
clients=${2:-50}
rounds=${3:-5}
seconds=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
engine=${ENGINE:-$here/../tests/data/engine/fake-engine}
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

FAKE_ENGINE_MODE=hang "$fenkit" serve --port 0 --engine "$engine" --analyses "$clients" \
    --max-connections 1000 >"$tmp/banner" 2>/dev/null &
pid=$!
for _ in $(seq 100); do
    port=$(sed -n 's#^fenkit serve: http://127\.0\.0\.1:\([0-9]*\)/$#\1#p' "$tmp/banner")
    [ -n "$port" ] && break
    sleep 0.05
done
[ -n "$port" ] || { echo "analyse_clients.sh: the server did not start" >&2; exit 1; }
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status"; }
fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
echo "fenkit serve, $clients analysis clients at once for ${seconds} s a round; engine $engine"
echo "before: $(rss) kB resident"
for round in $(seq "$rounds"); do
    for i in $(seq "$clients"); do
        curl -s -N -G --max-time "$seconds" --data-urlencode "fen=$fen" \
            -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$port/api/analyse" >"$tmp/code.$i" || true &
    done
    wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
    peak=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")
    served=$(cat "$tmp"/code.* | grep -c '^200$' || true)
    echo "round $round: $served of $clients streams served; $(rss) kB resident (peak $peak kB)"
    # the engines of clients that left are stopped and closed before the next round
    sleep 3
done
