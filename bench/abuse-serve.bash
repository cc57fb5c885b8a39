#!/usr/bin/env bash
# make abuse: the attacks of issue 42 on `fenkit serve`, on 127.0.0.1,
# each bounded in count and time (tests/cli/lib/abuse.py): slow senders
# against the default connection limit while a normal client asks, many
# large uploads at once, small pictures that decode to huge ones, and
# scans whose clients leave before the answer. Prints
# one line of figures per attack (the normal client's p50/p99, the server's
# resident memory before and at its peak) and fails when the normal client
# failed or was slow (over 1 s at p99), when the uploads took more memory
# than --upload-memory allows, or when a huge picture was not refused.
# Usage: bench/abuse-serve.bash PATH_TO_FENKIT (not bench/*.sh: make bench leaves it out)
# Environment: ABUSE_SLOW_CLIENTS (1000), ABUSE_SECONDS (slow senders, 15),
# ABUSE_UPLOADS (100 clients of 10 MB less a byte), ABUSE_BOMBS (4).
set -euo pipefail
fenkit=${1:?usage: bench/abuse-serve.bash PATH_TO_FENKIT}
here=$(cd "$(dirname "$0")" && pwd)
abuse="$here/../tests/cli/lib/abuse.py"
slow_clients=${ABUSE_SLOW_CLIENTS:-1000}
seconds=${ABUSE_SECONDS:-15}
uploads=${ABUSE_UPLOADS:-100}
bombs=${ABUSE_BOMBS:-4}
out=${ABUSE_OUT:-$here/out}
mkdir -p "$out"
# the slow senders and the server each need a descriptor per connection
ulimit -n "$(( slow_clients * 2 + 256 ))" 2>/dev/null || true

"$fenkit" serve --port 0 >"$out/abuse.banner" 2>"$out/abuse.err" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT
port=
for _ in $(seq 100); do
    port=$(sed -n 's#^fenkit serve: http://127\.0\.0\.1:\([0-9]*\)/$#\1#p' "$out/abuse.banner" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.05
done
[ -n "$port" ] || { echo "abuse: the server did not start" >&2; exit 1; }
field() { tr ' ' '\n' <"$out/$1.txt" | sed -n "s/^$2=//p"; }

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); the server at its defaults" \
     "(1000 connections, 10 s timeout, 64 MB for uploads, 384 MB for scans)"
status=0
timeout $(( seconds + 60 )) python3 "$abuse" slow "$port" "$slow_clients" "$seconds" >"$out/slow.txt" || status=1
cat "$out/slow.txt"
python3 -c "import sys; sys.exit(0 if float('$(field slow p99_ms)') < 1000 else 1)" ||
    { echo "abuse: the normal client was slow or failed beside the slow senders" >&2; status=1; }

timeout 120 python3 "$abuse" uploads "$port" "$pid" "$uploads" 10485760 >"$out/uploads.txt"
cat "$out/uploads.txt"
grown=$(( $(field uploads rss_peak_kb) - $(field uploads rss_before_kb) ))
[ "$grown" -lt $(( (64 + 32) * 1024 )) ] ||
    { echo "abuse: the uploads grew the server by $grown kB (64 MB allowed)" >&2; status=1; }

timeout 120 python3 "$abuse" bomb "$port" "$pid" "$bombs" >"$out/bomb.txt"
cat "$out/bomb.txt"
[ "$(field bomb statuses)" = "413-too-large=$bombs" ] ||
    { echo "abuse: a 9999 x 9999 PNG was not refused" >&2; status=1; }
timeout 120 python3 "$abuse" bomb "$port" "$pid" "$bombs" gif | sed 's/^bomb:/bomb-gif:/' >"$out/bomb-gif.txt"
cat "$out/bomb-gif.txt"
[ "$(field bomb-gif statuses)" = "413-too-large=$bombs" ] ||
    { echo "abuse: a 9999 x 9999 GIF was not refused" >&2; status=1; }

# abandoned scans: 18 clients send a page of diagrams to read every board
# of, and leave 0.1 s later; then one client asks for a scan and waits
page="$here/../tests/data/scan/book-turned.jpg"
timeout 60 python3 "$abuse" abandon "$port" 18 "$page" 0.1 >"$out/abandon.txt"
after=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' --data-binary @"$here/../tests/data/web/scholar.png" \
    "http://127.0.0.1:$port/api/scan")
echo "$(cat "$out/abandon.txt") next_scan_status=${after% *} next_scan_seconds=${after#* }"
[ "${after% *}" = 200 ] || { echo "abuse: the scan after the abandoned ones got ${after% *}" >&2; status=1; }

echo "server: resident memory peak $(awk '/^VmHWM/ {print $2}' "/proc/$pid/status") kB, now $(awk '/^VmRSS/ {print $2}' "/proc/$pid/status") kB;" \
     "$(wc -l <"$out/abuse.err") lines on its standard error"
exit $status
