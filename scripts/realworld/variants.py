#!/usr/bin/env python3
"""Makes variants of the real-world GIFs that look like recordings the collection does not hold,
with their per-frame truth transformed to match (scripts/realworld-variants.sh):

  phone  the recording placed on a phone-like screen: a status bar whose clock changes every
         second above it, a home indicator below, margins (the truth moves with it);
  2x     the recording scaled up twice with bilinear filtering, as a 2x screen shows a view
         drawn at 1x (the truth's coordinates, radii and widths double).

Frames are composited by Pillow, written as GIFs with Pillow's adaptive palette per frame and the
original delays. A frame whose quantised picture equals the one before is merged into it (its
delay added, as Pillow's writer would do), and the truth's frame indices are renumbered to
match (a merged frame's truth, the same picture, is the kept frame's).

Usage: variants.py REALWORLD_DIR OUT_DIR VARIANT [NAME_FILTER]
Writes OUT_DIR/<name>.gif for every case and OUT_DIR/expected-frames.json.
"""
import copy, json, os, sys
from PIL import Image, ImageDraw, ImageSequence

TOP, SIDE, BOTTOM = 44, 20, 30


def frames_of(path):
    im = Image.open(path)
    out = []
    for frame in ImageSequence.Iterator(im):
        out.append((frame.convert("RGBA"), frame.info.get("duration", 100)))
    return out


def on_white(rgba):
    base = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    base.alpha_composite(rgba)
    return base.convert("RGB")


def phone(frames):
    w, h = frames[0][0].size
    W, H = w + 2 * SIDE, h + TOP + BOTTOM
    out, t = [], 0
    for k, (rgba, ms) in enumerate(frames):
        screen = Image.new("RGB", (W, H), (255, 255, 255))
        d = ImageDraw.Draw(screen)
        d.rectangle([0, 0, W - 1, 23], fill=(242, 242, 247))
        minute = 41 + int(t / 1000)
        d.text((8, 6), "9:%02d" % (minute % 60), fill=(0, 0, 0))
        d.rectangle([W - 30, 8, W - 10, 15], outline=(0, 0, 0))
        d.rectangle([W // 2 - 30, H - 10, W // 2 + 30, H - 7], fill=(0, 0, 0))
        screen.paste(on_white(rgba), (SIDE, TOP))
        out.append((screen, ms))
        t += ms
    return out


def twice(frames):
    return [(on_white(rgba).resize((2 * rgba.size[0], 2 * rgba.size[1]), Image.BILINEAR), ms) for rgba, ms in frames]


def write_gif(frames, path):
    """Writes the frames; returns, per input frame, the index of the frame written for it."""
    images, durations, index, last = [], [], [], None
    for img, ms in frames:
        q = img.convert("P", palette=Image.ADAPTIVE, colors=256)
        picture = q.convert("RGB").tobytes()
        if picture == last:
            durations[-1] += ms
        else:
            images.append(q)
            durations.append(ms)
            last = picture
        index.append(len(images) - 1)
    images[0].save(path, save_all=True, append_images=images[1:], duration=durations,
                   loop=0, disposal=1, optimize=False)
    return index


def transform(case, variant, index):
    c = copy.deepcopy(case)
    renumbered = {}
    for k, reading in c.get("truth", {}).items():
        renumbered.setdefault(str(index[int(k)]), reading)
    c["truth"] = renumbered
    c["frames"] = index[-1] + 1
    if variant == "phone":
        dx, dy, s = SIDE, TOP, 1.0
        c["canvas"] = [c["canvas"][0] + 2 * SIDE, c["canvas"][1] + TOP + BOTTOM]
    else:
        dx, dy, s = 0, 0, 2.0
        c["canvas"] = [2 * c["canvas"][0], 2 * c["canvas"][1]]
    def move(p):
        return [round(p[0] * s + dx, 3), round(p[1] * s + dy, 3)]
    for group in ("strokes", "tracks"):
        for shape in c.get(group, []):
            if "center" in shape:
                shape["center"] = move(shape["center"])
            for key in ("radius", "lineWidth"):
                if key in shape:
                    shape[key] = round(shape[key] * s, 3)
            if "points" in shape:
                shape["points"] = [move(p) for p in shape["points"]]
    for reading in c.get("truth", {}).values():
        for v in reading.values():
            if isinstance(v, dict) and "radius" in v:
                v["radius"] = round(v["radius"] * s, 3)
            if isinstance(v, dict) and "points" in v:
                v["points"] = [move(p) for p in v["points"]]
    c.pop("sha256", None)
    return c


def main():
    folder, out, variant = sys.argv[1:4]
    only = sys.argv[4] if len(sys.argv) > 4 else ""
    if variant not in ("phone", "2x"):
        sys.exit("variant must be phone or 2x")
    truth = json.load(open(os.path.join(folder, "expected-frames.json")))
    cases = {}
    for name, case in truth["cases"].items():
        if only and only not in name:
            continue
        frames = frames_of(os.path.join(folder, name))
        made = phone(frames) if variant == "phone" else twice(frames)
        os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
        index = write_gif(made, os.path.join(out, name))
        cases[name] = transform(case, variant, index)
    truth["cases"] = cases
    json.dump(truth, open(os.path.join(out, "expected-frames.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
