"""The support table: reel in each real terminal this machine has, under Xvfb, read as a person reads it.

    python3 scripts/benchkit/terminals.py [--reel PATH] [--terminals kitty,xterm,...] [--seconds 10]
                                          [--markdown docs/terminals.md] [--keep DIR]

For each terminal:
- what it says of itself (XTVERSION, DA1: from reel's trace of its start-up probe), and the
  picture reel picks on its own (`--graphics=auto`);
- whether the controls read over the picture, playing and paused: tesseract finds the title, a skip
  button's "10" and a time (the same readings as Tests/EndToEndTests/ScreenText.swift);
- for each protocol reel can draw there: the share of the video's frames shown at 100x30 over
  `--seconds` of playback (reel's `--stats`), and the picture's PSNR on a still
  (terminal_still.py's scoring: paused, controls hidden, against mpv's frame).

A protocol the terminal ignores shows no picture: its PSNR says so. foot is Wayland's alone: it runs
in a headless sway of its own instead (WaylandDisplay), with grim's screenshots and wtype's keys.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import stills  # noqa: E402
import terminal_still  # noqa: E402

TITLE = "reel-survey"
SAMPLE = os.path.join(ROOT, "samples", "film.mkv")

# The protocols worth trying in each terminal (auto is always run); blocks everywhere.
TERMINALS = {
    "kitty": ["kitty", "blocks"],
    "xterm": ["sixel", "blocks"],
    "mlterm": ["sixel", "iterm2", "blocks"],
    "konsole": ["kitty", "sixel", "iterm2", "blocks"],
    "alacritty": ["blocks"],
    "xfce4-terminal": ["blocks"],
    "st": ["blocks"],
    "foot": ["sixel", "blocks"],
}

# What a terminal's window has around its cells, in pixels (top, right, bottom, left): Konsole's
# tool bar, scroll bar and margins in its grey background, which would be taken for the picture's box.
CHROME = {"konsole": (34, 20, 1, 4)}


def command(kind, columns, rows, home, inner):
    """The command line that opens terminal `kind` at `columns` x `rows` running `inner`."""
    if kind in ("mlterm", "xterm"):
        return [TITLE if a == "reel-still" else a for a in terminal_still.terminal_command(kind, columns, rows, home, inner)]
    if kind == "kitty":
        return ["kitty", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=9", "-o", f"initial_window_width={columns}c",
                "-o", f"initial_window_height={rows}c", "-o", "remember_window_size=no", "-o", "window_padding_width=0",
                "--title", TITLE] + inner
    if kind == "konsole":
        return ["konsole", "--separate", "--hide-menubar", "--hide-tabbar", "-p", f"TerminalColumns={columns}", "-p", f"TerminalRows={rows}",
                "-p", f"tabtitle={TITLE}", "-e"] + inner
    if kind == "alacritty":
        return ["alacritty", "-o", f"window.dimensions.columns={columns}", "-o", f"window.dimensions.lines={rows}",
                "-o", "font.size=9", "-T", TITLE, "-e"] + inner
    if kind == "xfce4-terminal":
        return ["xfce4-terminal", "--disable-server", f"--geometry={columns}x{rows}", "--hide-menubar", "--hide-toolbar",
                "--hide-scrollbar", "-T", TITLE, "-x"] + inner
    if kind == "foot":
        config = os.path.join(home, "foot.ini")
        open(config, "w").close()  # (not the machine's /etc/xdg/foot/foot.ini)
        return ["foot", f"--config={config}", f"--app-id={TITLE}", f"--title={TITLE}", f"--window-size-chars={columns}x{rows}",
                "-o", "font=DejaVu Sans Mono:size=9", "-o", "dpi-aware=no", "-o", "pad=0x0"] + inner
    if kind == "st":
        return ["stterm", "-g", f"{columns}x{rows}", "-t", TITLE, "-f", "DejaVu Sans Mono:size=9", "-e"] + inner
    raise SystemExit(f"terminals: no terminal {kind}")


def available(kind):
    binaries = {"st": ["stterm"], "foot": ["foot", "sway", "swaymsg", "grim", "wtype"]}.get(kind, [kind])
    return all(shutil.which(binary) is not None for binary in binaries)


class Display:
    """An Xvfb of our own, with one terminal at a time in it."""

    def __init__(self, work):
        self.work = work
        self.name = f":{os.getpid() % 400 + 500}"
        self.server = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = dict(os.environ, DISPLAY=self.name, HOME=work, LANG="C.UTF-8", LC_ALL="C.UTF-8",
                        LIBGL_ALWAYS_SOFTWARE="1", XDG_RUNTIME_DIR=work)
        for name in ("COLORTERM", "TERM_PROGRAM", "TMUX", "KITTY_WINDOW_ID"):
            self.env.pop(name, None)
        time.sleep(1.5)

    def close(self):
        self.server.terminate()
        self.server.wait()

    def window(self):
        out = subprocess.run(["xdotool", "search", "--name", f"^{TITLE}$"], env=self.env, stdout=subprocess.PIPE, text=True).stdout
        ids = out.split()
        return ids[0] if ids else None

    def shot(self, path):
        """The terminal's window as an RGB array (and a PNG at `path`)."""
        window = self.window()
        if window is None:
            return None
        subprocess.run(["import", "-window", window, "-depth", "8", path], env=self.env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return path if os.path.exists(path) else None

    def key(self, name):
        window = self.window()
        if window:
            geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=self.env,
                                      stdout=subprocess.PIPE, text=True).stdout
            size = dict(line.split("=") for line in geometry.split() if "=" in line)
            x, y = int(size.get("X", 0)) + int(size.get("WIDTH", 2)) // 2, int(size.get("Y", 0)) + int(size.get("HEIGHT", 2)) // 2
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.2"], env=self.env)
            subprocess.run(["xdotool", "windowfocus", "--sync", window], env=self.env, stderr=subprocess.DEVNULL)
        subprocess.run(["xdotool", "key", name], env=self.env)

    def array(self, raw):
        """The terminal's window as an RGB array (None while it has none)."""
        import numpy as np
        window = self.window()
        if window is None:
            return None
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], env=self.env, stdout=subprocess.PIPE,
                                  text=True).stdout
        size = dict(line.split("=") for line in geometry.split() if "=" in line)
        width, height = int(size.get("WIDTH", 0)), int(size.get("HEIGHT", 0))
        if not width or not height:
            return None
        subprocess.run(["import", "-window", window, "-depth", "8", f"rgb:{raw}"], env=self.env, stderr=subprocess.DEVNULL)
        data = np.fromfile(raw, dtype=np.uint8)
        return data.reshape(height, width, 3) if data.size == width * height * 3 else None


