# Shared by the tests of `fenkit serve` (after common.bash): start and stop
# a server on a free loopback port, send requests with curl, check answers.

# start_server ARGS...: starts fenkit serve --port 0 ARGS, sets URL and PID.
start_server() {
    # the banner of a server started before must not be read for this one's
    # (the loop below can run before the new process has opened the file)
    rm -f "$TMP/banner" "$TMP/server.err"
    "$FENKIT" serve --port 0 "$@" >"$TMP/banner" 2>"$TMP/server.err" &
    PID=$!
    for _ in $(seq 100); do
        port=$(sed -n 's#^fenkit serve: http://127\.0\.0\.1:\([0-9]*\)/$#\1#p' "$TMP/banner" 2>/dev/null)
        [ -n "$port" ] && break
        sleep 0.05
    done
    [ -n "$port" ] || fail "the server did not say its address: $(cat "$TMP/banner" "$TMP/server.err")"
    URL="http://127.0.0.1:$port"
}
stop_server() { kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; }
trap 'stop_server; rm -rf "$TMP"' EXIT

# req METHOD PATH [CURL ARGS...]: CODE gets the status, $TMP/out the body,
# $TMP/headers the headers.
req() {
    local method=$1 path=$2
    shift 2
    CODE=$(curl -s -o "$TMP/out" -D "$TMP/headers" -w '%{http_code}' -X "$method" "$@" "$URL$path")
}
expect_code() { [ "$CODE" = "$1" ] || fail "HTTP status $CODE, expected $1"; }
header_has() { grep -qi -- "^$1" "$TMP/headers" || fail "no header '$1'"; }
# expect_error STATUS CODE: a JSON error with that status and code.
expect_error() {
    expect_code "$1"
    header_has "Content-Type: application/json"
    json_check "r = rows[0]; assert r['status'] == $1 and r['code'] == '$2', r; assert len(r['message']) > 10, r"
}
