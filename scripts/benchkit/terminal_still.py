"""One still shown by reel in a real terminal under Xvfb, scored: the PSNR of its picture against
the still itself (mpv's frame, stills.extract_png), area-scaled to where the terminal shows it.

    python3 scripts/benchkit/terminal_still.py [--terminal mlterm|xterm] [--graphics sixel|iterm2|...]
                                               [--still bikes] [--reel .build/debug/reel] [--keep DIR]

reel plays the still's clip from the still's time, paused and with --reduce-motion (without it,
the last frames of the controls' fade are not always drawn: the scrim and the buttons' boxes may
stay, 16-17 dB), with `c` pressed once it is drawn so that the controls go; the screen is taken
with ImageMagick's `import` once two shots 0.3 s apart agree. The picture's box is the rows and
columns mostly lit (the letterbox is black); PSNR is over that box, at the screen's pixels and
halved (2 x 2 averaged, as stills.py scores).

Measured on bikes (the street still) at 100x30, debug build (December 2026), from the same
screenshots: mlterm sixel 37.12 dB, iterm2 42.57 dB (30.55 and 31.28 before the box's fix above).
In xterm the `c` sent here does not always reach the window: terminals.py's figure is the one to use.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import fidelity  # noqa: E402
import stills  # noqa: E402
from pixels import half  # noqa: E402


def terminal_command(kind, columns, rows, home, inner):
    if kind == "mlterm":
        os.makedirs(os.path.join(home, ".mlterm"), exist_ok=True)
        with open(os.path.join(home, ".mlterm", "aafont"), "w") as f:
            f.write("DEFAULT=DejaVu Sans Mono\nISO10646_UCS4_1=DejaVu Sans Mono\n")
        return ["mlterm", "--type=xft", "-w", "12", "-b", "black", "-f", "white", "--sbmod=none", "-T", "reel-still",
                "-g", f"{columns}x{rows}+0+0", "-e"] + inner
    if kind == "xterm":
        return ["xterm", "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "9", "-b", "0", "-bg", "black", "-fg", "white",
                "-xrm", "XTerm*internalBorder: 0", "-xrm", "XTerm*scrollBar: false", "-T", "reel-still",
                "-geometry", f"{columns}x{rows}+0+0", "-e"] + inner
    raise SystemExit(f"terminal_still: no terminal {kind}")


def screenshot(env, path):
    geometry = subprocess.run(["xdotool", "search", "--name", "^reel-still$", "getwindowgeometry", "--shell"], env=env,
                              stdout=subprocess.PIPE, text=True).stdout
    size = dict(line.split("=") for line in geometry.split() if "=" in line)
    width, height = int(size.get("WIDTH", 0)), int(size.get("HEIGHT", 0))
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+0+0", "-depth", "8", f"rgb:{path}"],
                   env=env, check=True)
    return np.fromfile(path, dtype=np.uint8).reshape(height, width, 3)


def settled(env, path, timeout=20):
    deadline = time.time() + timeout
    shot = screenshot(env, path)
    while time.time() < deadline:
        time.sleep(0.3)
        again = screenshot(env, path)
        if again.shape == shot.shape and (again == shot).all():
            return again
        shot = again
    return shot


def score(image, png, threshold=12):
    # Rows and columns mostly lit: a stray glyph in the letterbox (the time, a cursor) is not the picture.
    lit = image.max(axis=2) > threshold
    ys = np.where(lit.mean(axis=1) > 0.5)[0]
    xs = np.where(lit.mean(axis=0) > 0.5)[0]
    x0, y0, x1, y1 = int(xs[0]), int(ys[0]), int(xs[-1]) + 1, int(ys[-1]) + 1
    # The still at the picture's own size. (Trimmed to even sizes first, for the halved score, it
    # was scaled a row short of a picture 297 rows high, mlterm's at 100x30, and every row but the
    # first was compared with its neighbour's blend: 30.6 dB for a picture of 37.1.)
    reference = stills.area_scaled(png, x1 - x0, y1 - y0).astype(np.float32)
    crop = image[y0:y1, x0:x1].astype(np.float32)
    full = fidelity.psnr(float(((crop - reference) ** 2).mean()))
    # Whole 2 x 2 blocks for the halved score: the odd row or column left out of both.
    h, w = (y1 - y0) // 2 * 2, (x1 - x0) // 2 * 2
    halved = fidelity.psnr(float(((half(crop[:h, :w]) - half(reference[:h, :w])) ** 2).mean()))
    return (x0, y0, x1, y1), full, halved


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--terminal", default="mlterm")
    parser.add_argument("--graphics", default="auto")
    parser.add_argument("--still", default="bikes")
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--reel", default=os.path.join(ROOT, ".build", "debug", "reel"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".bench", "source-cache"))
    parser.add_argument("--keep", help="a folder to keep the screenshot in (PNG)")
    parser.add_argument("--reel-args", default="", help="more of reel's arguments, space-separated")
    args = parser.parse_args()
    still = next(s for s in stills.STILLS if s["name"] == args.still)
    png = stills.extract_png(still, args.cache)
    work = tempfile.mkdtemp(prefix="reel-still-")
    display = f":{os.getpid() % 500 + 300}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=display, HOME=work, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("COLORTERM", None)
    terminal = None
    try:
        time.sleep(1.5)
        stderr = os.path.join(work, "stderr")
        inner = ["/bin/sh", "-c", f"\"$@\" 2> '{stderr}'; sleep 1000", "sh", args.reel, "--no-audio", "--no-resume",
                 "--pause", f"--start={still['time']}", "--reduce-motion", "--stats", f"--graphics={args.graphics}"] + args.reel_args.split()
        inner += [stills.clip_of(still, args.cache)]
        terminal = subprocess.Popen(terminal_command(args.terminal, args.columns, args.rows, work, inner), env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        raw = os.path.join(work, "shot.rgb")
        time.sleep(3)
        settled(env, raw)
        # The key goes to the window under the pointer (no window manager): its middle.
        h, w, _ = screenshot(env, raw).shape
        subprocess.run(["xdotool", "mousemove", str(w // 2), str(h // 2), "sleep", "0.3", "key", "c"], env=env, check=True)
        time.sleep(3)
        image = settled(env, raw)
        box, full, halved = score(image, png)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            name = f"{args.terminal}-{args.graphics}-{args.still}.png"
            h, w, _ = image.shape
            subprocess.run(["convert", "-size", f"{w}x{h}", "-depth", "8", f"rgb:{raw}", os.path.join(args.keep, name)])
        subprocess.run(["xdotool", "key", "q"], env=env)
        time.sleep(1.5)
        stats = open(stderr).read().strip() if os.path.exists(stderr) else ""
        graphics = stats.split(" graphics ")[1].split(" blitter")[0] if " graphics " in stats else "?"
        print(f"{args.terminal} {args.still} --graphics={args.graphics} (reel: {graphics}): box {box}, "
              f"PSNR {full:.2f} dB, halved {halved:.2f} dB")
    finally:
        for p in (terminal, server):
            if p:
                p.terminate()
                p.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
