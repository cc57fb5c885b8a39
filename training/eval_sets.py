"""Scans a folder written by `fenkit render --random N --out DIR --pieces
...` and says how many boards have a square read wrong as the picture
shows them (a board read upside down compared turned back), for piece
sets of the families training saw and for the held-out ones, with the
sets misread most. It tells a weak classifier from designs it never saw.

Usage: eval_sets.py FENKIT DIR [--model M] [--list FILE]
--list writes the boards read wrong, a line each, to compare two builds
(`comm -13` of two sorted lists: the boards only the second reads wrong).
For example, every piece set:
  fenkit render --random 800 --seed 99 --clutter 0.3 --out /tmp/r800 \\
      --pieces "$(ls -d $SHARED/pieces/sets/* | paste -sd,)"
  python3 training/eval_sets.py build/fenkit /tmp/r800"""
import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from eval_scan import HELD_OUT, SHARED, expand, scan  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("dir")
    ap.add_argument("--model", default=None)
    ap.add_argument("--list", default=None,
                    help="write a line per board read wrong: picture, set, squares (truth>read)")
    a = ap.parse_args()
    family = {}
    for line in list(open(os.path.join(SHARED, "pieces", "INDEX.tsv")))[1:]:
        cols = line.rstrip("\n").split("\t")
        family[cols[0]] = cols[6]
    manifest = [json.loads(l) for l in open(os.path.join(a.dir, "manifest.jsonl"))]
    results, _ = scan(a.fenkit, [os.path.join(a.dir, m["file"]) for m in manifest], a.model)
    boards, misread, by_set = collections.Counter(), collections.Counter(), collections.Counter()
    wrong = []
    for m, res in zip(manifest, results):
        name = os.path.basename(m["pieces"].rstrip("/"))
        group = "held-out" if family.get(name) in HELD_OUT else "trained on"
        boards[group] += 1
        if "fen" not in res:
            misread[group] += 1
            by_set[name] += 1
            wrong.append("%s\t%s\tno board" % (m["file"], name))
            continue
        got = expand(res["fen"].split()[0])
        if (res.get("bottom") == "black") != m["flip"]:
            got = got[::-1]
        truth = expand(m["fen"].split()[0])
        if got != truth:
            misread[group] += 1
            by_set[name] += 1
            wrong.append("%s\t%s\t%s" % (m["file"], name, " ".join(
                "%s%d:%s>%s" % ("abcdefgh"[i % 8], 8 - i // 8, t, g)
                for i, (t, g) in enumerate(zip(truth, got)) if t != g)))
    if a.list:
        with open(a.list, "w") as f:
            f.write("".join(line + "\n" for line in wrong))
    for group in ("trained on", "held-out"):
        if boards[group]:
            print("%-10s families: %4d boards, %4d with a square wrong as drawn or no board (%.1f%%)"
                  % (group, boards[group], misread[group], 100.0 * misread[group] / boards[group]))
    print("most misread sets:", ", ".join("%s %d" % kv for kv in by_set.most_common(8)))


if __name__ == "__main__":
    main()
