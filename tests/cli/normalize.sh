# fenkit normalize: canonical FENs out, errors on stderr with line numbers,
# failed lines left out, stdin and arguments.
source "$(dirname "$0")/lib/common.bash" "$1"

step "arguments: canonical FENs, one per line"
fk normalize "$START" "$E4"
expect_rc 0
err_empty
out_is "$START\n$E4_LEGAL"

step "--ep always keeps the en passant square"
fk normalize --ep always "$E4"
expect_rc 0
out_is "$E4"
fk normalize --ep=legal "$E4"
out_is "$E4_LEGAL"

step "a FEN typed without quotes"
fk normalize $E4
expect_rc 0
out_is "$E4_LEGAL"

step "standard input with a bad line and an empty line among good ones"
fk_in "$START\n$SHORT_RANK\n$KINGS_ONLY\n\n$E4\n" normalize
expect_rc 1
out_is "$START\n$KINGS_ONLY\n$E4_LEGAL"
err_has "line 2: "
err_has "line 4: "
# every error names one of the failed lines
if grep -v -E '^line (2|4): .+' "$TMP/err" | grep -q .; then fail "stderr has lines not about line 2 or 4"; fi

step "rule errors are errors too: a position no game can reach is left out"
fk_in "$PAWN_ON_8\n$START\n$NO_KINGS\n" normalize
expect_rc 1
out_is "$START"
err_has "line 1: "
err_has "line 3: "

step "CRLF line ends and a last line without a newline"
fk_in "$START\r\n$E4\r\n$KINGS_ONLY" normalize
expect_rc 0
out_is "$START\n$E4_LEGAL\n$KINGS_ONLY"

step "standard input and arguments agree"
fk_in "$E4\n$KINGS_ONLY\n" normalize --ep always
cp "$TMP/out" "$TMP/from_stdin"
fk normalize --ep always "$E4" "$KINGS_ONLY"
cmp -s "$TMP/out" "$TMP/from_stdin" || fail "stdin and argument output differ"

step "--tolerant: extra spaces and missing counters"
fk normalize '  8/8/8/4k3/8/8/8/4K3   w  -  -  '
expect_rc 1
out_is ""
err_has "FEN 1: "
fk normalize --tolerant '  8/8/8/4k3/8/8/8/4K3   w  -  -  '
expect_rc 0
out_is "$KINGS_ONLY"
err_empty

step "en passant conventions on real game plies (tests/data/cli/ep_pairs.tsv)"
pairs=${FENKIT_TEST_DATA:?FENKIT_TEST_DATA is not set}/cli/ep_pairs.tsv
cut -f1 "$pairs" >"$TMP/spec"
cut -f2 "$pairs" >"$TMP/legal"
"$FENKIT" normalize <"$TMP/spec" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 0
cmp -s "$TMP/out" "$TMP/legal" || fail "--ep legal differs from the legal column: $(diff "$TMP/out" "$TMP/legal" | head -4)"
"$FENKIT" normalize --ep always <"$TMP/spec" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 0
cmp -s "$TMP/out" "$TMP/spec" || fail "--ep always differs from the spec column: $(diff "$TMP/out" "$TMP/spec" | head -4)"
"$FENKIT" normalize <"$TMP/legal" >"$TMP/out" 2>"$TMP/err"; RC=$?
cmp -s "$TMP/out" "$TMP/legal" || fail "normalizing a canonical FEN changed it"

step "a large input streams through, in order, with the bad lines reported"
python3 - "$START" "$E4" "$SHORT_RANK" >"$TMP/many" <<'PY'
import sys
start, e4, bad = sys.argv[1:4]
for i in range(60000):
    print(bad if i % 1000 == 999 else (start if i % 2 else e4))
PY
"$FENKIT" normalize <"$TMP/many" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 1
python3 - "$TMP/out" "$TMP/err" "$START" "$E4_LEGAL" <<'PY' || fail "large input: wrong output"
import sys
out = open(sys.argv[1]).read().split("\n")
err = open(sys.argv[2]).read().splitlines()
start, e4 = sys.argv[3:5]
want = [start if i % 2 else e4 for i in range(60000) if i % 1000 != 999]
assert out[-1] == "" and out[:-1] == want, (len(out), out[:3])
bad_lines = sorted({int(l.split(":")[0].split()[1]) for l in err})
assert bad_lines == [i + 1 for i in range(60000) if i % 1000 == 999], bad_lines[:5]
PY

step "a line too long to read is reported and the rest still read"
python3 -c 'import sys; sys.stdout.write("'"$START"'\n" + "8" * (3 << 20) + "\n'"$E4"'")' >"$TMP/long"
"$FENKIT" normalize <"$TMP/long" >"$TMP/out" 2>"$TMP/err"; RC=$?
expect_rc 1
out_is "$START\n$E4_LEGAL"
err_has "line 2: longer than"

step "empty standard input: nothing out, exit 0"
fk_in "" normalize
expect_rc 0
out_is ""

step "a failed write is reported"
if [ -w /dev/full ]; then
    "$FENKIT" normalize "$START" >/dev/full 2>"$TMP/err"; RC=$?
    expect_rc 1
    err_has "writing standard output"
fi

step "usage errors exit 2"
fk normalize --json "$START"
expect_rc 2
err_has "unknown option '--json'"
fk normalize --ep "$START"
expect_rc 2

pass
