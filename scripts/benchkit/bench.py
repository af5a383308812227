"""reel against mpv's own terminal output (`--vo=tct`), side by side in one run.

See scripts/bench for the command line and docs/benchmarks.md for what each figure means.
"""
import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import blitters  # noqa: E402
import cells as cellsizes  # noqa: E402
import fidelity  # noqa: E402
import offline  # noqa: E402
import pixels  # noqa: E402
import sshbench  # noqa: E402
import stills  # noqa: E402
import tmuxbench  # noqa: E402
from report import plot, report  # noqa: E402
import vt  # noqa: E402
from terminal import SlowPtyRun, TmuxRun, process_cpu, process_rss_kib  # noqa: E402

SAMPLES = os.path.join(ROOT, "samples")
# The classes of picture the targets hold on (samples/README.md), and the film-sized clips that
# scripts/make-samples makes in the bench's own folder (they are not committed).
CLASSES = ("demo", "motion", "photo-pan", "action", "dark", "animation", "credits", "detail", "film")
BIG = ("film-hevc", "film-av1")


def clip_path(name, out):
    """The clip called `name`: in samples/ (.mp4 or .mkv), or a film-sized one made in `out`/clips."""
    for extension in (".mp4", ".mkv"):
        path = os.path.join(SAMPLES, name + extension)
        if os.path.exists(path):
            return path
    if name not in BIG:
        raise SystemExit(f"bench: no clip named {name} in samples/")
    folder = os.path.join(out, "clips")
    path = os.path.join(folder, name + ".mkv")
    if not os.path.exists(path):
        log(f"making {name}.mkv with scripts/make-samples (a few minutes)")
        subprocess.run([os.path.join(ROOT, "scripts", "make-samples"), "--out", folder, name], check=True,
                       stdout=subprocess.DEVNULL)
    return path


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


# MARK: Players


def reel_command(reel, clip, blitter="half", extra=()):
    # The controls hide at once (--hide-delay=0) so that both players show only the video, and
    # every run starts at 0 as tct's does (--no-resume): a run that was stopped midway would
    # otherwise make the next one resume there.
    return [reel, "--stats", "--no-audio", "--no-resume", "--hide-delay=0", "--keep-open=no", f"--blitter={blitter}",
            *extra, clip]


def tct_command(clip, columns, rows, extra=(), audio=False):
    # --no-audio: neither player decodes sound, so the CPU figures compare the same work; with
    # `audio`, tct decodes it into ao=null, as reel's --no-audio does.
    return ["mpv", "--no-config", "--vo=tct", "--vo-tct-256=no", "--ao=null", *([] if audio else ["--no-audio"]),
            f"--vo-tct-width={columns}", f"--vo-tct-height={rows}", *extra, clip]


PLAYERS = {
    "tct": {"frames": vt.REWIND},
    "reel-half": {"frames": vt.SYNC, "blitter": "half"},
    "reel-quadrant": {"frames": vt.SYNC, "blitter": "quadrant"},
    # The scrub preview off: beside reel-half, what the preview costs while no one scrubs
    # (issue 27: frames shown unchanged, the decoder idle).
    "reel-half-nopreview": {"frames": vt.SYNC, "blitter": "half", "extra": ["--scrub-preview=no"]},
    # Sextants and octants are read at kitty's 8x16 pixels a cell, each glyph as kitty draws it,
    # then averaged to 2x2 a cell like the others (the 2x2 model draws them as background).
    "reel-sextant": {"frames": vt.SYNC, "blitter": "sextant", "cell": (8, 16)},
    "reel-octant": {"frames": vt.SYNC, "blitter": "octant", "cell": (8, 16)},
}


def decode_screens(chunks, columns, rows, player):
    """A run's screens at 2x2 display pixels a cell, whatever the player's glyphs."""
    cell = PLAYERS[player].get("cell")
    if cell is None:
        return vt.decode(chunks, columns, rows, PLAYERS[player]["frames"])
    frames = []
    w, h = cell

    def reduce(frame):
        image = frame.image.reshape(rows * 2, h // 2, columns * 2, w // 2, 3).astype(np.float32).mean(axis=(1, 3))
        frames.append(vt.Frame(frame.time, frame.offset, np.rint(image).astype(np.uint8)))

    vt.decode(chunks, columns, rows, PLAYERS[player]["frames"], on_frame=reduce, cell=cell)
    return frames


def command_for(player, reel, clip, columns, rows):
    if player == "tct":
        return tct_command(clip, columns, rows)
    return reel_command(reel, clip, PLAYERS[player]["blitter"], PLAYERS[player].get("extra", ()))


STATS = re.compile(r"reel stats: frames shown (\d+) dropped (\d+) source (\S+) bytes (\d+)"
                   r" encode_ms median ([\d.]+) p95 ([\d.]+) max_rss_kib (\d+)"
                   r"(?: render_ms median ([\d.]+) p95 ([\d.]+))?(?: tolerance_max (\d+))?")


def reel_stats(stderr):
    m = STATS.search(stderr)
    if not m:
        return None
    return {"shown": int(m.group(1)), "dropped": int(m.group(2)),
            "source": int(m.group(3)) if m.group(3).isdigit() else None, "bytes": int(m.group(4)),
            "encode_median_ms": float(m.group(5)), "encode_p95_ms": float(m.group(6)),
            "max_rss_kib": int(m.group(7)),
            "render_median_ms": float(m.group(8)) if m.group(8) else None,
            "render_p95_ms": float(m.group(9)) if m.group(9) else None,
            "tolerance_max": int(m.group(10)) if m.group(10) else None}


def clip_info(clip):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
                          "-show_entries", "stream=nb_read_frames,r_frame_rate", "-of", "json", clip],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    stream = json.loads(out)["streams"][0]
    num, den = stream["r_frame_rate"].split("/")
    fps = float(num) / float(den)
    frames = int(stream["nb_read_frames"])
    size = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=width,height", "-of", "csv=p=0", clip],
                          check=True, stdout=subprocess.PIPE, text=True).stdout.strip().split(",")
    return {"fps": fps, "frames": frames, "duration": frames / fps, "aspect": int(size[0]) / int(size[1])}


