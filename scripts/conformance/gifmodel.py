"""An independent reading of GIF files for the conformance sweep.

Three pieces, none of which shares code with StrokeScope's Swift decoder:

* ``parse``: a block-level GIF parser written for this sweep (header, screen, colour tables,
  extensions, image descriptors, LZW sub-blocks). It does not decode LZW.
* ``frame_indices``: decodes one image's LZW data with Pillow's GIF decoder, by wrapping that
  image alone in a minimal GIF (a 256-entry dummy palette so Pillow stays in "P" mode and hands
  back raw palette indices, already de-interlaced).
* ``Model``: the browser compositing rules (Chrome's and Firefox's, as listed in
  docs/CONFORMANCE.md) applied to those indices. It is a second, separately written
  implementation of the same policy, so a bug in either one shows up as a difference.

It also emulates giflib's ``gif2rgb`` render (``giflib_render``) and the per-frame buffers
that the Rust ``gif`` crate checksums (``imagegif_buffers``), to check those suites' expected
files against the same decoded indices.
"""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field

from PIL import Image, ImageFile

TRANSPARENT = b"\x00\x00\x00\x00"
OPAQUE_BLACK = b"\x00\x00\x00\xff"


class ParseError(Exception):
    """The file's block structure is broken at ``offset``."""

    def __init__(self, message: str, offset: int):
        super().__init__(f"{message} at byte {offset}")
        self.offset = offset


@dataclass
class Control:
    disposal: int = 0
    delay: int = 0
    transparent: int | None = None


@dataclass
class ImageRecord:
    x: int
    y: int
    width: int
    height: int
    interlaced: bool
    local_palette: list[tuple[int, int, int]] | None
    min_code_size: int
    data: bytes
    control: Control | None
    complete: bool = True  # False when the file ends inside the LZW sub-blocks
    whole_blocks: int = -1  # bytes of ``data`` in complete sub-blocks (when not complete)


@dataclass
class GIF:
    version: str
    width: int
    height: int
    global_palette: list[tuple[int, int, int]] | None
    background: int
    loop: int | None = None
    comments: int = 0
    images: list[ImageRecord] = field(default_factory=list)
    trailer: bool = False
    trailing_bytes: int = 0
    error: str | None = None  # the structural problem that ended parsing, if any
    # How the block sequence ended: "trailer", "eof" (at a block boundary, no trailer),
    # "garbage" (a byte that starts no block), "cut" (inside a block).
    end: str = "trailer"


def _palette(data: bytes, at: int, flags: int) -> tuple[list[tuple[int, int, int]], int]:
    n = 1 << ((flags & 7) + 1)
    end = at + 3 * n
    if end > len(data):
        raise ParseError("colour table cut short", len(data))
    table = [tuple(data[at + 3 * i: at + 3 * i + 3]) for i in range(n)]
    return table, end  # type: ignore[return-value]


def _sub_blocks(data: bytes, at: int) -> tuple[list[bytes], int, bool]:
    """Reads sub-blocks up to the terminator; returns (blocks, next offset, complete). When
    the file ends inside a sub-block, its bytes are the last block, which is then empty or
    partial (``complete`` is False either way)."""
    blocks = []
    while True:
        if at >= len(data):
            blocks.append(b"")
            return blocks, at, False
        n = data[at]
        at += 1
        if n == 0:
            return blocks, at, True
        if at + n > len(data):
            blocks.append(data[at:])
            return blocks, len(data), False
        blocks.append(data[at: at + n])
        at += n


