"""How the scanner copes with a board turned in the picture: every real
screenshot of $SHARED/images is turned by each angle (PIL, bicubic, the
canvas grown to hold it, white around), scanned with its labelled side at
the bottom, and per angle the boards found, the boards read wholly right
and the mean time of one `fenkit scan` call are printed.

Usage: eval_turned.py FENKIT [--angles 0,2,5,12,25,-7,-35] [--work DIR]"""
import argparse
import json
import os
import subprocess
import sys
import time

from eval_scan import SHARED, expand, labelled_pictures

try:
    from PIL import Image
except ImportError:  # make eval-scan needs nothing else beyond the standard library
    Image = None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--angles", default="0,2,5,12,25,-7,-35")
    ap.add_argument("--work", default="/tmp/fenkit-eval-turned")
    a = ap.parse_args()
    if Image is None:
        print("turned screenshots: skipped, PIL is missing (Debian: python3-pil, or "
              "scripts/install-deps train)", file=sys.stderr)
        return
    os.makedirs(a.work, exist_ok=True)
    shots = [(os.path.join(SHARED, "images", folder, r[0]), r[1], r[3].split("-")[0])
             for folder, rows in labelled_pictures() for r in rows
             if r[2] == "screenshot" and r[3] in ("white-bottom", "black-bottom")]
    print("%d screenshots; angle, boards found, boards wholly right, ms a call" % len(shots))
    for angle in [float(x) for x in a.angles.split(",")]:
        found = right = 0
        took = 0.0
        for path, placement, bottom in shots:
            turned = os.path.join(a.work, "turned.png")
            img = Image.open(path).convert("RGB")
            img.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=(255, 255, 255)).save(turned)
            start = time.time()
            p = subprocess.run([a.fenkit, "scan", "--json", "--bottom", bottom, turned],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            took += time.time() - start
            try:
                got = json.loads(p.stdout)
            except ValueError:
                continue
            if "fen" not in got:
                continue
            found += 1
            right += expand(got["fen"].split()[0]) == expand(placement)
        print("%6.1f %4d %4d %8.0f" % (angle, found, right, 1000 * took / len(shots)))


if __name__ == "__main__":
    main()
