# fenkit learn-set and scan --set / --game on overhead frames of a real
# board (tests/data/physical: the start of one game, 1.d4 d5 2.Bf4): the
# set learnt from the first frame reads a later one wholly right; --game
# follows the moves; a damaged or foreign set file is refused plainly.
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}/physical
START_FRAME=$DATA/g6_f000036.jpg
D4_D5='rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR'
BF4='rnbqkbnr/ppp1pppp/8/3p4/3P1B2/8/PPP1PPPP/RN1QKBNR'

step "learn-set: help, and the usage errors"
fk learn-set --help
expect_rc 0
out_has "Usage: fenkit learn-set"
fk learn-set "$START_FRAME"
expect_rc 2
err_has "no set file given"
fk learn-set --bottom sideways "$START_FRAME" -o "$TMP/x.fks"
expect_rc 2
fk learn-set --fen 'not a fen' "$START_FRAME" -o "$TMP/x.fks"
expect_rc 2
err_has "--fen takes a FEN"

step "learn-set writes a set from the starting position"
fk learn-set "$START_FRAME" -o "$TMP/my.fks"
expect_rc 0
out_has "learnt the set in"
[ -s "$TMP/my.fks" ] || fail "no set file written"
[ "$(head -c 6 "$TMP/my.fks")" = "FKPSET" ] || fail "the set file does not start with its magic"

step "the same picture learnt twice gives the same file"
fk learn-set --bottom white "$START_FRAME" -o "$TMP/again.fks"
expect_rc 0
cmp -s "$TMP/my.fks" "$TMP/again.fks" || fail "learn-set is not deterministic"

step "scan --set reads a later frame of the game wholly right"
fk scan --fen-only --set "$TMP/my.fks" "$DATA/g6_f000532.jpg" "$DATA/g6_f000600.jpg"
expect_rc 0
out_is "$D4_D5 w KQkq - 0 1\n$BF4 w KQkq - 0 1"

step "scan --set --json: the bottom comes from the set, probabilities per square"
fk scan --json --set "$TMP/my.fks" "$DATA/g6_f000532.jpg"
expect_rc 0
json_check '
r = rows[0]
assert r["fen"].startswith("'"$D4_D5"' "), r["fen"]
assert r["bottom"] == "white", r["bottom"]
assert any("piece set was learnt from" in n for n in r["notes"]), r["notes"]
'

step "scan --game: the moves between the frames, as PGN"
fk scan --game --set "$TMP/my.fks" "$START_FRAME" "$DATA/g6_f000492.jpg" "$DATA/g6_f000532.jpg" \
    "$DATA/g6_f000600.jpg"
expect_rc 0
out_has '[Result "*"]'
out_has "1. d4 d5 2. Bf4 *"
out_lacks "SetUp"

step "scan --game --json: a FEN and a confidence a picture, the PGN last"
fk scan --game --json --set "$TMP/my.fks" "$START_FRAME" "$DATA/g6_f000492.jpg" \
    "$DATA/g6_f000532.jpg"
expect_rc 0
json_check '
assert len(rows) == 4, len(rows)
assert rows[1]["moves"] == ["d4"] and rows[2]["moves"] == ["d5"], rows
assert rows[2]["fen"].startswith("'"$D4_D5"' w "), rows[2]["fen"]
assert all(0 <= r["confidence"] <= 1 for r in rows[:3])
assert "1. d4 d5 *" in rows[3]["pgn"], rows[3]["pgn"]
'

step "scan --game: a picture that fits no successor is skipped and the game goes on"
# a screenshot of another game between the frames
fk scan --game --set "$TMP/my.fks" "$START_FRAME" "$DATA/g6_f000492.jpg" \
    "$FENKIT_TEST_DATA/scan/cv_03.jpg" "$DATA/g6_f000532.jpg" "$DATA/g6_f000600.jpg"
expect_rc 0
err_has "cv_03.jpg: skipped: no position within 3 plies of the last fits it"
out_has "1. d4 {cv_03.jpg skipped} 1... d5 2. Bf4 *"

step "a damaged set file: a plain error"
printf 'hello' >"$TMP/bad.fks"
fk scan --set "$TMP/bad.fks" "$DATA/g6_f000532.jpg"
expect_rc 2
err_has "not a fenkit piece-set file (.fks)"
head -c 100 "$TMP/my.fks" >"$TMP/short.fks"
fk scan --set "$TMP/short.fks" "$DATA/g6_f000532.jpg"
expect_rc 2
err_has "wrong length"
python3 - "$TMP/my.fks" "$TMP/flipped.fks" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[200] ^= 0x40
open(sys.argv[2], "wb").write(data)
PY
fk scan --set "$TMP/flipped.fks" "$DATA/g6_f000532.jpg"
expect_rc 2
err_has "checksum does not match"
python3 - "$TMP/my.fks" "$TMP/v9.fks" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[8] = 9
open(sys.argv[2], "wb").write(data)
PY
fk scan --set "$TMP/v9.fks" "$DATA/g6_f000532.jpg"
expect_rc 2
err_has "another version"
fk scan --set "$TMP/none.fks" "$DATA/g6_f000532.jpg"
expect_rc 2
err_has "cannot open the piece-set file"

step "--game takes no --all"
fk scan --game --all "$START_FRAME"
expect_rc 2

pass
