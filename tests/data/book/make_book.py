#!/usr/bin/env python3
"""Writes tests/data/book/small.bin, a Polyglot book of a few known entries,
for tests/cli/book.sh. Run it from anywhere: python3 make_book.py

Each entry is 16 bytes, big-endian: the position's key (8), the move (2:
to-file, to-row, from-file, from-row, promotion, 3 bits each from the low
end; castling as the king taking its rook), the weight (2), learn (4). The
book is sorted by key, as Polyglot books are."""
import os
import struct

FILES = "abcdefgh"
PROMOTIONS = {"": 0, "n": 1, "b": 2, "r": 3, "q": 4}


def move(uci):
    """The Polyglot encoding of a move written as UCI (castling: e1h1)."""
    def square(s):
        return FILES.index(s[0]) + 8 * (int(s[1]) - 1)
    return square(uci[2:4]) | square(uci[0:2]) << 6 | PROMOTIONS[uci[4:]] << 12


# (key, move, weight, learn). The first three keys are ones the Polyglot
# format publishes (start, 1.e4, 1.e4 d5); the last two were computed with
# `fenkit book --key`, whose keys tests/core/test_zobrist.c holds to those
# published vectors.
ENTRIES = [
    (0x463B96181691FC9C, "e2e4", 10, 0),
    (0x463B96181691FC9C, "d2d4", 5, 0),
    (0x463B96181691FC9C, "g1f3", 1, 7),
    (0x463B96181691FC9C, "a2a3", 0, 0),   # weight 0: shown only with --all
    (0x463B96181691FC9C, "e2e5", 3, 0),   # not a legal move: reported, left out
    (0x823C9B50FD114196, "e7e5", 8, 0),
    (0x823C9B50FD114196, "c7c5", 6, 0),
    (0x0756B94461C50FB0, "e4d5", 3, 0),
    # r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1: both castlings, as king takes rook
    (0xFDA239CC692A6053, "e1h1", 2, 0),
    (0xFDA239CC692A6053, "e1a1", 1, 0),
    # 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1: promotions
    (0x5B22A5DFEA520FB1, "b7b8q", 5, 0),
    (0x5B22A5DFEA520FB1, "b7b8n", 1, 0),
]

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "small.bin"), "wb") as out:
    for key, uci, weight, learn in sorted(ENTRIES, key=lambda e: e[0]):
        out.write(struct.pack(">QHHI", key, move(uci), weight, learn))
