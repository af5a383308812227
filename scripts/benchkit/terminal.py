"""Runs a player in a real terminal and records what it writes, with arrival times.

`TmuxRun` plays in a pane of a private tmux server at a fixed size, with a client attached through
a pty (so tmux also draws to a client, as it does for a user), and reads the pane's output with
`pipe-pane`. `SlowPtyRun` plays on a bare pty whose reader takes at most a given number of bytes
per second: a slow terminal, or a slow link.
"""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = sys.executable
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu(pid):
    """User + system CPU seconds of a live process, or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def process_rss_kib(pid):
    """Resident memory of a live process in KiB, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def set_window_size(fd, columns, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class RunResult:
    """What one run left behind."""

    def __init__(self):
        self.chunks = []          # [(monotonic time, bytes)] as the terminal received them
        self.start = 0.0          # monotonic time the player was started
        self.end = 0.0            # monotonic time it was seen to exit
        self.user = self.sys = 0.0
        self.max_rss_kib = 0
        self.exit_code = None
        self.stderr = ""
        self.terminal_cpu = None  # CPU seconds of the tmux server during the run
        self.samples = {}         # named figures gathered by the run's script
        self.timed_out = False

    @property
    def cpu(self):
        return self.user + self.sys

    @property
    def bytes(self):
        return sum(len(c) for _, c in self.chunks)


class _Drain(threading.Thread):
    """Reads a pty master until EOF and throws the bytes away: the outer terminal of a client."""

    def __init__(self, fd):
        super().__init__(daemon=True)
        self.fd = fd
        self.count = 0

    def run(self):
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                return
            if not data:
                return
            self.count += len(data)


def _time_wrapper(workdir):
    """The pane's command: wait for the go signal, run "$@" under GNU time, note the exit code,
    then stay, so that the pane (and pipe-pane) outlive the player."""
    return (f'read -r _ < "{workdir}/go"; '
            f'/usr/bin/time -f "%U %S %M" -o "{workdir}/time" "$@" 2> "{workdir}/stderr"; '
            f'echo $? > "{workdir}/rc.tmp"; mv "{workdir}/rc.tmp" "{workdir}/rc"; exec sleep 1000000')


def _read_time(result, workdir):
    try:
        with open(f"{workdir}/time") as f:
            lines = [line for line in f.read().splitlines() if line.strip()]
        user, system, rss = lines[-1].split()[:3]
        result.user, result.sys, result.max_rss_kib = float(user), float(system), int(rss)
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"{workdir}/stderr", errors="replace") as f:
            result.stderr = f.read()
    except OSError:
        pass
    try:
        with open(f"{workdir}/rc") as f:
            result.exit_code = int(f.read().strip() or -1)
    except (OSError, ValueError):
        pass


