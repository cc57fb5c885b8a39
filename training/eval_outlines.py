"""How well men's outlines tell kinds apart, on the outlines the scanner
itself finds (`fenkit scan --debug-dir` writes them beside the crops,
src/vision/shape.c) in rendered boards whose positions are known: the
figures behind tell.c's SHAPE_UNLIKE and SHAPE_ALIKE.

Only boards drawn flat count (a flat crop on both square colours), as in
tell.c. For every pair of men that both show an outline, the overlap is
computed as fk_shapes_overlap() does (shared pixels over the pixels of
either, the better of the second moved up to two pixels each way), and
the pairs are told by their true men: the same man, the same kind in the
other colour, or different kinds. Prints percentiles of each, the pairs
of different kinds that overlap most, and per piece set the median
overlap of its men across colours on a board (what outlines_cross() asks
of a board before it compares men of different colours).

    python3 training/eval_scan.py build/fenkit --boards 400 --work /tmp/ev400
    python3 training/eval_outlines.py build/fenkit /tmp/ev400/held-out

With --hatched, the figures behind tell.c's LAID_UNLIKE and LAID_ALIKE
instead, on boards with one square colour drawn flat and the other
hatched (the book themes): every man on a hatched square whose ground
the scanner worked out (`hatch-rRcC.png`) against every man on a flat
square that shows an outline, the flat one laid over the hatched ground
as fk_hatch_composed() does (his outline's pixels in his greys, the
ground elsewhere, moved up to two pixels each way; the grey difference
left as a share of what the ground alone leaves). Prints percentiles for
the same man and for different men, and for how many hatched men the
likest flat man is the right one (of those with their own man flat).

Usage: eval_outlines.py FENKIT RENDER_DIR [--hatched]"""
import collections
import os
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import debug_scans  # noqa: E402

FLAT = 2  # scan.c: fk_crop_is_flat
PLAIN = 12  # scan.c: a square colour drawn flat when men are compared


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


def composed(crop, ground, man, shape):
    """fk_hatch_composed(): -1 where the crop is its ground alone."""
    side = crop.shape[0]
    bare = np.abs(crop - ground).sum()
    if bare == 0:
        return -1.0
    least = None
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            laid = ground.copy()
            ys, yd = (slice(0, side - dy), slice(dy, side)) if dy >= 0 else \
                (slice(-dy, side), slice(0, side + dy))
            xs, xd = (slice(0, side - dx), slice(dx, side)) if dx >= 0 else \
                (slice(-dx, side), slice(0, side + dx))
            region = laid[yd, xd]
            region[shape[ys, xs]] = man[ys, xs][shape[ys, xs]]
            err = np.abs(crop - laid).sum()
            least = err if least is None else min(least, err)
    return least / bare


def hatched(fenkit, folder):
    pairs = collections.defaultdict(list)
    right = asked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for m, out, cells in debug_scans(fenkit, folder, tmp):

            def load(kind, i):
                path = os.path.join(out, "%s-r%dc%d.png" % ((kind,) + divmod(i, 8)))
                return np.asarray(Image.open(path), dtype=np.int32) if os.path.exists(path) else None

            crops = [load("crop", i) for i in range(64)]
            flat = [any((i // 8 + i % 8) % 2 == c and np.ptp(crops[i][1:-1, 1:-1]) <= PLAIN
                        for i in range(64)) for c in (0, 1)]
            if flat[0] == flat[1]:
                continue
            plain = []
            for i in range(64):
                if cells[i] != "." and flat[(i // 8 + i % 8) % 2]:
                    s = load("outline", i)
                    if s is not None and s.any():
                        plain.append((i, s > 0))
            for h in range(64):
                ground = load("hatch", h) if cells[h] != "." else None
                if ground is None:
                    continue
                best = {}
                for f, shape in plain:
                    r = composed(crops[h], ground, crops[f], shape)
                    if r < 0:
                        continue
                    pairs["the same man" if cells[f] == cells[h] else "different men"].append(r)
                    best[cells[f]] = min(best.get(cells[f], r), r)
                if cells[h] in best and len(best) > 1:
                    asked += 1
                    right += min(best, key=best.get) == cells[h]
    for name in ("the same man", "different men"):
        v = np.array(pairs[name])
        if len(v):
            print("%-14s %6d pairs: 1st percentile %.3f, median %.3f, 95th %.3f, 99th %.3f"
                  % (name, len(v), *np.percentile(v, [1, 50, 95, 99])))
    print("likest flat man the right one for %d of %d hatched men" % (right, asked))


def main():
    fenkit, folder = sys.argv[1], sys.argv[2]
    if "--hatched" in sys.argv[3:]:
        hatched(fenkit, folder)
        return
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