def expected_area(columns, rows, aspect):
    """Where the video belongs on a terminal of 1:2 cells, in display pixels (2 x 2 a cell)."""
    # In units of a cell's width, the screen is `columns` wide and 2 x `rows` tall.
    width, height = columns, columns / aspect
    if height > 2 * rows:
        width, height = 2 * rows * aspect, 2 * rows
    x0 = (columns - width)  # display pixels: 2 a unit across, 1 a unit down
    y0 = (2 * rows - height) / 2
    return x0, y0, x0 + 2 * width, y0 + height


def geometry_matches(area, expected, slack=4):
    """Whether a detected video area is where it belongs, within `slack` display pixels."""
    return area is not None and all(abs(a - e) <= slack for a, e in zip(area, expected))


# MARK: The matrix: every player at every size on every clip


def analyse(result, player, columns, rows, clip, info, cache):
    frames = decode_screens(result.chunks, columns, rows, player)
    area = fidelity.video_area(frames)
    expected = expected_area(columns, rows, info["aspect"])
    # A CPU time of 0 means GNU time's figures were not read: none rather than a perfect score.
    row = {"bytes": result.bytes, "bytes_per_s": result.bytes / info["duration"], "cpu": result.cpu or None,
           "user": result.user, "sys": result.sys, "max_rss_kib": result.max_rss_kib,
           "tmux_cpu": result.terminal_cpu, "exit": result.exit_code, "timed_out": result.timed_out,
           "screens": len(frames), "area": area, "expected_area": expected,
           "geometry_ok": geometry_matches(area, expected)}
    if area:
        x0, y0, x1, y1 = area
        source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
        matches = fidelity.match_frames(frames, area, source)
        # PSNR leaves out the first half second, where reel's controls fade out over the video.
        settled = [m for m in matches if matches and m.time >= matches[0].time + 0.5]
        summary = fidelity.summarise(matches)
        row.update(psnr=fidelity.summarise(settled)["psnr"], shown=summary["distinct"],
                   shown_share=summary["distinct"] / info["frames"])
        row["first_frame_s"] = matches[0].time - result.start if matches else None
    if player != "tct":
        row["stats"] = reel_stats(result.stderr)
    return row


def run_matrix(args, reel, workdir, cache):
    """Every player at every size on every clip, `args.repeats` times (the report takes medians),
    the players' order turned round on each repeat."""
    results = []
    for clip_name in args.clips:
        clip = clip_path(clip_name, args.out)
        info = clip_info(clip)
        for size in args.sizes:
            columns, rows = size
            for repeat in range(args.repeats):
                order = args.players if repeat % 2 == 0 else args.players[::-1]
                for player in order:
                    log(f"{clip_name} {columns}x{rows} {player} (run {repeat + 1} of {args.repeats})")
                    run = TmuxRun(columns, rows, os.path.join(workdir, "run"))
                    env = {}
                    trace = os.path.join(args.out, "traces", f"{clip_name}-{columns}x{rows}-{player}-{repeat + 1}.trace")
                    if args.trace and player != "tct":
                        os.makedirs(os.path.dirname(trace), exist_ok=True)
                        if os.path.exists(trace):
                            os.unlink(trace)
                        env["REEL_TRACE"] = trace
                    result = run.run(command_for(player, reel, clip, columns, rows), env=env,
                                     timeout=info["duration"] + 30)
                    row = analyse(result, player, columns, rows, clip, info, cache)
                    row.update(clip=clip_name, columns=columns, rows=rows, player=player, repeat=repeat,
                               source_frames=info["frames"], duration=info["duration"])
                    results.append(row)
                    log("  " + ", ".join(f"{k}={_short(row[k])}" for k in
                                         ("bytes", "cpu", "tmux_cpu", "psnr", "shown", "first_frame_s") if k in row))
    return results


def _short(value):
    return f"{value:.3f}" if isinstance(value, float) else str(value)


# MARK: Offline: bytes and fidelity of every frame, none dropped

# reel's renderer before this round's work: a fixed tolerance of 2 spent as it was then.
BEFORE = {"budget": 0, "tolerance": 2, "skip": 0.5, "pen": 0.5, "blank": 1, "blank_min": 0, "smooth_cap": 255,
          "detail": 0, "hysteresis": 1}
