# fenkit check: verdicts, problems, JSON Lines, exit codes, stdin and arguments.
source "$(dirname "$0")/lib/common.bash" "$1"

step "a valid FEN as an argument"
fk check "$START"
expect_rc 0
out_has "valid"
out_has "canonical FEN: $START"
out_has "a  b  c  d  e  f  g  h"
out_lacks "invalid"

step "the canonical FEN follows --ep"
fk check "$E4"
expect_rc 0
out_has "canonical FEN: $E4_LEGAL"
fk check --ep always "$E4"
expect_rc 0
out_has "canonical FEN: $E4"
fk check --ep=always "$E4"
expect_rc 0
out_has "canonical FEN: $E4"

step "an invalid FEN: exit 1, problem with its code and a fix, square marked"
fk check "$PAWN_ON_8"
expect_rc 1
out_has "invalid"
out_has "[pawn-on-back-rank]"
out_has "h8"
out_has "fix:"
# without colour the problem square is framed on the board
grep -q '^8 .*\[' "$TMP/out" || fail "rank 8 of the board has no framed square"

step "colours only on a terminal without NO_COLOR"
grep -q $'\x1b' "$TMP/out" && fail "colour escapes written to a pipe"
if script -qec true /dev/null >/dev/null 2>&1; then
    env -u NO_COLOR script -qec "'$FENKIT' check '$PAWN_ON_8'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\x1b\[1;31minvalid' "$TMP/out" || fail "verdict not coloured on a terminal"
    grep -q $'\x1b\[48;5;167m' "$TMP/out" || fail "problem square not coloured on a terminal"
    NO_COLOR=1 script -qec "'$FENKIT' check '$PAWN_ON_8'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\x1b' "$TMP/out" && fail "colours despite NO_COLOR"
    grep -q '^8 .*\[' "$TMP/out" || fail "problem square not framed with NO_COLOR"
fi

step "one bad FEN among good ones: exit 1, every FEN reported"
fk check "$START" "$SHORT_RANK" "$KINGS_ONLY"
expect_rc 1
out_has "FEN 1: $START"
out_has "FEN 2: $SHORT_RANK"
out_has "FEN 3: $KINGS_ONLY"
out_has "[rank-length]"
out_has "checked 3 FENs: 2 valid, 1 invalid"

step "a FEN typed without quotes is one FEN"
fk check --json $START $KINGS_ONLY
expect_rc 0
json_check '
assert len(rows) == 2, rows
assert rows[0]["input"] == "'"$START"'", rows[0]
assert rows[1]["fen"] == "'"$KINGS_ONLY"'", rows[1]
'

step "JSON: one object per input in input order, with the documented fields"
fk_in "$START\n$SHORT_RANK\n\n$OPPONENT_CHECK\n$E4\n$NO_KINGS\n" check --json
expect_rc 1
err_empty
json_check '
assert len(rows) == 6, len(rows)
for number, row in enumerate(rows, 1):
    for key in ("line", "input", "valid", "fen", "problems", "status"):
        assert key in row, (key, row)
    assert row["line"] == number, row
    assert isinstance(row["valid"], bool)
    assert isinstance(row["problems"], list)
    for p in row["problems"]:
        assert set(("code", "severity", "field", "offset", "message", "fix", "squares")) <= set(p), p
        assert p["severity"] in ("error", "warning", "note"), p
        assert p["offset"] is None or isinstance(p["offset"], int), p
        assert isinstance(p["message"], str) and p["message"], p
        assert isinstance(p["fix"], str), p
        assert all(isinstance(s, str) and len(s) == 2 and s[0] in "abcdefgh" and s[1] in "12345678"
                   for s in p["squares"]), p
    has_error = any(p["severity"] == "error" for p in row["problems"])
    assert row["valid"] == (not has_error), row
    if row["valid"]:
        assert isinstance(row["fen"], str) and isinstance(row["status"], list), row
    else:
        assert row["fen"] is None and row["status"] is None, row
