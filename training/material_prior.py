"""Counts, over the distinct positions of real games, how many pawns a side
has (0 to 8) and, for each pawn count, how often it has 0, 1 or 2 knights,
bishops, rooks and queens; prints the shares as the C tables pawn_share and
piece_share in src/vision/repair.c. A side's pieces go with its pawns: with
eight pawns, two rooks are the rule (99.5%) and one rook rare (0.5%), while
over all positions one rook is three fifths as common as two.

The shipped tables come from the 10,000 games of
$SHARED/vectors/pgn2fen/games10k.pgn:

    fenkit pgn $SHARED/vectors/pgn2fen/games10k.pgn > /tmp/plies.tsv
    python3 training/material_prior.py /tmp/plies.tsv

Input: FENs one a line, or `fenkit pgn` output (the field with slashes in it
is the FEN); each distinct placement counts once.

Usage: material_prior.py FENS"""
import collections
import sys

KINDS = (("FK_KNIGHT", "n"), ("FK_BISHOP", "b"), ("FK_ROOK", "r"), ("FK_QUEEN", "q"))


def placements(path):
    seen = set()
    with open(path) as f:
        for line in f:
            for field in line.rstrip("\n").split("\t"):
                if field.count("/") == 7:
                    seen.add(field.split()[0])
                    break
    return seen


def main():
    boards = placements(sys.argv[1])
    pawns = collections.Counter()
    pieces = collections.defaultdict(collections.Counter)
    for placement in boards:
        for side in (str.upper, str.lower):
            p = placement.count(side("p"))
            pawns[p] += 1
            for _, letter in KINDS:
                pieces[(p, letter)][placement.count(side(letter))] += 1
    sides = 2 * len(boards)
    print("/* %d sides of %d distinct positions */" % (sides, len(boards)))
    print("static const double pawn_share[9] = {%s};" %
          ", ".join("%.4f" % (pawns[p] / sides) for p in range(9)))
    print("/* [pawns][knights, bishops, rooks, queens][0, 1, 2 of them] */")
    print("static const double piece_share[9][4][3] = {")
    for p in range(9):
        rows = []
        for _, letter in KINDS:
            rows.append("{%s}" % ", ".join(("%.4f" % (pieces[(p, letter)][n] / max(pawns[p], 1)))[1:]
                                            for n in range(3)))
        print("    {%s}," % ", ".join(rows))
    print("};")


if __name__ == "__main__":
    main()
