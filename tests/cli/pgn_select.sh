# fenkit pgn's game selection: each test on small games written here, bad
# values, and the games selected from 200 master games compared with the
# ones pgn-extract selects for the same test.
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}
GAMES=$DATA/pgn/games1k_first200.pgn

cat >"$TMP/small.pgn" <<'PGN'
[Event "Mate"]
[White "Carlsen, Magnus"]
[Black "B"]
[WhiteElo "2850"]
[Date "2019.05.01"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Sicilian draw"]
[White "Caruana, Fabiano"]
[Black "C"]
[WhiteElo "2800"]
[Date "2018.11.09"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Event "Repeat of the mate"]
[White "Carlsen, Magnus"]
[Black "D"]
[WhiteElo "?"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Rook ending"]
[White "E"]
[Black "F"]
[SetUp "1"]
[FEN "4k2r/8/8/8/8/4P3/R7/4K3 w - - 0 1"]
[Result "*"]

1. Rh2 Rxh2 *
PGN

# games N...: stdout (from --last) names exactly these game numbers.
games() {
    local got
    got=$(cut -f1 "$TMP/out" | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$*" ] || fail "games selected: '$got', expected '$*'"
}

step "--tag: equal, regex, numbers, dates, not-equal"
fk pgn --last --tag 'White=Carlsen, Magnus' "$TMP/small.pgn"
expect_rc 0; games 1 3
err_has "4 games, 16 positions, 0 with errors, 2 selected"
fk pgn --last --tag 'White~^Ca' --tag 'WhiteElo>=2800' "$TMP/small.pgn"
expect_rc 0; games 1 2
fk pgn --last --tag 'WhiteElo>2800' "$TMP/small.pgn"
expect_rc 0; games 1
fk pgn --last --tag 'Date<2019' "$TMP/small.pgn"
expect_rc 0; games 2
fk pgn --last --tag 'White!=E' --tag 'Black!=B' "$TMP/small.pgn"
expect_rc 0; games 2 3

step "--result, --checkmate, --plies"
fk pgn --last --result 1-0 "$TMP/small.pgn"
expect_rc 0; games 1 3
fk pgn --last --result 'draw,*' "$TMP/small.pgn"
expect_rc 0; games 2 4
fk pgn --last --checkmate "$TMP/small.pgn"
expect_rc 0; games 1 3
fk pgn --last --plies 2-4 "$TMP/small.pgn"
expect_rc 0; games 2 4
fk pgn --last --plies 7- "$TMP/small.pgn"
expect_rc 0; games 1 3

step "--material and --reaches"
fk pgn --last --material KRPkr "$TMP/small.pgn"
expect_rc 0; games 4
fk pgn --last --material KPk "$TMP/small.pgn"
expect_rc 0; games
fk pgn --last --material KPkr "$TMP/small.pgn"
expect_rc 0; games 4
fk pgn --last --reaches 'startpos moves e2e4 c7c5' "$TMP/small.pgn"
expect_rc 0; games 2
fk pgn --last --reaches '8/8/8/8/8/8/8/8 w' "$TMP/small.pgn"
expect_rc 0; games
# a black pawn on c5 with White to move, the rest anything
fk pgn --last --reaches '????????/????????/????????/??p?????/????????/????????/????????/???????? w' "$TMP/small.pgn"
expect_rc 0; games 2
# the placement after 1.e4 c5, but with Black to move: never
fk pgn --last --reaches 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b' "$TMP/small.pgn"
expect_rc 0; games

step "--dedupe names the game repeated"
fk pgn --last --dedupe "$TMP/small.pgn"
expect_rc 0; games 1 2 4
err_has "game 3: the same moves as game 1; dropped"
err_has "3 selected, 1 duplicates dropped"

step "selection with every position, JSON and --write"
fk pgn --result 1/2-1/2 "$TMP/small.pgn"
expect_rc 0
[ "$(wc -l <"$TMP/out")" = 5 ] || fail "5 positions of game 2 expected"
fk pgn --json --checkmate "$TMP/small.pgn"
expect_rc 0
json_check 'assert [r["game"] for r in rows if r["ply"] == 0] == [1, 3]'
fk_in "$(cat "$TMP/small.pgn")" pgn --write --dedupe --tag 'White~Carlsen'
expect_rc 0
[ "$(grep -c '^\[Event ' "$TMP/out")" = 1 ] || fail "one game expected"
out_has '4. Qxf7# 1-0'
err_has "4 games, 1 selected, 1 duplicates dropped"

step "a broken game is reported and not selected"
fk_in '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "y"]\n\n1. d4 *\n' pgn --last --plies 1-10
expect_rc 1; games 2
err_has "Ke3"

step "bad values are usage errors that say what is wrong"
while IFS= read -r bad; do
    fk pgn "$bad" "$TMP/small.pgn"
    expect_rc 2
    err_has "fenkit pgn: ${bad%%=*}: "
done <<'BAD'
--tag=White
--tag==x
--tag=White~(
--result=2-0
--plies=9-3
--plies=x
--material=KQ
--material=KXk
--reaches=8/8/8/8/8/8/8/7
--reaches=startpos moves e2e5
BAD
fk pgn --material KQ "$TMP/small.pgn"; err_has "name both kings"
fk pgn --plies 9-3 "$TMP/small.pgn"; err_has "the least (9) is more than the most (3)"
fk pgn --reaches 8/8/8/8/8/8/8/7 "$TMP/small.pgn"; err_has "rank 1 has 7"

# The same selections by pgn-extract (Debian's): the games it writes and
# the ones fenkit --write writes, compared by their roster tags in order.
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pe" ] || fail "pgn-extract is missing: run scripts/install-deps test"
roster() { grep -E '^\[(Event|White|Black|Date|Round) ' "$1"; }
# same NAME "FENKIT OPTIONS" PGN-EXTRACT-ARGS...
same() {
    local name=$1 opts=$2
    shift 2
    step "pgn-extract agrees: $name"
    # shellcheck disable=SC2086
    "$FENKIT" pgn --write $opts <"$GAMES" >"$TMP/fk.pgn" 2>"$TMP/err" || fail "fenkit failed"
    "$pe" -s "$@" "$GAMES" >"$TMP/pe.pgn" 2>/dev/null
    roster "$TMP/fk.pgn" >"$TMP/fk.tags"
    roster "$TMP/pe.pgn" >"$TMP/pe.tags"
    [ -s "$TMP/pe.tags" ] || fail "pgn-extract selected nothing: the test says nothing"
    cmp -s "$TMP/fk.tags" "$TMP/pe.tags" ||
        fail "games differ: fenkit $(grep -c '^\[Event ' "$TMP/fk.pgn"), pgn-extract $(grep -c '^\[Event ' "$TMP/pe.pgn")"
}
printf 'WhiteElo >= "2600"\n' >"$TMP/elo.txt"
printf 'FENPattern "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR"\n' >"$TMP/sicilian.txt"
same "Elo" "--tag WhiteElo>=2600" -t"$TMP/elo.txt"
same "result" "--result 0-1" -Tr0-1
same "checkmate" "--checkmate" -M
same "plies" "--plies 60-80" -pl60 -pu80
# (not --material: pgn-extract's -z also matches the colours swapped and
# wants the balance kept for some moves; fenkit asks for one position)
same "position" "--reaches rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR" -t"$TMP/sicilian.txt"
same "duplicates" "--dedupe" -D
# and the same games copied as they were
same "Elo, copied" "--copy --tag WhiteElo>=2600" -t"$TMP/elo.txt"
same "result, copied" "--copy --result 0-1" -Tr0-1
same "position, copied" "--copy --reaches rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR" -t"$TMP/sicilian.txt"
echo "ok [$TEST_NAME]"
