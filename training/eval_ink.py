"""How well ink tells a black man from a white one, on the crops the scanner
itself cuts (`fenkit scan --debug-dir`) of rendered boards whose positions
are known: the figures behind ink.c's fk_colour_kings and fk_colour_men. Ink is
computed as ink.c's fk_cell_inks does: the share of a crop's inner pixels
darker than half the grey of the board's darker squares, boards whose dark
squares show no flat crop counted apart (hatched).

Prints, for flat and hatched boards, on how many the black king has more
ink than the white one and the closest such pair; and for flat boards, per
kind, the pairs of a white and a black man (how many have the black one
with less or as much ink, and the 1st percentile of the difference) and the
pairs of one colour (the 99th percentile of their difference).

    python3 training/eval_scan.py build/fenkit --boards 400 --work /tmp/ev400
    python3 training/eval_ink.py build/fenkit /tmp/ev400/held-out

Usage: eval_ink.py FENKIT RENDER_DIR"""
import os
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import debug_scans  # noqa: E402

FLAT = 2  # scan.c: is_flat


def ground(crop):
    """scan.c's ground_grey: the lower median of the two outer rings."""
    ring = np.concatenate([crop[:2].ravel(), crop[-2:].ravel(), crop[2:-2, :2].ravel(),
                           crop[2:-2, -2:].ravel()])
    return int(np.sort(ring)[(len(ring) - 1) // 2])


def inks(crops):
    """(ink share of each of the 64 crops, whether a dark square is flat)."""
    side = crops[0].shape[0]
    grounds = [ground(c) for c in crops]
    median = [sorted(grounds[i] for i in range(64) if (i // 8 + i % 8) % 2 == c)[16] for c in (0, 1)]
    dark = int(median[1] < median[0])
    flat = any((i // 8 + i % 8) % 2 == dark and np.ptp(crops[i][1:-1, 1:-1]) <= FLAT for i in range(64))
    lo, hi = side // 10, side - side // 10
    return [float((c[lo:hi, lo:hi] < median[dark] // 2).mean()) for c in crops], flat


def main():
    fenkit, folder = sys.argv[1], sys.argv[2]
    kings = {True: [0, 0, 1.0], False: [0, 0, 1.0]}  # right, boards, closest gap
    cross, same, wrong = {}, {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for m, out, cells in debug_scans(fenkit, folder, tmp):
            crops = [np.asarray(Image.open(os.path.join(out, "crop-r%dc%d.png" % divmod(i, 8))),
                                dtype=np.int32) for i in range(64)]
            ink, flat = inks(crops)
            if "K" in cells and "k" in cells:
                gap = ink[cells.index("k")] - ink[cells.index("K")]
                k = kings[flat]
                k[0] += gap > 0
                k[1] += 1
                if gap > 0:
                    k[2] = min(k[2], gap)
            if not flat:
                continue
            for kind in "pnbrq":
                white = [i for i in range(64) if cells[i] == kind.upper()]
                black = [i for i in range(64) if cells[i] == kind]
                for w in white:
                    for b in black:
                        cross.setdefault(kind, []).append(ink[b] - ink[w])
                        wrong[kind] = wrong.get(kind, 0) + (ink[b] <= ink[w])
                for group in (white, black):
                    for a in range(len(group)):
                        for c in range(a + 1, len(group)):
                            same.setdefault(kind, []).append(abs(ink[group[a]] - ink[group[c]]))
    for flat in (True, False):
        right, boards, gap = kings[flat]
        print("%s boards: the black king inkier on %d of %d (closest %.3f)" %
              ("flat" if flat else "hatched", right, boards, gap))
    for kind in "pnbrq":
        if kind not in cross:
            continue
        c, s = np.array(cross[kind]), np.array(same.get(kind, [0.0]))
        print("%s: %5d white-black pairs, %d with the black one no inkier, 1st percentile %.3f;"
              " %5d pairs of one colour, 99th percentile %.3f" %
              (kind, len(c), wrong[kind], np.percentile(c, 1), len(s), np.percentile(s, 99)))


if __name__ == "__main__":
    main()
