"""make eval-lofo: the scanner measured on piece designs its model never
saw. The design families of $SHARED/pieces (INDEX.tsv's design_family:
sets copied from one another are one family) are dealt into --folds folds;
for each fold a model is trained without that fold's families (make_data.py
--exclude, train.py with make train's recipe, fewer boards and epochs if
asked), and boards drawn with the fold's families are scanned with it, in
four kinds of picture:

  screenshot  a digital board, alone in the picture
  page        the board inside a site's page (names, a move list)
  book        a printed diagram: black and white, hatched dark squares,
              inked, scanned and shrunk (make_data.print_look)
  small       a screenshot shrunk to squares of 12 to 23 pixels

Screenshots and pages are split by square size (24 pixels or more, or
less), as the targets are. Every fold's table and the table over all folds
are printed; the last is the headline figure. Each scan is also written,
with its truth, to DIR/readings.jsonl, the input of calibrate_doubt.py.

With --shipped no model is trained: the scanner's own model is measured on
the families its training left out (common.HELD_OUT_FAMILIES), the same
four kinds of picture.

Usage: eval_lofo.py FENKIT [--folds K] [--only F,...] [--boards N] [--epochs E]
                    [--per-family P] [--variants V] [--batchnorm] [--work DIR] [--append]
                    [--shipped]"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import common  # noqa: E402
import make_data  # noqa: E402
from eval_scan import HEADER, Tally, scan  # noqa: E402

KINDS = ("screenshot", "page", "book", "small")


def families():
    """{family: [set folder, ...]} over every set of the pieces INDEX that
    has its folder."""
    out = {}
    with open(os.path.join(common.SHARED, "pieces", "INDEX.tsv")) as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            folder = os.path.join(common.SHARED, "pieces", "sets", cols[0])
            if os.path.isdir(folder):
                out.setdefault(cols[6], []).append(folder)
    return out


def deal(names, k):
    """The families dealt into k folds, the same every run: shuffled with a
    fixed seed, then dealt round the folds like cards."""
    names = sorted(names)
    random.Random(2026).shuffle(names)
    return [sorted(names[i::k]) for i in range(k)]


def run(cmd, log):
    with open(log, "a") as f:
        subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.STDOUT)


def train_without(fenkit, fold, work, boards, epochs, seed, made, batchnorm=False):
    """Trains a model on every family but the fold's; returns its path."""
    model = os.path.join(work, "model.fkm")
    if os.path.exists(model):
        return model
    log = os.path.join(work, "train.log")
    data = os.path.join(work, "data")
    run([sys.executable, os.path.join(HERE, "make_data.py"), fenkit, data, "--boards", str(boards),
         "--seed", str(seed), "--work", os.path.join(work, "render"), "--exclude", ",".join(fold),
         "--variants", str(made)], log)
    run([sys.executable, os.path.join(HERE, "train.py"), data, model + ".tmp", "--seed", str(seed),
         "--epochs", str(epochs), "--flip", "--dropout", "0.2"] + (["--batchnorm"] if batchnorm else []),
        log)
    os.rename(model + ".tmp", model)
    return model


