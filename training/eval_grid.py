"""How precisely `fenkit scan` puts the grid on rendered boards: scans a
folder written by `fenkit render --random N --out DIR` and compares each
picture's `board` corners (top left, bottom right) with the board its
manifest gives, in shares of a square. Lists the grids off by more than
--over (2.5% of a square) and counts them per theme.

Usage: eval_grid.py FENKIT DIR [--over SHARE]
For example, the held-out renders of eval_scan.py --boards 400:
  python3 training/eval_grid.py build/fenkit /tmp/fenkit-eval-scan/held-out"""
import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import scan  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("dir")
    ap.add_argument("--over", type=float, default=0.025, help="share of a square")
    a = ap.parse_args()
    manifest = [json.loads(line) for line in open(os.path.join(a.dir, "manifest.jsonl"))]
    results, _ = scan(a.fenkit, [os.path.join(a.dir, m["file"]) for m in manifest], None)
    off, themes = collections.Counter(), collections.Counter()
    for m, res in zip(manifest, results):
        themes[m["theme"]] += 1
        if "board" not in res:
            off[m["theme"]] += 1
            print("%s %s: no board found" % (m["file"], m["theme"]))
            continue
        x, y, side = m["board"]
        (x0, y0), (x1, y1) = res["board"][0], res["board"][2]
        errors = (x0 - x, y0 - y, x1 - x - side, y1 - y - side)
        worst = max(abs(e) for e in errors) / (side / 8)
        if worst > a.over:
            off[m["theme"]] += 1
            print("%s %s, %s, board %d px: %.1f%% of a square off (left %+.1f, top %+.1f, right %+.1f, "
                  "bottom %+.1f px)" % ((m["file"], m["theme"], m["pieces"], side, 100 * worst) + errors))
    print("%d of %d grids off by more than %.1f%% of a square; by theme: %s" % (
        sum(off.values()), len(manifest), 100 * a.over,
        ", ".join("%s %d/%d" % (t, off[t], themes[t]) for t in sorted(off))))


if __name__ == "__main__":
    main()
