"""A small VT/SGR decoder: turns a terminal byte stream back into the pictures it drew.

It understands what terminal video players write: printable UTF-8 with auto-wrap, CR, LF (with
scrolling), BS, cursor moves (CUP/HVP, CUU/CUD/CUF/CUB, CNL/CPL, CHA, VPA), erases (ED, EL), SGR
colours (38;2 / 48;2 truecolor, 38;5 / 48;5 palette, the 16 basic colours, defaults, reverse) and
the synchronized-update and alternate-screen modes. Everything else is parsed and ignored.

A cell is shown as 2 x 2 "display pixels", so half blocks and quadrant blocks both map exactly:
each block glyph lights a mask of the four quadrants in the foreground colour, the rest is
background. Any other glyph (text) counts as background.
"""
import bisect
import re

import numpy as np

# Quadrant masks: bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
GLYPH_MASKS = {
    " ": 0, "\u2598": 1, "\u259d": 2, "\u2580": 3, "\u2596": 4, "\u258c": 5, "\u259e": 6, "\u259b": 7,
    "\u2597": 8, "\u259a": 9, "\u2590": 10, "\u259c": 11, "\u2584": 12, "\u2599": 13, "\u259f": 14,
    "\u2588": 15,
}

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
        self.x = 0
        self.y = 0
        self.wrap_pending = False
        self.pen_fg = None  # None: the default colour
        self.pen_bg = None
        self.reverse = False

    # MARK: Pictures

    def image(self):
        """The screen as display pixels: an array of shape (2 * rows, 2 * columns, 3), uint8."""
        h, w = self.rows, self.columns
        fg = _unpack(np.array(self.fg, dtype=np.uint32)).reshape(h, w, 3)
        bg = _unpack(np.array(self.bg, dtype=np.uint32)).reshape(h, w, 3)
        mask = np.array(self.mask, dtype=np.uint8).reshape(h, w)
        out = np.empty((h, 2, w, 2, 3), dtype=np.uint8)
        for bit, (dy, dx) in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))):
            lit = ((mask >> bit) & 1).astype(bool)[..., None]
            out[:, dy, :, dx, :] = np.where(lit, fg, bg)
        return out.reshape(2 * h, 2 * w, 3)

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
            assert len(self.fg) == n
        else:
            self.y += 1

    def erase(self, start, end):
        bg = self._colours()[1]
        for i in range(max(start, 0), min(end, len(self.fg))):
            self.fg[i] = bg
            self.bg[i] = bg
            self.mask[i] = 0

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


def decode(chunks, columns, rows, frames=SYNC, on_frame=None):
    """Feeds recorded `chunks` [(time, bytes)] to a screen; returns the frames it showed.

    With SYNC, a frame is the screen at the end of each synchronized update that changed a cell
    (an update that only brackets nothing is not a new picture). With REWIND, a frame is the
    screen just before an absolute cursor move to a row above the cursor or a clear of the whole
    screen, and at the end of the stream. With EVERY_SYNC, a frame is the screen at the end of every synchronized update, so
    that the n-th frame is the n-th update (for offline runs, where every video frame is one).
    Each frame's time is the arrival time of its last byte. `on_frame(frame)` is called
    for each; when given, frames are not kept.
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
        frame = Frame(time_at(offset), offset, screen.image())
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