# What each technique adds, one after the other, to reel's defaults ({}): the byte budget alone
# (with the old way of spending the tolerance), then the new shares of it, then the smooth-area
# cap with masking by local detail as first set (half a level per level of contrast above 8), then
# masking as reel sets it (a level per level above 4); and hysteresis, which the bench left out.
TECHNIQUES = (
    ("before (t = 2)", BEFORE),
    ("+ byte budget", {"skip": 0.5, "pen": 0.5, "blank": 1, "blank_min": 0, "smooth_cap": 255, "detail": 0}),
    ("+ shares (blank ½ t, pen ¾ t)", {"smooth_cap": 255, "detail": 0}),
    ("+ smooth cap, masking ½ above 8", {"detail": 0.5, "detail_floor": 8}),
    ("+ masking 1 above 4 (reel)", {}),
    ("+ hysteresis 1.5 (not kept)", {"hysteresis": 1.5}),
)
# The players of the offline part: (label, player, renderer settings).
OFFLINE_PLAYERS = (
    ("tct", "tct", None),
    ("reel-half", "reel-half", {}),
    ("reel-exact", "reel-half", {"budget": 0, "tolerance": 0}),
    ("reel-before", "reel-half", BEFORE),
    ("reel-quadrant", "reel-quadrant", {}),
)
# The budgets (shares of a plain full redraw) of the rate-distortion curves.
RD_BUDGETS = (0.15, 0.25, 0.338, 0.45, 0.6)


def _offline_job(job):
    tool, clip_name, clip, info, columns, rows, cache, label, player, settings, extra = job
    row = offline.run_offline_one(tool, clip, info, columns, rows, cache, player, settings)
    row.update(clip=clip_name, columns=columns, rows=rows, player=label, settings=settings, **extra)
    return row


def _run_jobs(jobs, count):
    """Runs offline jobs, `count` at a time (they are not timed, so they may share the cores)."""
    results = []
    if count <= 1:
        for job in jobs:
            results.append(_offline_job(job))
            _log_offline(results[-1])
        return results
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(count) as pool:
        for row in pool.imap(_offline_job, jobs):
            results.append(row)
            _log_offline(row)
    return results


def _log_offline(row):
    log(f"offline {row['clip']} {row['columns']}x{row['rows']} {row['player']} {row.get('label', '')}: "
        + ", ".join(f"{k}={_short(row[k])}" for k in ("bytes", "psnr", "cell_error_p99", "smooth_stale_ms")))


def _prepare(args, tool, cache, clip_name, columns, rows):
    """Makes the cached inputs of one clip and size once, before jobs share them."""
    clip = clip_path(clip_name, args.out)
    info = clip_info(clip)
    for blitter in ("half", "quadrant"):
        width, height = offline.pixel_size(columns, rows, blitter)
        offline.decoded_frames(tool, clip, width, height, offline.pixel_aspect(blitter), cache, blitter=blitter)
    offline.tct_stream(clip, columns, rows, cache)
    return clip, info


def run_offline(args, tool, cache):
    """Bytes, PSNR and the local measures of tct and reel on every frame of every clip and size."""
    jobs = []
    for clip_name in args.clips:
        for columns, rows in args.sizes:
            clip, info = _prepare(args, tool, cache, clip_name, columns, rows)
            for label, player, settings in OFFLINE_PLAYERS:
                jobs.append((tool, clip_name, clip, info, columns, rows, cache, label, player, settings, {}))
    return _run_jobs(jobs, args.jobs)


def _target_size_jobs(args, tool, cache, variants):
    """Offline jobs of reel's half blocks for each of `variants` ((settings, extra figures)) on
    every clip, at the target sizes."""
    jobs = []
    for clip_name in args.clips:
        for columns, rows in [s for s in args.sizes if s in ((120, 40), (200, 60))]:
            clip, info = _prepare(args, tool, cache, clip_name, columns, rows)
            for settings, extra in variants:
                jobs.append((tool, clip_name, clip, info, columns, rows, cache, "reel-half", "reel-half", settings, extra))
    return _run_jobs(jobs, args.jobs)


def run_techniques(args, tool, cache):
    """reel's half blocks with each technique added in turn, at the target sizes."""
    return _target_size_jobs(args, tool, cache, [(settings, {"label": label, "step": k})
                                                 for k, (label, settings) in enumerate(TECHNIQUES)])


def run_rd(args, tool, cache):
    """Rate–distortion: reel's half blocks at a range of byte budgets, at the target sizes."""
    return _target_size_jobs(args, tool, cache, [({"budget": b}, {"budget": b}) for b in RD_BUDGETS])


# MARK: Film-sized sources


# mpv's options for small outputs, each measured on its own over reel's defaults (offline: every
# frame decoded and scaled as reel asks, untimed), as NAME=VALUE;NAME=VALUE.
DECODE_VARIANTS = (
    ("reel's defaults", ""),
    ("vd-lavc-fast", "vd-lavc-fast=yes"),
    ("vd-lavc-skiploopfilter=all", "vd-lavc-skiploopfilter=all"),
    ("vd-lavc-threads=1", "vd-lavc-threads=1"),
    ("vd-lavc-threads=4", "vd-lavc-threads=4"),
    ("zimg-scaler=bilinear", "zimg-scaler=bilinear;zimg-scaler-chroma=bilinear"),
    ("swscale area", "sws-allow-zimg=no;sws-scaler=area"),
)


