#!/usr/bin/env python3
"""The competitor of `strokescope inspect` in scripts/bench.sh: the same arc measurement written
the way someone would write it with Pillow and NumPy.

    python3 scripts/bench/pillow_arc.py FILE.gif > arcs.json

1. What changes: composite the first frames (all up to 240, else the first eighth, at least
   240) with Pillow (ImageSequence + convert('RGBA') composites like a browser: disposal,
   transparency, delta frames), keep per pixel the largest distance from the first frame in
   premultiplied RGBA; pixels that moved by more than 40 (of 510) are the ring's.
2. The ring: a weighted algebraic (Kasa) circle fit to the changed pixels; the line width is
   the spread of their distance from the centre (2nd to 98th percentile).
3. Every frame: bilinear samples of the annulus every 0.5 px of arc and every pixel across the
   band; the background is the median colour just outside the band, the ink the centre-line
   colour farthest from it; each sample's coverage is its projection from background to ink,
   averaged across the band; runs of >= 50 % coverage are the drawn pieces, their ends placed
   where the coverage crosses 50 % (linear interpolation). Angles in degrees clockwise from
   12 o'clock, as `inspect` reports them.

Prints one JSON document (ring, then start/end per frame). Vectorised with NumPy throughout; no
per-pixel Python loops. Needs Pillow and NumPy (scripts/bench.sh installs them when missing).
"""
import json
import math
import sys

import numpy as np
from PIL import Image, ImageSequence

CHANGE_THRESHOLD = 40.0  # of 510, as inspect
SAMPLE_MIN = 240


def premultiplied(frame):
    """float32 H×W×4 premultiplied RGBA of a Pillow frame composited like a browser."""
    rgba = np.asarray(frame.convert("RGBA"), dtype=np.float32)
    rgba[..., :3] *= rgba[..., 3:4] * (1.0 / 255.0)
    return rgba


