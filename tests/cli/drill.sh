# fenkit drill: each kind of question graded right and wrong, the same
# questions for the same seed, the men rising with right answers, thinned
# by --men and listed, the input ending early, usage errors. The right
# answers are worked out here from the questions (and the positions or the
# board) a first run showed, never taken from the drill's own answers.
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

# file and rank of a square, from 0
sq_file() { echo $(( $(printf '%d' "'$1") - 97 )); }
sq_rank() { echo $(( ${1:1:1} - 1 )); }
sq_name() { printf "\\$(printf '%03o' $(( 97 + $1 )))%d" $(( $2 + 1 )); }
# the squares strictly between $1 and $2 (on one line) that hold a man of
# the list $3 ("e8 d5 ...")
blockers() {
    local f=$(sq_file "$1") r=$(sq_rank "$1") tf=$(sq_file "$2") tr=$(sq_rank "$2") out=""
    local df=$(( tf > f ? 1 : tf < f ? -1 : 0 )) dr=$(( tr > r ? 1 : tr < r ? -1 : 0 ))
    for (( f += df, r += dr; f != tf || r != tr; f += df, r += dr )); do
        case " $3 " in *" $(sq_name $f $r) "*) out="$out $(sq_name $f $r)" ;; esac
    done
    echo $out
}

step "open lines: diagonals, files and ranks, right and wrong"
LINES='4k3/8/8/3p4/8/2B5/8/4K3 w - - 0 1' # men on e8 d5 c3 e1
fk_in 'x\nx\nx\nx\nx\nx\nx\nx\n' drill --kind line --count 8 --men 30 --seed 1 "$LINES"
ends=$(sed -n 's/.*Is the \([a-h][1-8]\)-\([a-h][1-8]\) \(diagonal\|file\|rank\) open?.*/\1 \2 \3/p' "$TMP/out")
[ "$(echo "$ends" | wc -l)" = 8 ] || fail "eight line questions expected: $ends"
answers="" wrong=""
while read -r a b line; do
    # the line's name fits its two ends
    case $line in
        file) [ "${a:0:1}" = "${b:0:1}" ] || fail "$a-$b is no file" ;;
        rank) [ "${a:1:1}" = "${b:1:1}" ] || fail "$a-$b is no rank" ;;
        *) df=$(( $(sq_file "$b") - $(sq_file "$a") )) dr=$(( $(sq_rank "$b") - $(sq_rank "$a") ))
           (( df * df == dr * dr && df != 0 )) || fail "$a-$b is no diagonal" ;;
    esac
    between=$(blockers "$a" "$b" "e8 d5 c3 e1")
    if [ -n "$between" ]; then
        answers="${answers}no\n" wrong="${wrong}yes\n"
        out_has "not right: no, blocked on $between"
    else
        answers="${answers}y\n" wrong="${wrong}n\n"
    fi
done <<<"$ends"
[[ $answers == *no* && $answers == *y\\n* ]] || fail "seed 1 should ask of open and closed lines: $answers"
fk_in "$answers" drill --kind line --count 8 --men 30 --seed 1 "$LINES"
expect_rc 0
out_has "8 of 8 right"
fk_in "$wrong" drill --kind line --count 8 --men 30 --seed 1 "$LINES"
expect_rc 1
out_has "0 of 8 right"

