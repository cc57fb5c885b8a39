"""make eval-physical: `fenkit scan` on the overhead frames of real games in
$SHARED/images/bgu-physical-frames, split by game, never by frame. For each
game the piece set is learnt (`fenkit learn-set`) from that game's first
frame alone, and the game's other frames are read three ways:

- plain `fenkit scan` (what a new user gets),
- `fenkit scan --set` with the set learnt from the first frame,
- `fenkit scan --game --set` over all the game's frames in order.

Squares: squares right of the placement; boards: frames with all 64 right.
For --game, "positions" counts frames whose position the game has right,
"moves" the frames after the first whose position and the one before are
both right (the move between them read right), "skipped" the frames it
reported and left out. Standard library only.

Usage: eval_physical.py FENKIT [--work DIR] [--games g2,g4,g6] [--list FILE]"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED", os.path.abspath(os.path.join(HERE, "..", "..", "shared")))
FRAMES = os.path.join(SHARED, "images", "bgu-physical-frames")
sys.path.insert(0, HERE)
from eval_scan import expand  # noqa: E402


def games():
    """{game: [(picture path, placement)] in frame order} from the manifest."""
    by_game = {}
    lines = open(os.path.join(FRAMES, "manifest.tsv")).read().splitlines()[1:]
    for line in lines:
        path, placement = line.split("\t")[:2]
        by_game.setdefault(path.split("_")[0], []).append((os.path.join(FRAMES, path), placement))
    for frames in by_game.values():
        frames.sort()
    return by_game


def scan_all(fenkit, args, pictures):
    """{picture: placement read, or None} of one `fenkit scan --json` run."""
    out = subprocess.run([fenkit, "scan", "--json"] + args + pictures, capture_output=True,
                         text=True).stdout
    read = {}
    for line in out.splitlines():
        j = json.loads(line)
        read[j["image"]] = j["fen"].split()[0] if "fen" in j else None
    return read


def right(read, truth):
    if read is None:
        return 0
    return sum(a == b for a, b in zip(expand(read), expand(truth)))


def tally(read, frames):
    squares = boards = 0
    for path, truth in frames:
        n = right(read.get(path), truth)
        squares += n
        boards += n == 64
    return squares, boards


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fenkit")
    ap.add_argument("--work", default="/tmp/fenkit-eval-physical")
    ap.add_argument("--games", default=None, help="comma-separated, e.g. g2,g6")
    ap.add_argument("--list", default=None, help="write a line per frame into this file")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    listing = open(a.list, "w") if a.list else None
    rows, total = [], {}
    chosen = a.games.split(",") if a.games else None
    for game, frames in sorted(games().items()):
        if chosen and game not in chosen:
            continue
        first, rest = frames[0], frames[1:]
        pictures = [p for p, _ in rest]
        fks = os.path.join(a.work, game + ".fks")
        start = time.time()
        subprocess.run([a.fenkit, "learn-set", first[0], "-o", fks], check=True,
                       stdout=subprocess.DEVNULL)
        learn_s = time.time() - start
        plain = scan_all(a.fenkit, [], pictures)
        with_set = scan_all(a.fenkit, ["--set", fks], pictures)
        out = subprocess.run([a.fenkit, "scan", "--game", "--json", "--set", fks] +
                             [p for p, _ in frames], capture_output=True, text=True).stdout
        game_read, skipped = {}, 0
        for line in out.splitlines():
            j = json.loads(line)
            if "image" in j and j.get("skipped"):
                skipped += 1
            elif "image" in j:
                game_read[j["image"]] = j["fen"].split()[0]
        # a skipped frame keeps the position the game had before it
        positions_ok, moves_ok, last, last_ok = 0, 0, None, False
        for k, (path, truth) in enumerate(frames):
            last = game_read.get(path, last)
            ok = last is not None and right(last, truth) == 64
            positions_ok += ok
            if k > 0:
                moves_ok += ok and last_ok
            last_ok = ok
            if listing:
                listing.write("%s\t%s\t%s\t%s\t%s\n" % (
                    os.path.basename(path), right(plain.get(path), truth) if k else "-",
                    right(with_set.get(path), truth) if k else "-", int(ok),
                    "skipped" if path not in game_read else ""))
        n = len(rest)
        row = (game, n, tally(plain, rest), tally(with_set, rest), positions_ok, moves_ok,
               skipped, len(frames), learn_s)
        rows.append(row)
    print("Physical board, overhead frames (%s): the set learnt from each game's first frame,"
          % FRAMES)
    print("the game's other frames read; squares right / boards wholly right.")
    print()
    print("| game | frames read | plain squares | plain boards | --set squares | --set boards "
          "| --game positions | --game moves right | skipped |")
    print("|---|---|---|---|---|---|---|---|---|")
    t = [0] * 8
    for game, n, (ps, pb), (ss, sb), pos, mv, sk, nf, _ in rows:
        print("| %s | %d | %.2f%% | %.1f%% | %.2f%% | %.1f%% | %d/%d | %d/%d (%.1f%%) | %d |" % (
            game, n, 100 * ps / (64 * n), 100 * pb / n, 100 * ss / (64 * n), 100 * sb / n,
            pos, nf, mv, nf - 1, 100 * mv / (nf - 1), sk))
        for i, v in enumerate((n, ps, pb, ss, sb, pos, mv, sk)):
            t[i] += v
    n = t[0]
    nf = n + len(rows)
    print("| all | %d | %.2f%% | %.1f%% | %.2f%% | %.1f%% | %d/%d | %d/%d (%.1f%%) | %d |" % (
        n, 100 * t[1] / (64 * n), 100 * t[2] / n, 100 * t[3] / (64 * n), 100 * t[4] / n,
        t[5], nf, t[6], n, 100 * t[6] / n, t[7]))
    print()
    print("learn-set: %s" % ", ".join("%s %.2f s" % (r[0], r[8]) for r in rows))
    if listing:
        listing.close()


if __name__ == "__main__":
    sys.exit(main())
