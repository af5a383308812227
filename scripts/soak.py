"""Drives reel with random input in tmux for a while and checks that nothing leaks or breaks.

Usage: soak.py REEL FILE MINUTES
SOAK_ARGS (words split on spaces) adds options to reel's command line; SOAK_SEED picks the input.
Its figures (RSS, threads, descriptors) are printed every 30 s.

RSS grows in steps that are not leaks, each made once and bounded: the scrub preview's core (made
at the first hover or drag over the scrubber: about 25 MB, four threads), and the memory for the
largest picture so far, which malloc keeps once freed (the main heap's high-water mark: at
400 x 120 cells of sextants from a 720p film, +21 MiB at the first visit and +4.5 MiB more at the
second, then none). A warm-up makes them before the random input: it visits the largest size
twice, paused with the controls up, the scrubber dragged, and a while of playing, then goes
back to 100 x 30 and plays.

The verdict on memory then tells a step from a climb. RSS is sampled every 5 s from minute 1; a
climb is the median of the 5-s increments (a leak moves most of them, a step one), projected over
the run, and must stay under 5 MiB; the last third of the run must have settled (under 2 MiB).
Steps over 1 MiB are listed with their times, so that one after the warm-up is seen and explained.
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

reel, media, minutes = sys.argv[1], sys.argv[2], float(sys.argv[3])
socket = f"reel-soak-{os.getpid()}"
work = tempfile.mkdtemp(prefix="reel-soak-")
random.seed(int(os.environ.get("SOAK_SEED", "1")))


def tmux(*args, capture=False):
    command = ["tmux", "-L", socket, "-f", "/dev/null", *args]
    if capture:
        return subprocess.run(command, check=False, capture_output=True, text=True).stdout
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def proc(pid, key):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def figures(pid):
    return {"rss_kib": proc(pid, "VmRSS"), "threads": proc(pid, "Threads"), "fds": len(os.listdir(f"/proc/{pid}/fd"))}


def memory_verdict(samples, start):
    """Whether RSS, sampled as (time, KiB) every 5 s, climbs: the median 5-s increment, a minute's
    worth, over the samples' span (under 5 MiB), and what the last third of the run added (under
    2 MiB); with the steps over 1 MiB, for the record."""
    increments = [(b[0], b[1] - a[1]) for a, b in zip(samples, samples[1:])]
    span = (samples[-1][0] - samples[0][0]) / 60
    climb = statistics.median(d for _, d in increments) * 12
    tail = [rss for t, rss in samples if t >= samples[-1][0] - (samples[-1][0] - start) / 3]
    settled = tail[-1] - tail[0]
    steps = [f"{d:+d} KiB at {(t - start) / 60:.1f} min" for t, d in increments if abs(d) > 1024]
    text = (f"climb (median 5-s increment) {climb:+.0f} KiB/min, {climb * span:+.0f} KiB over {span:.1f} min; "
            f"last third {settled:+d} KiB; steps over 1 MiB: {', '.join(steps) or 'none'}")
    return climb * span < 5 * 1024 and settled < 2 * 1024, text


script = (f"stty -g > {work}/before; \"$@\" 2> {work}/stderr; echo $? > {work}/rc.tmp; "
          f"stty -g > {work}/after; mv {work}/rc.tmp {work}/rc; exec sleep 100000")
tmux("new-session", "-d", "-s", "soak", "-x", "100", "-y", "30", "env", "TERM=tmux-256color", "COLORTERM=truecolor",
     "sh", "-c", script, "sh", reel, "--loop", "--no-audio", *os.environ.get("SOAK_ARGS", "").split(), media)
time.sleep(1.5)
shell = tmux("display-message", "-p", "-t", "soak", "#{pane_pid}", capture=True).strip()
pid = int(subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()[0])


def mouse(report):
    tmux("send-keys", "-t", "soak", "-H", *[f"{b:02x}" for b in report.encode()])


def warm_up():
    """Makes the one-time parts before the baseline: the largest picture, twice, and the preview's core."""
    tmux("send-keys", "-t", "soak", "Space")  # paused: the controls come up and stay
    for _ in range(2):
        tmux("resize-window", "-t", "soak", "-x", "400", "-y", "120")
        time.sleep(1.5)
        mouse("\x1b[<0;10;119M" + "".join(f"\x1b[<32;{x};119M" for x in range(20, 390, 40)) + "\x1b[<0;390;119m")
        time.sleep(2)
        tmux("send-keys", "-t", "soak", "Space")  # plays a while at this size
        time.sleep(2)
        tmux("send-keys", "-t", "soak", "Space")
        tmux("resize-window", "-t", "soak", "-x", "100", "-y", "30")
        time.sleep(1.5)
    tmux("send-keys", "-t", "soak", "Space")


