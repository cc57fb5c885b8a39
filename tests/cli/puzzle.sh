# fenkit puzzle check and make: puzzles read from the lichess CSV and EPD,
# bad lines reported one by one, the good ones passed on; the engine's
# judgement with real Stockfish (skipped when it is not installed) and a
# crashing fake engine.
source "$(dirname "$0")/lib/common.bash" "$1"
D="$FENKIT_TEST_DATA/puzzles"
FAKE="$FENKIT_TEST_DATA/engine/fake-engine"

step "usage errors"
for args in "" "check" "check a b" "frobnicate $D/small.csv" "check --json --write $D/small.csv" \
    "check --win x $D/small.csv" "check --margin -1 $D/small.csv" "check -j 0 $D/small.csv" \
    "check --per-game 2 $D/small.csv" "make --json $D/games.pgn" "check --nodes 5 --depth 3 $D/small.csv"; do
    fk puzzle $args
    expect_rc 2
    err_has "fenkit puzzle"
done
fk puzzle check --engine /usr/games/stockfish "$D/small.csv"
expect_rc 2
err_has "write --engine=PATH (with '=')"
fk puzzle --help
expect_rc 0
out_has "Exit status"
out_has "--margin P"
fk --help
out_has "puzzle"

step "good puzzles, CSV and EPD, without an engine"
fk puzzle check "$D/small.csv"
expect_rc 0
out_is "2 puzzles checked: 2 good, 0 with problems"
fk puzzle check --json "$D/small.csv"
expect_rc 0
json_check '
assert [r["id"] for r in rows] == ["fkBack1", "fkFork1"], rows
assert all(r["ok"] and r["format"] == "csv" and r["problems"] == [] for r in rows), rows
assert [r["line"] for r in rows] == [2, 3] and [r["moves"] for r in rows] == [2, 4], rows'

step "every bad line reported with its line number and id, the others still read"
fk puzzle check "$D/bad.csv"
expect_rc 1
out_has "bad.csv:2: puzzle fkIllegal: move 2 'e1e9' is not legal"
out_has "bad.csv:3: puzzle fkBadFen: the FEN: Rank 1 has 7 squares"
out_has "bad.csv:4: puzzle fkShort: fewer than 3 columns"
out_has "bad.csv:5: puzzle fkOdd: the Moves column needs the opponent's move and at least one reply"
out_has "bad.csv:6: puzzle fkRating: the Rating column 'high' is not a whole number"
out_has "bad.csv:9: puzzle fkNoKing: the FEN: White has no king"
out_lacks "fkGood"
out_has "9 puzzles checked: 3 good, 6 with problems"

step "--write passes the header and the good puzzles through unchanged"
fk puzzle check --write "$D/bad.csv"
expect_rc 1
{ head -1 "$D/bad.csv"; grep -E '^fk(Good|Wrong|Quoted),' "$D/bad.csv"; } >"$TMP/want_written"
cmp -s "$TMP/want_written" "$TMP/out" || fail "--write did not pass exactly the header and the good lines"
err_has "puzzle fkIllegal"
err_has "9 puzzles checked: 3 good, 6 with problems"
fk puzzle check --write "$D/small.csv"
expect_rc 0
cmp -s "$TMP/out" "$D/small.csv" || fail "--write of good puzzles changed them"

step "a progress bar on a terminal, none in a pipe"
if command -v script >/dev/null; then
    script -qec "'$FENKIT' puzzle check '$D/small.csv'" /dev/null >"$TMP/tty" </dev/null
    grep -qF "[##############################] 3/3 lines" "$TMP/tty" || fail "no progress bar on a terminal"
fi
fk puzzle check "$D/small.csv"
! grep -qF "[#" "$TMP/err" || fail "a progress bar went into a pipe"

step "EPD: bm is the solution, id the name"
fk puzzle check --json "$D/small.epd"
expect_rc 1
json_check '
ids = {r["id"]: r for r in rows}
assert ids["epdBack"]["ok"] and ids["epdWrong"]["ok"] and ids["epdBack"]["format"] == "epd", rows
assert "no bm operation" in ids["epdNoBm"]["problems"][0], rows
assert "bm '"'"'Qd8'"'"' is not a legal move" in ids["epdIllegal"]["problems"][0], rows'

step "a file that cannot be read"
fk puzzle check "$TMP/none.csv"
expect_rc 1
err_has "cannot read"

