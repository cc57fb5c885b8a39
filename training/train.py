"""Trains the square classifier on the crops make_data.py wrote and saves it
in fenkit's model format, with a parity fixture (crops and the
probabilities PyTorch gives them) for the C tests.

Usage: train.py DATA_DIR OUT.fkm [--seed S] [--minutes M] [--fixture DIR]
    [--teachers A.fkm,B.fkm [--distill W] [--temperature T]]"""
import argparse
import glob
import math
import os
import sys
import time

# oneDNN, which runs PyTorch's convolutions on the CPU, picks its code by
# the processor, and with AVX-512 its sums round otherwise than with AVX2:
# on a machine with AVX-512, `make train` wrote another model than the
# shipped one; held to AVX2 there, it writes the shipped one byte for byte.
os.environ.setdefault("DNNL_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
import common  # noqa: E402


def load(folder):
    xs, ys = [], []
    for path in sorted(glob.glob(os.path.join(folder, "chunk*.npz"))):
        if path.endswith(".tmp.npz"):
            continue
        d = np.load(path)
        xs.append(d["x"])
        ys.append(d["y"])
    return np.concatenate(xs), np.concatenate(ys)


def augment(x, gen):
    """Crop-level augmentation of a batch (n, 1, S, S) in 0..1: colour
    shifts, shifts of a pixel or two (grid errors, cut edges), lost
    resolution, blur, noise."""
    n, dev = x.shape[0], x.device
    c = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=gen, device=dev)
    b = 0.3 * (torch.rand(n, 1, 1, 1, generator=gen, device=dev) - 0.5)
    gamma = torch.exp(0.5 * (torch.rand(n, 1, 1, 1, generator=gen, device=dev) - 0.5))
    x = x.clamp(1e-4, 1) ** gamma
    x = ((x - 0.5) * c + 0.5 + b)
    pad = 2
    xp = F.pad(x, (pad, pad, pad, pad), mode="replicate")
    s = x.shape[-1]
    out = torch.empty_like(x)
    # One shift per group of 16 crops: nearly as varied, far cheaper.
    for g in range(0, n, 16):
        dx, dy = torch.randint(0, 2 * pad + 1, (2,), generator=gen, device=dev).tolist()
        out[g:g + 16] = xp[g:g + 16, :, dy:dy + s, dx:dx + s]
    # Small boards: a quarter of the crops lose detail through a smaller
    # size and back, as a board of 100 to 200 pixels would.
    small = torch.rand(n, generator=gen, device=dev) < 0.25
    if small.any():
        side = int(torch.randint(12, 25, (1,), generator=gen, device=dev))
        shrunk = F.interpolate(out[small], size=(side, side), mode="area")
        out[small] = F.interpolate(shrunk, size=(s, s), mode="bilinear", align_corners=False)
    blur = torch.rand(n, generator=gen, device=dev) < 0.15
    if blur.any():
        k = torch.full((1, 1, 3, 3), 1 / 9.0, device=dev)
        out[blur] = F.conv2d(F.pad(out[blur], (1, 1, 1, 1), mode="replicate"), k)
    noise = 0.03 * torch.rand(n, 1, 1, 1, generator=gen, device=dev)
    out = out + noise * torch.randn(out.shape, generator=gen, device=dev)
    return out.clamp(0, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0,
                    help="stop after the epoch that passes this (0: no limit; a limit makes runs differ)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--fixture", default=None, help="folder for the C parity fixture")
    ap.add_argument("--init", default=None, help="start from this model file (a second phase)")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--flip", action="store_true",
                    help="mirror half the crops left to right (every class is its own mirror image)")
    ap.add_argument("--dropout", type=float, default=0.0, help="dropout before the dense layers")
    ap.add_argument("--widths", default=",".join(map(str, common.WIDTHS)),
                    help="channels of the convolutions, comma-separated")
    ap.add_argument("--hidden", type=int, default=common.HIDDEN, help="units of the first dense layer")
    ap.add_argument("--batchnorm", action="store_true",
                    help="batch normalisation after each convolution (folded into it when saved)")
    ap.add_argument("--device", default="cpu",
                    help="cpu (default), or cuda to train on a GPU (the crops go to it whole)")
    ap.add_argument("--empty-kept", type=float, default=0.3,
                    help="share of empty squares make_data.py kept (its --keep-empty)")
    ap.add_argument("--teachers", default=None,
                    help="model files, comma-separated, whose averaged readings of the crops "
                         "the network also learns (distillation)")
    ap.add_argument("--distill", type=float, default=0.5,
                    help="weight of the teachers' readings in the loss (with --teachers)")
    ap.add_argument("--temperature", type=float, default=2.0,
                    help="softening of the teachers' and the network's readings (with --teachers)")
    a = ap.parse_args()
    if a.device != "cpu":
        # cuBLAS is deterministic only with a fixed workspace
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    dev = torch.device(a.device)
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(a.seed)
    gen = torch.Generator(device=dev).manual_seed(a.seed)
    x, y = load(a.data)
    rng = np.random.default_rng(a.seed)
    order = rng.permutation(len(y))
    x, y = x[order], y[order]
    nval = max(500, len(y) // 20)
    xv, yv = torch.from_numpy(x[:nval]).float().unsqueeze(1) / 255, torch.from_numpy(y[:nval]).long()
    xt, yt = torch.from_numpy(x[nval:]).to(dev), torch.from_numpy(y[nval:]).long().to(dev)
    print("train %d, validation %d, classes %s" % (len(yt), len(yv), np.bincount(y, minlength=13)),
          file=sys.stderr)
    soft = teachers_readings(a.teachers.split(","), xt, a.empty_kept, a.temperature, dev) \
        if a.teachers else None
    net = common.load_model(torch, a.init).train() if a.init else common.make_net(
        torch, widths=tuple(int(w) for w in a.widths.split(",")), hidden=a.hidden, dropout=a.dropout,
        batchnorm=a.batchnorm)
    net = net.to(dev)
    if a.init:
        # A saved model has the empty squares' odds given back already
        # (restore_empty_prior); training sees the kept share again, and
        # the odds are given back once more at the end.
        restore_empty_prior(net, a.empty_kept, undo=True)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    batch = 256
    steps = a.epochs * (len(yt) // batch)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5 * (1 + math.cos(math.pi * min(1, s / steps))))
    start = time.time()
    step = 0
    for epoch in range(a.epochs):
        net.train()
        perm = torch.randperm(len(yt), generator=gen, device=dev)
        for i in range(0, len(yt) - batch + 1, batch):
            idx = perm[i:i + batch]
            xb = xt[idx].float().unsqueeze(1) / 255
            if a.flip:
                mirror = torch.rand(batch, generator=gen, device=dev) < 0.5
                xb[mirror] = xb[mirror].flip(-1)
            xb = augment(xb, gen)
            out = net(xb)
            loss = F.cross_entropy(out, yt[idx], label_smoothing=0.02)
            if soft is not None:
                t = a.temperature
                kl = F.kl_div(F.log_softmax(out / t, dim=1), soft[idx], reduction="batchmean")
                loss = (1 - a.distill) * loss + a.distill * t * t * kl
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
        net.eval()
        with torch.no_grad():
            pred = torch.cat([net(xv[i:i + 1024].to(dev)).argmax(1).cpu()
                              for i in range(0, len(yv), 1024)])
        acc = (pred == yv).float().mean().item()
        print("epoch %d: loss %.4f, validation accuracy %.4f, %.0f s" %
              (epoch + 1, loss.item(), acc, time.time() - start), file=sys.stderr, flush=True)
        if a.minutes and time.time() - start > a.minutes * 60:
            print("time budget reached", file=sys.stderr)
            break
    net = common.fold_batchnorm(torch, net.cpu().eval())
    restore_empty_prior(net, a.empty_kept)
    common.save_model(net, a.out)
    if a.fixture:
        write_fixture(net, xv, yv, a.fixture)


def teachers_readings(paths, xt, kept, temperature, dev):
    """The teachers' probabilities for every training crop as drawn (no
    augmentation), averaged over the teachers, with the empty squares' odds
    as in training (a saved model has them given back) and softened by the
    temperature: p ** (1 / T), normalised."""
    total = torch.zeros(len(xt), 13, device=dev)
    for path in paths:
        teacher = common.load_model(torch, path).to(dev)
        restore_empty_prior(teacher, kept, undo=True)
        with torch.no_grad():
            for i in range(0, len(xt), 2048):
                xb = xt[i:i + 2048].float().unsqueeze(1) / 255
                total[i:i + 2048] += F.softmax(teacher(xb), dim=1)
    with torch.no_grad():
        soft = (total / len(paths)).clamp_min(1e-8) ** (1.0 / temperature)
        return soft / soft.sum(1, keepdim=True)


def restore_empty_prior(net, kept, undo=False):
    """make_data.py keeps only a share `kept` of the empty squares, so in
    training the odds of "empty" against any piece were `kept` times those
    of real boards; adding log(1 / kept) to the empty class's output bias
    gives the network back the real odds (with it, noisy empty squares of
    printed diagrams stop being read as pieces). With undo, a saved
    model's odds go back to those of training."""
    with torch.no_grad():
        net[-1].bias[0] += (-1 if undo else 1) * math.log(1.0 / kept)


def write_fixture(net, xv, yv, folder):
    """16 validation crops (one or two of every class) and their
    probabilities, for tests/vision/test_model.c."""
    os.makedirs(folder, exist_ok=True)
    pick = []
    for c in range(13):
        pick += [i for i in range(len(yv)) if yv[i] == c][:1]
    pick = (pick + list(range(len(yv))))[:16]
    crops = (xv[pick] * 255).round().clamp(0, 255).to(torch.uint8)
    with torch.no_grad():
        probs = F.softmax(net(crops.float() / 255), dim=1).numpy()
    crops.numpy().tofile(os.path.join(folder, "parity-crops.u8"))
    with open(os.path.join(folder, "parity-probs.txt"), "w") as f:
        for row, label in zip(probs, yv[pick].tolist()):
            f.write("%d %s\n" % (label, " ".join("%.6f" % p for p in row)))


if __name__ == "__main__":
    main()
