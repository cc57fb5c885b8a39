"""Draws boards with arrows over them, as an analysis board shows them,
scans them and says how many are read wrong (a square wrong as drawn, or
the board the wrong way round) and how many of the arrows the scanner
named, the right way round or reversed. The positions are those of
`fenkit render --random` (openings and middlegames, where arrows are
drawn); the arrows run between random squares, one to four a board.

Usage: eval_arrows.py FENKIT [--boards N] [--seed S] [--pieces DIR,...]
  [--themes T,...] [--sizes PX,...] [--look fenkit|lichess|chesscom|circles]
  [--jpeg QUALITY] [--keep DIR] [--verbose]
--look draws the arrows as fenkit render does (the default), or over a
render without them (python3-pil), the way lichess draws them (a line a
sixth of a square wide with a round tail, a head stopping short of the
centre, green, blue, red or yellow, 60% or 80% opaque), the way chess.com
does (orange at 80%, half of them a knight's move drawn bent), or rings
on squares instead of arrows (circles: nothing should be named).
For example, the built-in men on the five common themes:
  python3 training/eval_arrows.py build/fenkit --boards 120"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import expand, scan  # noqa: E402


def knight_move(rng, square):
    """A square a knight's move from `square`."""
    f, r = "abcdefgh".index(square[0]), int(square[1]) - 1
    to = [(f + x, r + y) for x, y in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1),
                                      (-1, -2), (-2, -1)) if 0 <= f + x < 8 and 0 <= r + y < 8]
    f, r = rng.choice(to)
    return "abcdefgh"[f] + str(r + 1)


def overlay(path, size, flip, arrows, look, rng):
    """Draws the arrows (or, for circles, rings on their first squares)
    over the picture at path, whose board fills it, as `look` draws them:
    a mask drawn four times larger, shrunk, then the colour laid over the
    picture through it."""
    from PIL import Image, ImageDraw
    sq, k = size / 8, 4  # square side, supersampling
    mask = Image.new("L", (size * k, size * k), 0)
    draw = ImageDraw.Draw(mask)

    def centre(name):
        f, r = "abcdefgh".index(name[0]), int(name[1]) - 1
        if flip:
            f, r = 7 - f, 7 - r
        return ((f + 0.5) * sq * k, (7 - r + 0.5) * sq * k)

    def head(tip, ux, uy, length, half):
        base = (tip[0] - ux * length, tip[1] - uy * length)
        draw.polygon([(base[0] - uy * half, base[1] + ux * half), tip,
                      (base[0] + uy * half, base[1] - ux * half)], fill=255)
        return base

    if look == "lichess":
        colour = rng.choice([(0x15, 0x78, 0x1b), (0x00, 0x30, 0x88), (0x88, 0x20, 0x20),
                             (0xe6, 0x8f, 0x00)])
        opacity, width = rng.choice([0.6, 0.8]), sq * k * 10 / 64
        for ar in arrows:
            (x0, y0), (x1, y1) = centre(ar[:2]), centre(ar[2:])
            d = math.hypot(x1 - x0, y1 - y0)
            ux, uy = (x1 - x0) / d, (y1 - y0) / d
            end = (x1 - ux * sq * k * 20 / 64, y1 - uy * sq * k * 20 / 64)
            draw.ellipse([x0 - width / 2, y0 - width / 2, x0 + width / 2, y0 + width / 2], fill=255)
            tip = (end[0] + ux * 0.95 * width, end[1] + uy * 0.95 * width)
            base = head(tip, ux, uy, 3 * width, 2 * width)
            draw.line([(x0, y0), base], fill=255, width=int(width))
    elif look == "chesscom":
        colour, opacity, width = (255, 170, 0), 0.8, sq * k * 0.22
        for ar in arrows:
            a, b = centre(ar[:2]), centre(ar[2:])
            df = abs("abcdefgh".index(ar[0]) - "abcdefgh".index(ar[2]))
            dr = abs(int(ar[1]) - int(ar[3]))
            points = [a]
            if {df, dr} == {1, 2}:  # bent: the long leg first
                points.append((a[0], b[1]) if dr == 2 else (b[0], a[1]))
            points.append(b)
            (px, py), (qx, qy) = points[-2], points[-1]
            d = math.hypot(qx - px, qy - py)
            base = head(points[-1], (qx - px) / d, (qy - py) / d, sq * k * 0.4, sq * k * 0.27)
            legs = points[:-1] + [base]
            for p, q in zip(legs, legs[1:]):
                draw.line([p, q], fill=255, width=int(width))
            if len(points) == 3:
                c = points[1]
                draw.rectangle([c[0] - width / 2, c[1] - width / 2, c[0] + width / 2,
                                c[1] + width / 2], fill=255)
    else:  # circles
        colour, opacity = (0x15, 0x78, 0x1b), rng.choice([0.6, 0.8])
        ring, width = sq * k * 0.47, sq * k / 16
        for ar in arrows:
            x, y = centre(ar[:2])
            draw.ellipse([x - ring - width / 2, y - ring - width / 2, x + ring + width / 2,
                          y + ring + width / 2], fill=255)
            draw.ellipse([x - ring + width / 2, y - ring + width / 2, x + ring - width / 2,
                          y + ring - width / 2], fill=0)
    mask = mask.resize((size, size), Image.LANCZOS).point(lambda v: int(v * opacity))
    picture = Image.open(path).convert("RGB")
    Image.composite(Image.new("RGB", (size, size), colour), picture, mask).save(path)


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
    ap.add_argument("--look", default="fenkit", choices=["fenkit", "lichess", "chesscom", "circles"])
    ap.add_argument("--jpeg", type=int, default=0, help="save the pictures as JPEG of this quality")
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
            if a.look == "chesscom" and rng.random() < 0.5:
                t = knight_move(rng, s)
            arrows.append(s + t)
        flip = rng.random() < 0.25
        size = rng.choice(sizes)
        args = ["--size", str(size), "--theme", rng.choice(themes), "--pieces", sets[i % len(sets)]]
        if a.look == "fenkit":
            args += ["--arrow", ",".join(arrows), "--coords", rng.choice(["inside", "outside"])]
        else:
            args += ["--coords", "inside"]  # the board fills the picture
        if flip:
            args.append("--flip")
        path = os.path.join(work, "%04d.png" % i)
        subprocess.run([a.fenkit, "render"] + args + [fen, "-o", path], check=True)
        if a.look != "fenkit":
            overlay(path, size, flip, arrows, a.look, rng)
            if a.look == "circles":
                arrows = []
            args += ["(%s: %s)" % (a.look, ",".join(arrows) or "rings")]
        if a.jpeg:
            from PIL import Image
            Image.open(path).convert("RGB").save(path[:-4] + ".jpg", quality=a.jpeg)
            os.remove(path)
            path = path[:-4] + ".jpg"
        files.append(path)
        cases.append((fen.split()[0], flip, arrows, args))
    results, _ = scan(a.fenkit, files, None)
    wrong = turned = 0
    named = {"right way": 0, "reversed": 0, "missed": 0, "not drawn": 0}
    for path, (placement, flip, arrows, args), res in zip(files, cases, results):
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