class WaylandDisplay:
    """A headless sway of our own (wlroots, pixman, no input devices), for foot, with one terminal at
    a time in it: floating at 0,0 at its own size, screenshots by grim, keys by wtype.

    sway will not run as root: as root it runs in a user namespace of its own, where it is nobody;
    its clients reach it through its socket."""

    def __init__(self, work):
        runtime = os.path.join(work, "runtime")
        os.makedirs(runtime, mode=0o700)
        config = os.path.join(runtime, "sway.conf")
        with open(config, "w") as f:
            f.write("xwayland disable\noutput HEADLESS-1 resolution 1600x1000 bg #000000 solid_color\n"
                    "default_border none\ndefault_floating_border none\n"
                    f'for_window [app_id="{TITLE}"] floating enable, move position 0 0\n')
        prefix = ["unshare", "--user"] if os.getuid() == 0 else []
        self.server = subprocess.Popen(prefix + ["sway", "-c", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       env=dict(os.environ, XDG_RUNTIME_DIR=runtime, WLR_BACKENDS="headless",
                                                WLR_LIBINPUT_NO_DEVICES="1", WLR_RENDERER="pixman"))
        self.env = dict(os.environ, HOME=work, LANG="C.UTF-8", LC_ALL="C.UTF-8", XDG_RUNTIME_DIR=runtime)
        for name in ("COLORTERM", "TERM_PROGRAM", "TMUX", "KITTY_WINDOW_ID", "DISPLAY"):
            self.env.pop(name, None)
        deadline = time.time() + 20
        while time.time() < deadline:
            names = os.listdir(runtime)
            wayland = [n for n in names if n.startswith("wayland-") and not n.endswith(".lock")]
            ipc = [n for n in names if n.startswith("sway-ipc.")]
            if wayland and ipc:
                self.env.update(WAYLAND_DISPLAY=wayland[0], SWAYSOCK=os.path.join(runtime, ipc[0]))
                if subprocess.run(["swaymsg", "-t", "get_version"], env=self.env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL).returncode == 0:
                    return
            time.sleep(0.1)
        raise SystemExit("terminals: sway did not start")

    def close(self):
        self.server.terminate()
        self.server.wait()

    def window(self):
        """The terminal's window as (x, y, width, height), or None."""
        import json
        out = subprocess.run(["swaymsg", "-r", "-t", "get_tree"], env=self.env, stdout=subprocess.PIPE, text=True).stdout
        def find(node):
            if node.get("app_id") == TITLE:
                return node
            return next((found for child in node.get("nodes", []) + node.get("floating_nodes", []) for found in [find(child)] if found),
                        None)
        found = find(json.loads(out)) if out else None
        if not found:
            return None
        rect = found["rect"]
        return rect["x"], rect["y"], rect["width"], rect["height"]

    def grim(self, kind, path):
        window = self.window()
        if window is None:
            return None
        x, y, width, height = window
        subprocess.run(["grim", "-t", kind, "-g", f"{x},{y} {width}x{height}", path], env=self.env, stderr=subprocess.DEVNULL)
        return path if os.path.exists(path) else None

    def shot(self, path):
        """The terminal's window as a PNG at `path`."""
        return self.grim("png", path)

    def array(self, raw):
        """The terminal's window as an RGB array (None while it has none)."""
        import numpy as np
        if self.grim("ppm", raw) is None:
            return None
        data = open(raw, "rb").read()
        header = re.match(rb"P6\s(\d+)\s(\d+)\s255\s", data)
        if not header:
            return None
        width, height = int(header.group(1)), int(header.group(2))
        image = np.frombuffer(data[header.end():], dtype=np.uint8)
        return image.reshape(height, width, 3) if image.size == width * height * 3 else None

    def key(self, name):
        # Each wtype is a new keyboard with a new keymap: a key sent at once after it is lost now and then.
        subprocess.run(["wtype", "-s", "200", "-k", name], env=self.env)


def read_text(png):
    """What tesseract reads on `png`: scaled up, grey, cut at three levels and inverted."""
    readings = []
    for level in (45, 60, 75):
        cut = png + f"-{level}.png"
        subprocess.run(["convert", png, "-colorspace", "Gray", "-resize", "300%", "-threshold", f"{level}%", "-negate", cut],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        readings.append(subprocess.run(["tesseract", cut, "stdout", "--psm", "11", "-l", "eng"], stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, text=True, env=dict(os.environ, OMP_THREAD_LIMIT="1")).stdout)
    return "\n".join(readings)


def missing_controls(text):
    missing = [f"title's {word}" for word in ("Film", "sample") if word.lower() not in text.lower()]
    if not re.search(r"(^|[^0-9])10([^0-9]|$)", text, re.M):
        missing.append("10")
    if not re.search(r"[0-9]:[0-5][0-9]", text):
        missing.append("a time")
    return missing


def wait_for(path, pattern, count=1, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path):
            with open(path, errors="replace") as f:
                if len(re.findall(pattern, f.read())) >= count:
                    return True
        time.sleep(0.2)
    return False


def run_reel(display, kind, arguments, reel, work, tag):
    """Starts reel in terminal `kind`; returns (process, stderr path, trace path)."""
    stderr = os.path.join(work, f"{tag}.stderr")
    trace = os.path.join(work, f"{tag}.trace")
    inner = ["/bin/sh", "-c", f"\"$@\" 2> '{stderr}'; sleep 1000", "sh", reel, f"--trace={trace}"] + arguments
    process = subprocess.Popen(command(kind, 100, 30, work, inner), env=display.env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    return process, stderr, trace


def finish(display, process, stderr):
    display.key("q")
    wait_for(stderr, r"frames shown", timeout=10)
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
    time.sleep(0.5)
    return open(stderr, errors="replace").read() if os.path.exists(stderr) else ""


def stat(stats, name):
    found = re.search(rf"{name} (\S+)", stats)
    return found.group(1) if found else None


def controls(display, kind, reel, work):
    """The auto run: what the terminal said, what reel chose, and whether the controls read."""
    arguments = ["--no-audio", "--no-resume", "--no-config", "--stats", "--hide-delay=600", "--start=5", SAMPLE]
    process, stderr, trace = run_reel(display, kind, arguments, reel, work, f"{kind}-auto")
    result = {"said": "", "auto": "?", "playing": ["no frames in 40 s"], "paused": ["no frames in 40 s"]}
    if wait_for(trace, r" frame ", count=12, timeout=40):
        time.sleep(1)
        png = display.shot(os.path.join(work, f"{kind}-playing.png"))
        result["playing"] = missing_controls(read_text(png)) if png else ["no shot"]
        display.key("space")
        time.sleep(2.5)
        png = display.shot(os.path.join(work, f"{kind}-paused.png"))
        result["paused"] = missing_controls(read_text(png)) if png else ["no shot"]
    stats = finish(display, process, stderr)
    result["auto"] = auto_pick(stats)
    if os.path.exists(trace):
        picture = next((line for line in open(trace, errors="replace") if " picture " in line), "")
        result["said"] = said(picture)
    return result


def auto_pick(stats):
    """What `auto` drew, from `--stats`: the protocol it picked, and the cells it stepped down to
    when the terminal missed the frame rate in it (`cells_because sixel_showed_21_%_of_the_frames`)."""
    drawn = (stat(stats, "graphics") or "?") + (f" ({stat(stats, 'blitter')})" if stat(stats, "blitter") else "")
    because = re.match(r"(\S+?)_showed_(\d+)_%", stat(stats, "cells_because") or "")
    if not because:
        return drawn
    return f"{because.group(1)}, then {stat(stats, 'blitter') or 'blocks'} cells ({because.group(2)} % of the frames shown)"


def said(picture):
    """What the terminal said of itself, from the trace's `picture` line (TerminalCapabilities)."""
    def field(name):
        found = re.search(rf"{name}: (\[[^]]*\]|Optional\([^)]*\)|[^,)]*)", picture)
        value = found.group(1) if found else "nil"
        return value[len("Optional("):-1] if value.startswith("Optional(") else value
    version = re.search(r'terminalVersion: Optional\("([^"]*)"\)', picture)
    parts = [f"XTVERSION {version.group(1) if version else '-'}", f"DA1 {field('deviceAttributes')}"]
    if field("kittyGraphics") == "true":
        parts.append("kitty graphics" + (" (shared memory)" if field("kittySharedMemory") == "true" else ""))
    if field("sixel") == "true":
        parts.append(f"sixel, {field('maxColorRegisters')} registers")
    parts.append(f"DSR {'answered' if field('answersStatus') == 'true' else 'unanswered'}")
    return "; ".join(parts)


def frame_share(display, kind, mode, reel, work, seconds):
    """The share of frames shown playing `seconds` in `mode` (controls hidden after their 3 s)."""
    arguments = ["--no-audio", "--no-resume", "--no-config", "--stats", f"--graphics={mode}", "--start=2", "--loop", SAMPLE]
    process, stderr, trace = run_reel(display, kind, arguments, reel, work, f"{kind}-{mode}-fps")
    wait_for(trace, r" frame ", timeout=40)
    time.sleep(seconds)
    stats = finish(display, process, stderr)
    shown, dropped = stat(stats, "frames shown"), stat(stats, "dropped")
    if shown is None or dropped is None:
        return None, stat(stats, "graphics")
    shown, dropped = int(shown), int(dropped)
    return (shown / max(shown + dropped, 1)), stat(stats, "graphics")


def still_psnr(display, kind, mode, reel, work, cache):
    """The PSNR of the bikes still in `mode`, paused with the controls hidden."""
    still = next(s for s in stills.STILLS if s["name"] == "bikes")
    png = stills.extract_png(still, cache)
    arguments = ["--no-audio", "--no-resume", "--no-config", "--stats", "--pause", f"--start={still['time']}", "--reduce-motion",
                 f"--graphics={mode}", stills.clip_of(still, cache)]
    process, stderr, trace = run_reel(display, kind, arguments, reel, work, f"{kind}-{mode}-still")
    try:
        if not wait_for(trace, r" frame ", timeout=40):
            return None
        time.sleep(2)
        display.key("c")
        time.sleep(3)
        raw = os.path.join(work, "still.rgb")
        image = None
        deadline = time.time() + 15
        while time.time() < deadline and display.window():
            first = display.array(raw)
            time.sleep(0.4)
            second = display.array(raw)
            if first is not None and second is not None and first.shape == second.shape and (first == second).all():
                image = second
                break
        if image is None:
            return None
        top, right, bottom, left = CHROME.get(kind, (0, 0, 0, 0))
        image = image[top:image.shape[0] - bottom, left:image.shape[1] - right]
        height, width, _ = image.shape
        subprocess.run(["convert", "-size", f"{width}x{height}", "-depth", "8", "rgb:-", os.path.join(work, f"{kind}-{mode}-still.png")],
                       input=image.tobytes())
        try:
            _, full, _ = terminal_still.score(image, png)
        except (IndexError, ValueError):
            return 0.0
        return full
    finally:
        finish(display, process, stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reel", default=os.path.join(ROOT, ".build", "debug", "reel"))
    parser.add_argument("--terminals", default=",".join(TERMINALS))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--cache", default=os.path.join(ROOT, ".bench", "source-cache"))
    parser.add_argument("--markdown", help="write the table here as well")
    parser.add_argument("--keep", help="keep the screenshots in this folder")
    args = parser.parse_args()
    rows = []
    for kind in args.terminals.split(","):
        if not available(kind):
            print(f"{kind}: not installed", flush=True)
            continue
        work = tempfile.mkdtemp(prefix=f"reel-survey-{kind}-")
        display = WaylandDisplay(work) if kind == "foot" else Display(work)
        try:
            row = {"terminal": kind, **controls(display, kind, args.reel, work), "modes": {}}
            for mode in TERMINALS[kind]:
                share, name = frame_share(display, kind, mode, args.reel, work, args.seconds)
                psnr = still_psnr(display, kind, mode, args.reel, work, args.cache)
                row["modes"][mode] = (share, psnr, name)
            rows.append(row)
            print(describe(row), flush=True)
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                for name in os.listdir(work):
                    if name.endswith(".png") and "-" in name and not name.startswith("still"):
                        shutil.copy(os.path.join(work, name), args.keep)
        finally:
            display.close()
            shutil.rmtree(work, ignore_errors=True)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(rows, args))
    return 0


def controls_cell(missing):
    return "yes" if not missing else "no: " + ", ".join(missing)


def describe(row):
    modes = "; ".join(f"{mode} {fmt_share(s)} of frames, {fmt_psnr(p)}" for mode, (s, p, _) in row["modes"].items())
    return (f"{row['terminal']}: auto {row['auto']}; controls playing {controls_cell(row['playing'])}, paused "
            f"{controls_cell(row['paused'])}; {modes}; said: {row['said']}")


def fmt_share(share):
    return "?" if share is None else f"{share * 100:.0f} %"


def fmt_psnr(psnr):
    return "no picture" if psnr is None else f"{psnr:.1f} dB"


def markdown(rows, args):
    lines = ["| terminal | reel picks | controls read (playing / paused) | per protocol: frames shown at 100x30, still PSNR |",
             "|---|---|---|---|"]
    for row in rows:
        modes = "<br>".join(f"{mode}: {fmt_share(s)}, {fmt_psnr(p)}" for mode, (s, p, _) in row["modes"].items())
        lines.append(f"| {row['terminal']} | {row['auto']} | {controls_cell(row['playing'])} / {controls_cell(row['paused'])} | {modes} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
