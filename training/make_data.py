"""Makes the training squares: renders random boards with `fenkit render
--random` (one piece set per design family per chunk, so big families do
not crowd out the rest), cuts each board into 64 crops the way the scanner
does (a share of the chunks drawn as printed diagrams: flat grey dark squares
replaced by hatching, dots or a tint, then inked, scanned and shrunk), and saves crops and labels, one .npz file per chunk, into a folder (chunks
already there are kept, so an interrupted run resumes).

Usage: make_data.py FENKIT OUT_DIR [--boards N] [--seed S] [--work DIR]"""
import argparse
import io
import json
import os
import random
import subprocess
import sys

import numpy as np
from PIL import Image, ImageFilter

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402
import variants  # noqa: E402


def families(held_out, excluded=None):
    """{family: [set folder, ...]} for the families training may (or, with
    held_out, may not) use. `excluded`, when given, replaces the held-out
    list (eval_lofo.py trains once without each fold of families)."""
    left_out = common.HELD_OUT_FAMILIES if excluded is None else excluded
    out = {}
    index = os.path.join(common.SHARED, "pieces", "INDEX.tsv")
    with open(index) as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            fam = cols[6]
            if (fam in left_out) == held_out:
                out.setdefault(fam, []).append(os.path.join(common.SHARED, "pieces", "sets", cols[0]))
    return out


def degrade(img, box, rng):
    """Board-level augmentation: shrink, blur or JPEG-compress the picture
    now and then. Returns the new picture and the box scaled with it."""
    x, y, s = box
    if rng.random() < 0.25 and s > 200:
        f = rng.uniform(0.35, 0.9)
        img = img.resize((max(1, int(img.width * f)), max(1, int(img.height * f))), Image.BILINEAR)
        x, y, s = box[0] * f, box[1] * f, box[2] * f
    if rng.random() < 0.15:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.2)))
    if rng.random() < 0.3:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(35, 95))
        buf.seek(0)
        img = Image.open(buf).convert("RGB")
    return img, (x, y, s)


# The dark-square grey of the black-and-white theme that book chunks are
# drawn in: these pixels get the printed texture.
BOOK_DARK = 0x9c


