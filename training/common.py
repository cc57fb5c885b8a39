"""What the training scripts share with the C scanner: the grey conversion,
the resampling that cuts a board into squares, the class order and the
network. Each function mirrors one in src/vision/ and must stay in step."""
import os
import struct

import numpy as np

SQUARE = 32  # side of one square crop, in pixels (src/vision: FK_SQUARE_PX)
CLASSES = ".PNBRQKpnbrqk"  # the fk_piece order: FK_EMPTY, FK_WP..FK_WK, FK_BP..FK_BK
SHARED = os.environ.get("SHARED", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "shared")))
# Piece families kept out of training, to measure the model on designs it
# has never seen (make eval-scan).
HELD_OUT_FAMILIES = ("leipzig", "berlin", "condal", "kingdom", "magnetic", "eboard-cmf", "pychess-kilfiger")


def grey(rgb):
    """RGB uint8 array (h, w, 3) to grey uint8, with the integer weights of
    image.c (299, 587, 114)."""
    r = rgb[..., 0].astype(np.int32)
    g = rgb[..., 1].astype(np.int32)
    b = rgb[..., 2].astype(np.int32)
    return ((r * 299 + g * 587 + b * 114 + 500) // 1000).astype(np.uint8)


def resample_weights(src_len, a, b, n):
    """The (n, src_len) matrix that averages source pixels over each of n
    output cells covering [a, b), as rectify.c does: a box as wide as one
    output cell (at least one source pixel), pixels past the edge clamped."""
    w = np.zeros((n, src_len), dtype=np.float64)
    step = (b - a) / n
    half = max(step, 1.0) / 2.0
    for j in range(n):
        c = a + (j + 0.5) * step
        lo, hi = c - half, c + half
        for i in range(int(np.floor(lo)), int(np.ceil(hi))):
            overlap = min(hi, i + 1) - max(lo, i)
            if overlap > 0:
                w[j, min(max(i, 0), src_len - 1)] += overlap
        w[j] /= hi - lo
    return w


def cut_board(g, x0, y0, x1, y1, square=SQUARE):
    """The board [x0, x1) x [y0, y1) of grey image g resampled to
    8*square pixels a side (float32, 0..255)."""
    n = 8 * square
    wy = resample_weights(g.shape[0], y0, y1, n)
    wx = resample_weights(g.shape[1], x0, x1, n)
    # Only the rows and columns under the board carry weight.
    rows, cols = np.flatnonzero(wy.any(0)), np.flatnonzero(wx.any(0))
    r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
    part = g[r0:r1, c0:c1].astype(np.float64)
    return (wy[:, r0:r1] @ part @ wx[:, c0:c1].T).astype(np.float32)


def squares_of(board, square=SQUARE):
    """The 64 crops of a cut board, in picture order (top row first)."""
    return board.reshape(8, square, 8, square).transpose(0, 2, 1, 3).reshape(64, square, square)


def labels_of(placement, flip):
    """The 64 class indices in picture order for a FEN placement; flip when
    Black is at the bottom of the picture."""
    rows = []
    for rank in placement.split("/"):
        row = []
        for ch in rank:
            row.extend([0] * int(ch) if ch.isdigit() else [CLASSES.index(ch)])
        rows.append(row)
    out = [rows[r][f] for r in range(8) for f in range(8)]
    return out[::-1] if flip else out


WIDTHS = (16, 32, 64)  # channels of the three convolutions
HIDDEN = 128  # units of the first dense layer


def make_net(torch, widths=WIDTHS, hidden=HIDDEN, dropout=0.0, batchnorm=False):
    """The square classifier (model.c runs the same layers): 3x3
    convolutions with ReLU and 2x2 max pooling, then two dense layers.
    Dropout (training only; it has no weights) goes before each dense one.
    batchnorm: a batch normalisation after each convolution, for training;
    fold_batchnorm takes it into the convolution's weights before saving."""
    nn = torch.nn
    layers, channels, side = [], 1, SQUARE
    for w in widths:
        norm = [nn.BatchNorm2d(w)] if batchnorm else []
        layers += [nn.Conv2d(channels, w, 3, padding=1)] + norm + [nn.ReLU(), nn.MaxPool2d(2)]
        channels, side = w, side // 2
    drop = [nn.Dropout(dropout)] if dropout else []
    layers += [nn.Flatten()] + drop + [nn.Linear(channels * side * side, hidden), nn.ReLU()] + \
        drop + [nn.Linear(hidden, len(CLASSES))]
    return nn.Sequential(*layers)


def fold_batchnorm(torch, net):
    """The network without batch normalisation that computes what net does
    in evaluation: each normalisation's scale and shift (from its running
    statistics) moved into the convolution before it. A network without
    any is returned as it is."""
    mods = list(net)
    if not any(m.__class__.__name__ == "BatchNorm2d" for m in mods):
        return net
    convs = [m for m in mods if m.__class__.__name__ == "Conv2d"]
    dense = [m for m in mods if m.__class__.__name__ == "Linear"]
    plain = make_net(torch, tuple(m.out_channels for m in convs), dense[0].out_features)
    with torch.no_grad():
        out = [m for m in plain if m.__class__.__name__ in ("Conv2d", "Linear")]
        k = 0
        for i, m in enumerate(mods):
            name = m.__class__.__name__
            if name == "Conv2d":
                w, b = m.weight.clone(), m.bias.clone()
                nxt = mods[i + 1]
                if nxt.__class__.__name__ == "BatchNorm2d":
                    scale = nxt.weight / torch.sqrt(nxt.running_var + nxt.eps)
                    w = w * scale[:, None, None, None]
                    b = (b - nxt.running_mean) * scale + nxt.bias
                out[k].weight.copy_(w)
                out[k].bias.copy_(b)
                k += 1
            elif name == "Linear":
                out[k].weight.copy_(m.weight)
                out[k].bias.copy_(m.bias)
                k += 1
    return plain.eval()


MAGIC = b"FKSQNET1"


def save_model(net, path):
    """Writes the model file model.c reads: magic, square size, the layer
    shapes, then every weight and bias as little-endian float32."""
    convs = [m for m in net if m.__class__.__name__ == "Conv2d"]
    dense = [m for m in net if m.__class__.__name__ == "Linear"]
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<iii", SQUARE, len(convs), len(dense)))
        for m in convs:
            f.write(struct.pack("<ii", m.in_channels, m.out_channels))
        for m in dense:
            f.write(struct.pack("<ii", m.in_features, m.out_features))
        for m in convs + dense:
            f.write(m.weight.detach().numpy().astype("<f4").tobytes())
            f.write(m.bias.detach().numpy().astype("<f4").tobytes())


def load_model(torch, path):
    """Reads a model file back into the network (the inverse of save_model)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == MAGIC, "not a fenkit model file"
    square, nconv, ndense = struct.unpack_from("<iii", data, 8)
    assert square == SQUARE
    shapes = struct.unpack_from("<%di" % (2 * (nconv + ndense)), data, 20)
    widths = tuple(shapes[2 * i + 1] for i in range(nconv))
    net = make_net(torch, widths, shapes[2 * nconv + 1])
    at = 20 + 8 * (nconv + ndense)
    layers = [m for m in net if m.__class__.__name__ == "Conv2d"] + \
             [m for m in net if m.__class__.__name__ == "Linear"]
    for m in layers:
        for p in (m.weight, m.bias):
            n = p.numel()
            values = np.frombuffer(data, dtype="<f4", count=n, offset=at).copy()
            p.data = torch.from_numpy(values.reshape(tuple(p.shape)))
            at += 4 * n
    assert at == len(data), "model file has the wrong length"
    return net.eval()
