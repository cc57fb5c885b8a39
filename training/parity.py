"""Parity check: the probabilities PyTorch gives the fixture crops with the
committed model must match the ones stored beside them, which
tests/vision/test_model.c compares with the C inference. Exit 0 when they
agree (or 77 when torch is missing, so the caller can skip).

Usage: parity.py MODEL.fkm FIXTURE_DIR"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
try:
    import numpy as np
    import torch
except ImportError:
    print("parity: PyTorch or numpy missing, skipped")
    sys.exit(77)
import common  # noqa: E402


def main():
    model, folder = sys.argv[1], sys.argv[2]
    net = common.load_model(torch, model)
    crops = np.fromfile(os.path.join(folder, "parity-crops.u8"), dtype=np.uint8)
    crops = crops.reshape(-1, 1, common.SQUARE, common.SQUARE)
    want = np.loadtxt(os.path.join(folder, "parity-probs.txt"))[:, 1:]
    with torch.no_grad():
        got = torch.softmax(net(torch.from_numpy(crops).float() / 255), dim=1).numpy()
    diff = float(np.abs(got - want).max())
    print("parity: %d crops, largest difference %.2g" % (len(crops), diff))
    sys.exit(0 if diff < 1e-4 else 1)


if __name__ == "__main__":
    main()
