# fenkit pgn --write on PGN: comments, NAGs and variations kept (and read
# back the same), --strip, --fen-comments, --split.
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}

step "nested variations and comments come back where they were"
fk_in '[Event "x"]\n{Game start}\n1. e4! {good} e5?! 2. Nf3 (2. d4 {center} exd4 (2... Nc6) 3. c3) (2. f4) 2... Nc6 $14 3. Bb5 *\n' pgn --write
expect_rc 0
out_has '{Game start} 1. e4 $1 {good} 1... e5 $6 2. Nf3 (2. d4 {center} 2... exd4'
out_has '(2... Nc6) 3. c3) (2. f4) 2... Nc6 $14 3. Bb5 *'

step "every position, comment and NAG read back the same from the files of tests/data"
for f in "$DATA"/pgn/pythonchess_molinari-bordais-1979.pgn "$DATA"/pgn/pythonchess_kasparov-deep-blue-1997.pgn \
         "$DATA"/pgn/chessjs_3.pgn "$DATA"/pgn/games1k_first200.pgn; do
    "$FENKIT" pgn --write <"$f" >"$TMP/rt.pgn" 2>/dev/null || fail "$f: --write failed"
    strip_tags() { sed 's/"game":[0-9]*,//; s/,"tags":{.*}}$/}/'; }
    "$FENKIT" pgn --json --variations "$f" 2>/dev/null | strip_tags >"$TMP/a"
    "$FENKIT" pgn --json --variations "$TMP/rt.pgn" 2>/dev/null | strip_tags >"$TMP/b"
    [ -s "$TMP/a" ] || fail "$f: nothing read"
    cmp -s "$TMP/a" "$TMP/b" || fail "$f: read back differently: $(diff "$TMP/a" "$TMP/b" | head -4)"
    "$FENKIT" pgn --write <"$TMP/rt.pgn" >"$TMP/rt2.pgn" 2>/dev/null
    cmp -s "$TMP/rt.pgn" "$TMP/rt2.pgn" || fail "$f: writing twice changes it"
done

step "--fen-comments: the FEN after each move"
fk_in '1. e4 {x} e5 *\n' pgn --write --fen-comments --strip
expect_rc 0
out_has '1. e4 {rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1} 1... e5'
out_lacks '{x}'

step "--split: N games a file, named from --out"
"$FENKIT" pgn --write --split 70 --out "$TMP/part" <"$DATA/pgn/games1k_first200.pgn" >"$TMP/out" 2>"$TMP/err"
RC=$?
expect_rc 0
err_has "200 games written to 3 files: $TMP/part-1.pgn to $TMP/part-3.pgn"
[ ! -s "$TMP/out" ] || fail "nothing goes to standard output with --split"
counts=$(for i in 1 2 3; do grep -c '^\[Event ' "$TMP/part-$i.pgn"; done | tr '\n' ' ')
[ "$counts" = "70 70 60 " ] || fail "games a file: $counts"
fk pgn --write --split 0
expect_rc 2
err_has "--split needs a number of games a file, not '0'"
fk pgn --split 3 "$DATA/pgn/chessjs_0.pgn"
expect_rc 2
err_has "go with --write"
"$FENKIT" pgn --write --split 1 --out "$TMP/nodir/x" <"$DATA/pgn/games1k_first200.pgn" >/dev/null 2>"$TMP/err"
RC=$?
expect_rc 1
err_has "nodir/x-1.pgn: No such file or directory"
step "--copy: the games as they were, byte for byte"
"$FENKIT" pgn --write --copy <"$DATA/pgn/games1k_first200.pgn" >"$TMP/copy.pgn" 2>"$TMP/err"
RC=$?
expect_rc 0
cmp -s "$DATA/pgn/games1k_first200.pgn" "$TMP/copy.pgn" || fail "copying every game changes the file"
fk_in '[Event "a"]\n\n1. e4 {kept as written}  e5 (1... c5) *\n\n[Event "b"]\n\n1. d4 d5 2. Ke3 *\n\n[Event "c"]\n\n1. c4 *\n' pgn --write --copy --plies 1-9
expect_rc 1 # game b's Ke3 is illegal: reported, not copied
out_is '[Event "a"]\n\n1. e4 {kept as written}  e5 (1... c5) *\n\n[Event "c"]\n\n1. c4 *\n'
err_has "Ke3"
fk pgn --write --copy --strip
expect_rc 2
err_has "--copy writes games as they were"
echo "ok [$TEST_NAME]"