warm_up()
keys = ["Space", "k", "j", "l", "Left", "Right", "Up", "Down", "m", "c", "Tab", "?", "Home", "End", ",", ".",
        "0", "3", "5", "9", "Left Left", "Right Right", "Right Right Right", "PageUp", "PageDown", "g", "F5", "a"]
width, height = 100, 30
start = time.monotonic()
end = start + minutes * 60
at_minute = None
series = []
samples = []  # (time, RSS KiB) every 5 s from minute 1
actions = 0
while time.monotonic() < end:
    roll = random.random()
    if roll < 0.55:
        tmux("send-keys", "-t", "soak", *random.choice(keys).split())
    elif roll < 0.75:
        x, y = random.randint(1, width), random.randint(1, height)
        tmux("send-keys", "-t", "soak", "-H", *[f"{b:02x}" for b in f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m".encode()])
    elif roll < 0.85:
        y = max(height - 1, 1)
        path = f"\x1b[<0;3;{y}M" + "".join(f"\x1b[<32;{x};{y}M" for x in range(3, random.randint(4, max(width, 4)), 7))
        path += f"\x1b[<0;{random.randint(1, width)};{y}m"
        tmux("send-keys", "-t", "soak", "-H", *[f"{b:02x}" for b in path.encode()])
    elif roll < 0.92:
        button = random.choice([64, 65])
        x, y = random.randint(1, width), random.randint(1, height)
        tmux("send-keys", "-t", "soak", "-H", *[f"{b:02x}" for b in f"\x1b[<{button};{x};{y}M".encode()])
    else:
        width, height = random.choice([(1, 1), (10, 3), (400, 120)] + [(random.randint(2, 200), random.randint(2, 60))] * 6)
        tmux("resize-window", "-t", "soak", "-x", str(width), "-y", str(height))
    actions += 1
    if os.path.exists(f"{work}/rc"):
        break
    now = time.monotonic()
    if at_minute is None and now - start >= min(60, minutes * 60 / 2):
        at_minute = figures(pid)
    if now - start >= 30 * len(series):
        series.append(figures(pid))
    if at_minute and (not samples or now - samples[-1][0] >= 5):
        samples.append((now, figures(pid)["rss_kib"]))
    time.sleep(random.uniform(0.05, 0.5))

alive = not os.path.exists(f"{work}/rc")
final = figures(pid) if alive else None
if final and samples:
    samples.append((time.monotonic(), final["rss_kib"]))
tmux("resize-window", "-t", "soak", "-x", "100", "-y", "30")
time.sleep(0.5)
tmux("send-keys", "-t", "soak", "q")
deadline = time.monotonic() + 10
while not os.path.exists(f"{work}/rc") and time.monotonic() < deadline:
    time.sleep(0.1)
code = open(f"{work}/rc").read().strip() if os.path.exists(f"{work}/rc") else "none"
restored = os.path.exists(f"{work}/after") and open(f"{work}/before").read() == open(f"{work}/after").read()
modes = {name: tmux("display-message", "-p", "-t", "soak", "#{" + name + "}", capture=True).strip()
         for name in ["alternate_on", "cursor_flag", "mouse_any_flag"]}
tmux("kill-server")
stderr = open(f"{work}/stderr").read() if os.path.exists(f"{work}/stderr") else ""

print(f"soak: {minutes:g} min, {actions} random actions, alive to the end: {alive}, exit {code}")
memory_ok = False
if at_minute and final and len(samples) >= 3:
    growth = final["rss_kib"] - at_minute["rss_kib"]
    print(f"soak: at minute 1 {at_minute}; at the end {final}; RSS growth {growth} KiB")
    memory_ok, verdict = memory_verdict(samples, start)
    print("soak: " + verdict)
print("soak: every 30 s, RSS KiB / threads / descriptors: "
      + ", ".join(f"{f['rss_kib']}/{f['threads']}/{f['fds']}" for f in series))
print(f"soak: tty restored {restored}; modes {modes}")
ok = (alive and code == "0" and restored and modes == {"alternate_on": "0", "cursor_flag": "1", "mouse_any_flag": "0"}
      and memory_ok and final["fds"] == at_minute["fds"] and abs(final["threads"] - at_minute["threads"]) <= 1)
if stderr.strip():
    print("soak: stderr:", stderr.strip()[:500])
print("soak: PASS" if ok else "soak: FAIL")
sys.exit(0 if ok else 1)
