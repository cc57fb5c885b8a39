# `fenkit serve` under abuse, bounded in time and count, on 127.0.0.1:
# slow senders, many large uploads at once, pictures that decode to huge
# sizes. Each attack is tests/cli/lib/abuse.py, which `make abuse` runs
# bigger.
source "$(dirname "$0")/lib/common.bash" "$1"
if [ -x /usr/bin/python3 ]; then python3() { /usr/bin/python3 "$@"; }; fi
ABUSE="$(dirname "$0")/lib/abuse.py"

# start_server ARGS...: starts fenkit serve --port 0 ARGS, sets PORT and PID.
start_server() {
    rm -f "$TMP/banner" "$TMP/server.err"
    "$FENKIT" serve --port 0 "$@" >"$TMP/banner" 2>"$TMP/server.err" &
    PID=$!
    PORT=
    for _ in $(seq 100); do
        PORT=$(sed -n 's#^fenkit serve: http://127\.0\.0\.1:\([0-9]*\)/$#\1#p' "$TMP/banner" 2>/dev/null)
        [ -n "$PORT" ] && break
        sleep 0.05
    done
    [ -n "$PORT" ] || fail "the server did not say its address: $(cat "$TMP/banner" "$TMP/server.err")"
}
stop_server() { kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; }
trap 'stop_server; rm -rf "$TMP"' EXIT
# field NAME: a figure of abuse.py's line in $TMP/out.
field() { tr ' ' '\n' <"$TMP/out" | sed -n "s/^$1=//p"; }

step "slow senders: 150 connections trickling headers, over a limit of 100, do not keep a normal client out"
start_server --max-connections 100 --timeout 2
timeout 30 python3 "$ABUSE" slow "$PORT" 150 6 >"$TMP/out" 2>"$TMP/err" ||
    fail "the normal client failed: $(cat "$TMP/out" "$TMP/err")"
max=$(field max_ms)
python3 -c "import sys; sys.exit(0 if float('$max') < 1000 else 1)" ||
    fail "a normal request took $max ms beside the slow senders: $(cat "$TMP/out")"
[ "$(field cut_by_server)" -gt 0 ] || fail "no slow sender was cut off: $(cat "$TMP/out")"
[ ! -s "$TMP/server.err" ] || fail "clients cut off were reported without --log: $(head -3 "$TMP/server.err")"
stop_server

step "--per-ip 3: a fourth connection from one address is refused, the first three are answered"
start_server --per-ip 3
python3 - "$PORT" >"$TMP/out" 2>"$TMP/err" <<'PY' || fail "$(cat "$TMP/out" "$TMP/err")"
import socket, sys, time
port = int(sys.argv[1])
held = [socket.create_connection(("127.0.0.1", port), timeout=3) for _ in range(3)]
time.sleep(0.2)
fourth = socket.create_connection(("127.0.0.1", port), timeout=3)
fourth.sendall(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
try:
    got = fourth.recv(100)
except OSError:
    got = b""
assert got == b"", f"the fourth connection was answered: {got!r}"
for s in held:
    s.sendall(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
    assert s.recv(100).startswith(b"HTTP/1.1 200"), "a connection within the limit was not answered"
print("ok")
PY
stop_server

step "uploads: 12 clients each sending 10 MB less a byte hold no more than --upload-memory; the rest get 503 at once"
start_server --upload-memory 24
timeout 60 python3 "$ABUSE" uploads "$PORT" "$PID" 12 10485760 >"$TMP/out" 2>"$TMP/err" ||
    fail "the upload attack failed: $(cat "$TMP/out" "$TMP/err")"
statuses=$(field statuses)
case ",$statuses," in *,503=*) ;; *) fail "no upload was refused: $(cat "$TMP/out")" ;; esac
case "$statuses" in *not-json*) fail "a refusal was not the JSON error: $(cat "$TMP/out")" ;; esac
grown=$(( $(field rss_peak_kb) - $(field rss_before_kb) ))
[ "$grown" -lt $(( (24 + 16) * 1024 )) ] || fail "the server grew by $grown kB: $(cat "$TMP/out")"
req_ok=$(curl -s -o /dev/null -w '%{http_code}' --data-binary "$START" "http://127.0.0.1:$PORT/api/check")
[ "$req_ok" = 200 ] || fail "a FEN was not answered after the uploads: $req_ok"
stop_server

