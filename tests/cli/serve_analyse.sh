# `fenkit serve` for the analysis board: POST /api/moves with moves played
# from the FEN, and GET /api/analyse's stream of engine lines, with the
# fake engine (tests/data/engine/fake-engine), with no engine at all, and
# with Stockfish when it is installed.
source "$(dirname "$0")/lib/common.bash" "$1"
source "$(dirname "$0")/lib/serve.bash"
command -v curl >/dev/null || fail "curl is missing: run scripts/install-deps test"
if [ -x /usr/bin/python3 ]; then python3() { /usr/bin/python3 "$@"; }; fi
FAKE="$FENKIT_TEST_DATA/engine/fake-engine"
# events: the Server-Sent Events of the stream in $TMP/out, replaced by
# JSON Lines ({"event":..., "data":...}) for json_check.
events() {
    mv "$TMP/out" "$TMP/stream"
    python3 - "$TMP/stream" >"$TMP/out" <<'PY'
import json, sys
for block in open(sys.argv[1], encoding="utf-8").read().split("\n\n"):
    lines = dict(l.split(": ", 1) for l in block.splitlines() if ": " in l)
    if "event" in lines:
        print(json.dumps({"event": lines["event"], "data": json.loads(lines["data"])}))
PY
}
analyse() { req GET /api/analyse -G "$@"; }

FAKE_ENGINE_LOG=$TMP/engine.log start_server --engine "$FAKE"

step "POST /api/moves plays the moves given, each with its SAN and FEN"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"e2e4 e5 g1f3\"}"
expect_code 200
json_check "
r = rows[0]
assert [p['san'] for p in r['played']] == ['e4', 'e5', 'Nf3'], r['played']
assert [p['uci'] for p in r['played']] == ['e2e4', 'e7e5', 'g1f3'], r['played']
assert r['played'][-1]['fen'] == r['fen'] == 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2', r['fen']
assert r['start'] == '$START' and r['result'] is None and r['reason'] is None and r['repetition'] == 1
after = {m['san']: m['fen'] for m in r['moves']}
assert after['Nc6'] == 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', after['Nc6']
assert '1. e4 e5 2. Nf3 *' in r['pgn'], r['pgn']
"

step "the result is the rules': checkmate, a threefold repetition to claim"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"f3 e5 g4 Qh4\"}"
json_check "r = rows[0]; assert r['result'] == '0-1' and r['reason'] == 'checkmate' and r['count'] == 0, r; assert '[Result \"0-1\"]' in r['pgn'] and r['pgn'].rstrip().endswith('0-1'), r['pgn']"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1\"}"
json_check "r = rows[0]; assert r['result'] is None and r['repetition'] == 2, r"
SHUFFLE="Nf3 Nf6 Ng1 Ng8"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SHUFFLE $SHUFFLE\"}"
json_check "r = rows[0]; assert r['result'] is None and r['claim'] == 'threefold-repetition' and r['repetition'] == 3, r"

step "threefold and fifty moves are claims; fivefold and 75 moves end the game"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SHUFFLE $SHUFFLE\",\"claim\":true}"
json_check "r = rows[0]; assert r['result'] == '1/2-1/2' and r['reason'] == 'threefold-repetition' and r['claim'] is None, r; assert r['pgn'].rstrip().endswith('1/2-1/2'), r['pgn']"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SHUFFLE $SHUFFLE $SHUFFLE $SHUFFLE\"}"
json_check "r = rows[0]; assert r['result'] == '1/2-1/2' and r['reason'] == 'fivefold-repetition' and r['repetition'] == 5 and r['claim'] is None, r"
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 99 80","moves":"Ra2"}'
json_check "r = rows[0]; assert r['result'] is None and r['claim'] == 'fifty-move-rule', r"
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 149 80","moves":"Ra2"}'
json_check "r = rows[0]; assert r['result'] == '1/2-1/2' and r['reason'] == 'seventy-five-move-rule', r"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"e4\",\"claim\":true}"
expect_error 400 no-claim
req POST /api/moves --data-binary '{"fen":"8/8/8/4k3/8/8/4P3/4K3 b - - 0 1","moves":"Kd4 e3+ Kxe3"}'
json_check "r = rows[0]; assert r['reason'] == 'insufficient-material' and r['result'] == '1/2-1/2', r"