def draw(fenkit, fams, fold, per_family, work, seed):
    """Draws per_family boards of each kind for each family of the fold;
    returns [(picture, family, kind, placement, flip, square px)]."""
    pictures = []
    for fi, fam in enumerate(fold):
        for ki, kind in enumerate(KINDS):
            folder = os.path.join(work, "pictures", "%s-%s" % (fam, kind))
            subprocess.run(["rm", "-rf", folder], check=True)
            os.makedirs(os.path.dirname(folder), exist_ok=True)
            cmd = [fenkit, "render", "--random", str(per_family), "--out", folder,
                   "--seed", str(seed * 7919 + fi * 31 + ki), "--pieces", ",".join(fams[fam]),
                   "--clutter", "1" if kind == "page" else "0"]
            if kind == "book":
                cmd += ["--theme", "black-and-white"]
            if kind == "small":
                cmd += ["--size", "400"]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            rng = random.Random(seed * 131 + fi * 17 + ki)
            for line in open(os.path.join(folder, "manifest.jsonl")):
                m = json.loads(line)
                path = os.path.join(folder, m["file"])
                box = m["board"]
                if kind in ("book", "small"):
                    img = Image.open(path).convert("RGB")
                    if kind == "book":
                        img, box = make_data.print_look(img, box, rng)
                    else:
                        f = rng.uniform(96, 184) / box[2]
                        img = img.resize((max(1, round(img.width * f)), max(1, round(img.height * f))),
                                         Image.BILINEAR)
                        box = [v * f for v in box]
                    if kind == "book":
                        path = path[:-4] + ".jpg"
                    img.save(path, quality=90)
                pictures.append((path, fam, kind, m["fen"].split()[0], m["flip"], box[2] / 8))
    return pictures


def row_of(kind, square_px):
    if kind in ("screenshot", "page"):
        return "%s, squares %s" % (kind, ">= 24 px" if square_px >= 24 else "< 24 px")
    return kind


def header():
    return HEADER % "kind"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--only", default=None, help="comma-separated fold numbers to run")
    ap.add_argument("--boards", type=int, default=3000, help="training boards per fold")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--per-family", type=int, default=6, help="boards of each kind per family")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", type=float, default=0.0, help="make_data.py --variants")
    ap.add_argument("--batchnorm", action="store_true", help="train.py --batchnorm for the fold models")
    ap.add_argument("--work", default="build/eval-lofo")
    ap.add_argument("--append", action="store_true",
                    help="add to DIR/readings.jsonl (folds run one at a time) instead of writing it anew")
    ap.add_argument("--shipped", action="store_true", help="the built-in model, on its held-out families")
    a = ap.parse_args()
    fams = families()
    folds = [sorted(common.HELD_OUT_FAMILIES)] if a.shipped else deal(fams, a.folds)
    only = [int(x) for x in a.only.split(",")] if a.only else range(len(folds))
    total = {}
    os.makedirs(a.work, exist_ok=True)
    readings = open(os.path.join(a.work, "readings.jsonl"), "a" if a.append else "w")
    for k in only:
        work = os.path.join(a.work, "fold%d" % k)
        os.makedirs(work, exist_ok=True)
        start = time.time()
        model = None if a.shipped else train_without(a.fenkit, folds[k], work, a.boards, a.epochs,
                                                      a.seed, a.variants, a.batchnorm)
        trained = time.time() - start
        pictures = draw(a.fenkit, fams, folds[k], a.per_family, work, a.seed + k)
        results, took = scan(a.fenkit, [p[0] for p in pictures], model)
        tallies = {}
        for (path, fam, kind, placement, flip, px), res in zip(pictures, results):
            bottom = "black-bottom" if flip else "white-bottom"
            for t in (tallies.setdefault(row_of(kind, px), Tally()),
                      total.setdefault(row_of(kind, px), Tally())):
                t.seconds += took / len(pictures)
                t.add(res, placement, bottom)
            readings.write(json.dumps({"fold": k, "family": fam, "kind": kind, "square_px": px,
                                       "placement": placement, "flip": flip, "result": res}) + "\n")
        readings.flush()
        print("\n%s (%s: %s)" % ("the built-in model" if a.shipped else "fold %d" % k,
                                 "never trained on" if a.shipped else "trained in %.0f s without" % trained,
                                 ", ".join(folds[k])))
        print(header())
        for name in sorted(tallies):
            print(tallies[name].line(name))
        sys.stdout.flush()
    print("\n%s, leave-family-out" % ("the built-in model" if a.shipped else
                                      "all folds run (%s)" % ", ".join(map(str, only))))
    print(header())
    for name in sorted(total):
        print(total[name].line(name))


if __name__ == "__main__":
    main()
