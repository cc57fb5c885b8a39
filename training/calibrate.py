"""How well a model's probabilities match how often it is right, on the
validation crops train.py holds back (the same seed picks the same crops):
accuracy, mean log loss, expected calibration error (ECE, 15 bins of the
top probability), the mean top probability, and the temperature T that
minimises the log loss (logits divided by T: T > 1 means the model is too
sure of itself). With --out, writes the model with that temperature
folded into its last layer (same file format, same argmax), so that the
scanner's thresholds on probabilities (uncertain squares, second looks,
telling men apart, weighing material) see probabilities as sure as the
readings are right.

The saved models carry the empty squares' prior (train.py's
restore_empty_prior); it is taken off the logits before measuring, since
the validation crops keep only --empty-kept of the empty squares, and put
back after folding.

Usage: calibrate.py DATA_DIR MODEL.fkm [MODEL.fkm ...] [--seed S] [--out OUT.fkm [--match T]]"""
import argparse
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402
from train import load  # noqa: E402


def validation(data, seed):
    """The crops train.py validates on with this seed (its split)."""
    x, y = load(data)
    order = np.random.default_rng(seed).permutation(len(y))
    x, y = x[order], y[order]
    nval = max(500, len(y) // 20)
    return torch.from_numpy(x[:nval]).float().unsqueeze(1) / 255, torch.from_numpy(y[:nval]).long()


def logits_of(net, x, prior):
    with torch.no_grad():
        z = torch.cat([net(x[i:i + 1024]) for i in range(0, len(x), 1024)])
    z[:, 0] -= prior
    return z


def ece(probs, y, bins=15):
    top, pred = probs.max(1)
    right = (pred == y).float()
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        sel = (top > lo) & (top <= hi)
        if sel.any():
            total += sel.float().mean().item() * abs(top[sel].mean().item() - right[sel].mean().item())
    return total


def best_temperature(z, y):
    """The T in 0.25..8 with the least mean log loss (golden-section on log T)."""
    def loss(logt):
        return F.cross_entropy(z / math.exp(logt), y).item()
    a, b = math.log(0.25), math.log(8.0)
    g = (math.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(40):
        if loss(c) < loss(d):
            b = d
        else:
            a = c
        c, d = b - g * (b - a), a + g * (b - a)
    return math.exp((a + b) / 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("models", nargs="+")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--empty-kept", type=float, default=0.3)
    ap.add_argument("--out", default=None, help="write the (last) model with its temperature folded in")
    ap.add_argument("--match", type=float, default=1.0,
                    help="with --out: fold in T / MATCH instead, leaving the model as sure as one "
                         "whose best temperature is MATCH (the shipped model's, say)")
    a = ap.parse_args()
    torch.set_num_threads(2)
    prior = math.log(1.0 / a.empty_kept)
    x, y = validation(a.data, a.seed)
    print("%d validation crops" % len(y))
    for path in a.models:
        net = common.load_model(torch, path).eval()
        z = logits_of(net, x, prior)
        t = best_temperature(z, y)
        for name, zz in (("as is", z), ("T=%.3f" % t, z / t)):
            p = F.softmax(zz, 1)
            print("%-28s %-9s accuracy %.4f  log loss %.4f  ECE %.4f  mean top %.4f" % (
                os.path.basename(path), name, (p.argmax(1) == y).float().mean().item(),
                F.cross_entropy(zz, y).item(), ece(p, y), p.max(1)[0].mean().item()))
    if a.out:
        t /= a.match
        with torch.no_grad():
            net[-1].weight /= t
            net[-1].bias[0] -= prior
            net[-1].bias /= t
            net[-1].bias[0] += prior
        common.save_model(net, a.out)
        print("wrote %s (logits divided by %.3f)" % (a.out, t))


if __name__ == "__main__":
    main()
