# fenkit show: the board with coordinates, flipped, ASCII, colour only on a
# terminal without NO_COLOR, the details line, problems marked.
source "$(dirname "$0")/lib/common.bash" "$1"

step "ASCII board of the start position"
fk show --ascii "$START"
expect_rc 0
err_empty
head -9 "$TMP/out" >"$TMP/board"
cat >"$TMP/want" <<'B'
8  r  n  b  q  k  b  n  r 
7  p  p  p  p  p  p  p  p 
6  .  .  .  .  .  .  .  . 
5  .  .  .  .  .  .  .  . 
4  .  .  .  .  .  .  .  . 
3  .  .  .  .  .  .  .  . 
2  P  P  P  P  P  P  P  P 
1  R  N  B  Q  K  B  N  R 
   a  b  c  d  e  f  g  h 
B
cmp -s "$TMP/want" "$TMP/board" || fail "the ASCII board differs: $(diff "$TMP/want" "$TMP/board")"
out_has "White to move | castling KQkq | en passant - | halfmove clock 0 | move 1"

step "--flip: rank 1 on top, files h to a"
fk show --flip --ascii "$E4"
expect_rc 0
[ "$(head -1 "$TMP/out")" = "1  R  N  B  K  Q  B  N  R " ] || fail "first line of the flipped board"
[ "$(sed -n 4p "$TMP/out")" = "4  .  .  .  P  .  .  .  . " ] || fail "rank 4 of the flipped board"
[ "$(sed -n 9p "$TMP/out")" = "   h  g  f  e  d  c  b  a " ] || fail "file letters of the flipped board"
out_has "Black to move | castling KQkq | en passant e3 | halfmove clock 0 | move 1"

step "Unicode symbols by default, no colour in a pipe"
fk show "$START"
expect_rc 0
out_has "♔"
out_has "♚"
grep -q $'\x1b' "$TMP/out" && fail "colour escapes written to a pipe"

step "colour on a terminal, none with NO_COLOR"
if script -qec true /dev/null >/dev/null 2>&1; then
    env -u NO_COLOR script -qec "'$FENKIT' show '$START'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\x1b\[48;5;' "$TMP/out" || fail "no background colours on a terminal"
    NO_COLOR=1 script -qec "'$FENKIT' show '$START'" /dev/null >"$TMP/out" 2>&1
    grep -q $'\x1b\[48;5;' "$TMP/out" && fail "colours despite NO_COLOR"
else
    echo "note [show]: 'script' cannot make a terminal here; colour checks not run" >&2
fi

step "notes (an en passant square nobody can use) are not framed or listed"
fk show --ascii "$E4"
expect_rc 0
out_lacks "["
out_lacks "ep-no-capture"

step "tolerant reading, unquoted FEN"
fk show --ascii '8/8/8/4k3/8/8/8/4K3   w'
expect_rc 0
out_has "White to move | castling - | en passant - | halfmove clock 0 | move 1"
fk show --ascii $START
expect_rc 0
out_has "castling KQkq"

step "a broken FEN: problem squares framed, problems listed, exit 1"
fk show --ascii "$PAWN_ON_8"
expect_rc 1
out_has "8  .  .  .  .  k  .  . [P]"
out_has "[pawn-on-back-rank]"
out_has "fenkit explain"

step "several FENs from standard input"
fk_in "$START\n$KINGS_ONLY\n" show --ascii
expect_rc 0
[ "$(grep -c 'a  b  c  d  e  f  g  h' "$TMP/out")" = 2 ] || fail "two boards expected"

step "usage errors exit 2"
fk show --json "$START"
expect_rc 2
fk show --ep always "$START"
expect_rc 2

pass
