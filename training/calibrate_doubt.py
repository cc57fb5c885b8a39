"""Fits how likely each scanned square is read right (src/vision/doubt.c)
on scans of piece designs the model never saw, and picks the threshold
under which a square is listed as uncertain.

Input: readings.jsonl files written by eval_lofo.py (each line one scan,
with its truth, family and kind of picture). A square is right when it
holds the true man as the picture shows it (a board read the wrong way
round is compared turned back: orientation is weighed apart, by the
board's bottom_confidence). Squares under a panel are left out: they are
always listed.

The fit is a logistic regression on the features doubt.c computes. It is
measured honestly by cross-fitting over families: the families are dealt
into groups, and each group's squares are judged by a fit made without it.
The weights carry over between models (they use the model's own
sureness), so scans by leave-family-out models may join the fit; the
threshold is an operating point for the model that ships, chosen on the
first file's boards alone (its readings of its own held-out families):
the highest that leaves at most --silent of those boards wrong with a
wrong square unlisted. Printed: the calibration table (predicted
against observed), and for the chosen threshold and a few others, the
wrong squares listed, the squares listed per right board, and the boards
wrong with a wrong square not listed, by kind of picture.

With --write, the weights fitted on all the squares and the threshold go
into src/vision/doubt_weights.h.

Usage: calibrate_doubt.py SHIPPED.jsonl [MORE.jsonl ...] [--silent 0.02] [--write]"""
import argparse
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from eval_scan import expand  # noqa: E402
FLOOR = 1e-4  # doubt.c's DOUBT_FLOOR
UNLIKE_FLOOR = 0.002  # doubt.c's UNLIKE_FLOOR
FEATURES = 0  # --features: only the first N (to measure what the others add)
NAMES = ("log p(read)", "log p(read) / p(other)", "changed by a later step", "read empty",
         "read empty x log p(read)", "men's mean unsureness", "log unlike its peers", "no peer",
         "read empty x log unlike its peers", "changed x log p(read) / p(other)")


def features(sq, repaired, unsure):
    """doubt.c's features of one square of the JSON."""
    lp = math.log(max(sq["read_prob"], FLOOR))
    gap = lp - math.log(max(sq["other_prob"], FLOOR))
    empty = 1.0 if sq["read"] == "." else 0.0
    alone = sq["unlike"] < 0
    unlike = 0.0 if alone else math.log((sq["unlike"] + UNLIKE_FLOOR) / UNLIKE_FLOOR)
    changed = 1.0 if sq["square"] in repaired else 0.0
    return [lp, gap, changed, empty, empty * lp, unsure, unlike, 1.0 if alone else 0.0,
            empty * unlike, changed * gap]


def boards_of(paths):
    """Yields (family, kind, [(features, wrong)], bottom confidence, turned,
    covered count, index of its file) per scan that found a board."""
    for source, path in enumerate(paths):
        for line in open(path):
            r = json.loads(line)
            res = r["result"]
            if "fen" not in res:
                continue
            truth = expand(r["placement"])
            labelled = "black" if r["flip"] else "white"
            turned = res["bottom"] != labelled
            squares = res["squares"]
            men = [1 - s["prob"] for s in squares if s["class"] != "."]
            unsure = sum(men) / len(men) if men else 0.0
            repaired, covered = set(res.get("repaired", [])), set(res.get("covered", []))
            rows = []
            for i, s in enumerate(squares):
                if s["square"] in covered:
                    continue
                true = truth[63 - i] if turned else truth[i]
                rows.append((features(s, repaired, unsure), s["read"] != true, s["square"]))
            if FEATURES:
                rows = [(x[:FEATURES], y, name) for x, y, name in rows]
            yield (r["family"], r["kind"], rows, 1.0 if res["bottom_given"] else res["bottom_confidence"],
                   turned, len(covered), source)