step "a draw claimed with the move about to be played (FIDE 9.2.1.1, 9.3.1)"
SEVEN="Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"
# the moves list says which moves a claim can be made with
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SEVEN\"}"
json_check "r = rows[0]; c = {m['san']: m['claim'] for m in r['moves'] if 'claim' in m}; assert c == {'Ng8': 'threefold-repetition'}, c; assert r['claim'] is None, r"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SEVEN\",\"claim_move\":\"f6g8\"}"
json_check "
r = rows[0]
assert r['result'] == '1/2-1/2' and r['reason'] == 'threefold-repetition' and r['claim'] is None, r
assert r['played'][-1]['san'] == 'Ng8' and r['repetition'] == 3 and len(r['played']) == 8, r['played']
assert not any('claim' in m for m in r['moves']), r['moves']
assert r['pgn'].rstrip().endswith('Ng8 1/2-1/2'), r['pgn']
"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SEVEN\",\"claim_move\":\"Nh5\"}"
expect_error 400 no-claim
json_check "m = rows[0]['message']; assert 'with Nh5' in m and 'occurs 1 of 3' in m and '8 of 100' in m, m"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SEVEN\",\"claim_move\":\"Ke2\"}"
expect_error 400 illegal-move
json_check "m = rows[0]['message']; assert m.startswith(\"claim_move 'Ke2'\"), m"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SHUFFLE $SHUFFLE $SHUFFLE $SHUFFLE\",\"claim_move\":\"Nf3\"}"
expect_error 400 no-claim
json_check "m = rows[0]['message']; assert 'fivefold-repetition' in m, m"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"$SEVEN\",\"claim_move\":\"Ng8\",\"claim\":true}"
expect_error 400 bad-json
# the fifty moves: a quiet move completes them, a pawn move does not
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/P7/R3K3 w - - 99 80","claim_move":"Rb1"}'
json_check "r = rows[0]; assert r['result'] == '1/2-1/2' and r['reason'] == 'fifty-move-rule', r"
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"}'
json_check "r = rows[0]; c = {m['san'] for m in r['moves'] if m.get('claim') == 'fifty-move-rule'}; assert 'Rb1' in c and 'a3' not in c and 'a4' not in c, c"
req POST /api/moves --data-binary '{"fen":"4k3/8/8/8/8/8/P7/R3K3 w - - 99 80","claim_move":"a3"}'
expect_error 400 no-claim
req POST /api/check --data-binary "{\"fen\":\"$START\",\"claim_move\":\"e4\"}"
expect_error 400 bad-json

step "a move that cannot be played is named, with the legal ones"
req POST /api/moves --data-binary "{\"fen\":\"$START\",\"moves\":\"e4 e5 Ke3\"}"
expect_error 400 illegal-move
json_check "m = rows[0]['message']; assert m.startswith(\"move 3, 'Ke3'\") and 'Ke2' in m, m"
req POST /api/check --data-binary "{\"fen\":\"$START\",\"moves\":\"e4\"}"
expect_error 400 bad-json

step "GET /api/analyse streams the engine's lines, in SAN, then the best move"
analyse --data-urlencode "fen=$START"
expect_code 200
header_has "Content-Type: text/event-stream"
header_has "Cache-Control: no-store"
events
json_check "
info = [r['data'] for r in rows if r['event'] == 'info']
done = [r['data'] for r in rows if r['event'] == 'done']
assert rows[-1]['event'] == 'done' and len(done) == 1, rows
line = info[-1]['lines'][0]
assert line['pv'] == ['e2e4', 'e7e5', 'g1f3'] and line['san'] == ['e4', 'e5', 'Nf3'], line
assert line['text'] == '1. e4 e5 2. Nf3' and line['white'] == {'cp': 31} and line['depth'] == 1, line
assert done[0]['bestmove'] == {'uci': 'e2e4', 'san': 'e4', 'fen': '$E4_LEGAL'}, done
assert done[0]['engine'] == 'Fake Engine 1.0', done
"

