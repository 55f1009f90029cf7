#!/usr/bin/env python3
"""StrokeScope decoder conformance sweep (run through scripts/conformance.sh).

For every .gif under the conformance directory this runs `strokescope frames` and
`strokescope info --format json` (each under a timeout) and compares every composited frame,
the delays and the loop count with every reference available for the file:

  suite   the test suite's own expected output (pygif .conf + .rgba, wuffs expected/*.png,
          *.nie and *.indexes, Pillow's 3 reference PNGs, image-gif's CRC32s, giflib's
          tests-expected/*.rgb)
  model   an independent decode: this sweep's own block parser, Pillow's LZW decoder for
          each image, and a separately written implementation of StrokeScope's documented
          policies (gifmodel.py); for files we reject, also checks --lenient
  pillow  Pillow as it is: ImageSequence, each frame .convert("RGBA")
  magick  ImageMagick: convert FILE -coalesce

Fully transparent pixels compare equal whatever their colour channels (the colour under
alpha 0 is invisible and decoders store different values there); every other pixel must
match exactly.

A file's verdict:
  identical   every available reference matches
  rejected    we exit 65 with one error line and no reference decodes the file (every
              reference fails too, or its suite expects rejection, no frames or only no
              crash); counted with the identical files in the last line
  documented  every difference is listed in documented.tsv (reason given there)
  crash       exit code other than 0/65, a signal, a timeout, or stderr that is not
              one `error:`/`warning:` line per message (exactly one error line for 65)
  different   any difference not listed in documented.tsv

documented.tsv rows are: file pattern, reference, difference kind, reason (tab-separated);
all three of pattern, reference and kind must match (see docs/CONFORMANCE.md).

The last line is `conformance: N/M files identical, K documented differences, C crashes`.
Exit status: 0 when there are no crashes and no undocumented differences, 1 otherwise.
"""

from __future__ import annotations

import argparse
import configparser
import fnmatch
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image, ImageChops, ImageFile, ImageSequence

sys.dont_write_bytecode = True  # keep __pycache__ out of the repository
sys.path.insert(0, str(Path(__file__).resolve().parent))
import gifmodel  # noqa: E402

REFS = ("suite", "model", "pillow", "magick", "self")
HERE = Path(__file__).resolve().parent

# --------------------------------------------------------------------------------------------
# Frames