def book_texture(h, w, square, rng):
    """A printed dark-square pattern (h, w) in 0..255: diagonal, vertical or
    horizontal hatching, crossed lines, a dot screen or a flat tint, with
    5 to 14 lines or dots per square."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    period = square / rng.uniform(5, 14)
    ink = rng.uniform(0.25, 0.6)  # share of each period inked
    kind = rng.choice(("diagonal", "diagonal", "vertical", "horizontal", "cross", "dots", "tint"))
    if kind == "tint":
        return np.full((h, w), rng.uniform(60, 200), dtype=np.float32)
    if kind == "dots":
        u = (xx / period) % 1 - 0.5
        v = (yy / period) % 1 - 0.5
        return np.where(u * u + v * v < ink * 0.5, 0, 255).astype(np.float32)
    angle = {"diagonal": rng.choice((45, -45)) + rng.uniform(-4, 4), "vertical": 90,
             "horizontal": 0}.get(kind, 45)
    t = np.deg2rad(angle)
    lines = ((xx * np.sin(t) + yy * np.cos(t)) / period) % 1 < ink
    if kind == "cross":
        lines |= ((xx * np.sin(-t) + yy * np.cos(-t)) / period) % 1 < ink
    return np.where(lines, 0, 255).astype(np.float32)


def print_look(img, box, rng):
    """Turns a black-and-white diagram into a printed one: textured dark
    squares, ink spread, sometimes a hard threshold (a 1-bit scan), paper
    tone, then shrunk to a small scan. Returns the picture and its box."""
    g = np.asarray(img.convert("L")).astype(np.float32)
    square = box[2] / 8
    mask = np.abs(g - BOOK_DARK) <= 4
    g = np.where(mask, book_texture(g.shape[0], g.shape[1], square, rng), g)
    out = Image.fromarray(np.clip(g, 0, 255).astype(np.uint8))
    if rng.random() < 0.6:
        out = out.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.0)))
    if rng.random() < 0.3:
        cut = rng.uniform(90, 170)
        out = out.point(lambda v: 0 if v < cut else 255)
    paper, inkv = rng.uniform(200, 255), rng.uniform(0, 70)
    g = np.asarray(out).astype(np.float32) / 255.0
    g = inkv + (paper - inkv) * g + rng.uniform(0, 8) * np.random.default_rng(rng.randrange(1 << 30)).standard_normal(g.shape)
    out = Image.fromarray(np.clip(g, 0, 255).astype(np.uint8)).convert("RGB")
    x, y, s = box
    target = rng.uniform(130, 520)
    if s > target:
        f = target / s
        out = out.resize((max(1, int(out.width * f)), max(1, int(out.height * f))),
                         rng.choice((Image.BILINEAR, Image.BOX, Image.LANCZOS)))
        x, y, s = x * f, y * f, s * f
    return out, (x, y, s)


def crops_of_folder(folder, rng, keep_empty, book=False):
    """Crops and labels of every image a `render --random` run wrote."""
    xs, ys = [], []
    with open(os.path.join(folder, "manifest.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            img = Image.open(os.path.join(folder, m["file"])).convert("RGB")
            box = m["board"]
            if book:
                img, box = print_look(img, box, rng)
            img, (x, y, s) = degrade(img, box, rng)
            # Grid errors the locator could make: a shift of up to ~3% of a
            # square and a slightly wrong size.
            sq = s / 8
            dx, dy = rng.gauss(0, 0.02) * sq, rng.gauss(0, 0.02) * sq
            ds = s * rng.gauss(0, 0.003)
            g = common.grey(np.asarray(img))
            board = common.cut_board(g, x + dx, y + dy, x + dx + s + ds, y + dy + s + ds)
            crops = np.clip(np.rint(common.squares_of(board)), 0, 255).astype(np.uint8)
            labels = common.labels_of(m["fen"].split()[0], m["flip"])
            for c, l in zip(crops, labels):
                if l == 0 and rng.random() > keep_empty:
                    continue
                xs.append(c)
                ys.append(l)
    return xs, ys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("out")
    ap.add_argument("--boards", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", default="/tmp/fenkit-train")
    ap.add_argument("--held-out", action="store_true", help="use only the held-out families")
    ap.add_argument("--exclude", default=None,
                    help="comma-separated families to leave out instead of the held-out ones")
    ap.add_argument("--keep-empty", type=float, default=0.3)
    ap.add_argument("--book", type=float, default=0.35, help="share of chunks drawn as printed diagrams")
    ap.add_argument("--variants", type=float, default=0.0,
                    help="share of the sets drawn as a new design made from them (variants.py)")
    a = ap.parse_args()
    fams = families(a.held_out, a.exclude.split(",") if a.exclude is not None else None)
    names = sorted(fams)
    per_chunk = len(names)
    chunks = max(1, (a.boards + per_chunk - 1) // per_chunk)
    os.makedirs(a.out, exist_ok=True)
    total = 0
    for k in range(chunks):
        # Each chunk has its own generator, so chunks can be made (and a run
        # resumed) independently with the same result.
        out = os.path.join(a.out, "chunk%03d.npz" % k)
        if os.path.exists(out):
            continue
        rng = random.Random(a.seed * 100003 + k)
        sets = [rng.choice(sorted(fams[n])) for n in names]
        rng.shuffle(sets)
        made = os.path.join(a.work, "variants%03d" % k)
        for i in range(len(sets)):
            if a.variants and rng.random() < a.variants:
                out_set = os.path.join(made, "%02d" % i)
                variants.make_variant(sets[i], out_set, random.Random(rng.randrange(1 << 30)))
                sets[i] = out_set
        folder = os.path.join(a.work, "chunk%03d" % k)
        subprocess.run(["rm", "-rf", folder], check=True)
        os.makedirs(a.work, exist_ok=True)
        book = rng.random() < a.book
        subprocess.run([a.fenkit, "render", "--random", str(per_chunk), "--out", folder,
                        "--seed", str(a.seed * 1000 + k), "--pieces", ",".join(sets),
                        "--clutter", "0.1"] + (["--theme", "black-and-white"] if book else []),
                       check=True, stdout=subprocess.DEVNULL)
        xs, ys = crops_of_folder(folder, rng, a.keep_empty, book)
        subprocess.run(["rm", "-rf", folder, made], check=True)
        np.savez_compressed(out + ".tmp.npz", x=np.stack(xs), y=np.array(ys, dtype=np.uint8))
        os.rename(out + ".tmp.npz", out)
        total += len(xs)
        print("chunk %d/%d: %d crops" % (k + 1, chunks, total), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
