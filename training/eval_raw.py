"""The network alone, without the scanner around it: cuts every board of a
`fenkit render --random` folder on the grid its manifest gives (no
locating, no flat squares, no second looks, no repairs, no orientation),
reads the 64 crops with each model and with the mean of their
probabilities, and prints squares and boards read right (argmax), the
squares read wrong by kind (a man in the other colour, another man, a man
for an empty square or the other way round), then boards wholly right per
piece set. It tells a model's own reading from
what the steps after the network make of it, which were tuned on the
shipped model's probabilities.

Usage: eval_raw.py FOLDER MODEL [MODEL ...]"""
import json
import os
import sys

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402


def main():
    folder, paths = sys.argv[1], sys.argv[2:]
    torch.set_num_threads(2)
    nets = [common.load_model(torch, p) for p in paths]
    with open(os.path.join(folder, "manifest.jsonl")) as f:
        boards = [json.loads(line) for line in f]
    crops, labels, sets = [], [], []
    for m in boards:
        g = common.grey(np.asarray(Image.open(os.path.join(folder, m["file"])).convert("RGB")))
        x, y, s = m["board"]
        cut = common.cut_board(g, x, y, x + s, y + s)
        crops.append(np.clip(np.rint(common.squares_of(cut)), 0, 255).astype(np.uint8))
        labels.append(common.labels_of(m["fen"].split()[0], m["flip"]))
        sets.append(m["pieces"])
    x = torch.from_numpy(np.stack(crops)).float().view(-1, 1, common.SQUARE, common.SQUARE) / 255
    truth = np.array(labels)
    probs = []
    with torch.no_grad():
        for net in nets:
            probs.append(torch.softmax(net(x), 1).numpy().reshape(len(boards), 64, -1))
    names = [os.path.basename(p) for p in paths]
    if len(nets) > 1:
        probs.append(sum(probs) / len(probs))
        names.append("mean")
    reads = [p.argmax(2) for p in probs]
    right = [read == truth for read in reads]
    for name, read, r in zip(names, reads, right):
        wrong = ~r
        man = (truth > 0) & (read > 0)
        colour = wrong & man & ((truth - 1) % 6 == (read - 1) % 6)
        print("%-24s squares %6.2f%%  boards %5.1f%%   wrong: other colour %4d, other man %4d, "
              "man/empty %4d" % (name, 100 * r.mean(), 100 * r.all(1).mean(), colour.sum(),
                                 (wrong & man).sum() - colour.sum(), (wrong & ~man).sum()))
    print("\nboards wholly right per piece set: " + "  ".join(names))
    for s in sorted(set(sets)):
        pick = [i for i, t in enumerate(sets) if t == s]
        print("%-24s %s of %d" % (s, "  ".join("%3d" % r[pick].all(1).sum() for r in right), len(pick)))


if __name__ == "__main__":
    main()