def parse(data: bytes) -> GIF:
    """Parses the block structure. Structural damage is recorded in ``GIF.error``; the
    images read before it are kept."""
    if len(data) < 13 or data[:3] != b"GIF":
        raise ParseError("not a GIF header", 0)
    width = data[6] | data[7] << 8
    height = data[8] | data[9] << 8
    flags = data[10]
    at = 13
    gct = None
    if flags & 0x80:
        gct, at = _palette(data, at, flags)
    gif = GIF(data[:6].decode("latin-1"), width, height, gct, data[11])
    pending: Control | None = None
    while True:
        if at >= len(data):
            gif.error, gif.end = "missing trailer", "eof"
            return gif
        kind = data[at]
        if kind == 0x3B:
            gif.trailer = True
            gif.trailing_bytes = len(data) - at - 1
            return gif
        if kind == 0x21:
            if at + 1 >= len(data):
                gif.error, gif.end = f"extension cut short at byte {at}", "cut"
                return gif
            label = data[at + 1]
            blocks, nxt, complete = _sub_blocks(data, at + 2)
            if not complete:
                gif.error, gif.end = f"extension cut short at byte {at}", "cut"
                return gif
            if label == 0xF9 and blocks and len(blocks[0]) >= 4:
                b = blocks[0]
                t = b[3] if b[0] & 1 else None
                pending = Control((b[0] >> 2) & 7, b[1] | b[2] << 8, t)
            elif label == 0xFF and blocks:
                if len(blocks[0]) == 11 and blocks[0] in (b"NETSCAPE2.0", b"ANIMEXTS1.0"):
                    for sub in blocks[1:]:
                        if len(sub) >= 3 and sub[0] == 1 and gif.loop is None:
                            gif.loop = sub[1] | sub[2] << 8
            elif label == 0xFE:
                gif.comments += 1
            at = nxt
            continue
        if kind == 0x2C:
            if at + 10 > len(data):
                gif.error, gif.end = f"image descriptor cut short at byte {at}", "cut"
                return gif
            d = data[at + 1: at + 10]
            x, y = d[0] | d[1] << 8, d[2] | d[3] << 8
            w, h = d[4] | d[5] << 8, d[6] | d[7] << 8
            iflags = d[8]
            at += 10
            lct = None
            if iflags & 0x80:
                try:
                    lct, at = _palette(data, at, iflags)
                except ParseError:
                    gif.error, gif.end = f"local colour table cut short at byte {at}", "cut"
                    return gif
            if at >= len(data):
                gif.error, gif.end = f"image data cut short at byte {at}", "cut"
                return gif
            code_size = data[at]
            blocks, at, complete = _sub_blocks(data, at + 1)
            gif.images.append(ImageRecord(x, y, w, h, bool(iflags & 0x40), lct, code_size,
                                          b"".join(blocks), pending, complete,
                                          -1 if complete else sum(len(b) for b in blocks[:-1])))
            pending = None
            if not complete:
                gif.error, gif.end = "image data cut short", "cut"
                return gif
            continue
        gif.error, gif.end = f"unexpected byte 0x{kind:02X} at byte {at}", "garbage"
        return gif


