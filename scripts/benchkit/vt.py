"""A small VT/SGR decoder: turns a terminal byte stream back into the pictures it drew.

It understands what terminal video players write: printable UTF-8 with auto-wrap, CR, LF (with
scrolling), BS, cursor moves (CUP/HVP, CUU/CUD/CUF/CUB, CNL/CPL, CHA, VPA), erases (ED, EL), REP, SGR
colours (38;2 / 48;2 truecolor, 38;5 / 48;5 palette, the 16 basic colours, defaults, reverse) and
the synchronized-update and alternate-screen modes. Everything else is parsed and ignored.

A cell is shown as 2 x 2 "display pixels", so half blocks and quadrant blocks both map exactly:
each block glyph lights a mask of the four quadrants in the foreground colour, the rest is
background. Any other glyph (text) counts as background.

With `cell=(width, height)` (`Screen.image(cell)`, `decode(..., cell=...)`) a cell is instead
drawn at a terminal's own pixel size, every block glyph as kitty 0.26.5 draws it with its own box
drawing: the quadrants split a cell at w/2 and h/2; the sextants (U+1FB00-1FB3B) at w/2 and at
h/3 and 2h/3 rounded down (5/5/6 rows of a 16 px cell); the eighths (U+2581-2587 lower, U+2589-258F
left, U+2594 upper, U+2595 right) and the halves (U+2580, 2584, 258C, 2590) on kitty's eighths of a
length (each size // 8, the rest of the length given to the middle ones first); the octants
(U+1CD00-1CDE5, Unicode 16, 2 wide x 4 tall) and the characters that stand for the other 26
octant patterns (space, U+2588, the quadrants, U+2582, 2586, 1FB82, 1FB85, 1FBE6, 1FBE7, 1CEA0,
1CEA3, 1CEA8, 1CEAB) on pairs of those eighths, at w/2 across. Any other glyph counts as
background, as in the 2 x 2 mode.
The model holds at any cell size: test_vt.py checks every block kitty 0.26.5 draws against kitty's
own box drawing (its kitty/fonts/box_drawing.py, where installed) at 7x15, 8x16, 8x17, 10x19,
10x20 and 11x23, pixel for pixel.
"""
import bisect
import math
import re
import unicodedata

import numpy as np

# Quadrant masks: bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
GLYPH_MASKS = {
    " ": 0, "\u2598": 1, "\u259d": 2, "\u2580": 3, "\u2596": 4, "\u258c": 5, "\u259e": 6, "\u259b": 7,
    "\u2597": 8, "\u259a": 9, "\u2590": 10, "\u259c": 11, "\u2584": 12, "\u2599": 13, "\u259f": 14,
    "\u2588": 15,
}

# MARK: Glyphs at a terminal's pixel size

