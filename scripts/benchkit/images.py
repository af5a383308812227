"""Reads back the pictures a player sent to a pixel terminal: kitty graphics commands and sixel
sequences, placed where the cursor put them, as the terminal would draw them.

`frames(chunks, ...)` walks a recording (record.py's chunks) and decodes each image (kitty:
RGB, RGBA or PNG, direct, zlib-compressed or from shared memory kept by ptyproxy.py; sixel:
palette, repeats, bands, transparency). Each image is compared on its own: the players place
theirs differently, and where the picture lies inside the image is found from the pixels.
"""
import base64
import io
import re
import zlib

import numpy as np

CSI = re.compile(rb"\x1b\[([0-9;?]*)([A-Za-z@`])")
APC = re.compile(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")
DCS = re.compile(rb"\x1bP([0-9;]*)q(.*?)\x1b\\", re.S)
SIXEL_TOKEN = re.compile(rb'"([0-9;]*)|#(\d+)((?:;\d+){4})?|!(\d+)([?-~])|([?-~]+)|(\$)|(-)')


class Screen:
    """The screen as it stood when an image arrived."""

    __slots__ = ("time", "image", "info")

    def __init__(self, time, image, info):
        self.time = time
        self.image = image
        self.info = info


def decode_sixel(parameters, body):
    """(RGB array, transparent mask) of one sixel image, at the size its raster attributes give
    (or as far as it drew). The sixels are gathered as flat runs first and painted at once."""
    palette = np.zeros((256, 3), dtype=np.uint8)
    width = height = 0
    x = band = 0
    colour = 0
    bands, columns, values, colours = [], [], bytearray(), []
    for m in SIXEL_TOKEN.finditer(body):
        raster, index, definition, repeat, repeated, run, cr, lf = m.groups()
        if run is not None:
            n = len(run)
            values += run
            columns.append((x, n))
            bands.append(band)
            colours.append(colour)
            x += n
        elif repeat is not None:
            n = int(repeat)
            values += repeated * n
            columns.append((x, n))
            bands.append(band)
            colours.append(colour)
            x += n
        elif index is not None:
            i = int(index) & 255
            if definition:
                mode, a, b, c = (int(v) for v in definition[1:].split(b";"))
                if mode == 2:
                    palette[i] = [(min(v, 100) * 255 + 50) // 100 for v in (a, b, c)]
            else:
                colour = i
        elif cr is not None:
            x = 0
        elif lf is not None:
            x = 0
            band += 1
        elif raster is not None:
            numbers = [int(v) for v in raster.split(b";") if v]
            if len(numbers) == 4:
                width, height = numbers[2], numbers[3]
    if not columns:
        return None, None
    lengths = np.array([n for _, n in columns])
    starts = np.array([x0 for x0, _ in columns])
    xs = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths) + np.arange(len(values))
    ys = np.repeat(np.array(bands) * 6, lengths)
    cs = np.repeat(np.array(colours), lengths)
    vs = np.frombuffer(bytes(values), dtype=np.uint8) - 63
    width = width or int(xs.max()) + 1
    height = height or int(ys.max()) + 6
    pixels = np.full((height + 6, max(width, int(xs.max()) + 1)), -1, dtype=np.int16)
    for k in range(6):
        lit = ((vs >> k) & 1).astype(bool)
        pixels[ys[lit] + k, xs[lit]] = cs[lit]
    pixels = pixels[:height, :width]
    transparent = pixels < 0
    return palette[np.clip(pixels, 0, 255)], transparent


def decode_kitty(keys, payload, kept):
    """(RGB array, transparent mask or None, keys dict) of one transmitted kitty image; `kept` is
    ptyproxy.py's copy of its shared memory or file, if any."""
    fmt = int(keys.get("f", "32"))
    width, height = int(keys.get("s", "0")), int(keys.get("v", "0"))
    medium = keys.get("t", "d")
    if medium in ("s", "f"):
        if kept is None:
            return None, None
        with open(kept, "rb") as f:
            data = f.read()
    elif medium == "d":
        data = base64.b64decode(payload)
        if keys.get("o") == "z":
            data = zlib.decompress(data)
    else:
        return None, None
    if fmt == 100:
        from PIL import Image
        picture = Image.open(io.BytesIO(data)).convert("RGBA")
        array = np.asarray(picture)
        return array[..., :3].copy(), array[..., 3] == 0
    channels = 3 if fmt == 24 else 4
    if width * height * channels > len(data):
        return None, None
    array = np.frombuffer(data, dtype=np.uint8, count=width * height * channels).reshape(height, width, channels)
    if channels == 4:
        return array[..., :3].copy(), array[..., 3] == 0
    return array.copy(), None


def frames(chunks, shared=None, every=1):
    """Every image in the recording, in order: a `Screen` with its arrival time (when its last
    byte came), its pixels (transparent ones black; None for images not decoded: only every
    `every`-th is) and what it was (`info`: protocol, keys, the cell of the last CUP before it).
    `shared` maps kitty shared-memory names and file paths to the copies ptyproxy.py kept, one
    for each time the name was sent, in order (a file is sent again for later frames)."""
    shared = shared or {}
    sent = {}
    data = b"".join(chunk for _, chunk in chunks)
    ends = np.cumsum([len(chunk) for _, chunk in chunks])
    times = [t for t, _ in chunks]

    def arrival(offset):
        return times[min(int(np.searchsorted(ends, offset, side="right")), len(times) - 1)]

    events = [(m.start(), m.end(), "csi", m) for m in CSI.finditer(data)]
    events += [(m.start(), m.end(), "apc", m) for m in APC.finditer(data)]
    events += [(m.start(), m.end(), "dcs", m) for m in DCS.finditer(data)]
    events.sort(key=lambda e: e[0])
    row = column = 0
    pending = None  # a chunked kitty transmission: (keys, parts, row, column)
    out = []
    position = 0
    for start, end, kind, m in events:
        if start < position:
            continue  # inside an image
        position = end
        if kind == "csi":
            params, final = m.group(1), m.group(2)
            if final in (b"H", b"f") and not params.startswith(b"?"):
                values = [int(v) if v else 1 for v in params.split(b";")] if params else []
                row = (values[0] if values else 1) - 1
                column = (values[1] if len(values) > 1 else 1) - 1
            continue
        if kind == "apc":
            keys = dict(kv.split(b"=", 1) for kv in m.group(1).split(b",") if b"=" in kv)
            keys = {k.decode(): v.decode() for k, v in keys.items()}
            payload = m.group(2) or b""
            if pending is not None:
                pending[1].append(payload)
                if keys.get("m", "0") == "1":
                    continue
                keys, payload, at = pending[0], b"".join(pending[1]), pending[2]
                pending = None
            else:
                if keys.get("a") != "T":
                    continue
                if keys.get("m") == "1":
                    pending = (keys, [payload], (row, column))
                    continue
                at = (row, column)
            info = {"kind": "kitty", "keys": keys, "cell": at, "bytes": end - start}
            image = None
            kept = None
            if keys.get("t") in ("s", "f"):
                name = base64.b64decode(payload).decode(errors="replace")
                index = sent.get(name, 0)
                sent[name] = index + 1
                copies = shared.get(name, [])
                kept = copies[index] if index < len(copies) else None
            if len(out) % every == 0:
                image = flatten(*decode_kitty(keys, payload, kept))
            out.append(Screen(arrival(end - 1), image, info))
            continue
        info = {"kind": "sixel", "cell": (row, column), "bytes": end - start}
        image = flatten(*decode_sixel(m.group(1), m.group(2))) if len(out) % every == 0 else None
        out.append(Screen(arrival(end - 1), image, info))
    return out


def flatten(image, transparent):
    """The image with its transparent pixels black (what shows on a black terminal)."""
    if image is None or transparent is None:
        return image
    image = image.copy()
    image[transparent] = 0
    return image