codes = [[p["code"] for p in row["problems"]] for row in rows]
assert rows[0]["valid"] and rows[0]["fen"] == rows[0]["input"], rows[0]
assert not rows[1]["valid"] and "rank-length" in codes[1], rows[1]
rank = [p for p in rows[1]["problems"] if p["code"] == "rank-length"][0]
assert rank["field"] == "placement" and rank["offset"] is not None, rank
assert rows[2]["input"] == "" and not rows[2]["valid"] and "empty-input" in codes[2], rows[2]
assert not rows[3]["valid"] and "opponent-in-check" in codes[3], rows[3]
check = [p for p in rows[3]["problems"] if p["code"] == "opponent-in-check"][0]
assert "e8" in check["squares"], check
assert rows[4]["valid"] and rows[4]["fen"] == "'"$E4_LEGAL"'", rows[4]
assert not rows[5]["valid"] and "no-king" in codes[5], rows[5]
'

step "JSON: awkward bytes in the input stay valid JSON"
fk_in 'a "quoted" \\ back\tslash \xff\xfe bytes\n\xe2\x99\x94 king\n' check --json
expect_rc 1
json_check '
assert len(rows) == 2, rows
assert rows[0]["input"] == "a \"quoted\" \\ back\tslash \ufffd\ufffd bytes", rows[0]["input"]
assert rows[1]["input"] == "\u2654 king", rows[1]["input"]
'

step "standard input: CRLF line ends, an empty line reported, not skipped"
fk_in "$START\r\n\r\n$KINGS_ONLY\r\n" check --json
expect_rc 1
json_check '
assert [r["line"] for r in rows] == [1, 2, 3], rows
assert rows[0]["valid"] and rows[2]["valid"], rows
assert rows[0]["input"] == "'"$START"'", rows[0]
assert not rows[1]["valid"] and rows[1]["problems"][0]["code"] == "empty-input", rows[1]
'

step "standard input for people: each line labelled, a summary at the end"
fk_in "$START\n\n$KINGS_ONLY\n" check
expect_rc 1
out_has "line 1: $START"
out_has "line 2: "
out_has "[empty-input]"
out_has "checked 3 FENs: 2 valid, 1 invalid"

step "all valid on standard input: exit 0"
fk_in "$START\n$KINGS_ONLY" check --json
expect_rc 0
json_check 'assert len(rows) == 2 and all(r["valid"] for r in rows), rows'

step "--tolerant fills missing counters and says so"
fk check --json '8/8/8/4k3/8/8/8/4K3 w - -'
expect_rc 1
json_check 'assert not rows[0]["valid"] and rows[0]["problems"], rows'
fk check --json --tolerant '8/8/8/4k3/8/8/8/4K3 w - -'
expect_rc 0
json_check '
assert rows[0]["valid"] and rows[0]["fen"] == "'"$KINGS_ONLY"'", rows
assert any(p["code"] == "counters-filled" and p["severity"] == "note" for p in rows[0]["problems"]), rows
'

step "game status in JSON and words"
fk check --json "$KINGS_ONLY"
json_check 'assert rows[0]["status"] == ["insufficient-material"], rows[0]["status"]'
fk check --json '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'
expect_rc 0
json_check 'assert rows[0]["status"] == ["check"], rows[0]["status"]'
fk check '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'
out_has "status: Black to move, in check"
fk check --json 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1'
json_check 'assert set(rows[0]["status"]) >= {"checkmate"}, rows[0]["status"]'
fk check 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1'
out_has "status: Black is checkmated, White wins"

step "a line longer than the reader takes is reported and the next line read"
python3 -c 'import sys; sys.stdout.write("x" * (1 << 21) + "\n'"$START"'\n")' >"$TMP/long"
"$FENKIT" check --json <"$TMP/long" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 1
json_check '
assert len(rows) == 2, len(rows)
assert rows[0]["problems"][0]["code"] == "line-too-long" and not rows[0]["valid"], rows[0]
assert rows[1]["line"] == 2 and rows[1]["valid"], rows[1]
'

step "usage errors exit 2"
fk check --bogus "$START"
expect_rc 2
err_has "unknown option '--bogus'"
fk check --ep sometimes "$START"
expect_rc 2
err_has "--ep takes legal or always"
fk check --ep
expect_rc 2
fk check --flip "$START"
expect_rc 2

step "a failed write is reported"
if [ -w /dev/full ]; then
    "$FENKIT" check "$START" >/dev/full 2>"$TMP/err"; RC=$?
    expect_rc 1
    err_has "writing standard output"
fi

step "-- ends the options"
fk check --json -- "$START"
expect_rc 0
json_check 'assert len(rows) == 1 and rows[0]["valid"], rows'

pass
