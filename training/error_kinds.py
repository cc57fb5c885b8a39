"""Sorts the squares a scanner read wrong by kind of mistake, per kind of
picture, from readings.jsonl files written by eval_lofo.py: a man read as
another man of his colour, as the same man in the other colour, as another
man in the other colour, a man missed (read as an empty square), and an
empty square read as a man. Boards read the wrong way round are compared
turned back, as the picture shows them.

It tells which lever could mend what: men's colour (a colour input to the
network) can only mend the two "other colour" columns.

Usage: error_kinds.py READINGS.jsonl [MORE.jsonl ...]"""
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from eval_scan import expand  # noqa: E402

COLUMNS = ("other man", "same man, other colour", "other man, other colour", "man missed",
           "empty read as man")


def mistake(truth, read):
    if truth == ".":
        return "empty read as man"
    if read == ".":
        return "man missed"
    if truth.isupper() == read.isupper():
        return "other man"
    return "same man, other colour" if truth.lower() == read.lower() else "other man, other colour"


def main():
    counts = collections.defaultdict(collections.Counter)
    for path in sys.argv[1:]:
        for line in open(path):
            d = json.loads(line)
            result = d["result"]
            if not result or "fen" not in result:
                continue
            truth = expand(d["placement"])
            got = expand(result["fen"].split()[0])
            if (result.get("bottom") == "black") != d["flip"]:
                got = got[::-1]
            kind = d["kind"]
            counts[kind]["squares"] += 64
            for a, b in zip(truth, got):
                if a != b:
                    counts[kind][mistake(a, b)] += 1
    print("%-12s %8s %8s  %s" % ("kind", "squares", "wrong", "  ".join(COLUMNS)))
    for kind in sorted(counts):
        c = counts[kind]
        wrong = sum(c[k] for k in COLUMNS)
        print("%-12s %8d %8d  %s" % (kind, c["squares"], wrong, "  ".join(
            "%*s" % (len(k), "%d (%.0f%%)" % (c[k], 100.0 * c[k] / max(1, wrong))) for k in COLUMNS)))


if __name__ == "__main__":
    main()
