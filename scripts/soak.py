"""Drives reel with random input in tmux for a while and checks that nothing leaks or breaks.

Usage: soak.py REEL FILE MINUTES
SOAK_ARGS (words split on spaces) adds options to reel's command line; SOAK_SEED picks the input.
Its figures (RSS, threads, descriptors) are sampled every 30 s and printed as a series, so that a
step (a part made once, such as the scrub preview's decoder) can be told from a steady climb.
"""
import os
import random
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


script = (f"stty -g > {work}/before; \"$@\" 2> {work}/stderr; echo $? > {work}/rc.tmp; "
          f"stty -g > {work}/after; mv {work}/rc.tmp {work}/rc; exec sleep 100000")
tmux("new-session", "-d", "-s", "soak", "-x", "100", "-y", "30", "env", "TERM=tmux-256color", "COLORTERM=truecolor",
     "sh", "-c", script, "sh", reel, "--loop", "--no-audio", *os.environ.get("SOAK_ARGS", "").split(), media)
time.sleep(1.5)
shell = tmux("display-message", "-p", "-t", "soak", "#{pane_pid}", capture=True).strip()
pid = int(subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()[0])

keys = ["Space", "k", "j", "l", "Left", "Right", "Up", "Down", "m", "c", "Tab", "?", "Home", "End", ",", ".",
        "0", "3", "5", "9", "Left Left", "Right Right", "Right Right Right", "PageUp", "PageDown", "g", "F5", "a"]
width, height = 100, 30
start = time.monotonic()
end = start + minutes * 60
at_minute = None
series = []
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
    if at_minute is None and time.monotonic() - start >= min(60, minutes * 60 / 2):
        at_minute = figures(pid)
    if time.monotonic() - start >= 30 * len(series):
        series.append(figures(pid))
    time.sleep(random.uniform(0.05, 0.5))

alive = not os.path.exists(f"{work}/rc")
final = figures(pid) if alive else None
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
if at_minute and final:
    growth = final["rss_kib"] - at_minute["rss_kib"]
    print(f"soak: at minute 1 {at_minute}; at the end {final}; RSS growth {growth} KiB")
print("soak: every 30 s, RSS KiB / threads / descriptors: "
      + ", ".join(f"{f['rss_kib']}/{f['threads']}/{f['fds']}" for f in series))
print(f"soak: tty restored {restored}; modes {modes}")
ok = (alive and code == "0" and restored and modes == {"alternate_on": "0", "cursor_flag": "1", "mouse_any_flag": "0"}
      and at_minute and final and final["rss_kib"] - at_minute["rss_kib"] < 5 * 1024
      and final["fds"] == at_minute["fds"] and abs(final["threads"] - at_minute["threads"]) <= 1)
if stderr.strip():
    print("soak: stderr:", stderr.strip()[:500])
print("soak: PASS" if ok else "soak: FAIL")
sys.exit(0 if ok else 1)
