# fenkit epd: EPD lines checked and written back, as text and JSON; a bad
# line is reported with its line number and the others go on.
source "$(dirname "$0")/lib/common.bash" "$1"

RUY='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -'
step "operations written back, moves in standard SAN"
fk_in "$RUY bm Bb5 f1c4;  id \"Ruy or Italian\"; c0 \"two moves\"; ce 35; pv f1b5 a6 Ba4; hmvc 2; fmvn 3;\n" epd
expect_rc 0
out_is "$RUY bm Bb5 Bc4; id \"Ruy or Italian\"; c0 \"two moves\"; ce 35; pv Bb5 a6 Ba4; hmvc 2; fmvn 3;"

step "JSON: moves in SAN and UCI, numbers as numbers, counters in the FEN"
fk_in "$RUY bm Bb5 Bc4; id \"Ruy\"; ce -35; pv f1b5 a6 Ba4; acd 20; hmvc 2; fmvn 3; note free text;\n" epd --json
expect_rc 0
json_check '
r = rows[0]
assert r["line"] == 1
assert r["fen"].endswith(" w KQkq - 2 3"), r["fen"]
assert r["bm"] == ["Bb5", "Bc4"] and r["bm_uci"] == ["f1b5", "f1c4"]
assert r["pv"] == ["Bb5", "a6", "Ba4"] and r["pv_uci"] == ["f1b5", "a7a6", "b5a4"]
assert r["id"] == "Ruy" and r["ce"] == -35 and r["acd"] == 20
assert r["note"] == "free text"'

step "bad lines: said with their line, the rest still written"
fk_in "# a note\n\n$RUY bm Ke4;\n$RUY id \"x\"\nnot an epd\n4k3/8/8/8/8/8/8/4K3 b - - am Kd7;\n" epd
expect_rc 1
err_has "-:3: bm: "
err_has "-:4: byte "
err_has "does not end with ';'"
err_has "-:5: "
out_is "4k3/8/8/8/8/8/8/4K3 b - - am Kd7;"

step "files and their errors"
printf '%s\n' "$RUY bm Bb5;" >"$TMP/a.epd"
fk epd "$TMP/a.epd" "$TMP/missing.epd"
expect_rc 1
out_has "$RUY bm Bb5;"
err_has "missing.epd: No such file or directory"
fk epd --help
expect_rc 0
out_has "Exit status"
echo "ok [$TEST_NAME]"