# the placement of a FEN as 64 characters, rank 8 first, '.' for empty
spread() {
    local p=${1%% *} n
    for n in 8 7 6 5 4 3 2 1; do p=${p//$n/$(printf "%${n}s" | tr ' ' .)}; done
    echo "${p//\//}"
}
step "spot the difference: the squares in any order, one short, one too many"
fk_in 'x\nx\nx\nx\nx\nx\n' drill --kind diff --count 6 --men 8 --seed 4 "$START"
firsts=$(sed -n '/First:/{n;s/^  //p}' "$TMP/out")
seconds=$(sed -n '/Second:/{n;s/^  //p}' "$TMP/out")
[ "$(echo "$seconds" | wc -l)" = 6 ] || fail "six pairs of positions expected"
answers="" short=""
moved=0 changed=0
for i in 1 2 3 4 5 6; do
    a=$(spread "$(echo "$firsts" | sed -n "${i}p")") b=$(spread "$(echo "$seconds" | sed -n "${i}p")")
    differ=""
    for k in $(seq 0 63); do
        [ "${a:k:1}" = "${b:k:1}" ] || differ="$(sq_name $(( k % 8 )) $(( 7 - k / 8 ))) $differ"
    done
    set -- $differ
    case $# in
        1) changed=$(( changed + 1 )); short="${short}$(sq_name $(( ($(sq_file "$1") + 1) % 8 )) $(sq_rank "$1"))\n" ;;
        2) moved=$(( moved + 1 )); short="${short}$1\n" ;;
        *) fail "pair $i differs on $# squares: $differ" ;;
    esac
    answers="${answers}${differ// /, }\n" # the order the drill does not use
done
(( moved && changed )) || fail "seed 4 should move a man and change one: $moved moved, $changed changed"
fk_in "$answers" drill --kind diff --count 6 --men 8 --seed 4 "$START"
expect_rc 0
out_has "6 of 6 right"
fk_in "$short" drill --kind diff --count 6 --men 8 --seed 4 "$START"
expect_rc 1
out_has "0 of 6 right"

# the placement of a board the drill drew (Unicode men, '·' empty)
board_placement() {
    python3 -c '
import sys
men = dict(zip("♔♕♖♗♘♙♚♛♜♝♞♟", "KQRBNPkqrbnp"))
ranks = []
for line in sys.stdin:
    cells = line.split()
    if len(cells) == 9 and cells[0] in "87654321" and cells[0]:
        rank, empty = "", 0
        for c in cells[1:]:
            if c in men:
                rank += (str(empty) if empty else "") + men[c]
                empty = 0
            else:
                empty += 1
        ranks.append(rank + (str(empty) if empty else ""))
print("\n".join("/".join(ranks[i:i + 8]) for i in range(0, len(ranks), 8)))'
}
step "type the FEN: a drawn board typed right, written another way, and wrong"
fk_in 'x\nx\nx\n' drill --kind type --count 3 --seed 6 "$START"
typed=$(board_placement <"$TMP/out")
[ "$(echo "$typed" | wc -l)" = 3 ] || fail "three boards expected: $typed"
fk_in "$(printf '%s\\n' $typed)" drill --kind type --count 3 --seed 6 "$START"
expect_rc 0
out_has "3 of 3 right"
# the same placement written with its empty squares counted another way
fk_in "$(printf '%s\\n' $typed | sed 's/8/44/; s/3/111/')" drill --kind type --count 3 --seed 6 "$START"
expect_rc 0
out_has "3 of 3 right"
# right; a king on the wrong square; rank 1 short; a rank missing; a man
# too many on the h-file; everything wrong
fk_in '8/8/8/4k3/8/8/8/4K3\n8/8/8/3k4/8/8/8/4K3\n8/8/8/4k3/8/8/8/4K2\n8/8/8/4k3/8/8/3K4\n8/8/8/4k2p/8/8/8/4K3\nK7/8/8/8/8/8/8/7k\n' \
    drill --kind type --count 6 --men 0 --seed 1 "$KINGS_ONLY"
expect_rc 1
out_has "1 of 6 right"
out_has '(you said "8/8/8/4k2p/8/8/8/4K3")'
[ "$(grep -c '^  rank 5 differs$' "$TMP/out")" = 2 ] || fail "the king and the pawn on rank 5 should each make it differ"
out_has "right: 8/8/8/4k3/8/8/8/4K3"
out_has '(you said "8/8/8/3k4/8/8/8/4K3")'
out_has "rank 5 differs"
out_lacks "rank 8 differs"
# check's problem list on a rank one square short, and on a missing rank
out_has "Rank 1 has 7 squares, needs 8. [rank-length]"
out_has "There are 7 ranks, a board has 8. [rank-count]"
out_has "ranks 8, 5, 1 differ"

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
err_has "--kind is on, where, colour, attacked, attacks, line, diff, type or any"
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
