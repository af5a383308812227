// A child process for TerminalTests' pty tests: it enters a TerminalSession on its controlling
// terminal and then does what its argument says, so the test can end it in every way and check
// that the terminal was restored.
//
//   TerminalProbe loop    poll the self-pipe and the tty like the app's main loop; handle signals
//                         (terminate → exitAfterRestore, suspend → suspend()); on input 'q' quit, 'c'
//                         crash with SIGSEGV, 'a' abort(), 'f' fatalError(), 'e' exit through a thrown error
//   TerminalProbe stuck   never read the self-pipe, so a second terminating signal must act alone
//   TerminalProbe marked  loop, with a command for a fatal signal's handler that makes the file
//                         /tmp/reel-probe-mark-<pid> (the undo of what a run changed outside the tty)
//   TerminalProbe shell   a tiny job-control shell: runs `TerminalProbe loop` as a foreground job in
//                         its own process group, prints SHELL-CHILD <pid>, SHELL-STOPPED when the job
//                         stops, continues it in the foreground on a line "fg", and exits with its status
//
// Before entering, it waits for a line on stdin so the test can read the pty's termios first
// (a job started by `shell` skips that: its second argument is "nowait").
// It prints PROBE-READY once the session is entered, and PROBE-RESUMED after a suspend.
#if canImport(Glibc)
import Glibc
#endif
import Terminal

struct ProbeError: Error {}

func say(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}

func waitForGo() {
    var byte: UInt8 = 0
    while read(0, &byte, 1) == 1 && byte != 0x0A {}
}

func runLoop(_ session: TerminalSession) throws {
    var input: [UInt8] = []
    while true {
        var fds = [
            pollfd(fd: session.signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: session.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, -1)
        for signal in session.pendingSignals() {
            switch signal {
            case .terminate(let number):
                session.exitAfterRestore(signal: number)
            case .suspend:
                if try session.suspend() { say("PROBE-RESUMED") }
            case .resume:
                try session.resume()
            case .resize:
                break
            }
        }
        input.removeAll()
        guard try session.readInput(into: &input) != nil else { return }
        for byte in input {
            switch byte {
            case UInt8(ascii: "q"): return
            case UInt8(ascii: "c"): UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
            case UInt8(ascii: "a"): abort()
            case UInt8(ascii: "f"): fatalError("probe asked to trap")
            case UInt8(ascii: "e"): throw ProbeError()
            case 0x1A: if try session.suspend() { say("PROBE-RESUMED") }
            default: break
            }
        }
    }
}

/// Runs `TerminalProbe loop nowait` as a foreground job and gives it job control, as a shell does.
func runShell() -> Never {
    signal(SIGTTOU, SIG_IGN)  // taking the terminal back from a stopped job must not stop the shell
    signal(SIGTSTP, SIG_IGN)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGTTOU)
    sigaddset(&defaults, SIGTSTP)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let words: [String] = [CommandLine.arguments[0], "loop", "nowait"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    var child: pid_t = 0
    guard posix_spawn(&child, CommandLine.arguments[0], nil, &attributes, arguments, environ) == 0 else { exit(126) }
    _ = setpgid(child, child)
    say("SHELL-CHILD \(child)\n")  // before the job can print anything: it waits for the foreground
    _ = tcsetpgrp(0, child)
    while true {
        var status: Int32 = 0
        guard waitpid(child, &status, WUNTRACED) == child else { continue }
        if status & 0xFF == 0x7F {  // stopped
            _ = tcsetpgrp(0, getpgrp())
            say("SHELL-STOPPED\n")
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(0, &byte, 1) == 1 && byte != 0x0A { line.append(byte) }
            _ = tcsetpgrp(0, child)
            kill(-child, SIGCONT)
            continue
        }
        let low = status & 0x7F
        exit(low == 0 ? (status >> 8) & 0xFF : 128 + low)
    }
}

let mode = CommandLine.arguments.dropFirst().first ?? "loop"
var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
_ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)  // the crash cases must not leave core files behind
if CommandLine.arguments.dropFirst(2).first != "nowait" {
    waitForGo()
} else {
    // A job: wait until the shell has given it the terminal, or touching the termios would stop it.
    while tcgetpgrp(0) != getpgrp() { usleep(1000) }
}
if mode == "shell" { runShell() }
do {
    let session = try TerminalSession()
    defer { session.restore() }
    try session.enter()
    if mode == "marked" { TerminalSession.runOnFatalSignal(command: ["touch", "/tmp/reel-probe-mark-\(getpid())"]) }
    say("PROBE-READY")
    if mode == "stuck" {
        while true { usleep(1000) }
    }
    try runLoop(session)
} catch {
    exit(1)
}
exit(0)
