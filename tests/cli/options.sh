# One option reader for every command: each option with a value works as
# "--opt value" and "--opt=value", options may follow the operands, and
# unknown options, missing values and values given to a flag are usage
# errors (exit 2).
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}

# same_both ARGS_SPACED -- ARGS_EQUALS: both runs give the same status and output.
same_both() {
    local spaced=() equals=()
    while [ "$1" != "--" ]; do spaced+=("$1"); shift; done
    shift
    equals=("$@")
    fk "${spaced[@]}"
    local rc1=$RC
    cp "$TMP/out" "$TMP/out1"
    fk "${equals[@]}"
    [ "$RC" = "$rc1" ] || fail "exit status $rc1 with '${spaced[*]}', $RC with '${equals[*]}'"
    cmp -s "$TMP/out1" "$TMP/out" || fail "'${spaced[*]}' and '${equals[*]}' differ"
    [ -s "$TMP/out" ] || fail "'${equals[*]}' wrote nothing"
}

step "check and normalize: --ep"
same_both check --ep always "$E4" -- check --ep=always "$E4"
same_both normalize --ep always "$E4" -- normalize --ep=always "$E4"

step "play: --ep, --random, --seed"
same_both play --ep always startpos e4 -- play --ep=always startpos e4
out_has "$E4"
same_both play --random 5 --seed 7 startpos -- play --random=5 --seed=7 startpos
[ "$(wc -l <"$TMP/out")" = 5 ] || fail "play --random=5 gave $(wc -l <"$TMP/out") plies"

step "pgn: --ply, --move, --ep, --fen"
printf '1. e4 e5 2. Nf3 Nc6 *\n' >"$TMP/game.pgn"
same_both pgn --ply 2 "$TMP/game.pgn" -- pgn --ply=2 "$TMP/game.pgn"
same_both pgn --move 2... --ep always "$TMP/game.pgn" -- pgn --move=2... --ep=always "$TMP/game.pgn"
same_both pgn --write --fen "$KINGS_ONLY" Kd2 -- pgn --write --fen="$KINGS_ONLY" Kd2
out_has '[FEN "8/8/8/4k3/8/8/8/4K3 w - - 0 1"]'

step "render: --size, -o and --output"
same_both render --size 100 --format svg "$START" -- render --size=100 --format=svg "$START"
fk render "$START" -o "$TMP/a.svg"
expect_rc 0
fk render "$START" --output="$TMP/b.svg"
expect_rc 0
cmp -s "$TMP/a.svg" "$TMP/b.svg" || fail "-o FILE and --output=FILE differ"

step "scan: --side, --castling"
same_both scan --fen-only --side b --castling none "$DATA/scan/cv_03.jpg" -- \
    scan --fen-only --side=b --castling=none "$DATA/scan/cv_03.jpg"
out_has " b - - 0 1"

step "serve: a bad --port the same either way"
fk serve --port 99999
expect_rc 2
err_has "--port takes a number from 0 to 65535, not '99999'"
fk serve --port=99999
expect_rc 2
err_has "--port takes a number from 0 to 65535, not '99999'"

step "options after the operands"
fk check "$START" --json
expect_rc 0
json_check 'assert rows[0]["valid"] is True, rows'
fk moves startpos --uci
expect_rc 0
out_has "e2e4"
fk perft startpos 2 --divide
expect_rc 0
out_has "Nodes searched: 400"

step "a FEN field that looks like an option is still a FEN field"
fk check 8/8/8/4k3/8/8/8/4K3 w - - -5 1
expect_rc 1
out_has "[bad-halfmove]"

step "usage errors: unknown option, missing value, a value for a flag"
for command in check explain show normalize render moves play perft pgn scan serve; do
    fk "$command" --no-such-option
    expect_rc 2
    err_has "unknown option '--no-such-option'"
done
fk pgn --ply
expect_rc 2
err_has "--ply needs a value"
fk scan --side
expect_rc 2
err_has "--side needs a value"
fk play --json=yes startpos e4
expect_rc 2
err_has "--json takes no value"
fk explain --ep always "$START"
expect_rc 2
err_has "unknown option '--ep'"

pass
