# `fenkit serve`: every endpoint of the JSON API and every error status,
# with curl against a server on a free loopback port.
source "$(dirname "$0")/lib/common.bash" "$1"
command -v curl >/dev/null || fail "curl is missing: run scripts/install-deps test"
# Dozens of JSON checks: skip a version manager's slow python3 shim.
if [ -x /usr/bin/python3 ]; then python3() { /usr/bin/python3 "$@"; }; fi

source "$(dirname "$0")/lib/serve.bash"

step "the server starts on the loopback address and says so"
start_server
grep -q "loopback address only" "$TMP/banner" || fail "the banner does not say loopback: $(cat "$TMP/banner")"

step "GET / is the page, with the security headers"
req GET /
expect_code 200
header_has "Content-Type: text/html"
header_has "Content-Security-Policy: default-src 'none'; script-src 'self'"
header_has "X-Content-Type-Options: nosniff"
header_has "X-Frame-Options: DENY"
out_has '<script src="/app.js" defer></script>'
out_lacks '<script>'
out_lacks ' on'"click="
for asset in "/app.js text/javascript" "/puzzles.js text/javascript" "/drills.js text/javascript" "/myset.js text/javascript" "/app.css text/css" \
    "/pieces/wK.svg image/svg+xml" "/index.html text/html" "/puzzles/starter.csv text/csv"; do
    set -- $asset
    step "GET $1"
    req GET "$1"
    expect_code 200
    header_has "Content-Type: $2"
    header_has "X-Content-Type-Options: nosniff"
done
step "the starter puzzles are the lichess CSV that puzzle make writes"
req GET /puzzles/starter.csv
out_has 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags'
step "HEAD / answers headers only"
CODE=$(curl -s -I -o "$TMP/headers" -w '%{http_code}' "$URL/")
expect_code 200
header_has "Content-Type: text/html"

step "GET /api/info"
req GET /api/info
expect_code 200
json_check "r = rows[0]; assert r['name'] == 'fenkit' and r['limits']['fen_bytes'] == 4096 and r['limits']['image_bytes'] == 10485760, r; assert isinstance(r['scan'], bool)"
SCAN=$(python3 -c "import json; print(json.load(open('$TMP/out'))['scan'])")

step "POST /api/check: a valid FEN as text"
req POST /api/check --data-binary "$E4"
expect_code 200
header_has "Cache-Control: no-store"
json_check "r = rows[0]; assert r['valid'] and r['read'] and r['fen'] == '$E4_LEGAL', r; assert r['input'] == '$E4'; assert r['status'] == [], r; assert any(l.startswith('Side to move: Black') for l in r['explanation']), r['explanation']; assert [p['code'] for p in r['problems']] == ['ep-no-capture'], r"

step "POST /api/check: JSON body with ep always"
req POST /api/check --data-binary "{\"fen\": \"$E4\", \"ep\": \"always\"}"
expect_code 200
json_check "r = rows[0]; assert r['fen'] == '$E4', r"

step "POST /api/check: a FEN that cannot be read is answered, not refused"
req POST /api/check --data-binary "$SHORT_RANK"
expect_code 200
json_check "r = rows[0]; assert not r['valid'] and not r['read'] and r['fen'] is None and r['explanation'] is None, r; p = r['problems'][0]; assert p['code'] == 'rank-length' and p['field'] == 'placement' and p['offset'] == 35 and p['severity'] == 'error', p; assert r['as_read'].startswith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN'), r"

step "POST /api/check: rule problems name their squares"
req POST /api/check --data-binary "$PAWN_ON_8"
expect_code 200
json_check "r = rows[0]; assert not r['valid'] and r['read'] and r['status'] is None, r; p = [p for p in r['problems'] if p['code'] == 'pawn-on-back-rank']; assert p and p[0]['squares'] == ['h8'], r; assert 'h8' in r['marked']"

step "POST /api/check: game status of a checkmate"
req POST /api/check --data-binary 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
json_check "r = rows[0]; assert r['valid'] and r['status'] == ['check', 'checkmate'], r"

