"""Draws boards with arrows over them, as an analysis board shows them,
scans them and says how many are read wrong (a square wrong as drawn, or
the board the wrong way round) and how many of the arrows the scanner
named, the right way round or reversed. The positions are those of
`fenkit render --random` (openings and middlegames, where arrows are
drawn); the arrows run between random squares, one to four a board.

Usage: eval_arrows.py FENKIT [--boards N] [--seed S] [--pieces DIR,...]
  [--themes T,...] [--sizes PX,...] [--keep DIR]
For example, the built-in men on the five common themes:
  python3 training/eval_arrows.py build/fenkit --boards 120"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import expand  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--boards", type=int, default=120)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--pieces", default="cburnett", help="piece sets to cycle through")
    ap.add_argument("--themes", default="brown,blue,purple,teal,lichess,grey")
    ap.add_argument("--sizes", default="320,400,560,800", help="board sizes to draw, pixels")
    ap.add_argument("--keep", default=None, help="write the pictures here and keep them")
    ap.add_argument("--verbose", action="store_true", help="list the arrows not named right")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sets, themes = a.pieces.split(","), a.themes.split(",")
    sizes = [int(x) for x in a.sizes.split(",")]
    work = a.keep or tempfile.mkdtemp(prefix="fenkit-arrows-")
    os.makedirs(work, exist_ok=True)
    # Positions: fenkit's own random openings and middlegames.
    subprocess.run([a.fenkit, "render", "--random", str(4 * a.boards), "--seed", str(a.seed),
                    "--size", "16", "--clutter", "0", "--out", os.path.join(work, "fens")],
                   check=True, stdout=subprocess.DEVNULL)
    fens = [json.loads(l) for l in open(os.path.join(work, "fens", "manifest.jsonl"))]
    fens = [m["fen"] for m in fens if m["kind"] in ("opening", "middlegame")][: a.boards]
    files, cases = [], []
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    for i, fen in enumerate(fens):
        arrows = []
        while len(arrows) < rng.randint(1, 4):
            s, t = rng.sample(squares, 2)
            arrows.append(s + t)
        flip = rng.random() < 0.25
        args = ["--size", str(rng.choice(sizes)), "--theme", rng.choice(themes),
                "--pieces", sets[i % len(sets)], "--arrow", ",".join(arrows),
                "--coords", rng.choice(["inside", "outside"])]
        if flip:
            args.append("--flip")
        path = os.path.join(work, "%04d.png" % i)
        subprocess.run([a.fenkit, "render"] + args + [fen, "-o", path], check=True)
        files.append(path)
        cases.append((fen.split()[0], flip, arrows, args))
    out = subprocess.run([a.fenkit, "scan", "--json"] + files, capture_output=True, text=True).stdout
    wrong = turned = 0
    named = {"right way": 0, "reversed": 0, "missed": 0, "not drawn": 0}
    for path, (placement, flip, arrows, args), line in zip(files, cases, out.splitlines()):
        res = json.loads(line)
        if "fen" not in res:
            wrong += 1
            print(os.path.basename(path), "no board:", res.get("error"))
            continue
        want, got = expand(placement), expand(res["fen"].split()[0])
        upside = res.get("bottom") != ("black" if flip else "white")
        if upside:
            got = list(reversed(got))
        bad = ["%s%d:%s>%s" % ("abcdefgh"[k % 8], 8 - k // 8, x, y)
               for k, (x, y) in enumerate(zip(want, got)) if x != y]
        if bad or upside:
            wrong += 1
            turned += upside
            print(os.path.basename(path), "turned" if upside else "", " ".join(bad),
                  " ".join(args))
        seen = {(x["from"], x["to"]) for x in res.get("arrows", []) if x["from"]}
        drawn = {(x[:2], x[2:]) for x in arrows}
        for s, t in drawn:
            how = "right way" if (s, t) in seen else "reversed" if (t, s) in seen else "missed"
            named[how] += 1
            if a.verbose and how != "right way":
                print(os.path.basename(path), "arrow %s%s %s" % (s, t, how), " ".join(args))
        named["not drawn"] += sum((s, t) not in drawn and (t, s) not in drawn for s, t in seen)
    print("%d boards, %d read wrong (%d of them the wrong way round)" % (len(files), wrong, turned))
    print("arrows: " + ", ".join("%s %d" % kv for kv in named.items()))


if __name__ == "__main__":
    main()
