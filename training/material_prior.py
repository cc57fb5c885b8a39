"""Counts how often a side has 0, 1, 2 ... queens, rooks, bishops, knights
and pawns in a file of FENs (one a line) and prints the shares as the C
table material_share in src/vision/scan.c. The shipped table comes from
bench/out/fen_real.txt, which `bash bench/fen.sh` makes from the games in
$SHARED/vectors (every distinct position of them).

Usage: material_prior.py FENS.txt"""
import collections
import sys

KINDS = (("FK_PAWN", "P", 9), ("FK_KNIGHT", "N", 3), ("FK_BISHOP", "B", 3),
         ("FK_ROOK", "R", 3), ("FK_QUEEN", "Q", 3))


def main():
    counts = {letter: collections.Counter() for _, letter, _ in KINDS}
    sides = 0
    with open(sys.argv[1]) as f:
        for line in f:
            if not line.strip():
                continue
            placement = line.split()[0]
            for letter in counts:
                counts[letter][placement.count(letter)] += 1
                counts[letter][placement.count(letter.lower())] += 1
            sides += 2
    print("/* %d sides of %d positions */" % (sides, sides // 2))
    for name, letter, shown in KINDS:
        shares = ", ".join("%.4f" % (counts[letter][n] / sides) for n in range(shown))
        print("    [%s] = {%s}," % (name, shares))


if __name__ == "__main__":
    main()