step "POST /api/check?tolerant=1 fills in missing counters"
req POST '/api/check?tolerant=1' --data-binary '8/8/8/4k3/8/8/8/4K3 w - -'
json_check "r = rows[0]; assert r['valid'] and r['fen'] == '$KINGS_ONLY', r; assert 'counters-filled' in [p['code'] for p in r['problems']]"
req POST /api/check --data-binary '{"fen":"8/8/8/4k3/8/8/8/4K3 w - -","tolerant":true}'
json_check "r = rows[0]; assert r['valid'], r"

step "POST /api/check?tolerant=1: a board alone is read with White to move, and says so"
req POST '/api/check?tolerant=1' --data-binary '8/8/8/4k3/8/8/8/4K3'
json_check "r = rows[0]; assert r['valid'] and r['fen'] == '$KINGS_ONLY', r; c = [p['code'] for p in r['problems']]; assert c == ['side-filled', 'fields-filled', 'counters-filled'], c; assert r['problems'][0]['severity'] == 'warning', r"
req POST /api/check --data-binary '8/8/8/4k3/8/8/8/4K3'
json_check "r = rows[0]; assert not r['valid'] and r['problems'][0]['code'] == 'missing-field', r"

step "POST /api/check: rubbish is one not-a-fen error, not one a byte"
req POST /api/check --data-binary 'Hello, could you tell me if this is legal?'
expect_code 200
json_check "r = rows[0]; assert not r['valid'] and not r['read'], r; assert [p['code'] for p in r['problems']] == ['not-a-fen'], r"

step "POST /api/check: chess960 says whether castling needs Chess960's rules"
req POST /api/check --data-binary 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
json_check "r = rows[0]; assert r['valid'] and r['chess960'] is True, r"
req POST /api/check --data-binary "$START"
json_check "r = rows[0]; assert r['chess960'] is False, r"

step "POST /api/check: empty body is an empty FEN"
req POST /api/check --data-binary ''
expect_code 200
json_check "r = rows[0]; assert not r['valid'] and r['problems'][0]['code'] == 'empty-input', r"

step "POST /api/check: bytes that are not UTF-8 come back as valid JSON"
printf 'rnbqkbnr/\xff\xfe/8 "<b>' >"$TMP/bad-bytes"
req POST /api/check --data-binary @"$TMP/bad-bytes"
expect_code 200
json_check "r = rows[0]; assert '\ufffd' in r['input'] and '<b>' in r['input'], r"
grep -q '<b>' "$TMP/out" && fail "'<' was not escaped in the JSON"

step "POST /api/check: 400 for a body that is not the JSON fenkit reads"
req POST /api/check --data-binary '{"fen": '
expect_error 400 bad-json
req POST /api/check --data-binary '{"fen": 42}'
expect_error 400 bad-json
req POST /api/check --data-binary '{"position": "x"}'
expect_error 400 bad-json
req POST /api/check --data-binary '{"fen": {"a": 1}}'
expect_error 400 bad-json
req POST '/api/check?ep=sometimes' --data-binary "$START"
expect_error 400 bad-option
req POST '/api/check?tolerant=maybe' --data-binary "$START"
expect_error 400 bad-option

step "POST /api/check: 413 beyond 4 KB, declared or chunked"
head -c 5000 /dev/zero | tr '\0' 'x' >"$TMP/big"
req POST /api/check --data-binary @"$TMP/big"
expect_error 413 too-large
req POST /api/check -H 'Transfer-Encoding: chunked' --data-binary @"$TMP/big"
expect_error 413 too-large
head -c 4096 /dev/zero | tr '\0' ' ' >"$TMP/just"
req POST /api/check --data-binary @"$TMP/just"
expect_code 200

step "POST /api/moves"
req POST /api/moves --data-binary "$START"
expect_code 200
json_check "r = rows[0]; assert r['count'] == 20 == len(r['moves']), r; m = [(x['uci'], x['san']) for x in r['moves']]; assert ('e2e4', 'e4') in m and ('g1f3', 'Nf3') in m; assert r['status'] == []"
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/8/4K2R w K - 0 1"}'
json_check "r = rows[0]; m = [(x['uci'], x['san']) for x in r['moves']]; assert ('e1g1', 'O-O') in m and ('h1h8', 'Rh8+') in m, r"
req POST /api/moves --data-binary "$OPPONENT_CHECK"
expect_error 400 invalid-position
json_check "r = rows[0]; assert 'opponent-in-check' in [p['code'] for p in r['problems']], r"
req POST /api/moves --data-binary @"$TMP/big"
expect_error 413 too-large

