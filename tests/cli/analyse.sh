# fenkit analyse with real Stockfish at small node counts (Threads 1, so
# every run gives the same lines), and with the fake engine that
# misbehaves (tests/data/engine/fake-engine).
source "$(dirname "$0")/lib/common.bash" "$1"
FAKE="$FENKIT_TEST_DATA/engine/fake-engine"
# the JSON of a search without its speed, which changes from run to run
strip_speed() { sed -E 's/"(nps|time_ms)":[0-9]+/"\1":0/g' "$1"; }

step "usage errors"
for args in "--depth x startpos" "--depth 3 --nodes 10 startpos" "--multipv 17 startpos" "-j 2 startpos" \
    "" "--batch $TMP/none startpos" "--frobnicate startpos" "--timeout 0 startpos"; do
    fk analyse $args
    expect_rc 2
    err_has "fenkit analyse"
done

step "the start position, in text"
fk analyse --nodes 5000 startpos
expect_rc 0
out_has "Position    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
out_has "Engine      Stockfish"
out_has "from White's view;"
out_has "for White, to move"
out_has "Lines        1"
out_has "1. "
out_has "nodes in"

step "the same answer every run at a fixed node count"
fk analyse --nodes 20000 --multipv 2 --json startpos moves e4
expect_rc 0
strip_speed "$TMP/out" >"$TMP/first"
fk analyse --nodes 20000 --multipv 2 --json startpos moves e4
strip_speed "$TMP/out" | cmp -s - "$TMP/first" || fail "two runs at 20000 nodes differ"

step "JSON: scores from both sides, pv in UCI and SAN, checked by fenkit play"
fk analyse --nodes 20000 --multipv 3 --json 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3'
expect_rc 0
json_check '
[r] = rows
assert r["status"] == "analysed" and r["side"] == "black", r
assert [l["multipv"] for l in r["lines"]] == [1, 2, 3], r["lines"]
for l in r["lines"]:
    w, m = l["white"], l["mover"]
    assert list(w) == list(m) and list(w.values())[0] == -list(m.values())[0], l
    assert l["san"].startswith("3... ") and len(l["pv"]) >= 1 and l["depth"] > 0 and l["nodes"] > 0, l
assert r["bestmove"]["uci"] == r["lines"][0]["pv"][0], r
assert r["verdict"] in ("white-wins", "draw", "black-wins")
open("'"$TMP"'/pv", "w").write(" ".join(r["lines"][0]["pv"]))
'
"$FENKIT" play 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3' $(cat "$TMP/pv") >/dev/null ||
    fail "the pv is not legal for fenkit play"

step "checkmate and stalemate are answered without an engine"
fk analyse --engine /nonexistent/engine 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
expect_rc 0
out_has "Checkmate: White is mated, Black has won. The engine is not asked."
fk analyse --json --engine /nonexistent/engine '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
expect_rc 0
json_check 'assert rows[0]["status"] == "stalemate" and rows[0]["result"] == "1/2-1/2", rows'

step "a fivefold repetition and the 75-move rule reached by the moves end the game, no engine asked"
SHUFFLE="g1f3 g8f6 f3g1 f6g8"
fk analyse --engine /nonexistent/engine "startpos moves $SHUFFLE $SHUFFLE $SHUFFLE $SHUFFLE"
expect_rc 0
out_has "Draw: the position has stood five times, which ends the game. The engine is not asked."
fk analyse --json --engine /nonexistent/engine '7k/8/8/8/8/8/8/K5R1 w - - 149 90 moves a1b1'
expect_rc 0
json_check 'assert rows[0]["status"] == "seventy-five-move-rule" and rows[0]["result"] == "1/2-1/2", rows'

step "an impossible position is refused with the checker's reasons, no engine asked"
fk analyse --engine /nonexistent/engine "$PAWN_ON_8"
expect_rc 1
err_has "no game can reach this position, so the engine is not asked"
err_has "[pawn-on-back-rank]"
err_has "fix:"
fk analyse --engine /nonexistent/engine "$OPPONENT_CHECK"
expect_rc 1
err_has "[opponent-in-check]"
fk analyse 'not a fen'
expect_rc 1
err_has "not a FEN"
fk analyse startpos moves e4 e4
expect_rc 1
err_has "e4"

step "a missing engine is a clear error"
fk analyse --engine /nonexistent/engine startpos
expect_rc 1
err_has "cannot run the engine '/nonexistent/engine'"

step "--sanity: the side to move decides a king and pawn ending"
fk analyse --sanity --nodes 50000 '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'
expect_rc 0
out_has "Sanity      With Black to move White wins ("
out_has "with White to move it is a draw ("
out_has "Check field 2 (side)."

step "--sanity: a draw that no change upsets"
fk analyse --sanity --nodes 20000 '4k3/8/8/8/8/8/8/4K2R b K - 0 1'
expect_rc 0
out_has "Sanity      no change of side to move, castling rights or en passant square moves the verdict (2 positions asked)"

step "--sanity --json lists every variant, castling rights and en passant squares"
fk analyse --sanity --json --nodes 5000 'r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1'
expect_rc 0
json_check '
s = rows[0]["sanity"]
names = [c["variant"] for c in s["checks"]]
assert names == ["White to move", "without castling right Q", "without castling right K",
                 "without castling right q", "without castling right k", "without en passant square e3"], names
