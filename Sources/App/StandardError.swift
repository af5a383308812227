import Glibc
import Playback

/// Keeps everything written to fd 2 by libraries (ALSA, PulseAudio, codecs) off the terminal.
///
/// Before mpv starts, fd 2 is pointed at the log file (or /dev/null), and reel keeps its own copy
/// of the real stderr for its one-line messages; ``restore()`` puts it back before reel exits.
enum StandardError {
    /// reel's own stderr: the original fd 2, kept aside.
    nonisolated(unsafe) private(set) static var descriptor: Int32 = 2
    // nonisolated(unsafe): set once on the main thread before any other thread exists, and only
    // read afterwards.

    /// Sends fd 2 to `logFile` (appending) or /dev/null, keeping the real stderr for reel.
    static func divert(to logFile: FilePath?) {
        guard descriptor == 2 else { return }
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return }
        let target = (try? FileSystem.openForAppending(logFile ?? "/dev/null")) ?? -1
        guard target >= 0 else { close(saved); return }
        // The run's first line, before anything a library writes: what lets a later run append.
        if logFile != nil { _ = writeAll(Array(LogFileCheck.runLine(processID: getpid()).utf8), to: target) }
        dup2(target, 2)
        close(target)
        descriptor = saved
    }

    /// Puts the real stderr back on fd 2.
    static func restore() {
        guard descriptor != 2 else { return }
        dup2(descriptor, 2)
        close(descriptor)
        descriptor = 2
    }
}
