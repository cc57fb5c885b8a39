# Lines of standard input as editors and other programs write them: a
# UTF-8 byte-order mark, blank lines at the end, and lines that are no FEN
# at all (one error each, not one per byte).
source "$(dirname "$0")/lib/common.bash" "$1"
BOM=$'\xef\xbb\xbf'

step "a byte-order mark before the first FEN"
for command in check explain show normalize moves; do
    fk_in "$BOM$START\n" "$command"
    expect_rc 0
done
fk_in "$BOM$START\n$KINGS_ONLY\n" normalize
out_is "$START\n$KINGS_ONLY"
fk_in "$BOM$START\n" perft 1
expect_rc 0
out_has "20"
fk_in "$BOM$START\n" render --format svg
expect_rc 0
out_has "<svg"

step "blank lines at the end are no input"
for command in check explain show normalize moves; do
    fk_in "$START\n\n" "$command"
    expect_rc 0
    fk_in "$START\r\n\r\n\r\n" "$command"
    expect_rc 0
done
fk_in "$START\n\n\n" perft 1
expect_rc 0
fk_in "$START\n\n\n" check --json
json_check 'assert len(rows) == 1, rows'

step "a blank line between FENs is still reported, with its number"
fk_in "$START\n\n\n$KINGS_ONLY\n\n" check --json
expect_rc 1
json_check '
assert [r["line"] for r in rows] == [1, 2, 3, 4], rows
assert [r["valid"] for r in rows] == [True, False, False, True], rows
'
fk_in "$START\n\n$KINGS_ONLY\n" normalize
expect_rc 1
out_is "$START\n$KINGS_ONLY"
err_has "line 2: "

step "a line that is no FEN at all: one error"
for i in $(seq 14); do echo "this is not a FEN, line $i"; done >"$TMP/garbage"
"$FENKIT" normalize <"$TMP/garbage" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 1
[ "$(wc -l <"$TMP/err")" = 14 ] || fail "$(wc -l <"$TMP/err") error lines for 14 bad lines"
err_has "line 14: not a FEN"
fk_in "hello world\n$START\n" check --json
expect_rc 1
json_check '
assert len(rows[0]["problems"]) == 1, rows[0]
assert rows[0]["problems"][0]["code"] == "not-a-fen", rows[0]
assert rows[1]["valid"], rows[1]
'
fk_in "hello world\n$START\n" moves
expect_rc 1
out_has "Nf3"
[ "$(wc -l <"$TMP/err")" = 2 ] || fail "moves: more than a line for the bad line and its skip"
err_has "not a FEN"
fk perft 'hello world' 1
expect_rc 1
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "perft: more than one error line"
fk render garbage --format svg
expect_rc 1
err_has "not a FEN"

step "a broken FEN is still read field by field"
fk check --json "$SHORT_RANK"
json_check 'assert rows[0]["problems"][0]["code"] == "rank-length", rows[0]'
fk check --json 'rnbqkbnr w KQkq - 0 1'
json_check 'assert rows[0]["problems"][0]["code"] != "not-a-fen", rows[0]'

pass