def lzw_decode(data: bytes, min_code_size: int, pixels: int) -> tuple[bytes, str]:
    """A plain GIF LZW decoder (written for this sweep) used to classify damaged image data.
    Returns (indices in storage order, at most ``pixels`` of them, how the data ended):
    ``full`` (all pixels decoded; anything after them is ignored), ``end-code`` (an end code
    before the last pixel), ``data-end`` (the sub-blocks ran out first) or ``invalid-code``."""
    clear = 1 << min_code_size
    eoi = clear + 1
    prefix = [0] * 4096
    suffix = [0] * 4096
    first = [0] * 4096
    length = [0] * 4096
    for i in range(clear):
        suffix[i] = first[i] = i
        length[i] = 1
    size = min_code_size + 1
    nxt = eoi + 1
    prev = -1
    out = bytearray()
    acc = nbits = pos = 0
    n = len(data)

    def entry(code):
        buf = bytearray(length[code])
        k = length[code] - 1
        while k >= 0:
            buf[k] = suffix[code]
            code = prefix[code]
            k -= 1
        return buf

    while len(out) < pixels:
        while nbits < size:
            if pos >= n:
                return bytes(out), "data-end"
            acc |= data[pos] << nbits
            pos += 1
            nbits += 8
        code = acc & ((1 << size) - 1)
        acc >>= size
        nbits -= size
        if code == clear:
            size, nxt, prev = min_code_size + 1, eoi + 1, -1
            continue
        if code == eoi:
            return bytes(out), "end-code"
        if prev < 0:
            if code >= clear:
                return bytes(out), "invalid-code"
            out += entry(code)
            prev = code
            # Only with code size 1 is the first free code (4) already past the 2-bit codes.
            if nxt >= 1 << size and size < 12:
                size += 1
            continue
        if code < nxt:
            e = entry(code)
            new_first = first[code]
        elif code == nxt and nxt < 4096:
            e = entry(prev)
            e.append(first[prev])
            new_first = first[prev]
        else:
            return bytes(out), "invalid-code"
        if nxt < 4096:
            prefix[nxt], suffix[nxt] = prev, new_first
            first[nxt], length[nxt] = first[prev], length[prev] + 1
            nxt += 1
            if nxt >= 1 << size and size < 12:
                size += 1
        out += e
        prev = code
    return bytes(out[:pixels]), "full"


def storage_rows(height: int, interlaced: bool) -> list[int]:
    """Image rows in the order they are stored (the four interlace passes, or top down)."""
    if not interlaced:
        return list(range(height))
    rows = []
    for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)):
        rows += range(start, height, step)
    return rows


def _wrap(img: ImageRecord) -> bytes:
    """A minimal GIF holding only ``img`` at (0, 0) with a 256-entry dummy palette."""
    out = bytearray(b"GIF89a")
    out += img.width.to_bytes(2, "little") + img.height.to_bytes(2, "little")
    out += bytes([0xF7, 0, 0]) + bytes(range(256)) * 3
    out += b"\x2C\x00\x00\x00\x00"
    out += img.width.to_bytes(2, "little") + img.height.to_bytes(2, "little")
    out += bytes([0x40 if img.interlaced else 0, img.min_code_size])
    for i in range(0, len(img.data), 255):
        chunk = img.data[i: i + 255]
        out += bytes([len(chunk)]) + chunk
    out += b"\x00\x3B"
    return bytes(out)


def frame_indices(img: ImageRecord) -> bytes:
    """The image's palette indices, row-major and de-interlaced, decoded by Pillow.
    Raises when Pillow rejects the LZW data or it ends before the last pixel."""
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    with Image.open(io.BytesIO(_wrap(img))) as im:
        im.load()
        if im.mode != "P":
            raise ValueError(f"Pillow decoded mode {im.mode}")
        return im.tobytes()


