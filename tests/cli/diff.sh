# fenkit diff: what changed between two FENs, and the moves between them.
source "$(dirname "$0")/lib/common.bash" "$1"
# said_has TEXT: stdout has TEXT once its wrapped lines are joined again.
said_has() {
    tr '\n' ' ' <"$TMP/out" | sed 's/  */ /g' | grep -qF -- "$1" || fail "stdout lacks '$1'"
}


step "1.e4 between the start and the position after it"
fk diff "$START" "$E4"
expect_rc 0
said_has "a white pawn went from e2 to e4 (rank 2: PPPPPPPP became PPPP1PPP; rank 4: 8 became 4P3)"
out_has "Side to move: White, now Black"
out_has "En passant: none, now e3"
out_has "Castling rights: unchanged (KQkq)"
out_has "Moves: 1.e4"
# the en passant square written only when it can be used: the same move
fk diff "$START" "$E4_LEGAL"
out_has "Moves: 1.e4"

step "unquoted FENs and UCI's startpos; Black's move numbered 1..."
fk diff $E4 startpos moves e2e4 c7c5 g1f3
expect_rc 0
out_has "Moves: 1...c5 2.Nf3"

step "several lines of the same length are all named"
fk diff startpos 'startpos moves g1f3 d7d5 d2d4'
out_has "1.Nf3 d5 2.d4, or 1.d4 d5 2.Nf3"

step "no line within three half-moves: said so"
fk diff "$START" "$KINGS_ONLY"
expect_rc 0
said_has "no line of up to three half-moves"
out_has "a white queen on d1 is gone"

step "a promotion: a pawn gone, a queen appeared"
fk diff '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' 'Q3k3/8/8/8/8/8/8/4K3 b - - 0 1'
out_has "a white queen appeared on a8"
out_has "Moves: 1.a8=Q+"

step "--json for programs"
fk diff --json "$START" "$E4"
expect_rc 0
json_check '
r = rows[0]
assert r["men"] == [{"change": "moved", "piece": "P", "from": "e2", "to": "e4",
    "text": r["men"][0]["text"]}], r["men"]
assert r["side"] == {"from": "w", "to": "b", "changed": True}
assert r["en_passant"] == {"from": "-", "to": "e3", "changed": True}
assert r["halfmove"]["changed"] is False
assert r["moves"]["plies"] == 1 and r["moves"]["lines"][0] == {"san": "1.e4", "uci": ["e2e4"]}
assert r["searched"] is True
'
fk diff --json "$START" "$KINGS_ONLY"
json_check 'assert rows[0]["moves"] is None and rows[0]["searched"] is True'

step "a broken FEN: its problems and its wrong rank read aloud, exit 1"
fk diff "$START" "$SHORT_RANK"
expect_rc 1
out_has "The second FEN has problems"
out_has "[rank-length]"
said_has "RNBQKBN: rank 1 adds up to 7 squares, one short of eight"
out_has "not compared"
fk diff --json "$START" "$SHORT_RANK"
expect_rc 1
json_check 'assert rows[0]["read"] == [True, False] and "Rank 1" in rows[0]["error"], rows[0]'
# a first FEN with a rule error is compared, but no moves are looked for
fk diff "$OPPONENT_CHECK" "$KINGS_ONLY"
expect_rc 1
out_has "The first FEN has problems"
out_has "Moves: not looked for"

step "help, and usage errors exit 2"
fk diff --help
expect_rc 0
out_has "Exit status"
fk help diff
expect_rc 0
out_has "Usage: fenkit diff"
fk help
out_has "diff"
fk diff "$START"
expect_rc 2
err_has "give two FENs"
fk diff "$START" "$E4" "$START"
expect_rc 2
fk diff
expect_rc 2
fk diff --ascii "$START" "$E4"
expect_rc 2

pass
