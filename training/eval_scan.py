"""make eval-scan: runs `fenkit scan` on (a) the labelled real pictures in
$SHARED/images and (b) boards rendered with piece families training never
saw, and prints per-square accuracy, boards fully right, time per picture
and the confusion matrix, per category. Standard library only. Two more
columns separate reading the men from telling which side is at the bottom:
"as drawn", the squares right as the picture shows them (a board read
upside down compared turned back), "ok drawn", the boards with all 64
right so, and "turned", how many boards were read the wrong way round.
The targets are on "squares" and "boards ok". Three more say how well the
scanner names its doubts: "doubted", of the squares read wrong as drawn,
how many it listed as uncertain; "silent", the share of boards with a
wrong square it did not list (the target is 1% at most); and "doubts",
how many squares it lists on a board read wholly right (a scanner that
doubted every square would catch every mistake and help nobody).

With --list FILE it also writes a line per picture (picture, category,
squares read wrong, the side at the bottom as read and as labelled), so
two builds can be compared picture by picture with diff.

Usage: eval_scan.py FENKIT [--boards N] [--work DIR] [--model FILE] [--list FILE]"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
CLASSES = ".PNBRQKpnbrqk"
SHARED = os.environ.get("SHARED", os.path.abspath(os.path.join(HERE, "..", "..", "shared")))
HELD_OUT = ("leipzig", "berlin", "condal", "kingdom", "magnetic", "eboard-cmf", "pychess-kilfiger")


def expand(placement):
    out = []
    for rank in placement.split("/"):
        for ch in rank:
            out.extend(["."] * int(ch) if ch.isdigit() else [ch])
    return out


def debug_scans(fenkit, folder, tmp):
    """Scans each render listed in folder's manifest.jsonl with --debug-dir
    (into tmp); yields (its manifest entry, its debug folder, its true men
    by picture cell, top row first) for each one the scanner cut."""
    for line in open(os.path.join(folder, "manifest.jsonl")):
        m = json.loads(line)
        out = os.path.join(tmp, m["file"])
        subprocess.run([fenkit, "scan", "--debug-dir", out, os.path.join(folder, m["file"])],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.exists(os.path.join(out, "crop-r0c0.png")):
            truth = expand(m["fen"].split()[0])
            yield m, out, truth[::-1] if m["flip"] else truth


def scan(fenkit, images, model):
    """Scans the pictures in one run; returns ([result per picture], seconds)."""
    cmd = [fenkit, "scan", "--json"] + (["--model", model] if model else []) + images
    start = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
    took = time.time() - start
    return [json.loads(line) for line in p.stdout.splitlines()], took


HEADER = ("%-34s  boards    squares  boards ok no board  ms/image   as drawn ok drawn  turned"
          "   doubted  silent  doubts")


class Tally:
    def __init__(self):
        self.boards = self.right = self.squares = self.good = self.nofind = 0
        self.drawn = self.turned = self.drawn_right = 0
        self.missed = self.caught = self.doubts = self.silent = 0
        self.seconds = 0.0
        self.confusion = [[0] * 13 for _ in range(13)]

    def add(self, result, placement, bottom):
        """Counts one picture (bottom: its labelled orientation, such as
        "white-bottom"); returns how many of its squares were read wrong."""
        self.boards += 1
        truth = expand(placement)
        if "fen" not in result:
            self.nofind += 1
            self.squares += 64
            return 64
        got = expand(result["fen"].split()[0])
        ok = sum(a == b for a, b in zip(truth, got))
        self.squares += 64
        self.good += ok
        self.right += ok == 64
        for a, b in zip(truth, got):
            self.confusion[CLASSES.index(a)][CLASSES.index(b)] += 1
        # The squares as the picture shows them: a board read the wrong way
        # round has every man read in its place, turned half a circle.
        labelled = {"white-bottom": "white", "black-bottom": "black"}.get(bottom)
        turned = bool(labelled and result.get("bottom") not in (None, labelled))
        self.turned += turned
        seen = list(reversed(got)) if turned else got
        drawn = sum(a == b for a, b in zip(truth, seen))
        self.drawn += drawn
        self.drawn_right += drawn == 64
        # The doubts: squares the scanner lists as uncertain, named as it
        # read the board; of the squares read wrong as drawn, how many it
        # listed, and on boards read right, how many it listed for nothing.
        doubted = set(result.get("uncertain", []))
        if drawn == 64:
            self.doubts += len(doubted)
        silent = False
        for i, (a, b) in enumerate(zip(truth, seen)):
            if a != b:
                j = 63 - i if turned else i
                listed = "abcdefgh"[j % 8] + str(8 - j // 8) in doubted
                self.missed += 1
                self.caught += listed
                silent |= not listed
        self.silent += silent
        return 64 - ok

    def line(self, name):
        if not self.boards:
            return "%-34s %6s" % (name, 0)
        return "%-34s %6d %9.2f%% %9.1f%% %8d %9.1f %9.2f%% %7.1f%% %7d %9s %6.1f%% %7.1f" % (
            name, self.boards, 100.0 * self.good / self.squares, 100.0 * self.right / self.boards,
            self.nofind, 1000 * self.seconds / self.boards, 100.0 * self.drawn / self.squares,
            100.0 * self.drawn_right / self.boards, self.turned,
            "%d/%d" % (self.caught, self.missed), 100.0 * self.silent / self.boards,
            self.doubts / max(1, self.drawn_right))


def listed(listing, picture, category, wrong, result, bottom):
    """One line of --list: picture, category, wrong squares, bottom read, bottom labelled."""
    listing.append("%s\t%s\t%d\t%s\t%s" % (picture, category, wrong,
                                            result.get("bottom", "none"), bottom))


def labelled_pictures():
    """The labelled real pictures of $SHARED/images, folder by folder:
    (folder, [manifest row, ...]), a row being file, placement, category,
    bottom, notes."""
    root = os.path.join(SHARED, "images")
    for folder in sorted(os.listdir(root)):
        manifest = os.path.join(root, folder, "manifest.tsv")
        if os.path.exists(manifest):
            with open(manifest) as f:
                yield folder, [l.rstrip("\n").split("\t") for l in f][1:]


def real_images(fenkit, model, tallies, listing):
    root = os.path.join(SHARED, "images")
    for folder, rows in labelled_pictures():
        by_cat = {}
        for r in rows:
            by_cat.setdefault(r[2], []).append(r)
        for cat, rs in sorted(by_cat.items()):
            results, took = scan(fenkit, [os.path.join(root, folder, r[0]) for r in rs], model)
            t = tallies.setdefault("real %s" % cat, Tally())
            t.seconds += took
            for r, res in zip(rs, results):
                listed(listing, "%s/%s" % (folder, r[0]), cat, t.add(res, r[1], r[3]), res, r[3])


def held_out_boards(fenkit, model, n, work, tallies, listing):
    index = os.path.join(SHARED, "pieces", "INDEX.tsv")
    sets = []
    for line in list(open(index))[1:]:
        cols = line.rstrip("\n").split("\t")
        if cols[6] in HELD_OUT:
            sets.append(os.path.join(SHARED, "pieces", "sets", cols[0]))
    out = os.path.join(work, "held-out")
    subprocess.run(["rm", "-rf", out], check=True)
    os.makedirs(work, exist_ok=True)
    subprocess.run([fenkit, "render", "--random", str(n), "--out", out, "--seed", "424242",
                    "--pieces", ",".join(sets), "--clutter", "0.3"], check=True,
                   stdout=subprocess.DEVNULL)
    manifest = [json.loads(l) for l in open(os.path.join(out, "manifest.jsonl"))]
    results, took = scan(fenkit, [os.path.join(out, m["file"]) for m in manifest], model)
    for m, res in zip(manifest, results):
        name = "rendered held-out%s" % (" (clutter)" if m["clutter"] else "")
        t = tallies.setdefault(name, Tally())
        t.seconds += took / len(manifest)
        bottom = "black-bottom" if m["flip"] else "white-bottom"
        listed(listing, "held-out/" + m["file"], name, t.add(res, m["fen"].split()[0], bottom), res,
               bottom)
    return manifest, results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--boards", type=int, default=100)
    ap.add_argument("--work", default="/tmp/fenkit-eval-scan")
    ap.add_argument("--model", default=None)
    ap.add_argument("--list", default=None, help="write a line per picture into this file")
    a = ap.parse_args()
    tallies, listing = {}, []
    real_images(a.fenkit, a.model, tallies, listing)
    held_out_boards(a.fenkit, a.model, a.boards, a.work, tallies, listing)
    if a.list:
        with open(a.list, "w") as f:
            f.write("picture\tcategory\twrong\tbottom_read\tbottom_labelled\n")
            f.write("".join(line + "\n" for line in listing))
    print(HEADER % "category")
    total = Tally()
    for name in sorted(tallies):
        t = tallies[name]
        print(t.line(name))
    for name in sorted(tallies):
        t = tallies[name]
        print("\nconfusion (rows: truth, columns: read) for %s" % name)
        print("     " + " ".join("%5s" % c for c in CLASSES))
        for i, row in enumerate(t.confusion):
            print("  %s  " % CLASSES[i] + " ".join("%5d" % v for v in row))
    del total


if __name__ == "__main__":
    main()