class TmuxRun:
    """One player in a `columns` x `rows` tmux pane with a client attached."""

    def __init__(self, columns, rows, workdir, attach=True):
        self.columns = columns
        self.rows = rows
        self.workdir = workdir
        self.attach = attach
        self.socket = f"reel-bench-{os.getpid()}-{int(time.monotonic() * 1000) % 10**8}"
        os.makedirs(workdir, exist_ok=True)
        for name in ("go", "time", "stderr", "rc", "rec", "rec.ready", "rec.done"):
            try:
                os.unlink(os.path.join(workdir, name))
            except FileNotFoundError:
                pass
        os.mkfifo(os.path.join(workdir, "go"))

    def tmux(self, *args, check=True):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args], check=check,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                              text=True).stdout

    def send_keys(self, *keys):
        self.tmux("send-keys", "-t", "bench", *keys)

    def run(self, argv, env=None, timeout=60, script=None):
        """Runs `argv` in the pane; `script(run, pid, result)` may act while it plays. Returns a RunResult."""
        w = self.workdir
        environment = {"TERM": "tmux-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        environment.update(env or {})
        command = ["env"] + [f"{k}={v}" for k, v in sorted(environment.items())]
        command += ["bash", "-c", _time_wrapper(w), "bench"] + list(argv)
        self.tmux("new-session", "-d", "-s", "bench", "-x", str(self.columns), "-y", str(self.rows), *command,
                  ";", "set-option", "-g", "status", "off",
                  ";", "set-option", "-ga", "terminal-features", ",xterm-256color:RGB")
        result = RunResult()
        master = None
        client = None
        drain = None
        try:
            if self.attach:
                client, master = pty.fork()
                if client == 0:
                    set_window_size(0, self.columns, self.rows)
                    os.environ["TERM"] = "xterm-256color"
                    os.execvp("tmux", ["tmux", "-L", self.socket, "-f", "/dev/null", "attach", "-t", "bench"])
                drain = _Drain(master)
                drain.start()
            self.tmux("pipe-pane", "-O", "-t", "bench", f'exec "{PYTHON}" "{HERE}/record.py" "{w}/rec"')
            _wait_for(lambda: os.path.exists(f"{w}/rec.ready"), 10)
            time.sleep(0.3)  # let the client attach and draw its first screen
            server = int(self.tmux("display-message", "-p", "#{pid}").strip())
            pane = int(self.tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").strip())
            server_cpu = process_cpu(server)
            result.start = time.monotonic()
            with open(f"{w}/go", "w") as go:
                go.write("go\n")
            pid = _wait_for(lambda: _player_pid(pane), 5)
            if script and pid:
                script(self, pid, result)
            deadline = result.start + timeout
            while not os.path.exists(f"{w}/rc") and time.monotonic() < deadline:
                time.sleep(0.01)
            if not os.path.exists(f"{w}/rc"):
                result.timed_out = True
                if pid:
                    _kill(pid)
                _wait_for(lambda: os.path.exists(f"{w}/rc"), 5)
            result.end = time.monotonic()
            after = process_cpu(server)
            if server_cpu is not None and after is not None:
                result.terminal_cpu = after - server_cpu
            self.tmux("pipe-pane", "-t", "bench")
            _wait_for(lambda: os.path.exists(f"{w}/rec.done"), 10)
        finally:
            self.tmux("kill-server", check=False)
            if client:
                try:
                    os.waitpid(client, 0)
                except ChildProcessError:
                    pass
            if master is not None:
                os.close(master)
        _read_time(result, w)
        from record import read_chunks
        result.chunks = read_chunks(f"{w}/rec")
        return result


def _player_pid(pane):
    """The player: the child of GNU time, the child of the pane's shell."""
    for timer in children(pane):
        kids = children(timer)
        if kids:
            return kids[0]
    return None


def _wait_for(condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.005)
    return None


def _kill(pid):
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    if not _wait_for(lambda: not os.path.exists(f"/proc/{pid}"), 3):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class SlowPtyRun:
    """One player on a pty of `columns` x `rows` whose reader takes at most `rate` bytes a second."""

    def __init__(self, columns, rows, rate):
        self.columns = columns
        self.rows = rows
        self.rate = rate

    def run(self, argv, env=None, timeout=120):
        result = RunResult()
        environment = dict(os.environ)
        environment.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8",
                            "LC_ALL": "C.UTF-8"})
        environment.update(env or {})
        stderr_read, stderr_write = os.pipe()
        result.start = time.monotonic()
        pid, master = pty.fork()
        if pid == 0:
            os.close(stderr_read)
            os.dup2(stderr_write, 2)
            set_window_size(0, self.columns, self.rows)
            os.execvpe(argv[0], list(argv), environment)
        os.close(stderr_write)
        # Reads at most `burst` bytes at a time, never faster than the rate allows.
        burst = 4096
        allowance = 0.0
        last = time.monotonic()
        deadline = result.start + timeout
        errors = []
        status = None
        while True:
            now = time.monotonic()
            if now > deadline and status is None:
                result.timed_out = True
                _kill(pid)
            allowance = min(allowance + (now - last) * self.rate, burst)
            last = now
            if allowance < burst:
                time.sleep((burst - allowance) / self.rate)
                continue
            readable, _, _ = select.select([master, stderr_read], [], [], 0.05)
            if stderr_read in readable:
                data = os.read(stderr_read, 65536)
                if data:
                    errors.append(data)
            if master in readable:
                try:
                    data = os.read(master, burst)
                except OSError:
                    data = b""
                if not data:
                    break
                result.chunks.append((time.monotonic(), data))
                allowance -= len(data)
            if status is None:
                waited, code, usage = os.wait4(pid, os.WNOHANG)
                if waited:
                    status = (code, usage)
                    result.end = time.monotonic()
        if status is None:
            _, code, usage = os.wait4(pid, 0)
            status = (code, usage)
            result.end = time.monotonic()
        code, usage = status
        result.exit_code = os.waitstatus_to_exitcode(code)
        result.user, result.sys, result.max_rss_kib = usage.ru_utime, usage.ru_stime, usage.ru_maxrss
        while True:
            data = os.read(stderr_read, 65536)
            if not data:
                break
            errors.append(data)
        os.close(stderr_read)
        os.close(master)
        result.stderr = b"".join(errors).decode(errors="replace")
        return result