def fit(xs, ys, l2=1e-3, steps=30):
    """Logistic regression by Newton's method; returns (bias, weights)."""
    n, k = len(xs), len(xs[0]) + 1
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            v = [1.0] + x
            z = sum(a * b for a, b in zip(w, v))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            g, h = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += g * v[i]
                for j in range(i + 1):
                    hess[i][j] += h * v[i] * v[j]
        for i in range(k):
            grad[i] += l2 * n * w[i] * (i > 0)
            hess[i][i] += l2 * n * (i > 0) + 1e-9
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w[0], w[1:]


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def p_wrong(model, x):
    bias, w = model
    z = bias + sum(a * b for a, b in zip(w, x))
    return 1 / (1 + math.exp(-max(-30, min(30, z))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("readings", nargs="+")
    ap.add_argument("--silent", type=float, default=0.02,
                    help="most share of the first file's boards left wrong with a wrong square unlisted")
    ap.add_argument("--groups", type=int, default=4, help="family groups for cross-fitting")
    ap.add_argument("--write", action="store_true", help="write src/vision/doubt_weights.h")
    ap.add_argument("--features", type=int, default=0,
                    help="fit on the first N features only (to measure what the rest add; no --write)")
    a = ap.parse_args()
    global FEATURES
    FEATURES = a.features
    if a.features and a.write:
        ap.error("--features is for measuring; --write takes them all")
    boards = list(boards_of(a.readings))
    fams = sorted({b[0] for b in boards})
    random.Random(7).shuffle(fams)
    group = {f: i % a.groups for i, f in enumerate(fams)}
    # Cross-fitted: each board's squares judged by a fit without its group.
    judged = [None] * len(boards)
    for g in range(a.groups):
        xs = [x for b in boards if group[b[0]] != g for x, _, _ in b[2]]
        ys = [y for b in boards if group[b[0]] != g for _, y, _ in b[2]]
        model = fit(xs, ys)
        for i, b in enumerate(boards):
            if group[b[0]] == g:
                judged[i] = [(p_wrong(model, x), y) for x, y, _ in b[2]]
    wrong_p = sorted(p for j in judged for p, y in j if y)
    print("%d boards, %d families, %d squares, %d wrong (as drawn)" % (
        len(boards), len(fams), sum(len(j) for j in judged), len(wrong_p)))
    print("\ncalibration, cross-fitted over family groups (predicted chance wrong: squares, "
          "mean predicted, observed)")
    edges = [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 0.6, 1.01]
    for lo, hi in zip(edges, edges[1:]):
        cell = [(p, y) for j in judged for p, y in j if lo <= p < hi]
        if cell:
            print("  %5.3f-%5.3f %8d %9.4f %9.4f" % (lo, min(hi, 1), len(cell),
                                                    sum(p for p, _ in cell) / len(cell),
                                                    sum(y for _, y in cell) / len(cell)))
    # The weights, fitted on every square, and the threshold: the highest
    # cut on p(wrong) that leaves at most `silent` of the shipped model's
    # boards wrong with a wrong square unlisted, as the shipped weights
    # judge them (a board's unlisted wrong square is caught by any cut at
    # or under its least doubted wrong square's p).
    model = fit([x for b in boards for x, _, _ in b[2]], [y for b in boards for _, y, _ in b[2]])
    final = [[(p_wrong(model, x), y) for x, y, _ in b[2]] for b in boards]
    own = [i for i, b in enumerate(boards) if b[6] == 0]
    least = sorted(min(p for p, y in final[i] if y) for i in own if any(y for _, y in final[i]))
    allowed = int(math.floor(a.silent * len(own)))
    cut = least[allowed] if len(least) > allowed else 0.5
    right_own = [i for i in own if not any(y for _, y in final[i])]
    listed = sum(p >= cut for i in right_own for p, _ in final[i]) / max(1, len(right_own))
    why = ("%d of the first file's %d boards (%.1f%%) keep a wrong square unlisted; %.2f squares "
           "listed on its boards read right" % (sum(1 for v in least if v < cut), len(own),
                                                100.0 * sum(1 for v in least if v < cut) / max(1, len(own)),
                                                listed))
    print("\nthreshold: list a square when its chance of being wrong is %.4f or more "
          "(right < %.4f): %s" % (cut, 1 - cut, why))
    kinds = sorted({b[1] for b in boards})
    print("\n%-12s %10s %8s %14s %16s %12s" % ("p(wrong) >=", "kind", "boards", "wrong listed",
                                             "listed/right bd", "silent wrong"))
    for c in sorted({cut, 0.001, 0.01, 0.1}):
        for kind in kinds + ["all"]:
            sel = [i for i, b in enumerate(boards) if kind in ("all", b[1])]
            caught = missed = listed_right = right_boards = silent = 0
            for i in sel:
                listed = [p >= c for p, _ in judged[i]]
                wrong = [y for _, y in judged[i]]
                caught += sum(l and w for l, w in zip(listed, wrong))
                missed += sum(w and not l for l, w in zip(listed, wrong))
                if not any(wrong):
                    right_boards += 1
                    listed_right += sum(listed)
                silent += any(w and not l for l, w in zip(listed, wrong))
            print("%-12.4f %10s %8d %9d/%-5d %16.2f %11.1f%%" % (
                c, kind, len(sel), caught, caught + missed,
                listed_right / right_boards if right_boards else 0, 100.0 * silent / len(sel)))
    # Boards: the squares' chances are not independent (a design the model
    # misreads misreads several men), so the board's chance is fitted on
    # the sum of their logs and the bottom's, cross-fitted the same way.
    def board_x(i):
        b = boards[i]
        return [sum(math.log(max(1 - p, 1e-9)) for p, _ in judged[i]), math.log(max(b[3], 1e-9))]

    def board_ok(i):
        return 0.0 if any(y for _, y in judged[i]) or boards[i][4] or boards[i][5] else 1.0

    board_p = [None] * len(boards)
    for g in range(a.groups):
        rest = [i for i, b in enumerate(boards) if group[b[0]] != g]
        bm = fit([board_x(i) for i in rest], [board_ok(i) for i in rest])
        for i, b in enumerate(boards):
            if group[b[0]] == g:
                board_p[i] = 0.0 if b[5] else p_wrong(bm, board_x(i))
    print("\nwhole boards (cross-fitted): predicted chance right, boards, observed right")
    for lo, hi in zip([0, 0.2, 0.5, 0.8, 0.9, 0.95, 0.99], [0.2, 0.5, 0.8, 0.9, 0.95, 0.99, 1.01]):
        cell = [i for i in range(len(boards)) if lo <= board_p[i] < hi]
        if cell:
            print("  %4.2f-%4.2f %6d %9.3f %9.3f" % (lo, min(hi, 1), len(cell),
                                                    sum(board_p[i] for i in cell) / len(cell),
                                                    sum(board_ok(i) for i in cell) / len(cell)))
    bm = fit([board_x(i) for i in range(len(boards))], [board_ok(i) for i in range(len(boards))])
    print("\nfitted on all: bias %.4f" % model[0])
    for name, w in zip(NAMES, model[1]):
        print("  %-36s %9.4f" % (name, w))
    print("  board: bias %.4f, sum of log p(square right) %.4f, log p(bottom) %.4f" % (
        bm[0], bm[1][0], bm[1][1]))
    if a.write:
        path = os.path.join(HERE, "..", "src", "vision", "doubt_weights.h")
        with open(path, "w") as f:
            f.write("/* Written by training/calibrate_doubt.py: the weights of doubt.c's\n"
                    " * features and the default threshold (fk_scan_options.threshold). */\n")
            f.write("#define DOUBT_BIAS %.6f\n" % model[0])
            f.write("#define DOUBT_WEIGHTS {%s}\n" % ", ".join("%.6f" % w for w in model[1]))
            f.write("#define DOUBT_THRESHOLD %.4f\n" % (1 - cut))
            f.write("#define BOARD_BIAS %.6f\n#define BOARD_WEIGHTS {%.6f, %.6f}\n" % (
                bm[0], bm[1][0], bm[1][1]))
        print("wrote", os.path.normpath(path))


if __name__ == "__main__":
    main()
