"""How the scanner copes with light that falls unevenly on a board, as in a
photo of a screen or a page: each render of a folder that
`eval_scan.py --boards N --work DIR` wrote (DIR/held-out) is darkened
by a straight gradient in a random direction (from 35-75% to 75-100% of
its brightness, seeded), saved as a JPEG of quality 85, and scanned by
each fenkit given; per fenkit the boards read wrong as the picture shows
them (a board read upside down compared turned back) and the boards
whose light was evened out are printed.

Usage: eval_light.py RENDERS FENKIT [FENKIT...] [--work DIR] [--seed S]"""
import argparse
import json
import os
import random

from eval_scan import expand, scan

try:
    import numpy as np
    from PIL import Image
except ImportError:
    np = Image = None


def darken(src, dst, seed):
    """Writes the darkened JPEGs and their manifest into dst."""
    os.makedirs(dst, exist_ok=True)
    rng = random.Random(seed)
    out = []
    for line in open(os.path.join(src, "manifest.jsonl")):
        m = json.loads(line)
        a = np.asarray(Image.open(os.path.join(src, m["file"])).convert("RGB"), dtype=float)
        h, w, _ = a.shape
        yy, xx = np.mgrid[0:h, 0:w]
        angle, low, top = rng.uniform(0, 2 * np.pi), rng.uniform(0.35, 0.75), rng.uniform(0.75, 1.0)
        t = np.cos(angle) * xx / w + np.sin(angle) * yy / h
        t = (t - t.min()) / (t.max() - t.min() + 1e-9)
        lit = (a * (top * (low + (1 - low) * t))[..., None]).clip(0, 255).astype(np.uint8)
        m["file"] = os.path.splitext(m["file"])[0] + ".jpg"
        Image.fromarray(lit).save(os.path.join(dst, m["file"]), quality=85)
        out.append(m)
    return out


def wrong_as_drawn(fenkit, folder, manifest):
    """(boards read wrong as drawn, boards evened) of fenkit on the folder."""
    results, _ = scan(fenkit, [os.path.join(folder, m["file"]) for m in manifest], None)
    wrong = evened = 0
    for m, r in zip(manifest, results):
        evened += any("light falls unevenly" in n for n in r.get("notes", []))
        if "fen" not in r:
            wrong += 1
            continue
        read = expand(r["fen"].split()[0])
        if (r.get("bottom") == "black") != bool(m.get("flip")):
            read = read[::-1]
        wrong += read != expand(m["fen"].split()[0])
    return wrong, evened


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("renders")
    ap.add_argument("fenkit", nargs="+")
    ap.add_argument("--work", default="/tmp/fenkit-eval-light")
    ap.add_argument("--seed", type=int, default=28)
    a = ap.parse_args()
    if np is None:
        print("uneven light: skipped, numpy or PIL is missing (Debian: python3-numpy, "
              "python3-pil)")
        return
    manifest = darken(a.renders, a.work, a.seed)
    for fenkit in a.fenkit:
        wrong, evened = wrong_as_drawn(fenkit, a.work, manifest)
        print("%s: %d of %d boards wrong as drawn, %d evened" % (fenkit, wrong, len(manifest),
                                                                  evened))


if __name__ == "__main__":
    main()
