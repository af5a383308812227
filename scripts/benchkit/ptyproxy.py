#!/usr/bin/env python3
"""Runs a player on a pty of its own inside a real terminal, and records what it writes.

    ptyproxy.py OUTDIR -- PLAYER ARGS...

The proxy sits between the terminal (its own stdin and stdout) and the player: the player's
bytes go to the terminal unchanged and, stamped with CLOCK_MONOTONIC, to OUTDIR/rec (the format
of record.py); the terminal's bytes (keys, replies) go to the player. The player's pty has the
terminal's size, in cells and pixels. When kitty is told to read an image from shared memory
(`t=s`), the object is hard-linked under /dev/shm before the command is passed on, so that it
survives kitty removing it and the bench can decode it; from a file (`t=f`, which the player
writes again for a later frame), the file's bytes are copied there instead (OUTDIR/shm lists
the names or paths and their keeps).

It waits for a line on the FIFO OUTDIR/go (when there is one) before it starts the player, so
that the terminal's own start-up is not counted, and writes the terminal's size (columns, rows,
pixel width and height) to OUTDIR/size.

When the player exits, its exit status and CPU (user + system, from wait4) go to OUTDIR/rc
and OUTDIR/time, and the proxy keeps the terminal open until it is killed, so that the bench
can read the terminal's own CPU first.
"""
import base64
import fcntl
import os
import re
import select
import signal
import struct
import sys
import termios
import time
import tty

KITTY_SHM = re.compile(rb"\x1b_G([^;\x1b]*t=[sf][^;\x1b]*);([A-Za-z0-9+/=]+)\x1b\\")


def main(outdir, argv):
    os.makedirs(outdir, exist_ok=True)
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    rows, columns, xpixels, ypixels = struct.unpack("HHHH", size)
    with open(os.path.join(outdir, "size"), "w") as f:
        f.write(f"{columns} {rows} {xpixels} {ypixels}\n")
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    go = os.path.join(outdir, "go")
    if os.path.exists(go):
        with open(go) as f:
            f.readline()
    pid, master = os.forkpty()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(argv[0], argv)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    rec = open(os.path.join(outdir, "rec"), "wb")
    links = open(os.path.join(outdir, "shm"), "w")
    tail = b""
    linked = 0
    status = None
    start = time.monotonic()
    while True:
        try:
            readable, _, _ = select.select([0, master], [], [], 0.5)
        except InterruptedError:
            continue
        if 0 in readable:
            data = os.read(0, 65536)
            if data:
                os.write(master, data)
        if master in readable:
            try:
                data = os.read(master, 1 << 20)
            except OSError:
                data = b""
            if not data:
                break
            now = time.monotonic()
            # kitty removes a shared-memory image once it has read it: keep a link first.
            scan = tail + data
            for match in KITTY_SHM.finditer(scan):
                name = base64.b64decode(match.group(2)).decode(errors="replace")
                keys = dict(k.split(b"=", 1) for k in match.group(1).split(b",") if b"=" in k)
                keep = f"/dev/shm/bench-{os.getpid()}-{linked}"
                try:
                    if keys.get(b"t") == b"f":
                        with open(name, "rb") as source, open(keep, "wb") as copy:
                            copy.write(source.read(int(keys.get(b"S", b"0")) or -1))
                    else:
                        os.link("/dev/shm" + name, keep)
                    links.write(f"{name} {keep}\n")
                    linked += 1
                except OSError:
                    pass
            tail = scan[-256:] if KITTY_SHM.search(scan[-256:]) is None else b""
            rec.write(struct.pack("<dI", now, len(data)))
            rec.write(data)
            view = memoryview(data)
            while view:
                try:
                    n = os.write(1, view)
                except BlockingIOError:
                    select.select([], [1], [])
                    continue
                view = view[n:]
        if status is None:
            waited, code, usage = os.wait4(pid, os.WNOHANG)
            if waited:
                status = (code, usage)
    if status is None:
        _, code, usage = os.wait4(pid, 0)
        status = (code, usage)
    code, usage = status
    end = time.monotonic()
    rec.close()
    links.close()
    with open(os.path.join(outdir, "time"), "w") as f:
        f.write(f"{usage.ru_utime} {usage.ru_stime} {usage.ru_maxrss} {start} {end}\n")
    with open(os.path.join(outdir, "rc.tmp"), "w") as f:
        f.write(str(os.waitstatus_to_exitcode(code)))
    os.replace(os.path.join(outdir, "rc.tmp"), os.path.join(outdir, "rc"))
    termios.tcsetattr(0, termios.TCSANOW, saved)
    signal.pause()


if __name__ == "__main__":
    out = sys.argv[1]
    args = sys.argv[2:]
    if args and args[0] == "--":
        args = args[1:]
    main(out, args)
