"""Checks the scanner's flat-square rule (src/vision/scan.c: a crop whose
pixels, its outermost ring left out, lie within FLAT grey levels of one
another is read empty without the network) against the labels: every
labelled real picture of $SHARED/images but the photos of physical boards,
and the held-out renders `make eval-scan` leaves in build/eval-scan, are
scanned with --debug-dir, and for a few tolerances the empty squares and
the squares holding a man that pass the test are counted.

Usage: eval_flat.py FENKIT [--held-out DIR] [--work DIR]"""
import argparse
import json
import os
import subprocess
import sys

from eval_scan import SHARED, expand, labelled_pictures

try:
    from PIL import Image
except ImportError:
    Image = None

TOLERANCES = (2, 6, 20)


def pictures(held_out):
    """(path, placement, 1 for White at the bottom or None to take the
    scanner's reading) of every picture to check."""
    for folder, rows in labelled_pictures():
        for r in rows:
            if r[2] != "physical-photo":
                yield os.path.join(SHARED, "images", folder, r[0]), r[1], None
    manifest = os.path.join(held_out, "manifest.jsonl")
    if os.path.exists(manifest):
        with open(manifest) as f:
            for line in f:
                m = json.loads(line)
                yield os.path.join(held_out, m["file"]), m["fen"].split()[0], not m["flip"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--held-out", default="build/eval-scan/held-out")
    ap.add_argument("--work", default="/tmp/fenkit-eval-flat")
    a = ap.parse_args()
    if Image is None:
        sys.exit("eval_flat.py needs PIL (Debian: python3-pil)")
    flat = {t: [0, 0] for t in TOLERANCES}  # tolerance: [empty squares, men]
    squares = [0, 0]
    count = 0
    for path, placement, white_bottom in pictures(a.held_out):
        subprocess.run(["rm", "-rf", a.work], check=True)
        p = subprocess.run([a.fenkit, "scan", "--json", "--debug-dir", a.work, path],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            result = json.loads(p.stdout)
        except ValueError:
            continue
        if "fen" not in result:
            continue
        if white_bottom is None:
            white_bottom = result["bottom"] == "white"
        truth = expand(placement)
        count += 1
        for i in range(64):
            crop = Image.open(os.path.join(a.work, "crop-r%dc%d.png" % (i // 8, i % 8))).convert("L")
            lo, hi = crop.crop((1, 1, crop.width - 1, crop.height - 1)).getextrema()
            man = (truth[i] if white_bottom else truth[63 - i]) != "."
            squares[man] += 1
            for t in TOLERANCES:
                flat[t][man] += hi - lo <= t
    print("%d pictures: %d empty squares, %d holding a man" % (count, squares[0], squares[1]))
    for t in TOLERANCES:
        print("within %2d grey levels: %5d empty squares flat, %d holding a man" % (t, *flat[t]))


if __name__ == "__main__":
    main()
