#!/usr/bin/env bash
# make load: wrk against `fenkit serve` on the loopback address, bounded in
# time. /api/check at full speed (twice, to see memory settle), GET
# /api/info at full speed, then
# /api/scan with as many clients as the server takes at once (scan slots
# plus queue: every request must succeed), then with more than it takes
# (the extra ones must get 429, nothing else). Prints one summary line per run and the
# server's memory before and after. Fails only when a valid request failed.
# Usage: bench/load-serve.bash PATH_TO_FENKIT (not bench/*.sh: make bench leaves it out)
# Environment: LOAD_SECONDS (per run, default 10), LOAD_CONNECTIONS (64),
# LOAD_SCAN_CONNECTIONS (16, within the default slots + queue),
# LOAD_OVERLOAD_CONNECTIONS (64), LOAD_THREADS (wrk threads, 2).
set -euo pipefail
fenkit=${1:?usage: bench/load-serve.bash PATH_TO_FENKIT}
here=$(cd "$(dirname "$0")" && pwd)
seconds=${LOAD_SECONDS:-10}
conns=${LOAD_CONNECTIONS:-64}
scan_conns=${LOAD_SCAN_CONNECTIONS:-16}
overload_conns=${LOAD_OVERLOAD_CONNECTIONS:-64}
threads=${LOAD_THREADS:-2}
out=${LOAD_OUT:-$here/out}
mkdir -p "$out"
command -v wrk >/dev/null || { echo "load: wrk is missing (scripts/install-deps bench)" >&2; exit 1; }

"$fenkit" serve --port 0 >"$out/serve.banner" 2>"$out/serve.err" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
for _ in $(seq 100); do
    port=$(sed -n 's#^fenkit serve: http://127\.0\.0\.1:\([0-9]*\)/$#\1#p' "$out/serve.banner" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.05
done
[ -n "$port" ] || { echo "load: the server did not start" >&2; exit 1; }
url="http://127.0.0.1:$port"

rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
# run NAME CONNECTIONS SECONDS: one wrk run; its LOAD line goes to $out/NAME.txt.
run() {
    wrk -t "$threads" -c "$2" -d "${3}s" --timeout 5s -s "$here/load.lua" "$url" >"$out/$1.txt" 2>&1 ||
        { cat "$out/$1.txt" >&2; exit 1; }
    grep '^LOAD ' "$out/$1.txt" | sed "s/^LOAD/$1:/"
}
field() { grep '^LOAD ' "$out/$1.txt" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

fen='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs;" \
     "server and wrk ($threads threads) share them"
export LOAD_PATH=/api/check LOAD_BODY="$fen" LOAD_TYPE=text/plain
run warmup "$conns" 2 >/dev/null
rss_before=$(rss_kb)
run check "$conns" "$seconds"
rss_check=$(rss_kb)
run check2 "$conns" "$seconds"
rss_check2=$(rss_kb)
# GET /api/info over the same keep-alive connections: no body to read
LOAD_METHOD=GET LOAD_PATH=/api/info run info "$conns" "$seconds"

scan_built=$(curl -s "$url/api/info" | grep -c '"scan":true' || true)
export LOAD_PATH=/api/scan LOAD_FILE="$here/../tests/data/web/scholar.png" LOAD_TYPE=image/png LOAD_COUNT=1
unset LOAD_BODY
run scan "$scan_conns" $(( (seconds + 1) / 2 ))
rss_scan=$(rss_kb)
run overload "$overload_conns" $(( (seconds + 1) / 2 ))

echo "memory (RSS): before ${rss_before} kB, after check ${rss_check} kB, after check again ${rss_check2} kB, after scan ${rss_scan} kB"
rps=$(field check rps)
echo "check: $rps requests/s (target 20000: $([ "$rps" -ge 20000 ] && echo met || echo 'not met')), p99 $(field check p99_ms) ms"

status=0
for name in check check2 info; do
    errors=$(( $(field $name socket_errors) + $(field $name non2xx) ))
    [ "$errors" = 0 ] || { echo "load: $name had $errors failed requests (must be 0)" >&2; status=1; }
done
statuses=$(field scan statuses)
if [ "$scan_built" = 1 ]; then
    # within slots + queue every scan succeeds
    [ "$(field scan non2xx)" = 0 ] && [ "$(field scan socket_errors)" = 0 ] ||
        { echo "load: scans failed: $statuses, socket errors $(field scan socket_errors)" >&2; status=1; }
    # beyond them a busy server answers 429; anything else is a failure
    over=$(field overload statuses)
    bad=$(echo "$over" | tr ',' '\n' | grep -v -e '^200=' -e '^429=' || true)
    [ -z "$bad" ] && [ "$(field overload socket_errors)" = 0 ] ||
        { echo "load: overloaded scans failed: $over, socket errors $(field overload socket_errors)" >&2; status=1; }
else
    echo "scan: the scanner is not built in, so every picture is answered 503 ($statuses)"
fi
exit $status
