# "startpos [moves ...]", UCI's name for a position, is read wherever a FEN
# is: check, explain, show, normalize, render, moves, play, perft and
# pgn --write --fen; as an argument, unquoted, or a line of standard input.
source "$(dirname "$0")/lib/common.bash" "$1"
AFTER_E4_E5='rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'

step "normalize: startpos, with moves in UCI and SAN, quoted or not"
fk normalize startpos
expect_rc 0
out_is "$START"
fk normalize 'startpos moves e2e4 e7e5'
expect_rc 0
out_is "$AFTER_E4_E5"
fk normalize startpos moves e4 e5 startpos
expect_rc 0
out_is "$AFTER_E4_E5\n$START"
fk_in 'startpos moves e2e4 e7e5\nstartpos\n' normalize
expect_rc 0
out_is "$AFTER_E4_E5\n$START"

step "an unplayable move is one error naming the ply"
fk normalize 'startpos moves e2e4 e2e4' "$START"
expect_rc 1
out_is "$START"
err_has "FEN 1: startpos moves, ply 2:"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "more than one error line"
fk normalize 'startpos nonsense'
expect_rc 1
err_has "after 'startpos' comes 'moves'"

step "check, explain, show"
fk check 'startpos moves e2e4 e7e5'
expect_rc 0
out_has "FEN: startpos moves e2e4 e7e5"
out_has "canonical FEN: $AFTER_E4_E5"
fk check --json 'startpos moves e2e4 e7e7'
expect_rc 1
json_check '
assert rows[0]["input"] == "startpos moves e2e4 e7e7", rows
assert rows[0]["problems"][0]["code"] == "illegal-move", rows
'
fk explain startpos
expect_rc 0
out_has "Side to move: White"
fk show 'startpos moves d4'
expect_rc 0
out_has "Black to move"

step "moves, play, perft (the UCI way: 'startpos moves e2e4' 1)"
fk perft 'startpos moves e2e4' 1
expect_rc 0
out_is "20"
err_empty
fk perft startpos moves e2e4 e7e5 1
expect_rc 0
out_is "29"
fk moves --uci 'startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7'
expect_rc 0
out_has "checkmate"
fk play 'startpos moves e4' e5
expect_rc 0
out_is "$AFTER_E4_E5"
fk perft 'startpos moves e2e5' 1
expect_rc 1
err_has "startpos moves, ply 1:"

step "render and pgn --write --fen"
fk render 'startpos moves e4' --format svg
expect_rc 0
out_has "<svg"
fk pgn --write --fen 'startpos moves e4' e5
expect_rc 0
out_has '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]'
out_has "1... e5 *"

pass
