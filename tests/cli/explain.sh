# fenkit explain: board, the position in words, problems with fixes.
source "$(dirname "$0")/lib/common.bash" "$1"
# said_has TEXT: stdout has TEXT once its wrapped lines are joined again.
said_has() {
    tr '\n' ' ' <"$TMP/out" | sed 's/  */ /g' | grep -qF -- "$1" || fail "stdout lacks '$1'"
}


step "a valid position: board, words, no problems"
fk explain "$START"
expect_rc 0
out_has "FEN: $START"
out_has "a  b  c  d  e  f  g  h"
out_has "No problems"
# the explanation itself sits between the board and the verdict
python3 - "$TMP/out" <<'PY' || fail "no explanation between the board and the verdict"
import sys
text = open(sys.argv[1], encoding="utf-8").read()
after_board = text.split("a  b  c  d  e  f  g  h", 1)[1]
words = after_board.split("No problems", 1)[0]
assert len(words.strip()) > 40, words
PY

step "a broken position: the problems with how to fix them, exit 1"
fk explain "$OPPONENT_CHECK"
expect_rc 1
out_has "Problems:"
out_has "[opponent-in-check]"
out_has "fix:"

step "a FEN that cannot be read: said so, errors listed"
fk explain "$SHORT_RANK"
expect_rc 1
out_has "could not be read"
out_has "[rank-length]"

step "an en passant square that cannot be used is worth knowing, not wrong"
fk explain "$E4"
expect_rc 0
out_has "FEN: $E4"

step "several FENs, unquoted and from standard input"
fk explain $START $KINGS_ONLY
expect_rc 0
out_has "FEN 1: $START"
out_has "FEN 2: $KINGS_ONLY"
fk_in "$START\r\n\r\n$KINGS_ONLY\r\n" explain
expect_rc 1
out_has "line 1: $START"
out_has "line 2: "
out_has "[empty-input]"
out_has "line 3: $KINGS_ONLY"

step "--tolerant: missing counters are filled in, with a note"
fk explain '8/8/8/4k3/8/8/8/4K3 w - -'
expect_rc 1
out_has "[missing-field]"
fk explain --tolerant '8/8/8/4k3/8/8/8/4K3 w - -'
expect_rc 0
out_has "Worth knowing:"
out_has "[counters-filled]"

step "the placement read rank by rank; --brief leaves it out"
fk explain 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
expect_rc 0
out_has "Placement, rank by rank:"
said_has "pp1ppppp: rank 7, black pawns on a7 and b7, c7 empty, pawns on d7 to h7"
out_has "8: rank 6 is empty"
said_has "2p5: rank 5, two empty squares, a black pawn on c5, five empty squares"
out_has "rnbqkbnr: rank 8, all black pieces still at home"
fk explain --brief 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
expect_rc 0
out_lacks "rank by rank"
out_lacks "pp1ppppp:"
out_has "Side to move: Black"

step "a broken rank is read aloud and counted, even too long or with a stray byte"
fk explain "$SHORT_RANK"
said_has "RNBQKBN: rank 1 adds up to 7 squares, one short of eight"
fk explain 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1'
expect_rc 1
said_has "RNBQKBNRR: rank 1 adds up to 9 squares, one too many"
fk explain 'rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_rc 1
said_has "'x' is neither a piece letter nor a digit"
fk explain 'rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_rc 1
said_has "The placement holds 6 ranks, not eight"

step "usage errors exit 2"
fk explain --json "$START"
expect_rc 2
fk explain --lang xx "$START"
expect_rc 2
err_has "--lang xx"

pass
