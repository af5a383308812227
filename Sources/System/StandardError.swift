import Glibc

/// Keeps everything written to fd 2 by libraries (ALSA, PulseAudio, codecs) off the terminal.
///
/// Before mpv starts, fd 2 is pointed at the log file (or /dev/null), and reel keeps its own copy
/// of the real stderr for its one-line messages; ``restore()`` puts it back before reel exits.
public enum StandardError {
    /// reel's own stderr: the original fd 2, kept aside.
    nonisolated(unsafe) public private(set) static var descriptor: Int32 = 2
    // nonisolated(unsafe): set once on the main thread before any other thread exists, and only
    // read afterwards.

    /// Sends fd 2 to `logFile` (appending) or /dev/null, keeping the real stderr for reel; a log
    /// begins with `firstLine`, before anything a library writes.
    public static func divert(to logFile: FilePath?, firstLine: [UInt8] = []) {
        guard descriptor == 2 else { return }
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return }
        guard let target = try? FileSystem.openForAppending(logFile ?? "/dev/null") else { close(saved); return }
        if logFile != nil { try? target.writeAll(firstLine) }
        dup2(target.rawValue, 2)
        descriptor = saved
    }

    /// Puts the real stderr back on fd 2.
    public static func restore() {
        guard descriptor != 2 else { return }
        dup2(descriptor, 2)
        close(descriptor)
        descriptor = 2
    }

    /// Writes one line to reel's stderr (never to the diverted fd 2), unbuffered.
    public static func printLine(_ line: String) {
        try? FileDescriptor.writeAll(Array((line + "\n").utf8), to: descriptor)
    }

    /// Writes text to stdout in full, unbuffered, then closes stdout, so that a failure anywhere
    /// (a full disk, `> /dev/full`, an error reported only at close) is known.
    ///
    /// - Returns: nil, or the system's reason for the failure.
    public static func printToStandardOutput(_ text: String) -> String? {
        var failure: SystemError?
        do { try FileDescriptor.writeAll(Array(text.utf8), to: 1) } catch { failure = error }
        if close(1) != 0, failure == nil, errno != EINTR { failure = .last("close") }
        return failure?.reason
    }
}
