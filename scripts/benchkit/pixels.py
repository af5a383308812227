"""The pixel bench: reel in real graphical terminals under Xvfb against timg and mpv's sixel output.

Each player runs alone in a fresh terminal window (kitty, drawing with Mesa's software OpenGL,
or xterm as a VT340), behind ptyproxy.py, which passes every byte on and records it with its
arrival time. Afterwards every image the player sent is decoded (images.py) and matched with the
source frame it shows (the demo clip's burned-in clock makes every frame distinct), which gives:

- frames shown: the distinct source frames that reached the terminal, and of those the ones that
  came in time (no more than 0.2 s behind the clock: arrival since the first image, minus source
  time since the first image's);
- the lag: the largest, and at the last image;
- fidelity: the PSNR of the picture (the box of pixels lit in most images) against the source
  frame, both at half the picture's on-screen size (area averages), as issue 18 measured it;
- whether reel's pixels are placed 1:1: each image's pixel size is its cells times the cell;
- player CPU (user + system, wait4), the terminal's CPU over the run (/proc), and the bytes
  through the tty (plus, for kitty's shared memory, the bytes handed over that way).
"""
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import fidelity  # noqa: E402
import images  # noqa: E402
from record import read_chunks  # noqa: E402
from terminal import CLOCK_TICKS, process_cpu  # noqa: E402

# The players: (terminal, command), reel's in each protocol and the references.
PLAYERS = {
    "reel-kitty": "kitty",
    "timg-kitty": "kitty",
    "reel-sixel": "xterm",
    "timg-sixel": "xterm",
    "mpv-sixel": "xterm",
}

# The windows: kitty at a size its software renderer keeps up with, and at 100x30 cells (where
# it does not); xterm at 100x30 cells of its default 6x13 font.
WINDOWS = {
    "kitty": [("480x270", 480, 270), ("900x540", 900, 540)],
    "xterm": [("100x30", 100, 30)],
}

LAG_LIMIT = 0.2


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def player_command(player, reel, clip):
    if player.startswith("reel"):
        protocol = "kitty" if player.endswith("kitty") else "sixel"
        return [reel, f"--graphics={protocol}", "--stats", "--no-audio", "--no-resume", "--hide-delay=0",
                "--keep-open=no", clip]
    if player == "timg-kitty":
        return ["timg", "-pk", clip]
    if player == "timg-sixel":
        return ["timg", "-ps", clip]  # only where timg was built with sixel (Debian 12's 1.4.5 was not)
    if player == "mpv-sixel":
        return ["mpv", "--no-config", "--vo=sixel", "--ao=null", "--no-audio", "--really-quiet", clip]
    raise ValueError(player)


def terminal_command(terminal, width, height, inner):
    if terminal == "kitty":
        return ["kitty", "--config=NONE", "-o", f"initial_window_width={width}", "-o", f"initial_window_height={height}",
                "-o", "remember_window_size=no", "-o", "window_padding_width=0", "-o", "background=#000000",
                "-o", "sync_to_monitor=no", "-T", "bench"] + inner
    return ["xterm", "-ti", "vt340", "-b", "0", "-bg", "black", "-fg", "white", "-xrm", "XTerm*internalBorder: 0",
            "-geometry", f"{width}x{height}+0+0", "-T", "bench", "-e"] + inner


