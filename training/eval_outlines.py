"""How well men's outlines tell kinds apart, on the outlines the scanner
itself finds (`fenkit scan --debug-dir` writes them beside the crops,
src/vision/shape.c) in rendered boards whose positions are known: the
figures behind scan.c's SHAPE_UNLIKE and SHAPE_ALIKE.

Only boards drawn flat count (a flat crop on both square colours), as in
scan.c. For every pair of men that both show an outline, the overlap is
computed as fk_shapes_overlap() does (shared pixels over the pixels of
either, the better of the second moved up to two pixels each way), and
the pairs are told by their true men: the same man, the same kind in the
other colour, or different kinds. Prints percentiles of each, the pairs
of different kinds that overlap most, and per piece set the median
overlap of its men across colours on a board (what outlines_cross() asks
of a board before it compares men of different colours).

    python3 training/eval_scan.py build/fenkit --boards 400 --work /tmp/ev400
    python3 training/eval_outlines.py build/fenkit /tmp/ev400/held-out

Usage: eval_outlines.py FENKIT RENDER_DIR"""
import collections
import os
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import debug_scans  # noqa: E402

FLAT = 2  # scan.c: fk_crop_is_flat


def overlap(a, b):
    """fk_shapes_overlap(): b moved by up to two pixels each way."""
    side = a.shape[0]
    best = 0.0
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            moved = np.zeros_like(b)
            ys, yd = (slice(dy, side), slice(0, side - dy)) if dy >= 0 else \
                (slice(0, side + dy), slice(-dy, side))
            xs, xd = (slice(dx, side), slice(0, side - dx)) if dx >= 0 else \
                (slice(0, side + dx), slice(-dx, side))
            moved[yd, xd] = b[ys, xs]
            either = np.logical_or(a, moved).sum()
            if either:
                best = max(best, np.logical_and(a, moved).sum() / either)
    return best


def main():
    fenkit, folder = sys.argv[1], sys.argv[2]
    pairs = collections.defaultdict(list)
    closest = []
    by_set = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        for m, out, cells in debug_scans(fenkit, folder, tmp):

            def load(kind, i):
                name = "%s-r%dc%d.png" % ((kind,) + divmod(i, 8))
                return np.asarray(Image.open(os.path.join(out, name)), dtype=np.int32)

            crops = [load("crop", i) for i in range(64)]
            flat = [any((i // 8 + i % 8) % 2 == c and np.ptp(crops[i][1:-1, 1:-1]) <= FLAT
                        for i in range(64)) for c in (0, 1)]
            if not all(flat):
                continue
            shapes = {}
            for i in range(64):
                if cells[i] != ".":
                    s = load("outline", i) > 0
                    if s.any():
                        shapes[i] = s
            men = sorted(shapes)
            crossing = []
            for x, a in enumerate(men):
                for b in men[x + 1:]:
                    v = overlap(shapes[a], shapes[b])
                    if cells[a] == cells[b]:
                        pairs["the same man"].append(v)
                    elif cells[a].lower() == cells[b].lower():
                        pairs["one kind, both colours"].append(v)
                        crossing.append(v)
                    else:
                        pairs["different kinds"].append(v)
                        closest.append((v, m["file"], cells[a], cells[b]))
            if crossing:
                by_set[os.path.basename(m["pieces"].rstrip("/"))].append(float(np.median(crossing)))
    for name in ("the same man", "one kind, both colours", "different kinds"):
        v = np.array(pairs[name])
        if len(v):
            print("%-24s %6d pairs: 1st percentile %.3f, 5th %.3f, median %.3f, 99th %.3f, most %.3f"
                  % (name, len(v), *np.percentile(v, [1, 5, 50, 99]), v.max()))
    closest.sort(reverse=True)
    print("different kinds overlapping most:",
          ", ".join("%s %s/%s %.3f" % (f, a, b, v) for v, f, a, b in closest[:5]))
    print("median overlap across colours on a board, lowest boards first:")
    for name, v in sorted(by_set.items(), key=lambda kv: min(kv[1])):
        print("  %-28s %3d boards, lowest %.3f, median %.3f" % (name, len(v), min(v), np.median(v)))


if __name__ == "__main__":
    main()