step "GET /api/render.svg"
req GET /api/render.svg -G --data-urlencode "fen=$E4"
expect_code 200
header_has "Content-Type: image/svg+xml"
header_has "Content-Security-Policy"
head -c 4 "$TMP/out" | grep -q '<svg' || fail "not an SVG"
cp "$TMP/out" "$TMP/plain.svg"
req GET /api/render.svg -G --data-urlencode "fen=$E4" -d flip=1 -d size=256 -d coords=outside -d theme=blue -d highlight=e2,e4
expect_code 200
cmp -s "$TMP/out" "$TMP/plain.svg" && fail "the options changed nothing"
grep -q 'width="256"' "$TMP/out" || fail "size=256 was not drawn at 256 px"
req GET /api/render.svg -G --data-urlencode "fen=$PAWN_ON_8"
expect_code 200
req GET /api/render.svg -G --data-urlencode "fen=8/8/8/4k3/8/8/8/4K3"
expect_code 200
req GET /api/render.svg
expect_error 400 missing-fen
req GET /api/render.svg -G --data-urlencode "fen=$SHORT_RANK"
expect_error 400 bad-fen
for bad in size=9999 size=abc flip=2 coords=left theme=nope highlight=e9 highlight=e2e4; do
    req GET /api/render.svg -G --data-urlencode "fen=$START" -d "$bad"
    expect_error 400 bad-option
done
req GET /api/render.svg -G --data-urlencode "fen=$(head -c 5000 "$TMP/big")"
expect_error 413 too-large

step "POST /api/scan"
req POST /api/scan --data-binary ''
expect_error 400 empty-body
req POST /api/scan --data-binary 'this is text, not a picture'
expect_error 415 not-an-image
req POST /api/scan -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/web/not-an-image.png"
expect_error 415 not-an-image
head -c $((10 * 1024 * 1024 + 1)) /dev/zero >"$TMP/huge"
req POST /api/scan -H 'Content-Type: image/png' --data-binary @"$TMP/huge"
expect_error 413 too-large
req POST '/api/scan?side=x' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/web/scholar.png"
expect_error 400 bad-option
req POST '/api/scan?castling=KQkqX' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/web/scholar.png"
expect_error 400 bad-option
req POST /api/scan -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/web/scholar.png"
if [ "$SCAN" = True ]; then
    expect_code 200
    json_check "r = rows[0]; assert r['fen'].split(' ')[0] == '$(cut -d' ' -f1 "$FENKIT_TEST_DATA/web/scholar.fen")', r"
    # the notes in the client's language: ?lang=, else Accept-Language
    json_check "assert any(n.startswith('White is at the bottom') for n in rows[0]['notes']), rows[0]"
    req POST '/api/scan?lang=vi' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/web/scholar.png"
    json_check "assert any(n.startswith('Trắng ở phía dưới') for n in rows[0]['notes']), rows[0]"
    req POST /api/scan -H 'Accept-Language: vi-VN,vi;q=0.9' -H 'Content-Type: image/png' \
        --data-binary @"$FENKIT_TEST_DATA/web/scholar.png"
    json_check "assert any(n.startswith('Trắng ở phía dưới') for n in rows[0]['notes']), rows[0]"
else
    expect_error 503 scanner-not-built
    header_has "Retry-After"
fi