step "moves= reach the engine: the moves since the last capture or pawn move, so it sees repetitions"
analyse --data-urlencode "fen=$START" --data-urlencode "moves=g1f3 g8f6 f3g1 f6g8"
expect_code 200
events
json_check "assert rows[-1]['event'] == 'done' and rows[-1]['data']['bestmove']['san'] == 'e4', rows"
sent=$(grep '^position' "$TMP/engine.log" | tail -1)
[ "$sent" = "position fen $START moves g1f3 g8f6 f3g1 f6g8" ] || fail "the engine was sent: $sent"
analyse --data-urlencode "fen=$START" --data-urlencode "moves=c4_c5_Nf3_Nf6_Ng1_Ng8"
events
json_check "assert rows[-1]['event'] == 'done', rows"
sent=$(grep '^position' "$TMP/engine.log" | tail -1)
[ "$sent" = "position fen rnbqkbnr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2 moves g1f3 g8f6 f3g1 f6g8" ] ||
    fail "the engine was sent: $sent"
analyse --data-urlencode "fen=$START" --data-urlencode "moves=e4 Ke7"
expect_error 400 illegal-move

step "an engine that answers an illegal line: an error event, not a line"
analyse --data-urlencode "fen=$E4" --data-urlencode "multipv=2"
events
# the fake engine answers the start position's moves whatever it is given,
# so a position where they are illegal is an engine error, said as an event
json_check "r = rows[-1]; assert r['event'] == 'error' and r['data']['code'] == 'engine-failed', rows; assert 'illegal' in r['data']['message'], r"

step "what /api/analyse refuses before asking any engine"
analyse
expect_error 400 bad-option
analyse --data-urlencode "fen=$START" --data-urlencode "multipv=6"
expect_error 400 bad-option
analyse --data-urlencode "fen=$START" --data-urlencode "elo=strong"
expect_error 400 bad-option
analyse --data-urlencode "fen=$PAWN_ON_8"
expect_error 400 invalid-position
json_check "assert 'pawn-on-back-rank' in rows[0]['message'], rows"
analyse --data-urlencode "fen=7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
expect_error 422 game-over
json_check "assert rows[0]['message'].startswith('stalemate'), rows"
analyse --data-urlencode "fen=$START" --data-urlencode "sanity=1" --data-urlencode "movetime=100"
expect_error 400 bad-option
analyse --data-urlencode "fen=$START" --data-urlencode "sanity=1" --data-urlencode "nodes=5"
expect_error 400 bad-option

step "sanity=1 with an engine that fails on a neighbour: the base, then an error event"
# the fake engine's line is legal with White to move only
analyse --data-urlencode "fen=$START" --data-urlencode "sanity=1"
events
json_check "
assert [r['event'] for r in rows] == ['base', 'error'], rows
assert rows[0]['data']['verdict'] == 'draw' and rows[0]['data']['white'] == {'cp': 31}, rows[0]
assert 'illegal' in rows[1]['data']['message'], rows[1]
"
stop_server

step "no engine: 503 with the reason, and the rest still works"
start_server --engine /nonexistent/engine
analyse --data-urlencode "fen=$START"
expect_error 503 no-engine
json_check "m = rows[0]['message']; assert '/nonexistent/engine' in m and 'the rest of fenkit works' in m, m"
req POST /api/check --data-binary "$START"
expect_code 200
req POST /api/moves --data-binary "$START"
expect_code 200
stop_server

