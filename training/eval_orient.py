"""How often the scanner's guess of the side at the bottom, reasoned from the
position alone (src/vision/orient.c, fk_orient_guess: pawns advance away
from their own side, kings stay home, a lean towards White at the bottom),
is right on positions read without a single mistake: the positions of real
games (a `fenkit pgn` listing, shown either way round at random) and those
`fenkit render --random` draws (its manifest, turned as drawn). It tells
whether a board read the wrong way round is the rule's fault or the
positions'. The weights below are orient.c's; change both together.

    fenkit pgn $SHARED/vectors/pgn2fen/games10k.pgn > /tmp/plies.tsv
    fenkit render --random 6000 --seed 7 --format svg --size 64 --out /tmp/orient
    python3 training/eval_orient.py --games /tmp/plies.tsv --renders /tmp/orient/manifest.jsonl

Usage: eval_orient.py [--games PLIES.tsv] [--renders MANIFEST.jsonl] [--sample N] [--kings-late W]
                      [--facing W]"""
import argparse
import collections
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import expand  # noqa: E402

PAWN, KING, OTHER, LEAN = 0.15, 0.25, 0.03, 1.0  # orient.c's weights


def facing_pawns(picture):
    """Pairs of a White and a Black pawn on one file (off the edge rows) with
    White's below, less those with White's above; 0 when both kinds show."""
    below = above = 0
    for col in range(8):
        for w in range(1, 7):
            if picture[w * 8 + col] != "P":
                continue
            for b in range(1, 7):
                if picture[b * 8 + col] == "p":
                    below += w > b
                    above += w < b
    return 0 if below and above else below - above


def white_bottom(picture, lean=LEAN, king_late=KING, facing=0.0):
    """fk_orient_guess on 64 cells, top row first: True for White at the bottom.
    king_late: the kings' weight on boards of 12 men or fewer (orient.c: KING).
    facing: a trial weight (not orient.c's) for each pair of facing_pawns()."""
    men = [0, 0]
    kings = [0, 0]
    for p in picture:
        if p != ".":
            side = 0 if p.isupper() else 1
            men[side] += 1
            kings[side] += p in "Kk"
    z = lean
    king = KING if men[0] + men[1] > 12 else king_late
    if men[0] + men[1] <= 32 and max(men) <= 18:
        for i, p in enumerate(picture):
            if p == ".":
                continue
            row, white = i // 8, p.isupper()
            toward_own = (row - 3.5) if white else (3.5 - row)
            if p in "Pp":
                if 0 < row < 7:
                    z += PAWN * toward_own
            elif p in "Kk":
                if kings[0 if white else 1] == 1:
                    z += king * toward_own
            else:
                z += OTHER * toward_own
        z += facing * facing_pawns(picture)
    return z >= 0


def phase(picture):
    n = sum(p != "." for p in picture)
    return "games, 24+ men" if n >= 24 else "games, 13-23 men" if n >= 13 else "games, up to 12 men"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", help="`fenkit pgn` output")
    ap.add_argument("--renders", help="manifest.jsonl of `fenkit render --random`")
    ap.add_argument("--sample", type=int, default=30000, help="game positions to try")
    ap.add_argument("--kings-late", type=float, default=KING,
                    help="try another weight for the kings on boards of 12 men or fewer")
    ap.add_argument("--facing", type=float, default=0.0,
                    help="try a vote for each pair of facing pawns (a White one below a Black one)")
    a = ap.parse_args()
    tally = collections.defaultdict(lambda: [0, 0])
    rng = random.Random(1)
    if a.games:
        fens = [line.rstrip("\n").split("\t")[-1] for line in open(a.games)]
        for fen in rng.sample(fens, min(a.sample, len(fens))):
            board = expand(fen.split()[0])
            turned = rng.random() < 0.5
            picture = board[::-1] if turned else board
            # the lean is left out: these are turned half the time
            t = tally[phase(board)]
            t[0] += white_bottom(picture, lean=0, king_late=a.kings_late, facing=a.facing) != turned
            t[1] += 1
    if a.renders:
        for line in open(a.renders):
            m = json.loads(line)
            board = expand(m["fen"].split()[0])
            picture = board[::-1] if m["flip"] else board
            t = tally["renders, " + m["kind"]]
            t[0] += white_bottom(picture, king_late=a.kings_late, facing=a.facing) != m["flip"]
            t[1] += 1
            t = tally["renders, %s, always White" % m["kind"]]
            t[0] += not m["flip"]
            t[1] += 1
    for name, (right, total) in sorted(tally.items()):
        print("%-36s %6d positions  %5.1f%% the right way round" % (name, total, 100.0 * right / total))


if __name__ == "__main__":
    main()