if [ "$SCAN" = True ]; then
    step "POST /api/scan: a picture with no board is 422; scans beyond the slots and queue are 429"
    req POST /api/scan -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/scan/no-board.png"
    expect_error 422 no-board
    req POST '/api/scan?all=1' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/scan/no-board.png"
    expect_error 422 no-board

    step "POST /api/scan?all=1: every board of a page, in reading order"
    req POST '/api/scan?all=2' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/scan/page-three.png"
    expect_error 400 bad-option
    req POST '/api/scan?all=1' -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/scan/page-three.png"
    expect_code 200
    json_check "b = rows[0]['boards']; assert [x['fen'].split(' ')[0] for x in b] == ['r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R', '8/5pk1/6p1/8/3R4/6P1/5PK1/r7', '6k1/5ppp/8/8/8/8/5PPP/3R2K1'], b"
    req POST /api/scan -H 'Content-Type: image/png' --data-binary @"$FENKIT_TEST_DATA/scan/page-three.png"
    expect_code 200
    json_check "assert rows[0]['fen'].startswith('8/5pk1/6p1/8/3R4/6P1/5PK1/r7 '), rows[0]"
    step "POST /api/learn-set, then /api/scan with the set: the FEN that scan --set gives"
    PHYS=$FENKIT_TEST_DATA/physical
    req POST '/api/learn-set?bottom=up' --data-binary @"$PHYS/g6_f000036.jpg"
    expect_error 400 bad-option
    req POST '/api/learn-set?fen=xyz' --data-binary @"$PHYS/g6_f000036.jpg"
    expect_error 400 bad-fen
    req POST /api/learn-set --data-binary 'not a picture'
    expect_error 415 not-an-image
    req POST /api/learn-set --data-binary @"$FENKIT_TEST_DATA/scan/no-board.png"
    expect_error 422 no-board
    req POST /api/learn-set --data-binary @"$PHYS/g6_f000036.jpg"
    expect_code 200
    header_has "X-Content-Type-Options: nosniff"
    json_check "r = rows[0]; assert r['bottom'] == 'white' and r['bottom_given'] is False and r['bytes'] > 1000, r; b = r['read_back']; assert b['fen'].startswith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR '), b; assert b['squares_right'] == 64 and 0 < b['board_right'] <= 1, b"
    python3 -c "import base64, json, sys; sys.stdout.buffer.write(base64.b64decode(json.load(open('$TMP/out'))['set']))" >"$TMP/web.fks"
    "$FENKIT" learn-set "$PHYS/g6_f000036.jpg" -o "$TMP/cli.fks" >/dev/null
    cmp -s "$TMP/web.fks" "$TMP/cli.fks" || fail "the server's set is not the one learn-set writes"
    want=$("$FENKIT" scan --set "$TMP/cli.fks" "$PHYS/g6_f000492.jpg" | head -1 | sed 's/^[^:]*: //')
    without=$("$FENKIT" scan "$PHYS/g6_f000492.jpg" | head -1 | sed 's/^[^:]*: //')
    [ "$want" != "$without" ] || fail "the set changes nothing on g6_f000492.jpg, so this step proves nothing"
    set_bytes=$(stat -c %s "$TMP/web.fks")
    cat "$TMP/web.fks" "$PHYS/g6_f000492.jpg" >"$TMP/with-set"
    req POST "/api/scan?set_bytes=$set_bytes" --data-binary @"$TMP/with-set"
    expect_code 200
    json_check "r = rows[0]; assert r['fen'] == '$want', (r['fen'], '$want'); assert any('piece set was learnt' in n for n in r['notes']), r['notes']"
    step "POST /api/scan: a bad set is a 400 bad-set"
    { head -c 100 /dev/zero; cat "$PHYS/g6_f000492.jpg"; } >"$TMP/bad-set"
    req POST '/api/scan?set_bytes=100' --data-binary @"$TMP/bad-set"
    expect_error 400 bad-set
    { head -c 6000 "$TMP/web.fks"; cat "$PHYS/g6_f000492.jpg"; } >"$TMP/short-set"
    req POST '/api/scan?set_bytes=6000' --data-binary @"$TMP/short-set"
    expect_error 400 bad-set
    json_check "assert 'wrong length' in rows[0]['message'], rows[0]"
    for bad in 0 abc 99999999 -5; do
        req POST "/api/scan?set_bytes=$bad" --data-binary @"$TMP/with-set"
        expect_error 400 bad-set
    done
    main_url=$URL main_pid=$PID
    start_server --scan-slots 1 --scan-queue 0
    # one curl, six transfers started at once (--parallel-immediate), so
    # that they overlap however slowly processes start on a busy machine
    args=()
    for i in 1 2 3 4 5 6; do args+=(-o "$TMP/busy$i" "$URL/api/scan"); done
    curl -s -Z --parallel-immediate --parallel-max 6 -X POST -H 'Content-Type: image/jpeg' \
        --data-binary @"$FENKIT_TEST_DATA/scan/tsoj_134.jpg" -w '%{http_code}\n' "${args[@]}" >"$TMP/busy.codes"
    # (with -Z the codes come in the order the transfers end, so the bodies
    # are what tells which answer is which)
    codes=$(sort "$TMP/busy.codes" | uniq -c | tr -s ' ' | tr '\n' ';')
    grep -q '^200$' "$TMP/busy.codes" || fail "no scan got through one slot: $codes"
    grep -q '^429$' "$TMP/busy.codes" || fail "six scans at once on one slot and no queue, none refused: $codes"
    python3 - "$TMP" <<'PY' || fail "the answers do not match the codes: $codes"