step "more analyses than --analyses at once get 429"
# the fake engine in hang mode never answers a search, so the first holds
# the only engine until its client leaves
FAKE_ENGINE_MODE=hang start_server --engine "$FAKE" --analyses 1
curl -s -N -G --max-time 8 --data-urlencode "fen=$START" "$URL/api/analyse" >/dev/null &
first=$!
# On a busy machine a probe can reach the server before the first client
# and take the engine itself: it leaves after 2 s (its analysis stops with
# it), and the first client takes the engine for the probes after it.
for _ in $(seq 100); do
    analyse --max-time 2 --data-urlencode "fen=$START"
    [ "$CODE" = 429 ] && break
    sleep 0.05
done
expect_error 429 busy
header_has "Retry-After"
wait "$first"
stop_server

STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$STOCKFISH" ]; then
    echo "skip [serve_analyse] Stockfish is not installed (scripts/install-deps test installs it)"
    pass
    exit 0
fi

step "Stockfish: three lines, each replayed by fenkit play"
start_server --engine "$STOCKFISH" --analyses 1 --analysis-time 3600
analyse --data-urlencode "fen=$START" --data-urlencode "movetime=300" --data-urlencode "multipv=3"
expect_code 200
events
json_check "
info = [r['data'] for r in rows if r['event'] == 'info']
assert rows[-1]['event'] == 'done', rows[-1]
last = info[-1]
assert [l['multipv'] for l in last['lines']] == [1, 2, 3], last
assert len({l['pv'][0] for l in last['lines']}) == 3, last
assert max(i['depth'] for i in info) > info[0]['depth'], 'the depth never grew'
open('$TMP/pv', 'w').write(' '.join(last['lines'][1]['pv']))
"
"$FENKIT" play "$START" $(cat "$TMP/pv") >/dev/null || fail "a line is not legal for fenkit play"

step "Stockfish: an analysis stops when its client leaves"
# with one engine and an hour's limit, a second analysis can only start
# once the first has stopped for its departed client
curl -s -N -G --max-time 1 --data-urlencode "fen=$START" "$URL/api/analyse" >/dev/null
for _ in $(seq 100); do
    analyse --data-urlencode "fen=$START" --data-urlencode "movetime=50"
    [ "$CODE" = 200 ] && break
    sleep 0.1
done
expect_code 200

step "Stockfish: a move to play at a chosen strength"
analyse --data-urlencode "fen=$E4" --data-urlencode "movetime=100" --data-urlencode "elo=1400"
events
json_check "r = rows[-1]; assert r['event'] == 'done' and r['data']['bestmove']['fen'].split()[1] == 'w', r"
analyse --data-urlencode "fen=$E4" --data-urlencode "movetime=100" --data-urlencode "skill=3"
events
json_check "assert rows[-1]['event'] == 'done', rows[-1]"

step "Stockfish: sanity=1 names the field that changes the verdict, and skips what no game reaches"
analyse --data-urlencode "fen=8/8/8/4k3/8/4K3/4P3/8 b - - 0 1" --data-urlencode "sanity=1" --data-urlencode "nodes=50000"
events
json_check "
assert [r['event'] for r in rows] == ['base', 'check', 'done'], rows
base, check, done = (r['data'] for r in rows)
assert base['verdict'] == 'white-wins' and base['checks'] == 1, base
assert check['field'] == 'side' and check['fen'] == '8/8/8/4k3/8/4K3/4P3/8 w - - 0 1', check
assert check['verdict'] == 'draw' and check['changes_verdict'] and 'Check field 2 (side)' in check['message'], check
assert done['changes'] == 1 and done['nodes'] == 50000, done
"
# White to move with Black in check from the rook: Black to move cannot be
analyse --data-urlencode "fen=4k3/8/8/8/8/8/8/4RK2 b - - 0 1" --data-urlencode "sanity=1" --data-urlencode "nodes=20000"
events
json_check "
checks = [r['data'] for r in rows if r['event'] == 'check']
assert rows[-1]['event'] == 'done' and len(checks) == 1 and 'skipped' in checks[0], rows
"
stop_server
pass
