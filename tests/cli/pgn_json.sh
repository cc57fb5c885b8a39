# fenkit pgn --json: uci, and what the PGN says after each move: comments,
# NAGs, and the clock and evaluation commands inside comments.
source "$(dirname "$0")/lib/common.bash" "$1"

step "comments, NAGs, [%clk] and [%eval] on the ply they follow"
fk_in '[Event "x"]\n{Game start}\n1. e4! {[%clk 0:03:00] [%eval 0.25] good} e5?! {[%clk 1:02:58.5]}\n2. Qh5 $2 {[%eval #-3,22] [%cal Gd1h5]} (2. Nf3 {side line}) Nc6 +/= ; to the end\n3. O-O-O *\n' pgn --json
expect_rc 1 # 3. O-O-O is illegal: the plies before it still come out
json_check '
p = {r["ply"]: r for r in rows if "ply" in r}
assert p[0]["uci"] == "" and p[0]["comment"] == "Game start", p[0]
assert p[1]["uci"] == "e2e4" and p[1]["comment"] == "good" and p[1]["clock"] == 180 and p[1]["eval"] == 0.25 and p[1]["nags"] == [1], p[1]
assert p[2]["clock"] == 3778.5 and p[2]["nags"] == [6] and "comment" not in p[2] and "eval" not in p[2], p[2]
assert p[3]["mate"] == -3 and p[3]["comment"] == "[%cal Gd1h5]" and p[3]["nags"] == [2], p[3]
assert p[4]["san"] == "Nc6" and p[4]["comment"] == "to the end" and p[4]["nags"] == [14], p[4]
assert all("side line" not in r.get("comment", "") for r in rows)
assert any("error" in r for r in rows)'

step "castling and promotion in UCI"
fk_in '[SetUp "1"]\n[FEN "r3k3/6P1/8/8/8/8/8/4K2R w Kq - 0 1"]\n\n1. O-O O-O-O 2. g8=Q *\n' pgn --json
expect_rc 0
json_check 'assert [r["uci"] for r in rows] == ["", "e1g1", "e8c8", "g7g8q"], rows'

step "with --variations the side line keeps its comment"
fk_in '1. e4 (1. d4 {queen pawn} d5) e5 *\n' pgn --json --variations
expect_rc 0
json_check 'assert [r.get("comment") for r in rows if r.get("path")] == ["queen pawn", None], rows'
step "--last with variations: the main line's last comment, not a side line's"
fk_in '1. e4 {main} (1. d4 {side}) *\n' pgn --json --last --variations
expect_rc 0
json_check 'assert rows[0]["san"] == "e4" and rows[0]["comment"] == "main", rows'
echo "ok [$TEST_NAME]"