import json, sys
bodies = [json.load(open(f"{sys.argv[1]}/busy{i}")) for i in range(1, 7)]
codes = sorted(open(f"{sys.argv[1]}/busy.codes").read().split())
seen = sorted("200" if "fen" in b else str(b["status"]) for b in bodies)
assert seen == codes, (seen, codes)
assert all(b["code"] == "busy" for b in bodies if "fen" not in b), bodies
PY
    stop_server
    URL=$main_url PID=$main_pid
fi

step "404 and 405"
req GET /nothing/here
expect_error 404 not-found
req GET /../../etc/passwd --path-as-is
expect_error 404 not-found
req GET /api/check
expect_error 405 method-not-allowed
header_has "Allow: POST"
req POST /api/render.svg --data-binary x
expect_error 405 method-not-allowed
header_has "Allow: GET, HEAD"
req DELETE /
expect_error 405 method-not-allowed

step "a URL or headers over the limits: 414 or 431 at once, in JSON"
many=$(python3 -c "print('&'.join('a%d=%d' % (i, i) for i in range(300)))")
req GET "/api/info?$many" -m 3
expect_error 414 too-long
req GET "/api/render.svg?fen=$(head -c 9000 /dev/zero | tr '\0' 'x')" -m 3
expect_error 414 too-long
req GET /api/info -m 3 -H "X-Padding: $(head -c 9000 /dev/zero | tr '\0' 'x')"
expect_error 431 headers-too-large
header_has "Content-Security-Policy"

step "requests whose framing is in doubt: 400 in JSON"
# raw REQUEST: sends REQUEST (printf %b-expanded) on its own connection;
# CODE gets the status, $TMP/out the body, $TMP/headers the headers.
raw() {
    printf '%b' "$1" | python3 -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3)
s.sendall(sys.stdin.buffer.read())
data = b""
try:
    while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < int(
            ([l.split(b":")[1] for l in data.split(b"\r\n") if l.lower().startswith(b"content-length:")] or [b"0"])[0]):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
except (socket.timeout, ConnectionResetError):
    pass
head, _, body = data.partition(b"\r\n\r\n")
open(sys.argv[2] + "/headers", "wb").write(head + b"\r\n")
open(sys.argv[2] + "/out", "wb").write(body)
print(head.split(b" ")[1].decode() if head.startswith(b"HTTP/") else "000")
' "${URL##*:}" "$TMP" >"$TMP/code"
    CODE=$(cat "$TMP/code")
}
raw 'POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n8/8/8x'
expect_error 400 bad-request
header_has "X-Content-Type-Options: nosniff"
raw 'POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n8/8/8\r\n0\r\n\r\n'
expect_error 400 bad-request
raw 'GET /api/info HTTP/1.1\r\n\r\n'
expect_error 400 bad-request
raw 'GET /api/info HTTP/1.0\r\n\r\n'
expect_code 200