def eighths(size):
    """Where kitty splits a length of `size` pixels into eighths: 9 boundaries. Each eighth is
    size // 8 (at least 1); the pixels left over go one each to the eighths 3, 4, 2, 5, 6, 1, 7, 0
    in that order, so that the outer ones change last."""
    thickness = max(1, size // 8)
    if thickness * 8 > size:
        starts = [min(k * thickness, size - thickness) for k in range(8)]
        return [0] + [s + thickness for s in starts]  # overlapping bars (cells under 8 px)
    widths = [thickness] * 8
    extra = size - 8 * thickness
    for k in (3, 4, 2, 5, 6, 1, 7, 0)[:extra]:
        widths[k] += 1
    return [sum(widths[:k]) for k in range(9)]


def _eighth_span(size, first, last):
    """The pixels of eighths `first`..`last` (inclusive) of a length: (start, end)."""
    if first > last:
        return 0, 0
    if max(1, size // 8) * 8 > size:
        thickness = max(1, size // 8)
        return min(first * thickness, size - thickness), min(last * thickness, size - thickness) + thickness
    b = eighths(size)
    return b[first], b[last + 1]


# Octant patterns: bit k is octant k + 1, numbered as Unicode numbers them (1 2 / 3 4 / 5 6 / 7 8:
# two across, four down). U+1CD00-1CDE5 ("BLOCK OCTANT-3" ... "BLOCK OCTANT-2345678") are the 230
# patterns that had no character before Unicode 16, in increasing order of this number; the other
# 26 are these existing characters.
OCTANT_ELSEWHERE = {
    0x00: 0x20, 0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x03: 0x1FB82, 0x05: 0x2598, 0x0A: 0x259D, 0x0F: 0x2580,
    0x14: 0x1FBE6, 0x28: 0x1FBE7, 0x3F: 0x1FB85, 0x40: 0x1CEA3, 0x50: 0x2596, 0x55: 0x258C, 0x5A: 0x259E,
    0x5F: 0x259B, 0x80: 0x1CEA0, 0xA0: 0x2597, 0xA5: 0x259A, 0xAA: 0x2590, 0xAF: 0x259C, 0xC0: 0x2582,
    0xF0: 0x2584, 0xF5: 0x2599, 0xFA: 0x259F, 0xFC: 0x2586, 0xFF: 0x2588,
}
OCTANTS = dict(zip(range(0x1CD00, 0x1CDE6), [p for p in range(256) if p not in OCTANT_ELSEWHERE]))


def _sextant_patterns():
    """U+1FB00-1FB3B: the sextant patterns 1..62 but 21 and 42 (the left and right halves, which are
    U+258C and U+2590); bit k is sextant k + 1 (1 2 / 3 4 / 5 6)."""
    patterns = [p for p in range(1, 63) if p not in (21, 42)]
    return dict(zip(range(0x1FB00, 0x1FB3C), patterns))


SEXTANTS = _sextant_patterns()


def _rects(code):
    """The glyph `code` as rectangles in a cell, each (kind, parameters); None for any other glyph.
    Kinds: ("rows", first, last) eighths of the height, full width; ("cols", first, last) eighths of
    the width, full height; ("quad", x, y); ("sextant", x, row); ("octant", x, row)."""
    if code in (0x20, 0xA0):
        return []
    if code == 0x2588:
        return [("rows", 0, 7)]
    if 0x2581 <= code <= 0x2587:  # lower k eighths
        k = code - 0x2580
        return [("rows", 8 - k, 7)]
    if 0x2589 <= code <= 0x258F:  # left 7/8 ... 1/8
        k = 0x2590 - code
        return [("cols", 0, k - 1)]
    if code == 0x2580:
        return [("rows", 0, 3)]
    if code == 0x2590:
        return [("cols", 4, 7)]
    if code == 0x2594:
        return [("rows", 0, 0)]
    if code == 0x2595:
        return [("cols", 7, 7)]
    if code == 0x1FB82:
        return [("rows", 0, 1)]
    if code == 0x1FB85:
        return [("rows", 0, 5)]
    if code in QUADRANT_GLYPHS:
        mask = QUADRANT_GLYPHS[code]
        return [("quad", bit & 1, bit >> 1) for bit in range(4) if mask >> bit & 1]
    if code in SEXTANTS:
        p = SEXTANTS[code]
        return [("sextant", k & 1, k >> 1) for k in range(6) if p >> k & 1]
    octant = OCTANTS.get(code)
    if octant is None and code in (0x1CEA0, 0x1CEA3, 0x1CEA8, 0x1CEAB, 0x1FBE6, 0x1FBE7):
        octant = {v: k for k, v in OCTANT_ELSEWHERE.items()}[code]
    if octant is not None:
        return [("octant", k & 1, k >> 1) for k in range(8) if octant >> k & 1]
    return None


# MARK: Box-drawing lines (chafa's "border" symbols)

# kitty's line thicknesses: light lines 1 pt, heavy 2 pt, at 96 dpi, rounded up (2 and 3 px).
LINE_DPI = 96.0


def _line_px(heavy):
    return int(math.ceil((2.0 if heavy else 1.0) * LINE_DPI / 72.0))


def _line_arms(code):
    """The arms of a box-drawing line character from its Unicode name: {direction: heavy?} and the
    number of gaps of a dashed line (0 for a solid one); None for the double lines, arcs, diagonals
    and anything else not drawn from straight light and heavy arms."""
    if not (0x2500 <= code <= 0x254F or 0x2574 <= code <= 0x257F):
        return None
    name = unicodedata.name(chr(code), "")
    if not name.startswith("BOX DRAWINGS ") or "DOUBLE" in name.replace("DOUBLE DASH", "") or "ARC" in name:
        return None
    words = name[len("BOX DRAWINGS "):]
    gaps = 0
    for dash, count in (("DOUBLE DASH ", 1), ("TRIPLE DASH ", 2), ("QUADRUPLE DASH ", 3)):
        if dash in words:
            gaps = count
            words = words.replace(dash, "")
    arms = {}
    heavy = None
    for part in words.split(" AND "):
        tokens = part.split()
        if "HEAVY" in tokens:
            heavy = True
        elif "LIGHT" in tokens:
            heavy = False
        directions = []
        for t in tokens:
            directions += {"LEFT": ["left"], "RIGHT": ["right"], "UP": ["up"], "DOWN": ["down"],
                           "HORIZONTAL": ["left", "right"], "VERTICAL": ["up", "down"]}.get(t, [])
        pending = [d for d in directions if d not in arms]
        for d in pending:
            arms[d] = heavy
    if not arms or any(v is None for v in arms.values()):
        # A weight given after the directions of a part ("DOWN LIGHT AND RIGHT HEAVY") is read
        # in the loop above already; anything still unweighted is not a line character.
        return None
    return arms, gaps


def _gaps(size, gap, count):
    """Where kitty cuts the gaps of a dashed line of `size` pixels: [(start, end)]."""
    block = (size - (count + 1) * gap) // (count + 1)
    out = []
    pos = -(gap // 2)
    while pos < size:
        start, end = max(0, pos), min(size, pos + gap)
        if end > start:
            out.append((start, end))
        pos = end + block
    return out


def line_mask(code, width, height):
    """The pixels of a box-drawing line character as kitty 0.26.5 draws it, or None."""
    found = _line_arms(code)
    if found is None:
        return None
    arms, gaps = found
    mask = np.zeros((height, width), dtype=bool)
    cx, cy = width // 2, height // 2
    horizontal = [d for d in arms if d in ("left", "right")]
    vertical = [d for d in arms if d in ("up", "down")]
    # A corner's horizontal arm reaches half the vertical arm's thickness past the middle.
    extend = _line_px(arms[vertical[0]]) // 2 if len(horizontal) == 1 and len(vertical) == 1 else 0
    for d, heavy in arms.items():
        t = _line_px(heavy)
        if d in ("left", "right"):
            x0, x1 = (0, cx + extend) if d == "left" else (cx - extend, width)
            mask[cy - t // 2:cy - t // 2 + t, x0:x1] = True
        else:
            y0, y1 = (0, cy) if d == "up" else (cy, height)
            mask[y0:y1, cx - t // 2:cx - t // 2 + t] = True
    if gaps:
        if horizontal:
            for a, b in _gaps(width, width // 8, gaps):
                mask[:, a:b] = False
        else:
            for a, b in _gaps(height, height // 8, gaps):
                mask[a:b, :] = False
    return mask


# The quadrant characters but the halves, which kitty draws as eighths: code -> quadrant mask.
QUADRANT_GLYPHS = {ord(ch): mask for ch, mask in GLYPH_MASKS.items() if ch not in " \u2580\u2584\u258c\u2590\u2588"}


def glyph_mask(code, width, height, lines=True):
    """The pixels `code` lights in a cell of `width` x `height` pixels, as kitty 0.26.5 draws it
    (octants: as a kitty with them does, on pairs of eighths): a bool array (height, width), or
    None for a glyph that is not a block (text, which counts as background). With `lines`, the
    straight light and heavy box-drawing lines (U+2500-254F, U+2574-257F, not the double ones)
    are drawn too, as kitty draws them at 96 dpi."""
    rects = _rects(code)
    if rects is None:
        return line_mask(code, width, height) if lines else None
    mask = np.zeros((height, width), dtype=bool)
    half_w, half_h = width // 2, height // 2
    for kind, a, b in rects:
        if kind == "rows":
            y0, y1 = _eighth_span(height, a, b)
            mask[y0:y1, :] = True
        elif kind == "cols":
            x0, x1 = _eighth_span(width, a, b)
            mask[:, x0:x1] = True
        else:
            x0, x1 = (0, half_w) if a == 0 else (half_w, width)
            if kind == "quad":
                y0, y1 = (0, half_h) if b == 0 else (half_h, height)
            elif kind == "sextant":
                y0, y1 = (b * height // 3, (b + 1) * height // 3)
            else:
                y0, y1 = _eighth_span(height, 2 * b, 2 * b + 1)
            mask[y0:y1, x0:x1] = True
    return mask


_MASK_TABLES = {}


def glyph_masks(codes, width, height):
    """glyph_mask of each of `codes` (text as no pixels lit): a bool array (len(codes), height, width)."""
    key = (width, height)
    table = _MASK_TABLES.setdefault(key, {})
    out = np.zeros((len(codes), height, width), dtype=bool)
    for k, code in enumerate(codes):
        code = int(code)
        if code not in table:
            m = glyph_mask(code, width, height)
            table[code] = m if m is not None else np.zeros((height, width), dtype=bool)
        out[k] = table[code]
    return out


def is_block(code):
    """Whether the fine model draws `code` (a block, or a box-drawing line) rather than taking it
    for background text."""
    return _rects(code) is not None or _line_arms(code) is not None


DEFAULT_FG = 0xE5E5E5
DEFAULT_BG = 0x000000


def _palette256():
    basic = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
             0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    levels = [0, 95, 135, 175, 215, 255]
    cube = [(levels[r] << 16) | (levels[g] << 8) | levels[b]
            for r in range(6) for g in range(6) for b in range(6)]
    grey = [((8 + 10 * i) * 0x010101) for i in range(24)]
    return basic + cube + grey


PALETTE = _palette256()

TOKEN = re.compile(
    rb"(\x1b\[)([0-9;:?<>=]*)[ -/]*([@-~])"      # CSI
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"       # OSC
    rb"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"            # DCS, SOS, PM, APC
    rb"|\x1b[ -/]*[0-~]?"                          # other escapes
    rb"|([\x00-\x1a\x1c-\x1f\x7f])"               # C0 controls
    rb"|([^\x00-\x1f\x7f]+)"                       # text
)

SYNC = "sync"      # a frame ends at `ESC[?2026l` (end of a synchronized update)
REWIND = "rewind"  # a frame ends when an absolute move goes back up (players without sync)
EVERY_SYNC = "every-sync"  # a frame at every end of a synchronized update, changed or not (offline runs)


class Frame:
    """One decoded screen: when it was complete and the picture it shows."""

    __slots__ = ("time", "offset", "image")

    def __init__(self, time, offset, image):
        self.time = time
        self.offset = offset
        self.image = image


class Screen:
    """A grid of cells fed with bytes."""

    def __init__(self, columns, rows):
        self.columns = columns
        self.rows = rows
        n = columns * rows
        self.fg = [DEFAULT_BG] * n
        self.bg = [DEFAULT_BG] * n
        self.mask = [0] * n
        self.glyph = [0x20] * n  # each cell's character, for the pixel-size model
        self.last = None  # the last character written, for REP
        self.x = 0
        self.y = 0
        self.wrap_pending = False
        self.pen_fg = None  # None: the default colour
        self.pen_bg = None
        self.reverse = False

    # MARK: Pictures

    def image(self, cell=None):
        """The screen as display pixels: an array of shape (2 * rows, 2 * columns, 3), uint8; or,
        with `cell` = (width, height) in pixels, at that size a cell, each glyph as kitty draws it:
        an array (height * rows, width * columns, 3)."""
        if cell is not None:
            return self.fine_image(*cell)
        h, w = self.rows, self.columns
        fg = _unpack(np.array(self.fg, dtype=np.uint32)).reshape(h, w, 3)
        bg = _unpack(np.array(self.bg, dtype=np.uint32)).reshape(h, w, 3)
        mask = np.array(self.mask, dtype=np.uint8).reshape(h, w)
        out = np.empty((h, 2, w, 2, 3), dtype=np.uint8)
        for bit, (dy, dx) in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))):
            lit = ((mask >> bit) & 1).astype(bool)[..., None]
            out[:, dy, :, dx, :] = np.where(lit, fg, bg)
        return out.reshape(2 * h, 2 * w, 3)

    def fine_image(self, cw, ch):
        """The screen at `cw` x `ch` pixels a cell (see `image`)."""
        h, w = self.rows, self.columns
        fg = _unpack(np.array(self.fg, dtype=np.uint32)).reshape(h, w, 1, 1, 3)
        bg = _unpack(np.array(self.bg, dtype=np.uint32)).reshape(h, w, 1, 1, 3)
        codes, index = np.unique(np.array(self.glyph, dtype=np.int64), return_inverse=True)
        lit = glyph_masks(codes, cw, ch)[index.reshape(h, w)]  # (h, w, ch, cw)
        out = np.where(lit[..., None], fg, bg)  # (h, w, ch, cw, 3)
        return out.transpose(0, 2, 1, 3, 4).reshape(h * ch, w * cw, 3).astype(np.uint8)

    def unknown_glyphs(self):
        """The characters on screen that are neither blocks of the fine model nor blanks."""
        return sorted({chr(c) for c in set(self.glyph) if not is_block(c)})

    # MARK: Writing

    def _colours(self):
        fg = DEFAULT_FG if self.pen_fg is None else self.pen_fg
        bg = DEFAULT_BG if self.pen_bg is None else self.pen_bg
        return (bg, fg) if self.reverse else (fg, bg)

    def text(self, run):
        fg, bg = self._colours()
        columns = self.columns
        masks = GLYPH_MASKS
        for ch in run.decode("utf-8", "replace"):
            if self.wrap_pending:
                self.wrap_pending = False
                self.x = 0
                self.line_feed()
            i = self.y * columns + self.x
            self.fg[i] = fg
            self.bg[i] = bg
            self.mask[i] = masks.get(ch, 0)
            self.glyph[i] = ord(ch)
            self.last = ch
            if self.x == columns - 1:
                self.wrap_pending = True
            else:
                self.x += 1

    def line_feed(self):
        if self.y == self.rows - 1:
            c = self.columns
            n = len(self.fg)
            bg = self._colours()[1]
            self.fg = self.fg[c:] + [bg] * c
            self.bg = self.bg[c:] + [bg] * c
            self.mask = self.mask[c:] + [0] * c
            self.glyph = self.glyph[c:] + [0x20] * c
            assert len(self.fg) == n
        else:
            self.y += 1

    def erase(self, start, end):
        bg = self._colours()[1]
        for i in range(max(start, 0), min(end, len(self.fg))):
            self.fg[i] = bg
            self.bg[i] = bg
            self.mask[i] = 0
            self.glyph[i] = 0x20

    def move_to(self, x, y):
        self.x = min(max(x, 0), self.columns - 1)
        self.y = min(max(y, 0), self.rows - 1)
        self.wrap_pending = False

    def sgr(self, params):
        values = [int(p) if p else 0 for p in params.replace(b":", b";").split(b";")] if params else [0]
        i = 0
        n = len(values)
        while i < n:
            v = values[i]
            if v == 0:
                self.pen_fg = self.pen_bg = None
                self.reverse = False
            elif v == 38 or v == 48:
                colour = None
                if i + 1 < n and values[i + 1] == 2 and i + 4 < n:
                    colour = (values[i + 2] << 16) | (values[i + 3] << 8) | values[i + 4]
                    i += 4
                elif i + 1 < n and values[i + 1] == 5 and i + 2 < n:
                    colour = PALETTE[values[i + 2] & 255]
                    i += 2
                if v == 38:
                    self.pen_fg = colour
                else:
                    self.pen_bg = colour
            elif v == 39:
                self.pen_fg = None
            elif v == 49:
                self.pen_bg = None
            elif v == 7:
                self.reverse = True
            elif v == 27:
                self.reverse = False
            elif 30 <= v <= 37:
                self.pen_fg = PALETTE[v - 30]
            elif 40 <= v <= 47:
                self.pen_bg = PALETTE[v - 40]
            elif 90 <= v <= 97:
                self.pen_fg = PALETTE[v - 90 + 8]
            elif 100 <= v <= 107:
                self.pen_bg = PALETTE[v - 100 + 8]
            i += 1


def _unpack(packed):
    return np.stack(((packed >> 16) & 255, (packed >> 8) & 255, packed & 255), axis=-1).astype(np.uint8)


def _number(params, index, default):
    parts = params.split(b";") if params else []
    if index < len(parts) and parts[index]:
        try:
            value = int(parts[index])
        except ValueError:
            return default
        return value if value != 0 else default
    return default


def decode(chunks, columns, rows, frames=SYNC, on_frame=None, cell=None):
    """Feeds recorded `chunks` [(time, bytes)] to a screen; returns the frames it showed.

    With SYNC, a frame is the screen at the end of each synchronized update that changed a cell
    (an update that only brackets nothing is not a new picture). With REWIND, a frame is the
    screen just before an absolute cursor move to a row above the cursor or a clear of the whole
    screen, and at the end of the stream. With EVERY_SYNC, a frame is the screen at the end of every synchronized update, so
    that the n-th frame is the n-th update (for offline runs, where every video frame is one).
    Each frame's time is the arrival time of its last byte. `on_frame(frame)` is called
    for each; when given, frames are not kept. With `cell` = (width, height), each frame's image
    is drawn at that many pixels a cell (see `Screen.image`) instead of 2 x 2.
    """
    data = b"".join(c for _, c in chunks)
    starts = []
    total = 0
    for _, c in chunks:
        starts.append(total)
        total += len(c)
    times = [t for t, _ in chunks]

    def time_at(offset):
        k = bisect.bisect_right(starts, max(offset - 1, 0)) - 1
        return times[max(k, 0)] if times else 0.0

    screen = Screen(columns, rows)
    kept = []
    dirty = False
    ended = False

    def emit(offset):
        nonlocal dirty
        if ended:
            return
        frame = Frame(time_at(offset), offset, screen.image(cell))
        dirty = False
        if on_frame:
            on_frame(frame)
        else:
            kept.append(frame)

    for m in TOKEN.finditer(data):
        text = m.group(5)
        if text is not None:
            screen.text(text)
            dirty = True
            continue
        control = m.group(4)
        if control is not None:
            c = control[0]
            if c == 0x0D:
                screen.x = 0
                screen.wrap_pending = False
            elif c == 0x0A or c == 0x0B or c == 0x0C:
                screen.wrap_pending = False
                screen.line_feed()
            elif c == 0x08:
                screen.wrap_pending = False
                screen.x = max(screen.x - 1, 0)
            continue
        if m.group(1) is None:
            continue
        params = m.group(2)
        final = m.group(3)
        if params.startswith(b"?"):
            modes = params[1:].split(b";")
            if b"2026" in modes and final == b"l" and frames in (SYNC, EVERY_SYNC):
                if dirty or frames == EVERY_SYNC:
                    emit(m.end())
            elif any(mode in (b"1049", b"1047", b"47") for mode in modes):
                if final == b"l" and frames == REWIND and dirty:
                    emit(m.start())
                    ended = True
                elif final == b"h":
                    screen.erase(0, columns * rows)
            continue
        if final == b"m":
            screen.sgr(params)
        elif final == b"b":
            if screen.last is not None:
                screen.text(screen.last.encode() * _number(params, 0, 1))
                dirty = True
        elif final in (b"H", b"f"):
            y = _number(params, 0, 1) - 1
            if frames == REWIND and y < screen.y and dirty:
                emit(m.start())
            screen.move_to(_number(params, 1, 1) - 1, y)
        elif final == b"d":
            y = _number(params, 0, 1) - 1
            if frames == REWIND and y < screen.y and dirty:
                emit(m.start())
            screen.move_to(screen.x, y)
        elif final == b"G" or final == b"`":
            screen.move_to(_number(params, 0, 1) - 1, screen.y)
        elif final == b"A":
            screen.move_to(screen.x, screen.y - _number(params, 0, 1))
        elif final == b"B" or final == b"e":
            screen.move_to(screen.x, screen.y + _number(params, 0, 1))
        elif final == b"C" or final == b"a":
            screen.move_to(screen.x + _number(params, 0, 1), screen.y)
        elif final == b"D":
            screen.move_to(screen.x - _number(params, 0, 1), screen.y)
        elif final == b"E":
            screen.move_to(0, screen.y + _number(params, 0, 1))
        elif final == b"F":
            screen.move_to(0, screen.y - _number(params, 0, 1))
        elif final == b"J":
            mode = int(params) if params.isdigit() else 0
            if frames == REWIND and mode in (2, 3) and dirty:
                emit(m.start())  # a player that clears the screen as it quits ends its last frame
            here = screen.y * columns + screen.x
            if mode == 0:
                screen.erase(here, columns * rows)
            elif mode == 1:
                screen.erase(0, here + 1)
            elif mode in (2, 3):
                screen.erase(0, columns * rows)
            # A whole screen cleared is no picture of its own, for a player without sync.
            dirty = not (frames == REWIND and mode in (2, 3))
        elif final == b"K":
            mode = int(params) if params.isdigit() else 0
            row = screen.y * columns
            if mode == 0:
                screen.erase(row + screen.x, row + columns)
            elif mode == 1:
                screen.erase(row, row + screen.x + 1)
            else:
                screen.erase(row, row + columns)
            dirty = True
    if frames == REWIND and dirty:
        emit(len(data))
    return kept