def change_mask(path):
    """Frame count, and per pixel the largest squared distance from the first frame."""
    with Image.open(path) as im:
        count = im.n_frames
        sample = count if count <= SAMPLE_MIN else max(SAMPLE_MIN, count // 8)
        first = None
        largest = None
        for index, frame in enumerate(ImageSequence.Iterator(im)):
            if index >= sample:
                break
            pixels = premultiplied(frame)
            if first is None:
                first = pixels
                largest = np.zeros(pixels.shape[:2], dtype=np.float32)
                continue
            difference = pixels - first
            np.maximum(largest, np.einsum("ijk,ijk->ij", difference, difference), out=largest)
    return count, largest


def fit_ring(largest):
    ys, xs = np.nonzero(largest > CHANGE_THRESHOLD ** 2)
    if len(xs) < 20:
        raise SystemExit("pillow_arc.py: nothing ring-like changes")
    weights = np.sqrt(largest[ys, xs].astype(np.float64))
    x = xs.astype(np.float64) + 0.5
    y = ys.astype(np.float64) + 0.5
    # x² + y² + D x + E y + F = 0, weighted least squares
    a = np.stack([x, y, np.ones_like(x)], axis=1) * weights[:, None]
    b = -(x * x + y * y) * weights
    (d, e, f), *_ = np.linalg.lstsq(a, b, rcond=None)
    cx, cy = -d / 2.0, -e / 2.0
    r = np.hypot(x - cx, y - cy)
    inner, outer = np.percentile(r, [2, 98])
    return cx, cy, (inner + outer) / 2.0, max(outer - inner, 1.0)


class AnnulusSampler:
    """Precomputed bilinear sampling of the band and of a ring just outside it."""

    def __init__(self, cx, cy, radius, width, shape):
        self.height, self.width = shape
        count = max(16, int(math.ceil(2 * math.pi * radius / 0.5)))
        self.angles = np.arange(count) * (360.0 / count)
        theta = np.radians(self.angles)
        across = np.linspace(-width / 2.0, width / 2.0, max(3, int(math.ceil(width)) + 1))
        radii = np.concatenate([radius + across, [radius + width / 2.0 + 2.0]])
        # clockwise from 12 o'clock on screen (y down)
        px = cx + radii[:, None] * np.sin(theta)[None, :] - 0.5
        py = cy - radii[:, None] * np.cos(theta)[None, :] - 0.5
        px = np.clip(px, 0, self.width - 1.001)
        py = np.clip(py, 0, self.height - 1.001)
        x0 = np.floor(px).astype(np.intp)
        y0 = np.floor(py).astype(np.intp)
        fx = (px - x0).astype(np.float32)[..., None]
        fy = (py - y0).astype(np.float32)[..., None]
        # the four neighbours' weights and flat indices, gathered in one go per frame
        self.weights = np.stack([(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy])
        i00 = y0 * self.width + x0
        self.index = np.stack([i00, i00 + 1, i00 + self.width, i00 + self.width + 1])
        self.rows = len(across)

    def sample(self, rgba):
        """rgba: H×W×4 uint8 (straight alpha); only the gathered pixels are premultiplied."""
        words = np.ascontiguousarray(rgba).view(np.uint32).reshape(-1)
        values = words[self.index].view(np.uint8).reshape(self.index.shape + (4,)).astype(np.float32)
        values[..., :3] *= values[..., 3:4] * (1.0 / 255.0)
        values = (values * self.weights).sum(axis=0)  # (rows + 1) × angles × 4
        return values[: self.rows], values[self.rows]


def measure(sampler, rgba):
    band, outside = sampler.sample(rgba)
    background = np.median(outside, axis=0)
    centre = band[len(band) // 2]
    contrast = np.sum((centre - background) ** 2, axis=1)
    k = int(np.argmax(contrast))
    ink = centre[k]
    direction = ink - background
    norm = float(np.dot(direction, direction))
    if norm < CHANGE_THRESHOLD ** 2:
        return []  # no ink: the stroke is not drawn
    coverage = np.clip((band - background) @ direction / norm, 0.0, 1.0).mean(axis=0)
    inked = coverage >= 0.5
    if inked.all():
        return [(0.0, 360.0)]
    if not inked.any():
        return []
    n = len(coverage)
    step = 360.0 / n
    rises = np.nonzero(~np.roll(inked, 1) & inked)[0]  # first inked sample of a run
    falls = np.nonzero(np.roll(inked, 1) & ~inked)[0]  # first uninked sample after a run

    def crossing(before, after):
        c0, c1 = coverage[before % n], coverage[after % n]
        t = (0.5 - c0) / (c1 - c0) if c1 != c0 else 0.5
        return ((before + t) * step) % 360.0

    starts = [crossing(i - 1, i) for i in rises]
    ends = [crossing(i - 1, i) for i in falls]
    if falls[0] < rises[0]:
        ends = ends[1:] + ends[:1]  # the first run wraps through 12 o'clock
    return list(zip(starts, ends))


def main():
    if len(sys.argv) != 2:
        print("usage: pillow_arc.py FILE.gif", file=sys.stderr)
        return 64
    path = sys.argv[1]
    count, largest = change_mask(path)
    cx, cy, radius, width = fit_ring(largest)
    sampler = AnnulusSampler(cx, cy, radius, width, largest.shape)
    frames = []
    with Image.open(path) as im:
        for index, frame in enumerate(ImageSequence.Iterator(im)):
            pieces = measure(sampler, np.asarray(frame.convert("RGBA")))
            entry = {"index": index, "pieces": len(pieces)}
            if pieces:
                start, end = max(pieces, key=lambda p: (p[1] - p[0]) % 360.0)
                entry["startAngle"] = round(start, 2)
                entry["endAngle"] = round(end, 2)
            frames.append(entry)
    json.dump({
        "file": path,
        "frameCount": count,
        "ring": {"center": [round(cx, 2), round(cy, 2)], "radius": round(radius, 2),
                 "lineWidth": round(width, 2)},
        "frames": frames,
    }, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