class Display:
    """A private Xvfb server for the whole bench."""

    def __init__(self, first=97):
        number = first
        while os.path.exists(f"/tmp/.X11-unix/X{number}"):
            number += 1
        self.name = f":{number}"
        self.process = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def run_one(display, terminal, window, command, workdir, timeout):
    """Runs `command` in a new `terminal` window; returns the recording and the figures."""
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    os.mkfifo(os.path.join(workdir, "go"))
    _, width, height = window
    environment = dict(os.environ, DISPLAY=display.name, LIBGL_ALWAYS_SOFTWARE="1", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                       COLORTERM="truecolor", XDG_STATE_HOME=os.path.join(workdir, "state"),
                       XDG_CACHE_HOME=os.path.join(workdir, "cache"))
    inner = [sys.executable, os.path.join(HERE, "ptyproxy.py"), workdir, "--"] + command
    process = subprocess.Popen(terminal_command(terminal, width, height, inner), env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Let the window come up and settle before the player starts.
    deadline = time.monotonic() + 20
    while not os.path.exists(os.path.join(workdir, "size")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    before = process_cpu(process.pid) or 0.0
    with open(os.path.join(workdir, "go"), "w") as go:
        go.write("go\n")
    rc_path = os.path.join(workdir, "rc")
    deadline = time.monotonic() + timeout
    timed_out = False
    while not os.path.exists(rc_path):
        if time.monotonic() > deadline:
            timed_out = True
            break
        time.sleep(0.05)
    after = process_cpu(process.pid) or before
    if timed_out:
        for child in _descendants(process.pid):
            try:
                os.kill(child, signal.SIGTERM)
            except ProcessLookupError:
                pass
        time.sleep(1)
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    result = {"terminal_cpu": after - before, "timed_out": timed_out}
    try:
        user, system, rss, start, end = open(os.path.join(workdir, "time")).read().split()
        result.update(cpu=float(user) + float(system), wall=float(end) - float(start), max_rss_kib=int(rss))
    except (OSError, ValueError):
        result.update(cpu=None, wall=None)
    try:
        columns, rows, xpixels, ypixels = (int(v) for v in open(os.path.join(workdir, "size")).read().split())
        result["size"] = {"columns": columns, "rows": rows, "width": xpixels, "height": ypixels}
    except (OSError, ValueError):
        result["size"] = None
    chunks = read_chunks(os.path.join(workdir, "rec")) if os.path.exists(os.path.join(workdir, "rec")) else []
    shared = {}
    if os.path.exists(os.path.join(workdir, "shm")):
        for line in open(os.path.join(workdir, "shm")):
            name, keep = line.split()
            shared.setdefault(name, []).append(keep)
    return chunks, shared, result


def _descendants(pid):
    out = []
    try:
        children = open(f"/proc/{pid}/task/{pid}/children").read().split()
    except OSError:
        return out
    for child in map(int, children):
        out.append(child)
        out += _descendants(child)
    return out


def half(image):
    """`image` at half its size, each pixel the mean of four."""
    h, w = image.shape[0] // 2 * 2, image.shape[1] // 2 * 2
    i = image[:h, :w].astype(np.float32)
    return (i[0::2, 0::2] + i[1::2, 0::2] + i[0::2, 1::2] + i[1::2, 1::2]) / 4


def analyse(chunks, shared, result, clip, info, cache, player):
    """The figures of one run from its recording."""
    row = dict(result)
    row["bytes"] = sum(len(c) for _, c in chunks)
    decoded = images.frames(chunks, shared)
    row["images"] = len(decoded)
    kept = [path for copies in shared.values() for path in copies]
    row["shared_bytes"] = sum(os.path.getsize(p) for p in kept if os.path.exists(p))
    for path in kept:
        try:
            os.unlink(path)
        except OSError:
            pass
    screens = [s for s in decoded if s.image is not None]
    if not screens:
        return row
    # Images of another size than most (a probe's one pixel, a first frame at another size) are
    # left out of the picture's box.
    sizes = {}
    for s in screens:
        sizes[s.image.shape] = sizes.get(s.image.shape, 0) + 1
    shape = max(sizes, key=sizes.get)
    screens = [s for s in screens if s.image.shape == shape]
    for i, s in enumerate(screens):
        s.time += i * 1e-9  # images that came in one read still have times of their own
    row["image_size"] = [shape[1], shape[0]]
    area = fidelity.video_area(screens)
    row["area"] = area
    if area is None:
        return row
    x0, y0, x1, y1 = area
    source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
    matches = fidelity.match_frames(screens, (x0, y0, x1, y1), source)
    if not matches:
        return row
    halves = {}
    psnrs = []
    by_time = {s.time: s for s in screens}
    for m in matches:
        crop = by_time[m.time].image[y0:y1, x0:x1]
        if m.index not in halves:
            halves[m.index] = half(source[m.index])
        mse = float(((half(crop) - halves[m.index]) ** 2).mean())
        psnrs.append(fidelity.psnr(mse))
    first = matches[0]
    lags = [(m.time - first.time) - (m.index - first.index) / info["fps"] for m in matches]
    on_time = {m.index for m, lag in zip(matches, lags) if lag <= LAG_LIMIT}
    # Leave out the first half second, where reel's controls fade out over the picture.
    settled = [p for m, p in zip(matches, psnrs) if m.time >= first.time + 0.5] or psnrs
    row.update(psnr_half=float(np.mean(settled)), psnr=float(np.mean([m.psnr for m in matches if m.time >= first.time + 0.5]
                                                                    or [m.psnr for m in matches])),
               shown=len({m.index for m in matches}), shown_on_time=len(on_time),
               shown_share=len({m.index for m in matches}) / info["frames"], on_time_share=len(on_time) / info["frames"],
               max_lag=max(lags), end_lag=lags[-1], span=matches[-1].time - first.time,
               lags=[[round(m.time - first.time, 3), round(lag, 3)] for m, lag in zip(matches, lags)])
    if player.startswith("reel") and result.get("size"):
        size = result["size"]
        cell = (size["width"] // max(size["columns"], 1), size["height"] // max(size["rows"], 1))
        if decoded[-1].info["kind"] == "kitty":
            ok = all(int(s.info["keys"].get("s", 0)) == int(s.info["keys"].get("c", 0)) * cell[0]
                     and int(s.info["keys"].get("v", 0)) == int(s.info["keys"].get("r", 0)) * cell[1]
                     for s in decoded if s.info["keys"].get("c"))
        else:
            ok = shape[1] % cell[0] == 0 and shape[0] % cell[1] == 0
        row["one_to_one"] = ok
    return row


def run_pixels(args, reel, workdir, cache, clip_info):
    """Every pixel player on every clip in its terminal's windows, `args.repeats` times each (the
    rounds one after the other, so that a slow spell of a shared machine falls on every player);
    each row holds the medians of its runs."""
    display = Display()
    runs = {}
    log(f"pixels: load average {os.getloadavg()[0]:.1f} at the start")
    try:
        for round_number in range(max(getattr(args, "repeats", 1), 1)):
            for clip_name in args.clips:
                clip = os.path.join(args.samples, f"{clip_name}.mp4")
                info = clip_info(clip)
                for player, terminal in PLAYERS.items():
                    if player == "timg-sixel" and not timg_has_sixel():
                        if round_number == 0:
                            log("pixels: this timg has no sixel output (-ps); left out")
                        continue
                    for window in WINDOWS[terminal]:
                        log(f"pixels {clip_name} {terminal} {window[0]} {player} (round {round_number + 1})")
                        timeout = info["duration"] * 10 + 30
                        chunks, shared, result = run_one(display, terminal, window, player_command(player, reel, clip),
                                                         os.path.join(workdir, "pixels", f"{clip_name}-{player}-{window[0]}"),
                                                         timeout)
                        row = analyse(chunks, shared, result, clip, info, cache, player)
                        row.update(clip=clip_name, terminal=terminal, window=window[0], player=player,
                                   source_frames=info["frames"], duration=info["duration"])
                        runs.setdefault((clip_name, player, window[0]), []).append(row)
                        log("  " + ", ".join(f"{k}={_short(row.get(k))}" for k in
                                             ("images", "bytes", "cpu", "terminal_cpu", "psnr_half", "shown", "shown_on_time",
                                              "max_lag", "end_lag", "wall", "one_to_one")))
    finally:
        display.close()
    return [median_row(rows) for rows in runs.values()]


# The figures of a pixel row that are the median of its runs; each run's own are kept beside.
MEDIAN_KEYS = ("images", "bytes", "shared_bytes", "cpu", "terminal_cpu", "wall", "psnr_half", "psnr", "shown",
               "shown_on_time", "shown_share", "on_time_share", "max_lag", "end_lag", "span")
RUN_KEYS = ("cpu", "terminal_cpu", "shown_on_time", "max_lag", "psnr_half")


def median_row(rows):
    """One row for the runs of a player on a clip and window: the median of each figure, whether
    every run was 1:1, and each run's main figures (`runs`)."""
    row = dict(rows[len(rows) // 2])
    for key in MEDIAN_KEYS:
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            row[key] = statistics.median(values)
    if any("one_to_one" in r for r in rows):
        row["one_to_one"] = all(r.get("one_to_one") for r in rows)
    row["runs"] = [{k: r.get(k) for k in RUN_KEYS} for r in rows]
    return row


def timg_has_sixel():
    """Whether timg can write sixel: its help lists `'s' = sixel` when it was built with it."""
    try:
        text = subprocess.run(["timg", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "'s' = sixel" in text


def _short(value):
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def report_rows(pixels):
    """Rows of the pixel tables: each reel run beside its references on the same clip and window."""
    rows = []
    for r in pixels:
        size = r.get("image_size")
        rows.append([r["clip"], r["terminal"], r["window"], r["player"], _count(r.get("images")),
                     f"{size[0]}x{size[1]}" if size else "–",
                     f"{_count(r.get('shown'))} / {r.get('source_frames')}",
                     _count(r.get("shown_on_time")) + _each(r, "shown_on_time", "d"),
                     _fmt(r.get("max_lag"), ".2f"), _fmt(r.get("wall"), ".1f"), _fmt(r.get("cpu"), ".2f") + _each(r, "cpu", ".2f"),
                     _fmt(r.get("terminal_cpu"), ".2f"), f"{r.get('bytes', 0) / 1e6:.1f}"
                     + (f" + {r['shared_bytes'] / 1e6:.0f} shm" if r.get("shared_bytes") else ""),
                     _fmt(r.get("psnr_half"), ".2f"), {True: "yes", False: "no"}.get(r.get("one_to_one"), "–")])
    return rows


def _count(value):
    return "–" if value is None else f"{value:g}"


def _each(row, key, spec):
    """Each run's figure, after the median, when there was more than one run."""
    values = [run.get(key) for run in row.get("runs", [])]
    if len(values) < 2 or any(v is None for v in values):
        return ""
    return " (" + ", ".join(format(round(v) if spec == "d" else v, spec) for v in values) + ")"


def ratio_rows(pixels):
    """reel ÷ each reference on the same clip and window: CPU, terminal CPU, bytes, and the
    differences in frames shown in time and PSNR."""
    rows = []
    for r in pixels:
        if not r["player"].startswith("reel"):
            continue
        for other in pixels:
            if other["player"].startswith("reel") or (other["clip"], other["terminal"], other["window"]) != (
                    r["clip"], r["terminal"], r["window"]):
                continue
            rows.append([r["clip"], r["window"], f"{r['player']} ÷ {other['player']}",
                         _fmt(_ratio(r.get("cpu"), other.get("cpu")), ".2f"),
                         _fmt(_ratio(r.get("terminal_cpu"), other.get("terminal_cpu")), ".2f"),
                         _fmt(_ratio(r.get("bytes"), other.get("bytes")), ".2f"),
                         f"{_count(r.get('shown_on_time', 0))} vs {_count(other.get('shown_on_time', 0))}",
                         _fmt(_diff(r.get("psnr_half"), other.get("psnr_half")), "+.2f") + " dB"])
    return rows


def targets(pixels):
    """Issue 18's targets, each with its figure and whether it is met."""
    rows = []
    by = {(r["clip"], r["window"], r["player"]): r for r in pixels}
    for (clip, window, player), r in by.items():
        if player == "reel-kitty":
            timg = by.get((clip, window, "timg-kitty"))
            rows.append((clip, f"kitty {window}", "pixels are mpv's render at the box's size, placed 1:1",
                         {True: "yes", False: "no"}.get(r.get("one_to_one"), "–"), "met" if r.get("one_to_one") else "missed"))
            rows.append((clip, f"kitty {window}", "never more than 0.2 s behind the clock",
                         _fmt(r.get("max_lag"), ".2f") + " s", _le(r.get("max_lag"), LAG_LIMIT)))
            if window == WINDOWS["kitty"][0][0]:
                rows.append((clip, f"kitty {window}", "frames shown in time ≥ 95 % (kitty keeps up here)",
                             _fmt(_pct(r.get("on_time_share")), ".0f") + " %", _ge(r.get("on_time_share"), 0.95)))
            if timg:
                ratio = _ratio(r.get("cpu"), timg.get("cpu"))
                rows.append((clip, f"kitty {window}", "player CPU ≤ timg's", _fmt(ratio, ".2f"), _le(ratio, 1.0)))
        if player == "reel-sixel":
            mpv = by.get((clip, window, "mpv-sixel"))
            if mpv:
                diff = _diff(r.get("psnr_half"), mpv.get("psnr_half"))
                rows.append((clip, f"xterm {window}", "fidelity ≥ mpv --vo=sixel's (PSNR at half size)",
                             _fmt(diff, "+.2f") + " dB", _ge(diff, 0)))
                rows.append((clip, f"xterm {window}", "frames shown in time ≥ mpv --vo=sixel's",
                             f"{_count(r.get('shown_on_time', 0))} vs {_count(mpv.get('shown_on_time', 0))}",
                             _ge(r.get("shown_on_time", 0) - mpv.get("shown_on_time", 0), 0)))
                ratio = _ratio(r.get("cpu"), mpv.get("cpu"))
                rows.append((clip, f"xterm {window}", "player CPU ≤ mpv --vo=sixel's", _fmt(ratio, ".2f"), _le(ratio, 1.0)))
    return rows


def _ratio(a, b):
    return a / b if a is not None and b else None


def _diff(a, b):
    return a - b if a is not None and b is not None else None


def _pct(value):
    return None if value is None else value * 100


def _fmt(value, spec):
    return "–" if value is None else format(value, spec)


def _le(value, limit):
    return "–" if value is None else ("met" if value <= limit else "missed")


def _ge(value, limit):
    return "–" if value is None else ("met" if value >= limit else "missed")


def report(results):
    """The pixel bench's part of the report, as markdown."""
    pixels = results.get("pixels") or []
    if not pixels:
        return ""
    machine = results["machine"]
    lines = [f"Run on {results.get('pixels_date', results['date'])} on {machine['cpu']} ({machine['cores']} cores), {machine['os']}, "
             f"{machine.get('kitty', 'kitty')}, {machine.get('xterm', 'xterm')}, {machine.get('timg', 'timg')}, "
             f"{machine['mpv']}; Xvfb, kitty on Mesa's software OpenGL"
             + (f"; load average {machine['load']:.1f} when it began" if machine.get("load") is not None else "") + ".", "",
             f"    {results.get('pixels_command', results.get('command', 'scripts/bench --only=pixels'))}"]
    lines += _table("Targets (issue 18)", ["clip", "terminal", "target", "figure", ""], targets(pixels))
    lines += _table("reel against the references, same clip and window",
                    ["clip", "window", "players", "player CPU", "terminal CPU", "tty bytes", "frames in time", "PSNR"],
                    ratio_rows(pixels))
    lines += _table("Absolute figures",
                    ["clip", "terminal", "window", "player", "images", "image px", "frames shown / source", "in time (≤ 0.2 s late)",
                     "max lag s", "took s", "player CPU s", "terminal CPU s", "MB through the tty", "PSNR dB (half size)",
                     "1:1"], report_rows(pixels))
    return "\n".join(lines) + "\n"


def _table(title, header, rows):
    if not rows:
        return []
    lines = ["", f"### {title}", ""]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def versions():
    """The terminals' and references' versions, for the report."""
    out = {}
    for name, command in (("kitty", ["kitty", "--version"]), ("xterm", ["xterm", "-version"]), ("timg", ["timg", "--version"])):
        try:
            text = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=10).stdout
            out[name] = " ".join(text.split()[:2]) if text else name
        except (OSError, subprocess.TimeoutExpired):
            out[name] = name
    return out