def _cpu_of(command, env=None):
    """User + system CPU seconds of a command run to its end, from wait4."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def run_filmsize(args, reel, tool, workdir, cache, repeats=3):
    """CPU per second of video on the film-sized clips: mpv's decoding and scaling alone with each
    option for small outputs (offline, every frame), then reel against mpv --vo=tct in tmux with
    the sound decoded (to ao=null) so that both keep sync with it, as a player does."""
    out = {"decode": [], "tmux": []}
    columns, rows = 120, 40
    for clip_name in BIG:
        clip = clip_path(clip_name, args.out)
        info = clip_info(clip)
        for label, options in DECODE_VARIANTS:
            figures = []
            for _ in range(repeats):
                target = os.path.join(workdir, "decode.rgb")
                figures.append(_cpu_of(offline.decode_command(tool, clip, columns, 2 * rows, 1, target, "half"),
                                       env={"RENDERBENCH_MPV": options}))
            out["decode"].append({"clip": clip_name, "variant": label, "options": options, "runs": figures,
                                  "cpu_per_s": statistics.median(figures) / info["duration"]})
            log(f"film-size decode {clip_name} {label}: {statistics.median(figures) / info['duration']:.3f} CPU s/s")
        # tct decodes the sound too here, as reel's --no-audio does (into ao=null).
        players = (("tct", tct_command(clip, columns, rows, audio=True)),
                   ("reel-half", reel_command(reel, clip)))
        for repeat in range(repeats):
            for player, command in players if repeat % 2 == 0 else players[::-1]:
                log(f"film-size {clip_name} {player} (run {repeat + 1} of {repeats})")
                result = TmuxRun(columns, rows, os.path.join(workdir, "run")).run(command, timeout=info["duration"] + 30)
                frames = vt.decode(result.chunks, columns, rows, PLAYERS[player]["frames"])
                row = {"clip": clip_name, "player": player, "repeat": repeat, "cpu": result.cpu or None,
                       "tmux_cpu": result.terminal_cpu, "bytes": result.bytes, "duration": info["duration"],
                       "source_frames": info["frames"]}
                row.update({k: v for k, v in _lags(frames, clip, info, cache).items() if k != "last_screen"})
                if player != "tct":
                    row["stats"] = reel_stats(result.stderr)
                out["tmux"].append(row)
                log("  " + ", ".join(f"{k}={_short(row.get(k))}" for k in ("cpu", "tmux_cpu", "shown", "max_lag_s")))
    return out


# MARK: Seek latency


def run_seeks(args, reel, workdir, cache, count):
    """Double taps on long.mp4 at 120x40: from the key's bytes reaching reel (its trace) to the
    terminal receiving the first screen that shows a frame at the new position."""
    clip = os.path.join(SAMPLES, "long.mp4")
    info = clip_info(clip)
    columns, rows = 120, 40
    trace = os.path.join(workdir, "seek.trace")
    if os.path.exists(trace):
        os.unlink(trace)
    start_at = 20.0

    sent = []

    def script(run, pid, result):
        time.sleep(2.0)
        for i in range(count):
            # Forward, then back, so the position stays in the middle of the clip.
            key = "Right" if i % 2 == 0 else "Left"
            sent.append((time.monotonic(), key.lower()))
            run.send_keys(key, key)
            time.sleep(1.6)
        run.send_keys("q")

    log(f"seek latency: {count} double taps on long.mp4")
    run = TmuxRun(columns, rows, os.path.join(workdir, "run"))
    result = run.run(reel_command(reel, clip, extra=[f"--start={start_at}"]), env={"REEL_TRACE": trace},
                     timeout=count * 1.6 + 30, script=script)
    events = _read_trace(trace)
    frames = vt.decode(result.chunks, columns, rows, vt.SYNC)
    area = fidelity.video_area(frames)
    x0, y0, x1, y1 = area
    source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
    fps = info["fps"]
    taps = [(t, rest) for t, name, rest in events if name == "input" and ("right" in rest or "left" in rest)]
    if not taps:
        # A reel without REEL_TRACE: time from when the keys were sent, and find the position
        # before each tap from the screen instead of the trace.
        taps = sent
        for t_key, _ in sent:
            before = [f for f in frames if f.time < t_key][-1:]
            if before:
                index = fidelity.best_match(source, before[0].image[y0:y1, x0:x1], 0, len(source))
                events.append((t_key - 1e-6, "frame", str(index / fps)))
        events.sort()
    screen_latencies = []
    trace_latencies = []
    for t_key, rest in taps:
        forward = "right" in rest
        # Where it was: the last frame reel rendered before the key, by mpv's position.
        before = [float(r) for t, n, r in events if n == "frame" and t <= t_key]
        if not before:
            continue
        target = min(max(before[-1] + (10 if forward else -10), 0), info["duration"])
        after = [f for f in frames if f.time >= t_key][:120]
        lo = int(max(min(before[-1], target) - 1, 0) * fps)
        hi = int(min(max(before[-1], target) + 2, info["duration"]) * fps)
        for frame in after:
            shown = fidelity.best_match(source, frame.image[y0:y1, x0:x1], lo, hi) / fps
            if abs(shown - target) < 0.75:
                screen_latencies.append(frame.time - t_key)
                break
        # The same from reel's own trace: the first screen sent after a frame rendered near the
        # target by mpv's position (which can come before mpv's playback-restart event).
        landed = [t for t, n, r in events if n == "frame" and t >= t_key and abs(float(r) - target) < 0.75]
        draws = [t for t, n, _ in events if n == "draw" and landed and t >= landed[0]]
        if draws:
            trace_latencies.append(draws[0] - t_key)
    return {"taps": len(taps), "measured": len(screen_latencies),
            "screen_ms": _percentiles(screen_latencies), "trace_ms": _percentiles(trace_latencies),
            "stats": reel_stats(result.stderr)}


def _percentiles(values):
    if not values:
        return None
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"median": statistics.median(ordered) * 1000, "p95": p95 * 1000, "max": ordered[-1] * 1000,
            "n": len(ordered)}


def _read_trace(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                parts = line.rstrip("\n").split(" ", 2)
                if len(parts) >= 2:
                    events.append((float(parts[0]), parts[1], parts[2] if len(parts) > 2 else ""))
    except OSError:
        pass
    return events


# MARK: Start-up


def run_startup(args, reel, workdir, cache, repeats=7):
    """Start to first frame, `repeats` times each, alternating, on the demo clip at 120x40:
    from the player's exec to the terminal receiving the first screen that shows the clip's
    first frames. One start is noisy (±50 ms on a shared machine), so the report takes medians."""
    clip = os.path.join(SAMPLES, "demo.mp4")
    columns, rows = 120, 40
    source = None
    times = {"reel-half": [], "tct": []}

    def script(run, pid, result):
        time.sleep(1.2)
        run.send_keys("q")

    for i in range(repeats):
        for player in ("tct", "reel-half") if i % 2 == 0 else ("reel-half", "tct"):
            log(f"start-up {i + 1}/{repeats}: {player}")
            result = TmuxRun(columns, rows, os.path.join(workdir, "run")).run(
                command_for(player, reel, clip, columns, rows), timeout=15, script=script)
            frames = vt.decode(result.chunks, columns, rows, PLAYERS[player]["frames"])
            area = fidelity.video_area(frames) or (0, 0, 2 * columns, 2 * rows)
            x0, y0, x1, y1 = area
            source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
            matches = fidelity.match_frames(frames, area, source[:30], first_window=(0, 30))
            if matches:
                times[player].append(matches[0].time - result.start)
    return {player: {"runs_ms": [t * 1000 for t in values], "median_ms": statistics.median(values) * 1000}
            for player, values in times.items() if values}


# MARK: Paused, memory


def run_paused(args, reel, workdir, seconds=10.0):
    """CPU of a paused player over `seconds`, for reel and for mpv tct, at 120x40."""
    clip = os.path.join(SAMPLES, "long.mp4")
    out = {}
    for player in ("reel-half", "tct"):
        figures = {}

        def script(run, pid, result):
            time.sleep(2.0)
            run.send_keys("Space")
            time.sleep(1.0)
            server = int(run.tmux("display-message", "-p", "#{pid}").strip())
            cpu0, tmux0, t0 = process_cpu(pid), process_cpu(server), time.monotonic()
            time.sleep(seconds)
            cpu1, tmux1, t1 = process_cpu(pid), process_cpu(server), time.monotonic()
            figures.update(cpu_share=(cpu1 - cpu0) / (t1 - t0), tmux_share=(tmux1 - tmux0) / (t1 - t0),
                           seconds=t1 - t0, window=(t0, t1))
            run.send_keys("q")

        log(f"paused CPU: {player}")
        command = command_for(player, reel, clip, 120, 40)
        result = TmuxRun(120, 40, os.path.join(workdir, "run")).run(command, timeout=seconds + 30, script=script)
        if "window" in figures:
            # Evidence that it was paused: what it wrote meanwhile.
            t0, t1 = figures.pop("window")
            figures["bytes"] = sum(len(c) for t, c in result.chunks if t0 <= t <= t1)
        out[player] = figures
    return out


def run_memory(args, reel, workdir, minutes):
    """reel's RSS while looping the demo clip at 120x40: sampled every 10 s for `minutes`."""
    clip = os.path.join(SAMPLES, "demo.mp4")
    samples = []

    def script(run, pid, result):
        t0 = time.monotonic()
        while time.monotonic() - t0 < minutes * 60:
            time.sleep(10 - (time.monotonic() - t0) % 10)
            rss = process_rss_kib(pid)
            if rss is None:
                return
            samples.append((round(time.monotonic() - t0), rss))
        run.send_keys("q")

    log(f"memory: {minutes} min of --loop")
    command = reel_command(reel, clip, extra=["--loop"])
    result = TmuxRun(120, 40, os.path.join(workdir, "run")).run(command, timeout=minutes * 60 + 30, script=script)
    by_time = dict(samples)
    one = by_time.get(60)
    last = samples[-1] if samples else None
    return {"samples": samples, "rss_1min_kib": one, "rss_end_kib": last[1] if last else None,
            "end_s": last[0] if last else None, "stats": reel_stats(result.stderr)}