step "an engine that crashes: every puzzle says so, and the run goes on"
FAKE_ENGINE_MODE=crash fk puzzle check --engine="$FAKE" -j 2 "$D/small.csv"
expect_rc 1
out_lacks "fkBack1: the engine failed" # a mating solution needs no engine
out_has "puzzle fkFork1: the engine failed at move 2"
out_has "2 puzzles checked with the engine: 1 good, 1 with problems"
fk puzzle check --engine=/nonexistent/engine "$D/small.csv"
expect_rc 1
out_has "cannot run the engine '/nonexistent/engine'"

SF=$(command -v stockfish || echo /usr/games/stockfish)
if [ ! -x "$SF" ]; then
    echo "SKIP [$TEST_NAME] Stockfish is not installed: the engine steps are skipped" >&2
    exit 0
fi

step "Stockfish: the good puzzles are the only wins"
fk puzzle check --engine --nodes 50000 -j 2 "$D/small.csv"
expect_rc 0
out_is "2 puzzles checked with the engine: 2 good, 0 with problems"

step "Stockfish: a wrong solution, a move that does not win"
fk puzzle check --engine --nodes 50000 "$D/bad.csv"
expect_rc 1
out_has "puzzle fkWrong: move 2: the engine plays Ne7+"
out_has "not the solution's Nf6+"
fk puzzle check --engine="$SF" --nodes 50000 "$D/small.epd"
expect_rc 1
out_has "puzzle epdWrong: move 1: the engine plays Re8# (#1), not the solution's Re7"
out_lacks "epdBack"

step "Stockfish: a stricter margin than any position can meet refuses the fork"
fk puzzle check --engine --nodes 50000 --win 99 "$D/small.csv"
expect_rc 1
out_has "puzzle fkFork1: move 2: the solution's Ne7+ does not win"

step "Stockfish: puzzles made from games, one broken game reported and passed by"
fk puzzle make --nodes 20000 -j 2 "$D/games.pgn"
expect_rc 1
err_has "game 2 (line 13, column 13): White's move 2: Ke3 is not legal"
err_has "puzzles made from 6 games"
head -1 "$TMP/out" | grep -q '^PuzzleId,FEN,Moves,' || fail "no CSV header"
grep -q ',r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,0,0,0,0,mate mateIn1 oneMove,https://example.org/game/1,$' "$TMP/out" ||
    fail "the Scholar's mate puzzle is missing"
grep -q ',0,0,0,0,[^,]*hangingPiece' "$TMP/out" || fail "the hanging knight is not tagged"
grep -q '^[0-9A-Za-z]\{8\},4q3/pp2k3/8/8/8/8/5PPP/4NBK1 b - - 0 1,e7d7 f1b5 [a-h1-8]\{4\} b5e8,0,0,0,0,[^,]*skewer' "$TMP/out" ||
    fail "the skewer (Bb5+, then Bxe8) is not found or not tagged"
grep -q ',3q4/5ppk/8/8/3N4/8/PPP5/3R2K1 b - - 0 1,h7h6 d4f5 [a-h1-8]\{4\} d1d8,0,0,0,0,[^,]*discoveredAttack' "$TMP/out" ||
    fail "the discovered attack (Nf5+, then Rxd8) is not found or not tagged"
grep -q ',4k3/pp4pp/8/2q5/8/1B6/PP4PP/R4K2 b - - 0 1,c5e5 a1e1 e5e1 f1e1,0,0,0,0,[^,]*pin' "$TMP/out" ||
    fail "the pin (Re1, the queen taken on the pin line) is not found or not tagged"
# the skewer and the discovered attack are not also taken for a pin
grep -E ',4k3/pp2k3/|,3q4/5ppk/' "$TMP/out" | grep -q ' pin' && fail "a skewer or discovered attack tagged as a pin"
cp "$TMP/out" "$TMP/made.csv"
step "Stockfish: every puzzle made passes puzzle check"
fk puzzle check --engine --nodes 20000 "$TMP/made.csv"
expect_rc 0
out_has "with problems"
out_has " 0 with problems"
step "Stockfish: the same id for the same puzzle"
fk puzzle make --nodes 20000 --per-game 1 "$D/games.pgn"
grep -q '^wMssk8Fy,' "$TMP/out" || fail "the Scholar's mate id changed"
echo "PASS [$TEST_NAME]"