step "a small picture that decodes to 9999 x 9999 pixels: 413 at once, the server's memory flat"
start_server --scan-memory 64
timeout 60 python3 "$ABUSE" bomb "$PORT" "$PID" 3 >"$TMP/out" 2>"$TMP/err" ||
    fail "the attack failed: $(cat "$TMP/out" "$TMP/err")"
[ "$(field statuses)" = "413-too-large=3" ] || fail "not every such picture was refused: $(cat "$TMP/out")"
python3 -c "import sys; sys.exit(0 if float('$(field seconds)') < 2 else 1)" ||
    fail "the refusals took too long: $(cat "$TMP/out")"
timeout 60 python3 "$ABUSE" bomb "$PORT" "$PID" 1 gif >"$TMP/out" 2>"$TMP/err" ||
    fail "the attack failed: $(cat "$TMP/out" "$TMP/err")"
[ "$(field statuses)" = "413-too-large=1" ] || fail "a 9999 x 9999 GIF was not refused: $(cat "$TMP/out")"
code=$(curl -s -o "$TMP/scan" -w '%{http_code}' --data-binary @"$FENKIT_TEST_DATA/web/scholar.png" "http://127.0.0.1:$PORT/api/scan")
case "$code" in 200|503) ;; *) fail "a screenshot within the limit got $code: $(cat "$TMP/scan")" ;; esac
stop_server

if [ "$code" = 200 ]; then
    step "scans whose client has left are dropped from the queue, not run"
    start_server --scan-slots 1 --scan-queue 8 --log
    timeout 30 python3 "$ABUSE" abandon "$PORT" 6 "$FENKIT_TEST_DATA/scan/tsoj_036.png" >"$TMP/out" 2>"$TMP/err" ||
        fail "the attack failed: $(cat "$TMP/out" "$TMP/err")"
    for _ in $(seq 200); do
        [ "$(grep -c '^POST /api/scan ' "$TMP/server.err")" -ge 6 ] && break
        sleep 0.05
    done
    # one scan runs; the five waiting behind it end with it instead of
    # being scanned one after another
    awk '/^POST \/api\/scan / {t[n++] = $4} END {if (n < 6) exit 1; m = t[0]; for (i in t) if (t[i] < m) m = t[i];
         for (i in t) if (t[i] > 1.5 * m + 50) exit 1}' "$TMP/server.err" ||
        fail "abandoned scans were run: $(cat "$TMP/server.err")"
    stop_server

    step "18 abandoned scans: those running stop at their next step, and the next scan is answered"
    start_server --scan-slots 2 --scan-queue 16 --log
    picture="$FENKIT_TEST_DATA/scan/book-turned.jpg"
    # the clients leave a third of the way through a scan, timed here on
    # this machine, so that the first two are surely running
    took=$(curl -s -o "$TMP/out" -w '%{time_total}' --data-binary @"$picture" "http://127.0.0.1:$PORT/api/scan?all=1")
    json_check "assert 'boards' in rows[0], rows[0]"
    wait_s=$(python3 -c "print(float('$took') / 3)")
    timeout 30 python3 "$ABUSE" abandon "$PORT" 18 "$picture" "$wait_s" >"$TMP/out" 2>"$TMP/err" ||
        fail "the attack failed: $(cat "$TMP/out" "$TMP/err")"
    for _ in $(seq 200); do
        [ "$(grep -c '^POST /api/scan ' "$TMP/server.err")" -ge 19 ] && break
        sleep 0.05
    done
    code=$(curl -s -o "$TMP/scan" -w '%{http_code}' --data-binary @"$FENKIT_TEST_DATA/scan/tsoj_036.png" "http://127.0.0.1:$PORT/api/scan")
    [ "$code" = 200 ] || fail "the scan after the abandoned ones got $code: $(cat "$TMP/scan")"
    grep -q '^- POST /api/scan stopped: its client closed the connection' "$TMP/server.err" ||
        fail "no running scan was stopped when its client left: $(cat "$TMP/server.err")"
    # only the timed scan and the last one ran to their end
    for _ in $(seq 100); do [ "$(grep -c '^POST /api/scan 200 ' "$TMP/server.err")" -ge 2 ] && break; sleep 0.05; done
    [ "$(grep -c '^POST /api/scan 200 ' "$TMP/server.err")" = 2 ] ||
        fail "an abandoned scan was run to its end: $(cat "$TMP/server.err")"
    stop_server
fi

pass