# MARK: Slow terminal


def _lags(frames, clip, info, cache):
    """Frames shown and how far behind the clock the screens that arrived were: each screen's
    arrival since the first one's, minus its source time since the first one's."""
    area = fidelity.video_area(frames)
    if not area:
        return {}
    x0, y0, x1, y1 = area
    source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
    matches = fidelity.match_frames(frames, area, source)
    if not matches:
        return {}
    first = matches[0]
    lags = [(m.time - first.time) - (m.index - first.index) / info["fps"] for m in matches]
    return {"shown": len({m.index for m in matches}), "max_lag_s": max(lags), "end_lag_s": lags[-1],
            "last_screen": matches[-1].time, "psnr": fidelity.summarise(matches)["psnr"]}


def run_slow(args, reel, workdir, cache, rate=200_000):
    """Both players behind a pty read at `rate` bytes a second, at 120x40, on the demo clip.

    For each screen the terminal finally received, lag = (when it arrived - when the first one did)
    - (its source time - the first one's): how far the picture is behind the clock. reel's own
    dropped count comes from --stats."""
    clip = os.path.join(SAMPLES, "demo.mp4")
    info = clip_info(clip)
    columns, rows = 120, 40
    out = {}
    for player in ("reel-half", "tct"):
        log(f"slow terminal ({rate // 1000} KB/s): {player}")
        command = command_for(player, reel, clip, columns, rows)
        result = SlowPtyRun(columns, rows, rate).run(command, timeout=120)
        frames = vt.decode(result.chunks, columns, rows, PLAYERS[player]["frames"])
        row = {"bytes": result.bytes, "wall_s": result.end - result.start, "timed_out": result.timed_out}
        lags = _lags(frames, clip, info, cache)
        if "last_screen" in lags:
            lags["last_screen_s"] = lags.pop("last_screen") - result.start
        row.update(lags)
        if player != "tct":
            row["stats"] = reel_stats(result.stderr)
        out[player] = row
    return out


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    tmux = subprocess.run(["tmux", "-V"], stdout=subprocess.PIPE, text=True).stdout.strip()
    mpv = subprocess.run(["mpv", "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    os_name = platform.platform()
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    os_name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "os": os_name, "tmux": tmux.replace("tmux ", ""),
            "mpv": " ".join(mpv.split()[:2])}


def publish(report_text, plot_path, doc, image_name):
    """Puts the report between the generated-section markers of `doc` (creating it if needed)."""
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    text = open(doc).read() if os.path.exists(doc) else f"# Benchmarks\n\n{begin}\n{end}\n"
    section = f"{begin}\n{report_text}{end}"
    if begin in text and end in text:
        text = text[:text.index(begin)] + section + text[text.index(end) + len(end):]
    else:
        text += "\n" + section + "\n"
    with open(doc, "w") as f:
        f.write(text)


def publish_section(text, doc, marker):
    """Puts `text` between `<!-- marker:begin -->` and `<!-- marker:end -->` in `doc` (at its end
    when they are not there yet)."""
    begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
    current = open(doc).read() if os.path.exists(doc) else "# Benchmarks\n"
    section = f"{begin}\n{text}{end}"
    if begin in current and end in current:
        current = current[:current.index(begin)] + section + current[current.index(end) + len(end):]
    else:
        current = current.rstrip("\n") + "\n\n" + section + "\n"
    with open(doc, "w") as f:
        f.write(current)


def parse_size(text):
    columns, rows = text.lower().split("x")
    return int(columns), int(rows)


def main(argv):
    parser = argparse.ArgumentParser(prog="scripts/bench")
    parser.add_argument("--reel", required=True, help="the reel binary (a release build)")
    parser.add_argument("--tool", help="the RenderBench binary (a release build), for the offline parts")
    parser.add_argument("--out", default=os.path.join(ROOT, ".bench"), help="where runs and results go")
    parser.add_argument("--sizes", default="80x24,120x40,200x60")
    parser.add_argument("--clips", default=",".join(CLASSES))
    parser.add_argument("--players", default="tct,reel-half,reel-quadrant", help="the players of the tmux matrix")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each player in the tmux matrix (medians)")
    parser.add_argument("--jobs", type=int, default=2, help="offline runs at a time")
    parser.add_argument("--only", default="offline,techniques,rd,matrix,filmsize,startup,seeks,paused,memory,slow,pixels,"
                                          "stills,cells,scalers,blitters,tmux",
                        help="which parts to run: blitters (every reel blitter over whole clips at equal bytes, "
                             "offline at 8x16 px a cell), offline, techniques, rd, matrix, filmsize, startup, seeks, "
                             "paused, memory, slow, pixels (reel in kitty and xterm under Xvfb against timg and "
                             "mpv --vo=sixel), stills (one frame of each class through every text blitter: reel's, "
                             "timg's, chafa's and tct, offline and in kitty), cells (reel's sextants, quadrants and halves "
                             "against chafa -w 9 and timg on the stills at each kitty cell size of --cells), scalers (reel's blitters on the stills with other "
                             "mpv scalers, and mpv's CPU with each), tmux (reel's picture through tmux 3.3a and 3.5a "
                             "against straight in kitty and xterm, as screenshot PSNR, beside timg; and reel's and tmux's "
                             "CPU and frames shown, pixels against blocks through tmux), ssh (reel beside mpv --vo=tct "
                             "over a real OpenSSH session on links of --ssh-rates: pause, exit, frames a second, "
                             "the picture's age, PSNR)")
    parser.add_argument("--stills", default="", help="the stills of the stills part (default: all): "
                        + ",".join(s["name"] for s in stills.STILLS))
    parser.add_argument("--stills-screens", default="yes", choices=("yes", "no"),
                        help="whether the stills part also shows each picture in kitty (screenshots)")
    parser.add_argument("--cells", default=",".join(cellsizes.SIZES),
                        help="the cell sizes of the cells part, set by kitty's font size (default: all)")
    parser.add_argument("--cell-jobs", type=int, default=2,
                        help="cell sizes of the cells part at a time (each its own Xvfb and kitty)")
    parser.add_argument("--blitter-clips", default="photo-pan,film,detail", help="the clips of the blitters part")
    parser.add_argument("--blitter-sizes", default="120x40", help="the sizes of the blitters part")
    parser.add_argument("--blitter-shares", default=",".join(f"{v:g}" for v in blitters.SHARES),
                        help="the byte budget's shares of the blitters part")
    parser.add_argument("--blitters", default=",".join(blitters.BLITTERS), help="reel's blitters of the blitters part")
    parser.add_argument("--pixel-clips", default="demo", help="the clips of the pixel part")
    parser.add_argument("--pixel-repeats", type=int, default=3, help="runs of each player in the pixel part (medians)")
    parser.add_argument("--tmux-stills", default=",".join(tmuxbench.STILL_NAMES), help="the stills of the tmux part")
    parser.add_argument("--tmux-routes", default=",".join(tmuxbench.ROUTES),
                        help="the tmux part's routes: direct, tmux 3.3a, tmux 3.5a")
    parser.add_argument("--tmux-sizes", default=",".join(f"{c}x{r}" for c, r in tmuxbench.PLAY_SIZES),
                        help="the sizes of the tmux part's playback")
    parser.add_argument("--tmux-parts", default="stills,playback", help="the tmux part's halves: stills, playback")
    parser.add_argument("--tmux-terminals", default=",".join(tmuxbench.TERMINALS), help="the tmux part's terminals")
    parser.add_argument("--ssh-rates", default=",".join(sshbench.RATES),
                        help="the links of the ssh part (as tc writes rates): 800kbit, 8mbit, 80mbit")
    parser.add_argument("--ssh-kitty-rates", default="8mbit,80mbit",
                        help="the links of the ssh part's kitty runs (reel's pixels, no shared memory); empty: none")
    parser.add_argument("--ssh-players", default=",".join(sshbench.PLAYERS),
                        help="the players of the ssh part: reel, tct, reel-tmux")
    parser.add_argument("--ssh-repeats", type=int, default=1, help="runs of each player and link in the ssh part (medians)")
    parser.add_argument("--ssh-reels", default="",
                        help="NAME=PATH,NAME=PATH: reels to compare in the ssh part, each run in turn within a repeat "
                             "(an A/B under the same load); default: --reel alone")
    parser.add_argument("--seeks", type=int, default=20, help="how many double taps to time")
    parser.add_argument("--long", action="store_true", help="also the 10-minute memory soak")
    parser.add_argument("--trace", action="store_true",
                        help="keep reel's REEL_TRACE of each matrix run in OUT/traces/")
    parser.add_argument("--publish", action="store_true", help="write docs/benchmarks.md's results and plot")
    parser.add_argument("--command", default="scripts/bench", help="the command line, for the report")
    parser.add_argument("--from", dest="source",
                        help="an earlier run's results.json: report on it, after running only the parts "
                             "given with --only (which replace its own)")
    given = {a.split("=")[0] for a in argv}
    args = parser.parse_args(argv)
    args.sizes = [parse_size(s) for s in args.sizes.split(",") if s]
    args.clips = [c for c in args.clips.split(",") if c]
    args.players = [p for p in args.players.split(",") if p]
    parts = set(args.only.split(","))
    if args.long:
        parts.add("memory_long")
    os.makedirs(args.out, exist_ok=True)
    cache = os.path.join(args.out, "source-cache")
    workdir = os.path.join(args.out, "work")
    if args.source:
        with open(args.source) as f:
            results = json.load(f)
        if "--only" not in given:
            parts = set()
    else:
        results = {"date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), "machine": machine(),
                   "command": args.command}
    if parts & {"offline", "techniques", "rd", "filmsize", "stills", "blitters"} and not args.tool:
        raise SystemExit("bench: the offline parts need --tool (RenderBench)")
    offline_cache = os.path.join(args.out, "offline-cache")
    if "offline" in parts:
        results["offline"] = run_offline(args, args.tool, offline_cache)
    if "scalers" in parts:
        names = [n for n in args.stills.split(",") if n]
        results["scalers"] = stills.run_scalers(args, args.tool, workdir, os.path.join(args.out, "source-cache"), names)
        results["scalers"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                                  command=args.command, load=os.getloadavg()[0])
    if "blitters" in parts:
        blitter_args = argparse.Namespace(clips=[c for c in args.blitter_clips.split(",") if c], out=args.out,
                                          sizes=[parse_size(s) for s in args.blitter_sizes.split(",") if s],
                                          blitter_shares=args.blitter_shares, blitters=args.blitters)
        results["blitters"] = blitters.run_blitters(blitter_args, args.tool, offline_cache, clip_path, clip_info)
        results["blitters"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                                   command=args.command, load=os.getloadavg()[0])
    if "techniques" in parts:
        results["techniques"] = run_techniques(args, args.tool, offline_cache)
    if "rd" in parts:
        results["rd"] = run_rd(args, args.tool, offline_cache)
    if "matrix" in parts:
        results["matrix"] = run_matrix(args, args.reel, workdir, cache)
    if "filmsize" in parts:
        results["filmsize"] = run_filmsize(args, args.reel, args.tool, workdir, cache)
    if "startup" in parts:
        results["startup"] = run_startup(args, args.reel, workdir, cache)
    if "seeks" in parts:
        results["seeks"] = run_seeks(args, args.reel, workdir, cache, args.seeks)
    if "paused" in parts:
        results["paused"] = run_paused(args, args.reel, workdir)
    if "memory" in parts:
        results["memory"] = run_memory(args, args.reel, workdir, 1)
    if "memory_long" in parts:
        results["memory_long"] = run_memory(args, args.reel, workdir, 10)
    if "slow" in parts:
        results["slow"] = run_slow(args, args.reel, workdir, cache)
    if "pixels" in parts:
        results["machine"].update(pixels.versions(), load=os.getloadavg()[0])
        # The pixel part may run later than the rest, into an earlier run's results (--from).
        results["pixels_date"] = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
        results["pixels_command"] = args.command
        pixel_args = argparse.Namespace(clips=[c for c in args.pixel_clips.split(",") if c], samples=SAMPLES,
                                        repeats=args.pixel_repeats)
        results["pixels"] = pixels.run_pixels(pixel_args, args.reel, workdir, cache, clip_info)
    if "stills" in parts:
        names = [n for n in args.stills.split(",") if n]
        results["stills"] = stills.run_stills(args, args.tool, workdir, os.path.join(args.out, "source-cache"), names,
                                              screenshots=args.stills_screens == "yes")
        results["stills"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                                 command=args.command, load=os.getloadavg()[0])
    if "cells" in parts:
        names = [n for n in args.stills.split(",") if n]
        results["cells"] = cellsizes.run_cells(args.tool, workdir, os.path.join(args.out, "source-cache"),
                                           [c for c in args.cells.split(",") if c], names,
                                           screenshots=args.stills_screens == "yes", jobs=args.cell_jobs)
        results["cells"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                                command=args.command, load=os.getloadavg()[0])
    if "tmux" in parts:
        results["tmux"] = tmuxbench.run_tmux(tmuxbench.namespace(args), args.reel, workdir, cache)
        results["tmux"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                               command=args.command)
    if "ssh" in parts:
        results["ssh"] = sshbench.run_ssh(args, args.reel, workdir, cache, clip_info, decode_screens)
        results["ssh"].update(date=datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
                              command=args.command)
    if parts:
        with open(os.path.join(args.out, "results.json"), "w") as f:
            json.dump(results, f, indent=1)
    blocks = any(results.get(part) for part in ("offline", "techniques", "rd", "matrix", "filmsize", "startup", "seeks",
                                                "paused", "memory", "slow"))
    text = report(results, results.get("command", args.command)) if blocks else ""
    pixel_text = pixels.report(results)
    stills_text = stills.report(results)
    blitters_text = blitters.report(results)
    scalers_text = stills.scalers_report(results)
    cells_text = cellsizes.report(results)
    tmux_text = tmuxbench.report(results["tmux"]) if results.get("tmux") else ""
    ssh_text = sshbench.report(results["ssh"]) if results.get("ssh") else ""
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(text + pixel_text + stills_text + cells_text + scalers_text + blitters_text + tmux_text + ssh_text)
    if results.get("rd"):
        plot(results, os.path.join(args.out, "benchmarks.png"))
    if stills_text:
        stills.plot(results, os.path.join(args.out, "stills.png"))
    print(text + pixel_text + stills_text + cells_text + scalers_text + blitters_text + tmux_text + ssh_text)
    if args.publish:
        doc = os.path.join(ROOT, "docs", "benchmarks.md")
        if blocks:
            publish(text, os.path.join(args.out, "benchmarks.png"), doc, "benchmarks.png")
        if pixel_text:
            publish_section(pixel_text, doc, "bench:pixels")
        if stills_text:
            publish_section(stills_text, doc, "bench:stills")
            os.replace(os.path.join(args.out, "stills.png"), os.path.join(ROOT, "docs", "stills.png"))
        if cells_text:
            publish_section(cells_text, doc, "bench:cells")
        if scalers_text:
            publish_section(scalers_text, doc, "bench:scalers")
        if blitters_text:
            publish_section(blitters_text, doc, "bench:blitters")
        if tmux_text:
            publish_section(tmux_text, doc, "bench:tmux")
        if ssh_text:
            publish_section(ssh_text, doc, "bench:ssh")
        if results.get("rd"):
            os.replace(os.path.join(args.out, "benchmarks.png"), os.path.join(ROOT, "docs", "benchmarks.png"))
        log(f"wrote {doc}")


if __name__ == "__main__":
    main(sys.argv[1:])