assert s["win_cp"] == 150 and s["changes"] == sum(c["changes_verdict"] for c in s["checks"])
assert all("message" in c for c in s["checks"] if c["changes_verdict"])
'
fk analyse --sanity --json --nodes 5000 '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1'
expect_rc 0
json_check '
names = [c["variant"] for c in rows[0]["sanity"]["checks"]]
assert names == ["Black to move"], names
'
fk analyse --sanity --json --nodes 5000 '4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1'
json_check '
names = [c["variant"] for c in rows[0]["sanity"]["checks"]]
assert names == ["White to move", "with en passant square e3"], names
'

step "Chess960: Shredder castling sets UCI_Chess960"
fk analyse --nodes 5000 --json 'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1'
expect_rc 0
json_check 'assert rows[0]["status"] == "analysed", rows'

step "--batch: input order, bad lines on stderr with their numbers, the rest done"
cat >"$TMP/batch" <<'LINES'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
# a comment

4k2P/8/8/8/8/8/8/4K3 w - - 0 1
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "EPD";
not a fen at all
startpos moves e4 e5 Nf3
rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
LINES
fk analyse --batch "$TMP/batch" -j 2 --nodes 5000
expect_rc 1
err_has "line 4: cannot analyse"
err_has "line 6: cannot analyse 'not a fen at all'"
json_check '
assert [r["line"] for r in rows] == [1, 4, 5, 6, 7, 8], rows
assert [r.get("status", "error") for r in rows] == ["analysed", "error", "analysed", "error", "analysed", "checkmate"]
assert rows[2]["fen"].endswith(" w KQkq - 0 1"), rows[2]
'
strip_speed "$TMP/out" >"$TMP/j2"
fk analyse --batch "$TMP/batch" -j 1 --nodes 5000
strip_speed "$TMP/out" | cmp -s - "$TMP/j2" || fail "-j 1 and -j 2 differ"
# the same file gzip- and bzip2-compressed (made with Python's modules)
python3 -c 'import bz2, gzip, sys
data = open(sys.argv[1], "rb").read()
open(sys.argv[1] + ".gz", "wb").write(gzip.compress(data))
open(sys.argv[1] + ".bz2", "wb").write(bz2.compress(data))
open(sys.argv[1] + ".cut", "wb").write(gzip.compress(data)[:-12])' "$TMP/batch"
for compressed in "$TMP/batch.gz" "$TMP/batch.bz2"; do
    fk analyse --batch "$compressed" -j 2 --nodes 5000
    expect_rc 1
    strip_speed "$TMP/out" | cmp -s - "$TMP/j2" || fail "$(basename "$compressed") differs from the plain file"
done
fk analyse --batch "$TMP/batch.cut" -j 2 --nodes 5000
expect_rc 1
err_has "batch.cut: the gzip data ends in the middle of a stream (cut short?)"
json_check 'assert [r["line"] for r in rows][:3] == [1, 4, 5], rows'
fk analyse --batch "$TMP/missing"
expect_rc 1
err_has "fenkit analyse: cannot read $TMP/missing: No such file or directory"
fk_in 'startpos\n8/8/8/8/8/8/8/8 w - - 0 1\n' analyse --batch - --depth 1
expect_rc 1
err_has "line 2:"

step "fenkit explain --engine: the engine's view and --sanity's verdict changes after the explanation"
fk explain --engine stockfish '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'
expect_rc 0
out_has "Black to move"
out_has "The engine's view:"
out_has "Engine      Stockfish"
out_has "Sanity      With Black to move White wins ("
fk explain --engine /nonexistent/engine "$PAWN_ON_8"
expect_rc 1
out_lacks "The engine's view:"
fk show --engine stockfish startpos
expect_rc 2
err_has "unknown option '--engine'"

step "a misbehaving engine: clear errors, and the next position gets a fresh engine"
for mode in crash:crashed hang:"did not answer in time" illegal-bestmove:"best move 'e2e5' is not legal" \
    illegal-pv:"pv has an illegal move" garbage:garbage; do
    FAKE_ENGINE_MODE=${mode%%:*} fk analyse --engine "$FAKE" --timeout 1 startpos
    expect_rc 1
    err_has "${mode#*:}"
done
printf 'startpos\nstartpos\n' >"$TMP/two"
FAKE_ENGINE_MODE=crash fk analyse --engine "$FAKE" --batch "$TMP/two"
expect_rc 1
err_has "line 1: cannot analyse 'startpos': the engine crashed"
err_has "line 2: cannot analyse 'startpos': the engine crashed"
FAKE_ENGINE_MODE=good fk analyse --engine "$FAKE" startpos
expect_rc 0
out_has "Engine      Fake Engine 1.0"
out_has "1. e4 e5 2. Nf3"

step "moves played from the position go to the engine with it, so it sees repetitions"
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FAKE_ENGINE_LOG=$TMP/engine.log fk analyse --engine "$FAKE" "$START" moves Nf3 Nf6 g1g3 Ng8
expect_rc 1
err_has "move 3, 'g1g3'"
FAKE_ENGINE_LOG=$TMP/engine.log fk analyse --engine "$FAKE" "$START" moves Nf3 Nf6 Ng1 Ng8
expect_rc 0
out_has "Position    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
sent=$(grep '^position' "$TMP/engine.log")
[ "$sent" = "position fen $START moves g1f3 g8f6 f3g1 f6g8" ] || fail "the engine was sent: $sent"
rm "$TMP/engine.log"
FAKE_ENGINE_LOG=$TMP/engine.log fk analyse --engine "$FAKE" startpos moves Nf3 Nf6 Ng1 Ng8
expect_rc 0
sent=$(grep '^position' "$TMP/engine.log")
[ "$sent" = "position fen $START moves g1f3 g8f6 f3g1 f6g8" ] || fail "the engine was sent: $sent"
pass