step "requests libmicrohttpd cannot parse: its own answers come as the JSON error too"
raw 'POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: five\r\n\r\n8/8/8'
expect_error 400 bad-request
header_has "Content-Security-Policy: default-src 'none'"
json_check "assert 'Content-Length' in rows[0]['message'], rows[0]"
raw 'POST /api/check HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n8/8/8\r\n0\r\n\r\n'
expect_error 400 bad-request
json_check "assert 'chunked' in rows[0]['message'], rows[0]"
# over the connection's 32 KB, where libmicrohttpd answers before fenkit sees the request
raw "GET /api/info?x=$(head -c 40000 /dev/zero | tr '\0' 'x') HTTP/1.1\r\nHost: x\r\n\r\n"
expect_error 414 too-long
header_has "X-Content-Type-Options: nosniff"
raw "GET /api/info HTTP/1.1\r\nHost: x\r\nX-Padding: $(head -c 40000 /dev/zero | tr '\0' 'x')\r\n\r\n"
expect_error 431 headers-too-large
raw "GET /api/info HTTP/1.1\r\nHost: x\r\n$(seq -f 'a%g: b\r\n' 700 | tr -d '\n')\r\n"
expect_error 431 headers-too-large
json_check "assert 'more header lines' in rows[0]['message'], rows[0]"
raw 'GET /api/info HTTP/2.0\r\nHost: x\r\n\r\n'
expect_error 505 bad-version
raw 'GET /api/info HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'
expect_error 400 bad-request

step "keep-alive: GETs, early errors and refused bodies leave the connection open"
# reused LIST...: one curl for every argument group (split by --next); the
# connection must be reused for each transfer after the first.
reused() {
    local want=$(( $(printf '%s\n' "$@" | grep -c -- '^--next$') ))
    curl -sv "$@" >/dev/null 2>"$TMP/verbose" || fail "curl failed: $(tail -3 "$TMP/verbose")"
    local got=$(grep -c "Re-using existing connection" "$TMP/verbose")
    [ "$got" = "$want" ] || fail "$got of $want later requests reused the connection: $(grep -i 'connection' "$TMP/verbose")"
}
reused "$URL/api/info" --next "$URL/api/info"
reused "$URL/" --next "$URL/app.js" --next "$URL/api/render.svg?fen=8/8/8/4k3/8/8/8/4K3%20w%20-%20-%200%201"
reused "$URL/nothing/here" --next "$URL/api/check" --next "$URL/api/render.svg"
reused --data-binary x "$URL/api/render.svg" --next --data-binary x "$URL/nothing" --next --data-binary "$START" "$URL/api/check"
reused --data-binary @"$TMP/big" -H 'Transfer-Encoding: chunked' "$URL/api/check" --next --data-binary "$START" "$URL/api/check"

step "SIGTERM stops the server cleanly"
kill "$PID"
wait "$PID"
RC=$?
expect_rc 0
grep -q "stopped" "$TMP/server.err" || fail "no word on stopping: $(cat "$TMP/server.err")"

step "a client that stops sending is cut off after --timeout"
start_server --timeout 1 --log
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc' >&3
timeout 10 cat <&3 >"$TMP/slow" || fail "the connection was still open 10 s later"
exec 3<&-
[ ! -s "$TMP/slow" ] || fail "a half-sent request was answered: $(cat "$TMP/slow")"
req POST /api/check --data-binary "$START"
expect_code 200
# the line is written once the answer has gone, so it may come a moment later
for _ in $(seq 100); do grep -q "^POST /api/check 200 " "$TMP/server.err" && break; sleep 0.05; done
grep -q "^POST /api/check 200 " "$TMP/server.err" || fail "--log did not log the request: $(cat "$TMP/server.err")"
grep -q "^POST /api/check 0 .*(connection closed early)" "$TMP/server.err" ||
    fail "--log did not log the stalled request: $(cat "$TMP/server.err")"
stop_server

step "usage errors and addresses that cannot be used"
fk serve --port 70000
expect_rc 2
err_has "--port takes a number from 0 to 65535"
fk serve --bogus
expect_rc 2
fk serve --host 256.1.1.1 --port 0
expect_rc 1
err_has "cannot listen"
start_server
fk serve --port "$port"
expect_rc 1
err_has "cannot listen on 127.0.0.1 port $port"
fk serve --help
expect_rc 0
out_has "POST /api/check"
out_has "Examples:"
pass