def normalise(rgba: bytes) -> bytes:
    """RGBA bytes with every fully transparent pixel set to (0, 0, 0, 0)."""
    im = Image.frombytes("RGBA", (len(rgba) // 4, 1), rgba)
    mask = im.getchannel("A").point(lambda a: 255 if a else 0)
    return Image.composite(im, Image.new("RGBA", im.size, (0, 0, 0, 0)), mask).tobytes()


def image_bytes(im: Image.Image) -> bytes:
    return normalise(im.convert("RGBA").tobytes())


def _mask(im: Image.Image, test) -> Image.Image:
    return im.point(lambda v: 255 if test(v) else 0)


def diff_frame(ours: bytes, ref: bytes, width: int) -> tuple[str, str]:
    """(kind, text) for two differing normalised RGBA frames of the same size. The kind is
    ``opaque-fill`` when every differing pixel is transparent in ours and opaque in the
    reference (it painted a background there), ``ref-transparent`` for the reverse, else
    ``pixels``."""
    size = (width, len(ours) // 4 // width)
    a = Image.frombytes("RGBA", size, ours)
    b = Image.frombytes("RGBA", size, ref)
    d = ImageChops.difference(a, b)
    r, g, bl, al = d.split()
    dm = _mask(ImageChops.lighter(ImageChops.lighter(r, g), ImageChops.lighter(bl, al)), lambda v: v > 0)
    n = dm.histogram()[255]
    box = dm.getbbox()
    first = None
    if box:
        x0, y0, x1, y1 = box
        px = dm.load()
        for y in range(y0, y1):
            for x in range(x0, x1):
                if px[x, y]:
                    first = (x, y)
                    break
            if first:
                break
    x, y = first
    i = (y * width + x) * 4
    text = f"{n} px differ, first at ({x},{y}): ours {tuple(ours[i:i + 4])} vs {tuple(ref[i:i + 4])}"
    aa, ba = a.getchannel("A"), b.getchannel("A")
    fill = ImageChops.multiply(_mask(aa, lambda v: v == 0), _mask(ba, lambda v: v == 255))
    if ImageChops.subtract(dm, fill).getbbox() is None:
        return "opaque-fill", text
    clear = ImageChops.multiply(_mask(aa, lambda v: v == 255), _mask(ba, lambda v: v == 0))
    if ImageChops.subtract(dm, clear).getbbox() is None:
        return "ref-transparent", text
    return "pixels", text


class FrameDir:
    """Frames written as frame-0000.png, frame-0001.png ... in a directory (ours or magick's)."""

    def __init__(self, directory: Path, pattern: str = "frame-*.png"):
        self.files = sorted(directory.glob(pattern))

    def __len__(self):
        return len(self.files)

    def size(self):
        if not self.files:
            return None
        with Image.open(self.files[0]) as im:
            return im.size

    def sizes(self):
        out = set()
        for f in self.files:
            with Image.open(f) as im:
                out.add(im.size)
        return out

    def get(self, k: int) -> bytes:
        with Image.open(self.files[k]) as im:
            return image_bytes(im)


class Prefix:
    """The first ``n`` frames of a FrameDir."""

    def __init__(self, frames, n):
        self.frames, self.n = frames, min(n, len(frames))

    def __len__(self):
        return self.n

    def get(self, k):
        return self.frames.get(k)


def compare_frames(ours, our_size, ref_iter, ref_size, label="") -> tuple[str, str] | None:
    """Compares our frames with a reference's, frame by frame: None when they are equal, else
    (kind, one-line text). ``ref_iter`` yields normalised RGBA bytes; it is consumed
    completely so that frame counts can be compared. Kinds: canvas-size, frame-count, and
    those of diff_frame (the first differing frame decides; a later frame of another kind
    makes it ``pixels``)."""
    if ref_size is not None and our_size is not None and tuple(ref_size) != tuple(our_size):
        return "canvas-size", f"{label}canvas {ref_size[0]}x{ref_size[1]}, ours {our_size[0]}x{our_size[1]}"
    kind = text = None
    differing = 0
    n = 0
    for k, ref in enumerate(ref_iter):
        n += 1
        if k >= len(ours):
            continue
        mine = ours.get(k)
        if mine == ref:
            continue
        if len(mine) != len(ref):
            return "canvas-size", f"{label}frame {k}: size differs"
        differing += 1
        fk, ft = diff_frame(mine, ref, our_size[0])
        if kind is None:
            kind, text = fk, f"{label}frame {k}: {ft}"
        elif fk != kind:
            kind = "pixels"
    if kind:
        text += f" ({differing} frames differ)" if differing > 1 else ""
        if n != len(ours):
            text += f" ({n} frames, ours {len(ours)})"
        return kind, text
    if n != len(ours):
        return "frame-count", f"{label}{n} frames, ours {len(ours)}"
    return None


# --------------------------------------------------------------------------------------------
# Running strokescope


def run_tool(tool: str, args: list[str], timeout: float) -> dict:
    """Runs strokescope; returns rc (None on timeout, negative for a signal), stdout, stderr."""
    start = time.monotonic()
    try:
        p = subprocess.run([tool, *args], capture_output=True, timeout=timeout)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = None, e.stdout or b"", e.stderr or b""
    return {"rc": rc, "stdout": out.decode("utf-8", "replace"),
            "stderr": err.decode("utf-8", "replace"), "seconds": time.monotonic() - start}


def check_run(run: dict, path: str, what: str) -> str | None:
    """None when the run ended properly; otherwise why it counts as a crash."""
    rc = run["rc"]
    if rc is None:
        return f"{what}: timed out"
    if rc < 0:
        return f"{what}: killed by signal {signal.Signals(-rc).name}"
    if rc not in (0, 65):
        return f"{what}: exit {rc}: {first_line(run['stderr'])}"
    lines = run["stderr"].splitlines()
    errors = 0
    for line in lines:
        if line.startswith(f"error: {path}: ") and len(line) > len(f"error: {path}: "):
            errors += 1
        elif not (line.startswith(f"warning: {path}: ") and len(line) > len(f"warning: {path}: ")):
            return f"{what}: stray stderr line {line[:80]!r}"
    if rc == 65 and errors != 1:
        return f"{what}: exit 65 with {errors} error lines"
    if rc == 0 and errors:
        return f"{what}: exit 0 with an error line"
    return None


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("error: "):
            return line
    return text.splitlines()[0] if text.strip() else "(no stderr)"


def error_message(run: dict, path: str) -> str:
    line = first_line(run["stderr"])
    return line[len(f"error: {path}: "):] if line.startswith(f"error: {path}: ") else line


# --------------------------------------------------------------------------------------------
# References


def pygif_expectation(path: Path) -> dict | None:
    conf = path.with_suffix(".conf")
    if not conf.exists():
        return None
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(conf)
    c = cp["config"]
    names = [n.strip() for n in c.get("frames", "").split(",") if n.strip()]
    frames, delays = [], []
    w, h = int(c["width"]), int(c["height"])
    for n in names:
        sec = cp[n]
        if "pixels" in sec:
            frames.append(("rgba", path.parent / sec["pixels"]))
        else:
            frames.append(("png", path.parent / sec["image"]))
        delays.append(int(sec.get("delay", "0")))
    loop = c.get("loop-count", "0")
    loop = 0 if loop == "infinite" else (None if loop == "0" else int(loop))

    def load():
        for kind, f in frames:
            if kind == "rgba":
                yield normalise(f.read_bytes())
            else:
                with Image.open(f) as im:
                    yield image_bytes(im)

    return {"kind": "pygif", "size": (w, h), "frames": load if names else None,
            "no_frames": not names, "delays": delays, "loop": loop,
            "note": "pygif expects no frames" if not names else None}


def read_nie(f: Path) -> tuple[tuple[int, int], bytes]:
    data = f.read_bytes()
    if data[:4] != "nïE".encode() or data[4] != 0xFF or data[5:8] != b"bn4":
        raise ValueError(f"{f.name}: not an NIE bn4 file")
    w = int.from_bytes(data[8:12], "little")
    h = int.from_bytes(data[12:16], "little")
    px = bytearray(data[16:16 + w * h * 4])
    px[0::4], px[2::4] = px[2::4], px[0::4]  # BGRA -> RGBA
    return (w, h), normalise(bytes(px))


def wuffs_expectation(path: Path, suite: Path) -> dict | None:
    exp = suite / "wuffs" / "expected"
    stem = path.stem
    if path.parent != suite / "wuffs":
        return None
    nies = sorted(exp.glob(f"{stem}.0*.nie"))
    if nies:
        loaded = [read_nie(f) for f in nies]
        return {"kind": "wuffs .nie", "size": loaded[0][0],
                "frames": lambda: (b for _, b in loaded), "count": len(loaded)}
    png = exp / f"{stem}.png"
    indexes = exp / f"{stem}.indexes"
    if indexes.exists():
        pal_file = exp / f"{stem}.palette"
        gif = gifmodel.parse(path.read_bytes())
        if pal_file.exists():
            p = pal_file.read_bytes()
            palette = [(p[4 * i + 2], p[4 * i + 1], p[4 * i]) for i in range(256)]
            src = "indexes+palette"
        else:
            palette = gif.global_palette
            src = "indexes with the file's palette"
        idx = indexes.read_bytes()
        px = b"".join(bytes(palette[i]) + b"\xff" for i in idx)
        return {"kind": f"wuffs {src}", "size": (gif.width, gif.height),
                "frames": lambda: iter([normalise(px)]), "prefix": True}
    if stem == "muybridge":
        files = sorted(exp.glob("muybridge-frame-*.indexes"))
        gif = gifmodel.parse(path.read_bytes())

        def frames():
            for f in files:
                yield normalise(b"".join(bytes(gif.global_palette[i]) + b"\xff" for i in f.read_bytes()))
        return {"kind": "wuffs frame indexes", "size": (gif.width, gif.height), "frames": frames}
    if png.exists():
        try:
            ImageFile.LOAD_TRUNCATED_IMAGES = False
            with Image.open(png) as im:
                b = image_bytes(im)
                size = im.size
        except OSError as e:
            return {"kind": "wuffs .png", "unusable": f"{png.name} is itself a truncated PNG ({e})"}
        return {"kind": "wuffs .png", "size": size, "frames": lambda: iter([b]), "prefix": True}
    return None


PILLOW_REFS = {
    "dispose_none_load_end.gif": ("dispose_none_load_end_second.png", 1),
    "dispose_prev_first_frame.gif": ("dispose_prev_first_frame_seeked.png", 1),
    "missing_background.gif": ("missing_background_first_frame.png", 0),
}


def pillow_suite_expectation(path: Path) -> dict | None:
    if path.name not in PILLOW_REFS:
        return None
    png, k = PILLOW_REFS[path.name]
    with Image.open(path.parent / png) as im:
        b, size = image_bytes(im), im.size
    return {"kind": f"Pillow {png} (frame {k})", "size": size, "single": (k, b)}


def imagegif_expectation(path: Path, suite: Path) -> dict | None:
    if path.parent != suite / "image-gif" / "samples":
        return None
    for line in (suite / "image-gif" / "results.txt").read_text().splitlines():
        name, _, crc = line.partition(": ")
        if Path(name).name == path.name:
            return {"kind": "image-gif CRC32", "crc": int(crc)}
    return None


def giflib_expectation(path: Path, suite: Path) -> dict | None:
    if path.parent != suite / "giflib" / "pic":
        return None
    rgb = suite / "giflib" / "tests-expected" / f"{path.stem}.rgb"
    if not rgb.exists():
        return None
    return {"kind": "giflib .rgb", "rgb": rgb.read_bytes()}


def suite_expectation(path: Path, suite: Path) -> dict | None:
    rel = path.relative_to(suite).as_posix()
    if rel.startswith("pygif/"):
        return pygif_expectation(path)
    if rel.startswith("wuffs/"):
        return wuffs_expectation(path, suite)
    if rel.startswith("pillow/"):
        return pillow_suite_expectation(path)
    if rel.startswith("image-gif/"):
        return imagegif_expectation(path, suite)
    if rel.startswith("giflib/"):
        return giflib_expectation(path, suite)
    if rel.startswith("realworld-oddities/"):
        return {"kind": "must be rejected as not a GIF", "reject": True}
    return None


def pillow_frames(path: Path):
    """(size, frame iterator) from Pillow as it is, or raises. Each frame is .convert("RGBA")."""
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    im = Image.open(path)
    frames = []
    sizes = set()
    for fr in ImageSequence.Iterator(im):
        rgba = fr.convert("RGBA")
        sizes.add(rgba.size)
        frames.append(normalise(rgba.tobytes()))
        if len(frames) > 2000:
            break
    im.close()
    return sizes, frames


def magick_frames(path: Path, work: Path, timeout: float):
    out = work / "magick"
    out.mkdir()
    try:
        p = subprocess.run(
            ["convert", "-limit", "memory", "512MiB", "-limit", "disk", "2GiB",
             "-limit", "time", str(int(timeout)), str(path), "-coalesce",
             str(out / "frame-%04d.png")],
            capture_output=True, timeout=timeout + 10)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if p.returncode != 0:
        msg = p.stderr.decode("utf-8", "replace").strip().splitlines()
        return None, (msg[0][:100] if msg else f"exit {p.returncode}")
    return FrameDir(out), None


# --------------------------------------------------------------------------------------------
# One file


def check_file(args) -> dict:
    path, suite, tool, timeout, use_magick = args  # use_magick: None or ImageMagick's timeout
    rel = path.relative_to(suite).as_posix()
    res = {"file": rel, "frames": "-", "mismatches": [], "crash": None, "notes": []}
    work = Path(tempfile.mkdtemp(prefix="ssconf-"))
    try:
        _check(path, rel, suite, tool, timeout, use_magick, work, res)
    except Exception as e:  # noqa: BLE001 - a sweep bug must not hide the other files
        res["mismatches"].append(("sweep", "error", f"sweep error: {type(e).__name__}: {e}"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return res


def _check(path, rel, suite, tool, timeout, use_magick, work, res):
    p = str(path)

    def miss(ref, kind, text):
        res["mismatches"].append((ref, kind, text))

    # ---- strokescope
    strict = run_tool(tool, ["frames", p, "-o", str(work / "ours")], timeout)
    res["seconds"] = round(strict["seconds"], 1)
    bad = check_run(strict, p, "frames")
    if bad:
        res["crash"] = bad
        return
    rejected = strict["rc"] == 65
    res["rejected"] = rejected
    ours = FrameDir(work / "ours")
    info = None
    lenient = None
    if rejected:
        res["frames"] = "rej"
        res["error"] = error_message(strict, p)
        if len(ours):
            res["crash"] = "frames: exit 65 but frames were written"
            return
        lrun = run_tool(tool, ["frames", p, "-o", str(work / "lenient"), "--lenient"], timeout)
        bad = check_run(lrun, p, "frames --lenient")
        if bad:
            res["crash"] = bad
            return
        lenient = FrameDir(work / "lenient") if lrun["rc"] == 0 else None
        res["notes"].append(f"--lenient: {len(lenient)} frames" if lenient is not None else "--lenient: rejected too")
    else:
        res["frames"] = str(len(ours))
        irun = run_tool(tool, ["info", p, "--format", "json"], timeout)
        bad = check_run(irun, p, "info")
        if bad:
            res["crash"] = bad
            return
        if irun["rc"] != 0:
            res["crash"] = f"info: exit {irun['rc']} although frames succeeded: {first_line(irun['stderr'])}"
            return
        try:
            info = json.loads(irun["stdout"])
        except json.JSONDecodeError as e:
            res["crash"] = f"info: invalid JSON ({e})"
            return
        if len(info.get("frames", [])) != len(ours):
            miss("self", "info", f"info lists {len(info.get('frames', []))} frames, frames wrote {len(ours)}")
    our_size = ours.size()
    if info is not None:
        scr = (info["screen"]["width"], info["screen"]["height"])
        if our_size and tuple(our_size) != scr:
            miss("self", "info", f"frame PNGs are {our_size}, screen {scr}")
        our_size = our_size or scr
    our_delays = [f["delayCentiseconds"] for f in info["frames"]] if info else None
    our_loop = info.get("loopCount") if info else None

    # ---- model (sweep parser + Pillow LZW + separately written policy)
    try:
        gif = gifmodel.parse(path.read_bytes())
    except gifmodel.ParseError as e:
        gif = None
        res["model"] = f"not a GIF ({e})"
    exp = suite_expectation(path, suite)
    model = None
    if gif is not None:
        need_idx = exp is not None and ("crc" in exp or "rgb" in exp)
        model = gifmodel.Model(gif, keep_indices=need_idx)
        frames_iter = model.frames()
        if rejected:
            n = sum(1 for _ in frames_iter)
            if model.error is None:
                tag = "decodes/giflib-code-size" if any(8 < i.min_code_size <= 11 for i in gif.images) else "decodes"
                miss("model", tag, f"model decodes {n} frames; ours rejects: {res['error']}")
        else:
            d = compare_frames(ours, our_size, frames_iter, (gif.width, gif.height))
            if model.error:
                miss("model", f"rejects/{model.error_kind}",
                     f"model stops: {model.error} ({model.count} frames); ours decodes {len(ours)}")
            elif d:
                miss("model", d[0], f"model: {d[1]}")
            else:
                if our_delays != model.delays:
                    miss("model", "delays", f"model: delays {model.delays[:6]} vs ours {our_delays[:6]}")
                if our_loop != gif.loop:
                    miss("model", "loop", f"model: loop {gif.loop} vs ours {our_loop}")
        res["model"] = f"{model.count} frames" + (f", then {model.error_kind}" if model.error else "")
        if rejected and model.error:
            check_lenient(gif, lenient, miss)
    elif not rejected:
        miss("model", "rejects/not-a-gif", f"model: {res['model']}; ours decodes it")
    why = f"/{model.error_kind}" if model is not None and model.error_kind else ""
    if not why and rejected and gif is not None and any(8 < i.min_code_size <= 11 for i in gif.images):
        why = "/giflib-code-size"  # giflib refuses LZW code sizes above 8

    # ---- suite expectation
    if exp is None:
        res["suite"] = "none"
    elif exp.get("unusable"):
        res["suite"] = "unusable"
        res["notes"].append(f"suite reference unusable: {exp['unusable']}")
    else:
        res["suite"] = exp["kind"]
        check_suite(exp, path, gif, rejected, ours, our_size, our_delays, our_loop, miss, res, why)
        if model is not None and not model.error and ("crc" in exp or "rgb" in exp) and not rejected:
            check_suite_indices(exp, gif, model, ours, miss, res)

    # ---- Pillow as it is
    try:
        sizes, pframes = pillow_frames(path)
        pil_ok = bool(pframes)
        perr = "no frames"
    except Exception as e:  # noqa: BLE001
        pil_ok, pframes = False, []
        perr = f"{type(e).__name__}: {str(e)[:80]}"
    if rejected:
        if pil_ok:
            miss("pillow", f"decodes{why}", f"pillow decodes {len(pframes)} frames; ours rejects: {res['error']}")
    elif not pil_ok:
        miss("pillow", "fails", f"pillow fails ({perr}); ours decodes {len(ours)} frames")
    elif len(sizes) > 1:
        # Pillow grows its canvas when a later frame sticks out of the screen.
        miss("pillow", "canvas-size", f"pillow: canvas grows to {sorted(sizes)[-1]} (a frame sticks out of the screen)")
    else:
        d = compare_frames(ours, our_size, iter(pframes), next(iter(sizes)), "pillow: ")
        if d:
            miss("pillow", *d)
    res["pillow"] = f"{len(pframes)} frames" if pil_ok else "fails"

    # ---- ImageMagick
    if use_magick:
        mframes, merr = magick_frames(path, work, use_magick)
        if rejected:
            if mframes is not None and len(mframes):
                miss("magick", f"decodes{why}", f"magick decodes {len(mframes)} frames; ours rejects: {res['error']}")
        elif mframes is None or not len(mframes):
            miss("magick", "fails", f"magick fails ({merr or 'no frames'}); ours decodes {len(ours)} frames")
        else:
            msizes = mframes.sizes()
            if len(msizes) > 1:
                miss("magick", "canvas-size", f"magick: frames of different sizes {sorted(msizes)}")
            else:
                d = compare_frames(ours, our_size, (mframes.get(k) for k in range(len(mframes))),
                                   next(iter(msizes)), "magick: ")
                if d:
                    miss("magick", *d)
        res["magick"] = f"{len(mframes)} frames" if mframes is not None else "fails"


def check_lenient(gif, lenient, miss):
    """--lenient must give the model's frames before the damage, plus the cut frame with the
    rows decoded before it (when there is at least one). Where the damage is an invalid LZW
    code or an out-of-range code size, decoders legitimately disagree on how far the garbage
    decodes (giflib turns some undefined codes into pixels), so only the frames before the
    cut one are compared."""
    model = gifmodel.Model(gif, lenient=True)
    frames = list(model.frames())
    complete = len(frames) - (1 if model.partial_rows is not None else 0)
    fuzzy = model.error_kind in ("lzw-invalid-code", "code-size")
    if lenient is None:
        if complete > 0 or (frames and not fuzzy):
            miss("model", "lenient", f"--lenient rejects; the model keeps {len(frames)} frames")
        return
    size = (gif.width, gif.height)
    if fuzzy:
        if not complete <= len(lenient) <= complete + 1:
            miss("model", "lenient", f"--lenient: {len(lenient)} frames; the model keeps {complete} "
                 "complete frames before an invalid LZW code")
            return
        d = compare_frames(Prefix(lenient, complete), size, iter(frames[:complete]), size, "--lenient: ")
    else:
        d = compare_frames(lenient, size, iter(frames), size, "--lenient: ")
    if d:
        rows = f" (the model's cut frame has {model.partial_rows} rows)" if model.partial_rows is not None else ""
        miss("model", "lenient", d[1] + rows)


def check_suite(exp, path, gif, rejected, ours, our_size, our_delays, our_loop, miss, res, why):
    if exp.get("reject"):
        if not rejected:
            miss("suite", "accepts", "suite expects rejection; ours decodes it")
        elif "not a GIF" not in res["error"]:
            miss("suite", "message", f"suite expects 'not a GIF'; ours says: {res['error']}")
        return
    if exp.get("no_frames"):
        if not rejected and len(ours):
            miss("suite", "no-frames", f"{exp['kind']} expects no frames; ours decodes {len(ours)}")
        return
    if rejected:
        miss("suite", f"decodes{why}", f"{exp['kind']} expects frames; ours rejects: {res['error']}")
        return
    if "crc" in exp or "rgb" in exp:
        return  # checked through the model's indices (check_suite_indices)
    if "single" in exp:
        k, b = exp["single"]
        if k >= len(ours):
            miss("suite", "frame-count", f"{exp['kind']}: ours has only {len(ours)} frames")
        elif tuple(exp["size"]) != tuple(our_size):
            miss("suite", "canvas-size", f"{exp['kind']}: size {exp['size']} vs ours {our_size}")
        else:
            mine = ours.get(k)
            if mine != b:
                kind, text = diff_frame(mine, b, our_size[0])
                miss("suite", kind, f"{exp['kind']}: {text}")
        return
    frames = exp["frames"]()
    if exp.get("prefix"):
        # A still picture: compared with our first frame only.
        d = compare_frames(Prefix(ours, 1), our_size, frames, exp["size"], "suite: ")
        if d and exp["kind"] == "wuffs .png" and gif is not None:
            # Wuffs keeps source pictures next to the GIFs; a PNG that the independent model
            # does not reproduce either is not a decode of this GIF.
            model = gifmodel.Model(gif)
            first = next(model.frames(), None)
            if first is not None and first != next(exp["frames"]()):
                d = ("not-a-decode", d[1] + " (the model differs from it too: not a decode of this GIF)")
    else:
        d = compare_frames(ours, our_size, frames, exp["size"], "suite: ")
        if d and exp["kind"] == "pygif" and our_delays:
            d = pygif_grouping(exp, ours, our_size, our_delays) or d
    if d:
        miss("suite", *d)
    if "delays" in exp and not d and exp["delays"] != our_delays:
        miss("suite", "delays", f"suite: delays {exp['delays']} vs ours {our_delays}")
    if "loop" in exp and exp["loop"] != our_loop:
        miss("suite", "loop", f"suite: loop count {exp['loop']} vs ours {our_loop}")


def pygif_grouping(exp, ours, our_size, our_delays):
    """pygif shows an image with a 0 cs delay together with the images after it, up to and
    including the next one with a delay, as one frame. If our frames at the ends of those
    groups match pygif's frames, that is the whole difference."""
    ends = [k for k, d in enumerate(our_delays) if d > 0 or k == len(our_delays) - 1]
    expected = list(exp["frames"]())
    if len(ends) != len(expected) or tuple(exp["size"]) != tuple(our_size):
        return None
    if any(ours.get(k) != e for k, e in zip(ends, expected)):
        return None
    if [our_delays[k] for k in ends] != exp["delays"]:
        return None
    return ("pygif-merge", f"pygif merges 0 cs images into one frame: its {len(expected)} frames "
            f"equal our frames {ends} of {len(ours)}")


def check_suite_indices(exp, gif, model, ours, miss, res):
    """image-gif CRCs and giflib .rgb screens, checked through the model's decoded indices
    (which must first reproduce the expected file) and then against our opaque pixels."""
    if "crc" in exp:
        ref = gifmodel.crc32(gifmodel.imagegif_buffers(gif, model))
        if ref != exp["crc"]:
            miss("suite", "pixels", f"image-gif CRC {exp['crc']}: even the model's frames give {ref}")
            return
        mine = gifmodel.crc32(gifmodel.imagegif_buffers(gif, model, ours.get))
        if mine != exp["crc"]:
            miss("suite", "pixels", f"image-gif CRC {exp['crc']} vs ours {mine}")
    if "rgb" in exp:
        ref = gifmodel.giflib_render(gif, model)
        if ref != exp["rgb"]:
            miss("suite", "pixels", "giflib .rgb: even the model's gif2rgb emulation differs")
            return
        last = ours.get(len(ours) - 1)
        n = 0
        first = None
        for i in range(gif.width * gif.height):
            if last[4 * i + 3] == 255 and last[4 * i: 4 * i + 3] != exp["rgb"][3 * i: 3 * i + 3]:
                n += 1
                first = first if first is not None else i
        if n:
            x, y = first % gif.width, first // gif.width
            miss("suite", "pixels", f"giflib .rgb: {n} opaque px of the last frame differ, first at ({x},{y})")
        clear = sum(1 for i in range(3, len(last), 4) if last[i] == 0)
        if clear:
            res["notes"].append(f"giflib .rgb: {clear} px transparent in ours (gif2rgb paints them)")


# --------------------------------------------------------------------------------------------
# Documented differences and the report


def load_documented(path: Path) -> list[tuple[str, str, str, str]]:
    """Rows of file-pattern, reference, kind, reason (tab-separated; # starts a comment)."""
    rows = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or parts[1] not in (*REFS, "*") or not parts[3].strip():
            sys.exit(f"{path}:{n}: expected 'file-pattern<TAB>reference<TAB>kind<TAB>reason'")
        rows.append(tuple(parts))
    return rows


def classify(res, documented, used):
    if res["crash"]:
        return "crash", res["crash"]
    undocumented, covered = [], []
    for ref, kind, text in res["mismatches"]:
        hit = None
        for i, (pat, dref, dkind, _reason) in enumerate(documented):
            if (fnmatch.fnmatchcase(res["file"], pat) and dref in (ref, "*")
                    and fnmatch.fnmatchcase(kind, dkind)):
                hit = i
                break
        if hit is None:
            undocumented.append(f"[{ref} {kind}] {text}")
        else:
            used.add(hit)
            covered.append(f"[{ref} {kind}] {text}")
    if undocumented:
        return "different", "; ".join(undocumented + covered)
    if covered:
        return "documented", "; ".join(covered)
    if res.get("rejected"):
        return "rejected", res.get("error", "")
    return "identical", ""


def main() -> int:
    repo = HERE.parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=repo.parent / "shared" / "conformance")
    ap.add_argument("--strokescope", default=str(repo / ".build" / "release" / "strokescope"))
    ap.add_argument("--documented", type=Path, default=HERE / "documented.tsv")
    ap.add_argument("--timeout", type=float, default=120,
                    help="seconds per strokescope run before it counts as a hang (default 120)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-magick", action="store_true", help="skip the ImageMagick reference")
    ap.add_argument("--magick-timeout", type=float, default=300,
                    help="seconds ImageMagick may take for one file (default 300; it needs ~30 s "
                         "for the largest file)")
    ap.add_argument("--only", action="append", default=[], help="glob of files (relative paths)")
    ap.add_argument("--json", type=Path, help="also write every result as JSON here")
    ap.add_argument("--width", type=int, default=200, help="table width in characters")
    opts = ap.parse_args()

    suite = opts.suite.resolve()
    files = sorted(suite.rglob("*.gif"))
    if opts.only:
        files = [f for f in files if any(fnmatch.fnmatchcase(f.relative_to(suite).as_posix(), g) for g in opts.only)]
    if not files:
        print(f"no .gif files under {suite}", file=sys.stderr)
        return 2
    use_magick = not opts.no_magick and shutil.which("convert") is not None
    if not use_magick:
        print("note: ImageMagick reference skipped", file=sys.stderr)
    documented = load_documented(opts.documented)
    magick = opts.magick_timeout if use_magick else None
    jobs = [(f, suite, opts.strokescope, opts.timeout, magick) for f in files]
    with ProcessPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        results = list(pool.map(check_file, jobs, chunksize=4))

    used: set[int] = set()
    counts = {"identical": 0, "rejected": 0, "documented": 0, "crash": 0, "different": 0}
    fw = max(len(r["file"]) for r in results)
    print(f"{'file':<{fw}}  {'frames':>6}  {'verdict':<10}  detail")
    for r in results:
        verdict, detail = classify(r, documented, used)
        r["verdict"], r["detail"] = verdict, detail
        counts[verdict] += 1
        if r["notes"] and verdict in ("identical", "rejected"):
            detail = (detail + "; " if detail else "") + "; ".join(r["notes"])
        room = max(20, opts.width - fw - 22)
        if len(detail) > room and verdict not in ("different", "crash"):
            detail = detail[: room - 1] + "…"
        print(f"{r['file']:<{fw}}  {r['frames']:>6}  {verdict:<10}  {detail}")

    stale = [documented[i] for i in range(len(documented)) if i not in used]
    if stale and not opts.only:
        print()
        for pat, ref, kind, _ in stale:
            print(f"note: documented.tsv entry matches no difference: {pat} [{ref} {kind}]")
    if opts.json:
        opts.json.write_text(json.dumps(results, indent=1, default=str))
    total = len(results)
    identical = counts["identical"] + counts["rejected"]
    print()
    print(f"identical {counts['identical']}, correctly rejected {counts['rejected']}, "
          f"documented {counts['documented']}, different {counts['different']}, crash {counts['crash']}")
    print(f"conformance: {identical}/{total} files identical, {counts['documented']} documented "
          f"differences, {counts['crash']} crashes")
    return 0 if counts["crash"] == 0 and counts["different"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