class Model:
    """StrokeScope's documented decoding policy, implemented separately from it, producing
    the composited frames one by one (``frames()``) so that long animations need only one
    canvas in memory.

    Compositing is the browsers': the canvas starts transparent; disposal 2 clears the
    frame's rectangle to transparent, 3 restores what was under it, 0, 1 and 4-7 keep it;
    frames are clipped to the screen; zero-size images are skipped; missing palettes and
    indices past the palette draw opaque black. Damaged data follows the error policy: LZW
    data that ends or breaks before the image's last pixel, image data cut before its
    terminator, a block cut short, or a byte that starts no block before the first frame is
    an error (``error_kind`` and ``error`` say which), and decoding stops there. A missing
    trailer and garbage after a complete frame only end the file.

    With ``lenient``, the frame cut by an LZW error is still produced with the rows decoded
    before the damage (if there is at least one), as ``--lenient`` does.

    After ``frames()`` is exhausted, ``delays``, ``shown`` (the displayed image records),
    ``count`` and, with ``keep_indices``, ``indices`` are filled."""

    MAX_PIXELS = 64_000_000

    def __init__(self, gif: GIF, keep_indices: bool = False, lenient: bool = False):
        self.gif = gif
        self.width, self.height = gif.width, gif.height
        self.keep_indices = keep_indices
        self.lenient = lenient
        self.error: str | None = None
        self.error_kind: str | None = None
        self.delays: list[int] = []
        self.shown: list[ImageRecord] = []
        self.indices: list[bytes] = []
        self.count = 0
        self.partial_rows: int | None = None  # rows of the cut frame (lenient)

    def _fail(self, kind: str, message: str):
        self.error_kind, self.error = kind, message

    def frames(self):
        gif = self.gif
        W, H = gif.width, gif.height
        if W == 0 or H == 0:
            self._fail("zero-screen", f"zero-size screen {W}x{H}")
            return
        if W * H > self.MAX_PIXELS:
            self._fail("too-large", f"screen {W}x{H} above the pixel limit")
            return
        canvas = bytearray(W * H * 4)
        pending = None  # (disposal, clipped rect, saved bytes)
        for img in gif.images:
            if img.width == 0 or img.height == 0:
                if not img.complete:
                    self._fail("truncated-block", "file ends inside a zero-size image's data")
                    return
                continue
            n = img.width * img.height
            rows_ok = img.height
            if not 1 <= img.min_code_size <= 11:
                self._fail("code-size", f"image {self.count}: LZW code size {img.min_code_size}")
                return
            raw, how = lzw_decode(img.data, img.min_code_size, n)
            if how != "full":
                self._fail(f"lzw-{how}", f"image {self.count}: LZW {how} after {len(raw)} of {n} pixels")
            elif not img.complete:
                self._fail("cut-after-pixels", f"image {self.count}: file ends in the image data after its last pixel")
            if self.error:
                # What --lenient can keep, at giflib's granularity: giflib reads a sub-block
                # whole or not at all, and reports the row in which anything failed as lost
                # (for data cut after the last pixel, that is the last row).
                usable = img.data if img.complete else img.data[:img.whole_blocks]
                got, _ = lzw_decode(usable, img.min_code_size, n)
                rows_ok = min(len(got) // img.width, img.height - 1)
            if self.error:
                if not (self.lenient and rows_ok > 0):
                    return
                idx = bytearray(n)
                order = storage_rows(img.height, img.interlaced)
                drawn = set(order[:rows_ok])
                for k, r in enumerate(order[:rows_ok]):
                    idx[r * img.width:(r + 1) * img.width] = raw[k * img.width:(k + 1) * img.width]
                self.partial_rows = rows_ok
            elif img.min_code_size == 1:
                # Below the specification's minimum of 2, decoders disagree on when the code
                # width first grows; Pillow grows it later than giflib. Use this sweep's
                # decoder, which grows it as soon as the next free code needs 3 bits.
                idx = bytearray(n)
                for k, r in enumerate(storage_rows(img.height, img.interlaced)):
                    idx[r * img.width:(r + 1) * img.width] = raw[k * img.width:(k + 1) * img.width]
                drawn = None
            else:
                try:
                    idx = frame_indices(img)
                except Exception as e:  # noqa: BLE001 - Pillow raises several types
                    self._fail("pillow-rejects", f"image {self.count}: Pillow: {e}")
                    return
                drawn = None
            ctl = img.control or Control()
            disposal = ctl.disposal if ctl.disposal in (0, 1, 2, 3) else 0
            x0, y0 = min(img.x, W), min(img.y, H)
            x1, y1 = min(img.x + img.width, W), min(img.y + img.height, H)
            if pending:
                pd, (px0, py0, px1, py1), saved = pending
                row = (px1 - px0) * 4
                for yy in range(py0, py1):
                    at = (yy * W + px0) * 4
                    if pd == 2:
                        canvas[at: at + row] = bytes(row)
                    elif pd == 3 and saved is not None:
                        k = (yy - py0) * row
                        canvas[at: at + row] = saved[k: k + row]
            saved = None
            if disposal == 3:
                saved = bytearray()
                for yy in range(y0, y1):
                    at = (yy * W + x0) * 4
                    saved += canvas[at: at + (x1 - x0) * 4]
            pending = (disposal, (x0, y0, x1, y1), saved)
            table = _colour_words(img.local_palette or gif.global_palette, ctl.transparent)
            for yy in range(y0, y1):
                if drawn is not None and (yy - img.y) not in drawn:
                    continue
                src = (yy - img.y) * img.width - img.x
                for xx in range(x0, x1):
                    c = table[idx[src + xx]]
                    if c is not None:
                        at = (yy * W + xx) * 4
                        canvas[at: at + 4] = c
            self.count += 1
            self.delays.append(ctl.delay)
            self.shown.append(img)
            if self.keep_indices:
                self.indices.append(bytes(idx))
            yield bytes(canvas)
            if self.error:
                return
        if gif.end == "cut":
            self._fail("truncated-block", f"{gif.error} after {self.count} frames")
        elif gif.end == "garbage" and self.count == 0:
            self._fail("garbage-first", f"{gif.error} before the first frame")


def _colour_words(palette, transparent):
    table = [OPAQUE_BLACK] * 256
    if palette:
        for i, (r, g, b) in enumerate(palette[:256]):
            table[i] = bytes((r, g, b, 255))
    if transparent is not None and 0 <= transparent < 256:
        table[transparent] = None
    return table


def giflib_render(gif: GIF, model: Model) -> bytes:
    """What giflib's gif2rgb writes (its tests-expected/*.rgb): a screen of background
    indices, every image's indices stored over it in order (no transparency, no disposal),
    converted with the last image's colour table (or the global one)."""
    W, H = gif.width, gif.height
    screen = bytearray([gif.background]) * (W * H)
    for img, idx in zip(model.shown, model.indices):
        for yy in range(img.height):
            for xx in range(img.width):
                X, Y = img.x + xx, img.y + yy
                if X < W and Y < H:
                    screen[Y * W + X] = idx[yy * img.width + xx]
    last = model.shown[-1] if model.shown else None
    palette = (last.local_palette if last and last.local_palette else None) or gif.global_palette or []
    out = bytearray()
    for i in screen:
        out += bytes(palette[i]) if i < len(palette) else b"\x00\x00\x00"
    return bytes(out)


def imagegif_buffers(gif: GIF, model: Model, our_frame=None) -> bytes:
    """The Rust gif crate's frame buffers as its sample test checksums them: each frame's own
    rectangle in RGBA, transparent pixels as their palette colour with alpha 0 (that is what
    the crate's checksums were computed from), concatenated. With ``our_frame`` (a function
    giving our k-th composited canvas as RGBA bytes), the frame's opaque pixels are taken
    from our canvas instead, so the checksum tests what our decoder drew wherever the frame
    itself is opaque (its transparent pixels show earlier frames on a canvas, not here)."""
    out = bytearray()
    for k, (img, idx) in enumerate(zip(model.shown, model.indices)):
        ours = our_frame(k) if our_frame is not None else None
        ctl = img.control or Control()
        palette = img.local_palette or gif.global_palette or []
        table = _colour_words(palette, ctl.transparent)
        t = ctl.transparent
        clear = bytes(palette[t]) + b"\x00" if t is not None and t < len(palette) else TRANSPARENT
        W = gif.width
        for yy in range(img.height):
            for xx in range(img.width):
                c = table[idx[yy * img.width + xx]]
                if c is None:
                    out += clear
                elif ours is not None:
                    X, Y = img.x + xx, img.y + yy
                    if X < W and Y < gif.height:
                        at = (Y * W + X) * 4
                        out += ours[at: at + 4]
                    else:
                        out += c
                else:
                    out += c
    return bytes(out)


def crc32(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF
