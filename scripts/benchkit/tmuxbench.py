"""The tmux part: reel's picture through tmux against straight in the terminal, and what it costs.

Everything runs under a private Xvfb, in real kitty (Mesa's software GL, DejaVu Sans Mono named)
and real xterm -ti vt340, either straight in the terminal or in a real tmux client in it: Debian's
tmux 3.3a and bookworm-backports' 3.5a (built with sixel), which scripts/tmux-backports unpacks
into .build/tmux-3.5a. tmux runs at its default settings (`-f /dev/null`, status line on).

- **Stills.** The stills part's real footage (stills.py: `city`, a night street, and `bikes`, a
  daylight street, then the cat of `film`), one frame as a PNG, shown by reel paused
  (`--pause`, `--graphics=auto`, the controls hidden with `c`) and by Debian's timg
  (`timg -U`, whatever it picks) in a 100x30 window. The screenshot's picture is scored against
  the PNG area-scaled to the picture's box, as the stills part scores kitty's screenshots: PSNR
  with both at half size (`psnr_half`), and at full size. The box is where the same route puts a
  white picture of the same size. Whether the picture is in pixels is read off the screenshot:
  the share of its cells whose two commonest colours cover less than half of the cell (a text
  cell has two colours; a photograph in pixels has many).
- **Playback.** The photographic clip (samples/photo-pan.mp4, 30 fps, 10 s) played through tmux
  by reel with `--graphics=auto` (pixels, where reel draws them in tmux) and `--graphics=blocks`,
  and by timg, at 100x30 and 200x60: the player's CPU (user + system, GNU time), the tmux server's
  and the terminal's CPU over the run (/proc), each per second of the clip, and the frames reel
  shows (its `--stats`) as a share of the clip's.
"""
import argparse
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import stills  # noqa: E402
from pixels import half  # noqa: E402
from terminal import process_cpu  # noqa: E402

TMUX = {"3.3a": "/usr/bin/tmux", "3.5a": os.path.join(ROOT, ".build", "tmux-3.5a", "usr", "bin", "tmux")}
TERMINALS = ("kitty", "xterm")
ROUTES = ("direct", "tmux 3.3a", "tmux 3.5a")
STILL_NAMES = ("city", "bikes", "film")
STILL_SIZE = (100, 30)
PLAY_SIZES = ((100, 30), (200, 60))
PLAY_CLIP = os.path.join(ROOT, "samples", "photo-pan.mp4")
PLAY_MODES = ("reel-auto", "reel-blocks", "timg")
# A cell is photographic when its two commonest colours cover less than this share of it.
PHOTOGRAPHIC = 0.5
# A picture is in pixels when at least this share of its lit cells is photographic: measured, sixel
# (256 colours) in xterm 50 to 85 %, kitty graphics over 95 %, cells in either under 1 %.
PIXELS = 0.3


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


# MARK: A terminal window


class Display:
    """A private Xvfb server, large enough for kitty at 200x60 cells."""

    def __init__(self):
        # A number no other server holds (its socket or its lock), and this one's own server up
        # on it: another's server there would vanish under the bench.
        for _ in range(20):
            number = random.randint(140, 199)
            if os.path.exists(f"/tmp/.X11-unix/X{number}") or os.path.exists(f"/tmp/.X{number}-lock"):
                continue
            self.name = f":{number}"
            # -noreset: by default the server resets when its last client goes, between two runs,
            # and a terminal that connects meanwhile fails ("Failed to open display").
            self.process = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "2400x1400x24", "-nolisten", "tcp", "-noreset"],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _wait(lambda: os.path.exists(f"/tmp/.X11-unix/X{number}") or self.process.poll() is not None, 10)
            if self.process.poll() is None:
                break
        else:
            raise RuntimeError("no Xvfb display")
        _wait(lambda: subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=self.name),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0, 10)

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _wait(condition, timeout, step=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return None


class Run:
    """One command in a `terminal` window of `columns` x `rows` cells, straight in it or in a tmux
    client (`route`), started once the window is up; screenshots, keys, and its exit."""

    def __init__(self, display, terminal, route, columns, rows, command, workdir, timed=False):
        self.display, self.terminal, self.route, self.workdir = display, terminal, route, workdir
        shutil.rmtree(workdir, ignore_errors=True)
        os.makedirs(workdir)
        self.title = f"reel-tmuxbench-{os.getpid()}-{int(time.monotonic() * 1000) % 10**8}"
        self.env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE", "STY", "TERM")}
        self.env.update(DISPLAY=display.name, LIBGL_ALWAYS_SOFTWARE="1", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                        COLORTERM="truecolor", HOME=workdir, XDG_STATE_HOME=f"{workdir}/state",
                        XDG_CACHE_HOME=f"{workdir}/cache", XDG_CONFIG_HOME=f"{workdir}/config",
                        REEL_TRACE=f"{workdir}/trace")
        quoted = " ".join(_quote(a) for a in command)
        timer = f'/usr/bin/time -f "%U %S %e" -o {_quote(workdir + "/time")} ' if timed else ""
        with open(f"{workdir}/run.sh", "w") as f:
            # Once the word comes, and the terminal has answered DA1 (a kitty still starting its
            # software GL answers reel's own probe late otherwise), the command runs.
            f.write(f"while [ ! -e {_quote(workdir + '/go')} ]; do sleep 0.05; done\n"
                    "old=$(stty -g); stty raw -echo; printf '\\033[c'\n"
                    "while c=$(dd bs=1 count=1 2>/dev/null) && [ -n \"$c\" ] && [ \"$c\" != c ]; do :; done; stty \"$old\"\n"
                    f"{timer}{quoted} 2> {_quote(workdir + '/stderr')}\n"
                    f"echo $? > {_quote(workdir + '/rc.tmp')}; mv {_quote(workdir + '/rc.tmp')} {_quote(workdir + '/rc')}\n"
                    "printf '\\033[?25l'\n"
                    "exec sleep 100000\n")
        self.tmux_path = None if route == "direct" else TMUX[route.split()[1]]
        self.socket = f"{workdir}/socket"
        if self.tmux_path:
            inner = [self.tmux_path, "-S", self.socket, "-f", "/dev/null", "new-session", "-s", "bench",
                     f"sh {_quote(workdir + '/run.sh')}"]
        else:
            inner = ["sh", f"{workdir}/run.sh"]
        with open(f"{workdir}/terminal.log", "w") as log_file:
            self.process = subprocess.Popen(_terminal_command(terminal, columns, rows, self.title, inner), env=self.env,
                                            stdout=log_file, stderr=subprocess.STDOUT)
        self.window = _wait(self._find_window, 60, 0.2)
        if not self.window:
            alive = "up" if display.process.poll() is None else f"gone ({display.process.returncode})"
            raise RuntimeError(f"no {terminal} window (Xvfb {display.name} {alive}): "
                               f"{open(workdir + '/terminal.log', errors='replace').read()[-300:]}")
        if self.tmux_path and not _wait(lambda: "bench" in self.tmux("list-clients", "-F", "#{client_session}"), 30):
            raise RuntimeError(f"no {route} client in {terminal}")
        # The window at its size: two geometries in a row agree (xterm grows once its font is in).
        previous = None
        for _ in range(40):
            current = self._geometry()
            if current == previous and current[0] > 0:
                break
            previous = current
            time.sleep(0.25)
        self.size = self._geometry()
        self.server = int(self.tmux("display-message", "-p", "#{pid}").strip() or 0) if self.tmux_path else None

    def _find_window(self):
        out = subprocess.run(["xdotool", "search", "--name", f"^{self.title}$"], env=self.env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout.split()
        return out[0] if out else None

    def _geometry(self):
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window], env=self.env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return int(values.get("WIDTH", 0)), int(values.get("HEIGHT", 0))

    def tmux(self, *args):
        return subprocess.run([self.tmux_path, "-S", self.socket, "-f", "/dev/null", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True).stdout

    def start(self):
        open(f"{self.workdir}/go", "w").close()

    def key(self, name):
        """A key to the program: through tmux's send-keys, or as a real key press to the window."""
        if self.tmux_path:
            self.tmux("send-keys", "-t", "bench", name)
        else:
            width, height = self.size
            subprocess.run(["xdotool", "mousemove", str(width // 2), str(height // 2), "key", name], env=self.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def screenshot(self):
        data = subprocess.run(["import", "-window", self.window, "-depth", "8", "rgb:-"], env=self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        width = self.size[0]
        if not width or len(data) % (3 * width):
            width = self._geometry()[0]
        return np.frombuffer(data, dtype=np.uint8).reshape(-1, width, 3)

    def still_screenshot(self, timeout=20, condition=lambda shot: True):
        """Screenshots until `condition` holds and two in a row, 0.3 s apart, agree."""
        deadline = time.monotonic() + timeout
        previous = self.screenshot()
        while time.monotonic() < deadline:
            time.sleep(0.3)
            current = self.screenshot()
            if current.shape == previous.shape and np.array_equal(current, previous) and condition(current):
                return current
            previous = current
        return previous

    def handled_after(self, mark, timeout=10):
        """Waits until reel's trace has a `handled` line after line `mark`."""
        return _wait(lambda: any(" handled" in line for line in self.trace()[mark:]), timeout)

    def trace(self):
        try:
            with open(f"{self.workdir}/trace", errors="replace") as f:
                return f.read().splitlines()
        except OSError:
            return []

    def exited(self, timeout):
        return _wait(lambda: os.path.exists(f"{self.workdir}/rc"), timeout)

    def stderr(self):
        try:
            with open(f"{self.workdir}/stderr", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def close(self):
        if self.tmux_path:
            self.tmux("kill-server")
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _quote(text):
    return "'" + str(text).replace("'", "'\\''") + "'"


def _terminal_command(terminal, columns, rows, title, inner):
    if terminal == "kitty":
        return ["kitty", "--config=NONE", "-o", f"initial_window_width={columns}c", "-o", f"initial_window_height={rows}c",
                "-o", "remember_window_size=no", "-o", "window_padding_width=0", "-o", "background=#000000",
                "-o", "foreground=#ffffff", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=11",
                "-o", "sync_to_monitor=no", "-o", "placement_strategy=top-left", "-T", title] + inner
    return ["xterm", "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "9", "-b", "0", "-bg", "black", "-fg", "white",
            "-xrm", "XTerm*internalBorder: 0", "-xrm", "XTerm*scrollBar: false", "-T", title,
            "-geometry", f"{columns}x{rows}+0+0", "-e"] + inner


# MARK: Reading a screenshot


def photographic_share(image, box, cell):
    """The share of the lit cells of `box` (x0, y0, x1, y1) that are photographic."""
    x0, y0, x1, y1 = box
    cw, ch = cell
    lit = photographic = 0
    for y in range(y0 - y0 % ch, y1 - ch + 1, ch):
        for x in range(x0 - x0 % cw, x1 - cw + 1, cw):
            block = image[y:y + ch, x:x + cw].reshape(-1, 3)
            if block.max() <= 40:
                continue
            lit += 1
            keys = (block[:, 0].astype(np.int32) << 16) | (block[:, 1].astype(np.int32) << 8) | block[:, 2]
            counts = np.sort(np.unique(keys, return_counts=True)[1])
            if counts[-2:].sum() < PHOTOGRAPHIC * len(keys):
                photographic += 1
    return photographic / lit if lit else 0.0


def save_png(image, path):
    """The screenshot as a PNG beside the run's folder, to look at."""
    height, width = image.shape[:2]
    subprocess.run(["convert", "-size", f"{width}x{height}", "-depth", "8", "rgb:-", path], input=image.tobytes(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def psnr_full(image, box, reference):
    x0, y0, x1, y1 = box
    mse = float(((image[y0:y1, x0:x1].astype(np.float32) - reference.astype(np.float32)) ** 2).mean())
    return 10 * np.log10(255 * 255 / max(mse, 1e-9))


def reel_stats(stderr):
    line = next((l for l in stderr.splitlines() if l.startswith("reel stats:")), "")
    figures = {}
    for key, pattern in (("shown", r"frames shown (\d+)"), ("dropped", r"dropped (\d+)"), ("graphics", r"graphics (\S+)"),
                         ("blitter", r"blitter (\S+)"), ("bytes", r"bytes (\d+)")):
        m = re.search(pattern, line)
        if m:
            figures[key] = m.group(1) if key in ("graphics", "blitter") else int(m.group(1))
    return figures


# MARK: Stills


def show_still(display, terminal, route, tool, png, reel, workdir):
    """The screenshot of `png` shown by `tool` (reel or timg) at STILL_SIZE, and what reel said."""
    columns, rows = STILL_SIZE
    pane_rows = rows - 1 if route != "direct" else rows
    if tool == "reel":
        command = [reel, "--pause", "--no-audio", "--no-resume", "--no-sub", "--stats", png]
    else:
        # A row less than the pane: timg ends with a line feed, which on the last row would scroll.
        command = ["timg", f"-g{columns}x{pane_rows - 1}", "-U", png]
    run = Run(display, terminal, route, columns, rows, command, workdir)
    try:
        run.start()
        if tool == "reel":
            # Paused, the controls are up: once the picture is drawn, c hides them.
            if not _wait(lambda: any(" draw " in line for line in run.trace()), 30):
                return None, "reel drew nothing"
            controls = run.still_screenshot()
            save_png(controls, workdir + "-controls.png")
            # A key pressed before the pointer's window has the focus is lost: pressed again
            # until reel's trace says it handled input.
            for _ in range(5):
                mark = len(run.trace())
                run.key("c")
                if run.handled_after(mark, 4):
                    break
            else:
                return None, "reel never saw the key c"
            # The picture without them once the terminal has drawn it (xterm takes a while over a
            # large sixel, and shows the old screen meanwhile).
            shot = run.still_screenshot(condition=lambda image: image.shape != controls.shape
                                        or not np.array_equal(image, controls))
            run.key("q")
            run.exited(10)
        else:
            run.exited(30)
            shot = run.still_screenshot(condition=lambda image: image.max() > 40)
        cell = (run.size[0] // columns, run.size[1] // rows)
        save_png(shot, workdir + ".png")
        return (shot, cell), run.stderr()
    finally:
        run.close()


def picture_box(white_shot, pane_bottom):
    """Where the white picture is: the rows and columns above `pane_bottom` of which at least a
    tenth is lit (so that a cursor left after timg, one lit cell, is not counted)."""
    lit = white_shot[:pane_bottom].max(axis=2) > 127
    rows = np.where(lit.mean(axis=1) >= 0.1)[0]
    columns = np.where(lit.mean(axis=0) >= 0.1)[0]
    if not len(rows) or not len(columns):
        return None
    return int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1


def score(row, shot, white_shot, png, cell):
    """Fills `row` with the scores of `shot` against `png`, in the box of `white_shot`."""
    # In tmux, the pane ends above the status line (lit, and no part of the picture).
    pane_bottom = white_shot.shape[0] if row["route"] == "direct" else (STILL_SIZE[1] - 1) * cell[1]
    box = picture_box(white_shot, pane_bottom)
    if box is None or shot.shape != white_shot.shape:
        row["error"] = "no picture box"
        return
    x0, y0, x1, y1 = box
    reference = stills.area_scaled(png, x1 - x0, y1 - y0)
    row.update(box=list(box), psnr_half=stills.psnr_half(shot, box, reference), psnr=float(psnr_full(shot, box, reference)),
               photographic=photographic_share(shot, box, cell))
    row["pixels"] = row["photographic"] >= PIXELS


def rescore(results, workdir, cache):
    """The stills' scores again from the screenshots a run kept (after a change to the scoring)."""
    for row in results.get("stills", []):
        folder = os.path.join(workdir, "tmux-stills", f"{row['still']}-{row['terminal']}-{row['route'].replace(' ', '')}-{row['tool']}")
        if not row.get("cell") or not os.path.exists(folder + ".png") or not os.path.exists(folder + "-white.png"):
            continue
        still = next(s for s in stills.STILLS if s["name"] == row["still"])
        row.pop("error", None)
        score(row, stills.load_png(folder + ".png"), stills.load_png(folder + "-white.png"), stills.extract_png(still, cache),
              tuple(row["cell"]))


def score_stills(args, reel, display, workdir, cache):
    rows = []
    for name in args.stills:
        still = next(s for s in stills.STILLS if s["name"] == name)
        png = stills.extract_png(still, cache)
        width, height = stills.image_size(png)
        white = stills.white_png(width, height, cache)
        for terminal in args.terminals:
            for route in args.routes:
                for tool in ("reel", "timg"):
                    log(f"tmux stills: {name} {terminal} {route} {tool}")
                    folder = os.path.join(workdir, "tmux-stills", f"{name}-{terminal}-{route.replace(' ', '')}-{tool}")
                    row = {"still": name, "terminal": terminal, "route": route, "tool": tool}
                    shown, stderr = show_still(display, terminal, route, tool, png, reel, folder)
                    blank, _ = show_still(display, terminal, route, tool, white, reel, folder + "-white")
                    row.update(reel_stats(stderr) if tool == "reel" else {})
                    if shown is None or blank is None:
                        row["error"] = stderr if isinstance(stderr, str) and shown is None else "no white picture"
                        rows.append(row)
                        continue
                    (shot, cell), (white_shot, _) = shown, blank
                    row["cell"] = list(cell)
                    score(row, shot, white_shot, png, cell)
                    if "error" not in row:
                        log(f"  psnr_half {row['psnr_half']:.2f} dB, psnr {row['psnr']:.2f} dB, "
                            f"photographic cells {row['photographic']:.0%}, {row.get('graphics', '')}")
                    rows.append(row)
    return rows


# MARK: Playback


def play(display, terminal, route, mode, size, reel, workdir):
    columns, rows = size
    pane_rows = rows - 1
    if mode == "timg":
        command = ["timg", f"-g{columns}x{pane_rows}", PLAY_CLIP]
    else:
        graphics = "auto" if mode == "reel-auto" else "blocks"
        command = [reel, f"--graphics={graphics}", "--stats", "--no-audio", "--no-resume", "--hide-delay=0",
                   "--keep-open=no", PLAY_CLIP]
    run = Run(display, terminal, route, columns, rows, command, workdir, timed=True)
    try:
        server_before = process_cpu(run.server) if run.server else None
        terminal_before = process_cpu(run.process.pid)
        run.start()
        finished = run.exited(120)
        server_after = process_cpu(run.server) if run.server else None
        terminal_after = process_cpu(run.process.pid)
        row = {"terminal": terminal, "route": route, "mode": mode, "size": f"{columns}x{rows}",
               "timed_out": not finished}
        try:
            user, system, elapsed = open(f"{workdir}/time").read().split()[-3:]
            row.update(cpu=float(user) + float(system), wall=float(elapsed))
        except (OSError, ValueError):
            pass
        if server_before is not None and server_after is not None:
            row["tmux_cpu"] = server_after - server_before
        if terminal_before is not None and terminal_after is not None:
            row["terminal_cpu"] = terminal_after - terminal_before
        if mode != "timg":
            row.update(reel_stats(run.stderr()))
        return row
    finally:
        run.close()


def clip_figures(clip):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                          "stream=nb_read_frames:format=duration", "-of", "json", clip], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    data = json.loads(out)
    return int(data["streams"][0]["nb_read_frames"]), float(data["format"]["duration"])


def measure_playback(args, reel, display, workdir):
    frames, duration = clip_figures(PLAY_CLIP)
    rows = []
    for size in args.sizes:
        for terminal in args.terminals:
            for route in args.routes:
                if route == "direct":
                    continue
                for mode in PLAY_MODES:
                    log(f"tmux playback: {terminal} {route} {size[0]}x{size[1]} {mode}")
                    folder = os.path.join(workdir, "tmux-play", f"{terminal}-{route.replace(' ', '')}-{mode}-{size[0]}x{size[1]}")
                    row = play(display, terminal, route, mode, size, reel, folder)
                    row.update(clip_frames=frames, clip_seconds=duration)
                    for key in ("cpu", "tmux_cpu", "terminal_cpu"):
                        if row.get(key) is not None:
                            row[key + "_per_s"] = row[key] / duration
                    if row.get("shown") is not None:
                        row["shown_share"] = row["shown"] / frames
                    log("  " + ", ".join(f"{k}={_fmt(row.get(k))}" for k in
                                         ("cpu_per_s", "tmux_cpu_per_s", "terminal_cpu_per_s", "shown", "graphics")))
                    rows.append(row)
    return rows


# MARK: The report


def _fmt(value, spec=".2f"):
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return format(value, spec)
    return str(value)


def _table(title, header, rows):
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n\n"


def report(results):
    text = "## reel in tmux\n\n"
    versions = results.get("versions") or {}
    if versions:
        tmuxes = ", ".join(versions.get("tmux", {}).values())
        text += (f"Measured {results.get('date', '')} (load {results.get('load', 0):.1f} at the start): {tmuxes}; "
                 f"{versions.get('kitty', '')}; {versions.get('xterm', '')}; {versions.get('timg', '')}.\n\n")
    if results.get("stills"):
        table = []
        for r in results["stills"]:
            what = r.get("graphics", "") + (f" ({r['blitter']})" if r.get("blitter") not in (None, "pixels") else "")
            table.append([r["still"], r["terminal"], r["route"], r["tool"], _fmt(r.get("psnr_half")), _fmt(r.get("psnr")),
                          _fmt(r.get("photographic"), ".0%"), _fmt(r.get("pixels")), what or r.get("error", "")])
        text += _table(f"Stills at {STILL_SIZE[0]}x{STILL_SIZE[1]}: screenshot PSNR against the source (dB)",
                       ["still", "terminal", "route", "tool", "PSNR half", "PSNR", "photographic cells", "pixels",
                        "reel's graphics"], table)
        text += _gaps(results["stills"])
    if results.get("playback"):
        table = []
        for r in results["playback"]:
            table.append([r["size"], r["terminal"], r["route"], r["mode"], _fmt(r.get("graphics")),
                          _fmt(r.get("cpu_per_s"), ".3f"), _fmt(r.get("tmux_cpu_per_s"), ".3f"),
                          _fmt(r.get("terminal_cpu_per_s"), ".3f"),
                          _fmt(r.get("shown")) + (f"/{r['clip_frames']}" if r.get("shown") is not None else ""),
                          _fmt(r.get("shown_share"), ".0%")])
        text += _table("Playback of photo-pan.mp4 (30 fps, 10 s) through tmux: CPU seconds per second of the clip",
                       ["size", "terminal", "route", "player", "graphics", "player CPU", "tmux CPU", "terminal CPU",
                        "frames shown", "share"], table)
        text += _ratios(results["playback"])
    return text


def _gaps(rows):
    """reel's PSNR through each tmux against straight in the same terminal, per still."""
    lines = []
    for r in rows:
        if r["tool"] != "reel" or r["route"] == "direct" or r.get("psnr_half") is None:
            continue
        direct = next((d for d in rows if d["tool"] == "reel" and d["route"] == "direct" and d["still"] == r["still"]
                       and d["terminal"] == r["terminal"] and d.get("psnr_half") is not None), None)
        if direct:
            lines.append(f"- {r['still']}, {r['terminal']}, {r['route']}: {r['psnr_half']:.2f} dB against "
                         f"{direct['psnr_half']:.2f} straight in the terminal ({r['psnr_half'] - direct['psnr_half']:+.2f} dB; "
                         "target: within 2 dB)")
    return ("reel through tmux against straight in the terminal (PSNR half):\n\n" + "\n".join(lines) + "\n\n") if lines else ""


def _ratios(rows):
    """Player + tmux CPU of reel's auto against its blocks, each terminal, route and size."""
    lines = []
    for r in rows:
        if r["mode"] != "reel-auto":
            continue
        blocks = next((b for b in rows if b["mode"] == "reel-blocks" and b["terminal"] == r["terminal"]
                       and b["route"] == r["route"] and b["size"] == r["size"]), None)
        if not blocks:
            continue
        mine = (r.get("cpu") or 0) + (r.get("tmux_cpu") or 0)
        theirs = (blocks.get("cpu") or 0) + (blocks.get("tmux_cpu") or 0)
        if theirs > 0:
            graphics = r.get('graphics', '?')
            # Issue 38 sets the target for kitty's shared memory only: a sixel frame is an image
            # the player encodes and tmux copies, which blocks never are.
            target = ("target: at most 1.5x" if graphics.startswith("kitty-shm")
                      else "no target: it is set for kitty with shared memory")
            lines.append(f"- {r['size']} {r['terminal']} {r['route']}: reel + tmux CPU with --graphics=auto "
                         f"({graphics}) is {mine / theirs:.2f}x that of blocks ({target})")
    return ("reel + tmux CPU, auto against blocks:\n\n" + "\n".join(lines) + "\n\n") if lines else ""


def versions():
    def first_line(command):
        try:
            return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            return "missing"
    return {"tmux": {k: first_line([v, "-V"]) for k, v in TMUX.items()}, "kitty": first_line(["kitty", "--version"]),
            "xterm": first_line(["xterm", "-version"]), "timg": first_line(["timg", "--version"])}


def run_tmux(args, reel, workdir, cache):
    """The whole part: `args.stills`, `args.routes`, `args.sizes`, `args.parts` (stills, playback)."""
    for route in args.routes:
        if route != "direct" and not os.access(TMUX[route.split()[1]], os.X_OK):
            raise SystemExit(f"bench: {TMUX[route.split()[1]]} is missing: run scripts/tmux-backports")
    os.makedirs(cache, exist_ok=True)
    display = Display()
    results = {"versions": versions(), "load": os.getloadavg()[0],
               "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")}
    try:
        if "stills" in args.parts:
            results["stills"] = score_stills(args, reel, display, workdir, cache)
        if "playback" in args.parts:
            results["playback"] = measure_playback(args, reel, display, workdir)
    finally:
        display.close()
    return results


def main(argv):
    parser = argparse.ArgumentParser(prog="tmuxbench.py", description=__doc__.split("\n")[0])
    parser.add_argument("--reel", required=True)
    parser.add_argument("--out", default=os.path.join(ROOT, ".bench"))
    parser.add_argument("--tmux-stills", default=",".join(STILL_NAMES))
    parser.add_argument("--tmux-routes", default=",".join(ROUTES))
    parser.add_argument("--tmux-sizes", default=",".join(f"{c}x{r}" for c, r in PLAY_SIZES))
    parser.add_argument("--tmux-parts", default="stills,playback")
    parser.add_argument("--tmux-terminals", default=",".join(TERMINALS))
    parser.add_argument("--rescore", action="store_true", help="score OUT/tmux.json's stills again from their screenshots")
    args = parser.parse_args(argv)
    rescoring = args.rescore
    args = namespace(args)
    if rescoring:
        with open(os.path.join(args.out, "tmux.json")) as f:
            results = json.load(f)
        rescore(results, os.path.join(args.out, "work"), os.path.join(args.out, "source-cache"))
    else:
        results = run_tmux(args, args.reel, os.path.join(args.out, "work"), os.path.join(args.out, "source-cache"))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "tmux.json"), "w") as f:
        json.dump(results, f, indent=1)
    print(report(results))


def namespace(args):
    """The part's settings from the command line's `--tmux-*` options."""
    return argparse.Namespace(reel=getattr(args, "reel", None), out=args.out,
                              stills=[s for s in args.tmux_stills.split(",") if s],
                              routes=[r for r in args.tmux_routes.split(",") if r],
                              sizes=[tuple(int(v) for v in s.split("x")) for s in args.tmux_sizes.split(",") if s],
                              parts=set(args.tmux_parts.split(",")),
                              terminals=[t for t in args.tmux_terminals.split(",") if t])


if __name__ == "__main__":
    main(sys.argv[1:])
