"""New piece designs made from a set, for training that spans designs: the
men of a board share one design, and designs the model never saw differ
from the training sets in ways that can be drawn on purpose. A variant
applies one random choice to all twelve men of a set alike:

- stroke width: the dark lines grown or thinned by a pixel or two (at the
  set's own size, about 1-3% of a man's height);
- outline style: a white man's light fill made transparent, so the
  square shows through it as in many book fonts;
- colours: the white men's light fill and the black men's dark fill moved
  to other light and dark tones (cream, grey, brown, blue), some of them
  close to the squares' own greys;
- a shadow under the men, or a gradient over them;
- the men drawn smaller or larger in their square.

Usage (a look at what it makes): variants.py SET_DIR OUT_DIR [--seed S]"""
import argparse
import functools
import io
import os
import random
import subprocess

import numpy as np
from PIL import Image, ImageFilter

NAMES = ("wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP")
SIDE = 160  # the variants' own size; render scales them to the square


def load(set_dir, name):
    """One man of a set as an RGBA array of SIDE x SIDE (a copy: callers
    change it)."""
    return loaded(set_dir, name).copy()


@functools.lru_cache(maxsize=2048)
def loaded(set_dir, name):
    """One man of a set, read once (an SVG set is drawn by rsvg-convert)."""
    png = os.path.join(set_dir, name + ".png")
    if os.path.exists(png):
        img = Image.open(png).convert("RGBA")
    else:
        svg = os.path.join(set_dir, name + ".svg")
        out = subprocess.run(["rsvg-convert", "-w", str(SIDE), "-h", str(SIDE), svg],
                             check=True, stdout=subprocess.PIPE).stdout
        img = Image.open(io.BytesIO(out)).convert("RGBA")
    return np.asarray(img.resize((SIDE, SIDE), Image.LANCZOS)).astype(np.float32)


def tone(rgb, target):
    """Moves the colours of rgb (n x 3) towards target, keeping their
    shading: each pixel's grey relative to the mean becomes a multiple."""
    grey = rgb.mean(axis=1, keepdims=True)
    mean = grey.mean() if len(grey) else 128.0
    return np.clip(np.array(target)[None, :] * (grey / max(mean, 1.0)), 0, 255)


def make_variant(set_dir, out_dir, rng):
    """Writes the twelve men of one random variant of set_dir into out_dir."""
    os.makedirs(out_dir, exist_ok=True)
    stroke = rng.choice((0, 0, -1, 1, 2))
    outline = rng.random() < 0.25
    recolour = rng.random() < 0.5
    light = rng.choice(((250, 240, 210), (225, 225, 225), (240, 220, 170), (200, 215, 235),
                        (205, 205, 205)))
    dark = rng.choice(((90, 60, 40), (40, 55, 95), (70, 70, 70), (30, 80, 50), (120, 110, 100)))
    shadow = rng.random() < 0.2
    gradient = rng.random() < 0.2
    scale = rng.uniform(0.78, 1.05)
    for name in NAMES:
        a = load(set_dir, name)
        rgb, alpha = a[..., :3], a[..., 3]
        img = Image.fromarray(np.dstack([rgb, alpha]).astype(np.uint8), "RGBA")
        if stroke:
            # The lines are the dark, opaque pixels: a min filter on the
            # grey spreads them, a max filter thins them.
            grey = Image.fromarray(rgb.mean(axis=2).astype(np.uint8))
            size = 2 * abs(stroke) + 1
            f = ImageFilter.MinFilter(size) if stroke > 0 else ImageFilter.MaxFilter(size)
            g2 = np.asarray(grey.filter(f)).astype(np.float32)
            ratio = (g2 + 1) / (rgb.mean(axis=2) + 1)
            rgb = np.clip(rgb * ratio[..., None], 0, 255)
            if stroke > 0:
                alpha = np.asarray(Image.fromarray(alpha.astype(np.uint8)).filter(
                    ImageFilter.MaxFilter(size))).astype(np.float32)
        grey = rgb.mean(axis=2)
        solid = alpha > 128
        if recolour:
            lit = solid & (grey > 150)
            dim = solid & (grey < 100)
            if lit.any():
                rgb[lit] = tone(rgb[lit], light)
            if dim.any() and name[0] == "b":
                rgb[dim] = tone(rgb[dim] + 30, dark)
        if outline and name[0] == "w":
            # A white man drawn as its lines alone: the fill lets the
            # square through.
            fill = solid & (grey > 170)
            alpha = np.where(fill, 0, alpha)
        if gradient:
            ramp = np.linspace(1.1, 0.8, SIDE)[:, None, None]
            rgb = np.clip(rgb * ramp, 0, 255)
        img = Image.fromarray(np.dstack([rgb, alpha]).astype(np.uint8), "RGBA")
        if shadow:
            mask = Image.fromarray((alpha * 0.45).astype(np.uint8)).filter(
                ImageFilter.GaussianBlur(SIDE / 40))
            under = Image.new("RGBA", img.size, (0, 0, 0, 0))
            under.putalpha(mask)
            moved = Image.new("RGBA", img.size, (0, 0, 0, 0))
            moved.paste(under, (SIDE // 30, SIDE // 25))
            img = Image.alpha_composite(moved, img)
        if abs(scale - 1) > 0.02:
            s = max(8, int(SIDE * scale))
            small = img.resize((s, s), Image.LANCZOS)
            canvas = Image.new("RGBA", (SIDE, SIDE), (0, 0, 0, 0))
            off = (SIDE - s) // 2
            if s <= SIDE:
                canvas.paste(small, (off, off))
            else:
                canvas = small.crop((-off, -off, -off + SIDE, -off + SIDE))
            img = canvas
        img.save(os.path.join(out_dir, name + ".png"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    make_variant(a.set_dir, a.out_dir, random.Random(a.seed))


if __name__ == "__main__":
    main()
