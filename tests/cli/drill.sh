# fenkit drill: each kind of question graded right and wrong, the same
# questions for the same seed, the men rising with right answers, thinned
# by --men and listed, the input ending
# early, usage errors. The right answers are worked out here from the
# questions a first run asked.
source "$(dirname "$0")/lib/common.bash" "$1"

# the squares a question line names, in order
asked() { sed -n "s/.*$1 \([a-h][1-8]\).*/\1/p" "$TMP/out"; }
colour() { local f; f=$(printf '%d' "'$1"); (( (f - 97 + ${1:1:1} - 1) % 2 )) && echo light || echo dark; }
# kings only: e1 white, e5 black
what_on() { case $1 in e1) echo K ;; e5) echo 'black king' ;; *) echo empty ;; esac; }
# next to king square $2 (not on it)
next_to() {
    local df=$(( $(printf '%d' "'$1") - $(printf '%d' "'$2") )) dr=$(( ${1:1:1} - ${2:1:1} ))
    (( df * df <= 1 && dr * dr <= 1 && (df != 0 || dr != 0) )) && echo yes || echo no
}

step "colours: wrong answers, then the right ones for the same seed"
fk_in 'light\nlight\nlight\nlight\n' drill --kind colour --count 4 --seed 3 "$START"
squares=$(asked 'What colour is')
[ "$(echo "$squares" | wc -l)" = 4 ] || fail "four colour questions expected: $squares"
answers=$(for s in $squares; do colour "$s"; done)
lights=$(echo "$answers" | grep -c light)
out_has "$lights of 4 right"
fk_in "$(printf '%s\\n' $answers)" drill --kind colour --count 4 --seed 3 "$START"
expect_rc 0
[ "$(asked 'What colour is' | tr '\n' ' ')" = "$(echo $squares) " ] || fail "the same seed asked other squares"
out_has "4 of 4 right"
out_lacks "not right"
# without --men: two men beside the kings, two more after three right
out_has "Question 3 of 4 (4 men)"
out_has "Question 4 of 4 (6 men)"

step "what stands on a square, and where the king is"
fk_in 'x\nx\nx\n' drill --kind on --count 3 --seed 11 "$KINGS_ONLY"
on=$(asked 'What stands on')
fk_in "$(for s in $on; do printf '%s\\n' "$(what_on "$s")"; done)" drill --kind on --count 3 --seed 11 "$KINGS_ONLY"
expect_rc 0
out_has "3 of 3 right"
fk_in 'e1\ne1\n' drill --kind where --count 2 --seed 4 "$KINGS_ONLY"
out_has "Which square is the white king on?"
out_has "2 of 2 right"

step "attacked squares: by the kings' reach"
fk_in 'x\nx\nx\nx\n' drill --kind attacked --count 4 --seed 9 "$KINGS_ONLY"
lines=$(sed -n 's/.*Is \([a-h][1-8]\) attacked by \(White\|Black\)?.*/\1 \2/p' "$TMP/out")
answers=$(echo "$lines" | while read -r sq side; do next_to "$sq" "$([ "$side" = White ] && echo e1 || echo e5)"; done)
fk_in "$(printf '%s\\n' $answers)" drill --kind attacked --count 4 --seed 9 "$KINGS_ONLY"
expect_rc 0
out_has "4 of 4 right"

step "a knight's squares in any order, and one square short"
KNIGHT='6k1/8/8/8/8/5N2/8/6K1 w - - 0 1'
fk_in 'g5, e5 d4 d2 e1 g1 h2 h4\n' drill --kind attacks --count 1 --seed 1 "$KNIGHT"
expect_rc 0
out_has "Which squares does the white knight on f3 attack?"
out_has "right: e1 g1 d2 h2 d4 h4 e5 g5"
fk_in 'g5 e5 d4 d2 e1 g1 h2\n' drill --kind attacks --count 1 --seed 1 "$KNIGHT"
expect_rc 1
out_has 'not right: e1 g1 d2 h2 d4 h4 e5 g5 (you said "g5 e5 d4 d2 e1 g1 h2")'

step "--men thins a position, --list lists the men"
fk_in 'x\n' drill --men 0 --list --count 1 --seed 2 "$START"
out_has "(2 men)"
out_has "  White: Ke1"
out_has "  Black: Ke8"

step "the input ends early"
fk_in 'light\n' drill --kind colour --count 3 --seed 3 "$START"
expect_rc 1
out_has "(the input ended after 1)"

step "usage errors"
fk drill --kind nonsense "$START"
expect_rc 2
err_has "--kind is on, where, colour, attacked, attacks or any"
fk drill --count 0 "$START"
expect_rc 2
fk drill
expect_rc 2
err_has "give the FENs to drill on"
fk drill 'not a fen'
expect_rc 2
err_has "cannot be read as a FEN"
fk drill --kind attacks "$KINGS_ONLY"
expect_rc 2
err_has "no piece to ask about"
pass
