# fenkit pgn --eco: the opening named at the deepest position of the table a
# game reaches, by position (so transpositions count), in the text columns,
# JSON and --write's tags.
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}

step "every row of the lichess table names its own line's last position"
# Each row's moves as a game: its last position is the row's EPD, so the
# opening at the end must be the row's (3,373 rows, EPDs all different).
for f in "$DATA"/pgn/lichess_dist_2022-10-16_[a-e].tsv; do tail -n +2 "$f"; done >"$TMP/rows"
awk -F'\t' '{ printf "[Event \"%d\"]\n\n%s *\n\n", NR, $3 }' "$TMP/rows" >"$TMP/lines.pgn"
"$FENKIT" pgn --last --eco "$TMP/lines.pgn" >"$TMP/out" 2>"$TMP/err" || fail "fenkit failed"
cut -f5,6 "$TMP/out" >"$TMP/got"
cut -f1,2 "$TMP/rows" >"$TMP/want"
[ "$(wc -l <"$TMP/want")" = 3373 ] || fail "the table should have 3,373 rows"
diff "$TMP/want" "$TMP/got" >"$TMP/diff" || fail "$(grep -c '^>' "$TMP/diff") rows named otherwise: $(head -4 "$TMP/diff")"

step "a transposition is named by the position, not the move order"
fk_in '1. Nf3 c5 2. e4 Nc6 3. Bb5 *' pgn --last --eco
expect_rc 0
out_has "	B30	Sicilian Defense: Nyezhmetdinov-Rossolimo Attack"

step "the opening so far on each line; empty before the first named position"
fk_in '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. a3 *' pgn --eco
expect_rc 0
[ "$(sed -n 1p "$TMP/out" | cut -f5,6)" = "	" ] || fail "the start has no opening"
[ "$(sed -n 11p "$TMP/out" | cut -f5,6)" = "B90	Sicilian Defense: Najdorf Variation" ] || fail "ply 10: Najdorf"
# 6.a3 leaves the table: the Najdorf stays the game's opening
[ "$(sed -n 12p "$TMP/out" | cut -f5,6)" = "B90	Sicilian Defense: Najdorf Variation" ] || fail "ply 11 keeps it"

step "JSON fields, and none where nothing is named"
fk_in '1. e4 e5 *\n\n[Event "b"]\n\n1. a3 h6 2. h3 a6 *\n' pgn --json --last --eco
expect_rc 0
json_check '
assert rows[0]["eco"] == "C20" and rows[0]["opening"] == "King'"'"'s Pawn Game", rows[0]
assert rows[1].get("eco") == "A00", rows[1]
assert "opening" in rows[1]'
fk_in '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *\n' pgn --json --last --eco
expect_rc 0
json_check 'assert "eco" not in rows[0] and "opening" not in rows[0]'

step "--write sets ECO and Opening, replacing the game's own"
fk_in '[ECO "A00"]\n[Opening "Wrong"]\n\n1. e4 c5 2. Nf3 *\n' pgn --write --eco
expect_rc 0
out_has '[ECO "B27"]'
out_has '[Opening "Sicilian Defense"]'
out_lacks 'Wrong'
out_lacks '[ECO "A00"]'
echo "ok [$TEST_NAME]"
