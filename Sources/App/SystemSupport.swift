import Glibc
import Playback

/// Seconds on the monotonic clock: the `now` every engine is given.
func monotonicNow() -> Double { MonotonicClock.now() }

/// When `main` began, on the monotonic clock: the origin of `--stats`' first_screen_ms.
nonisolated(unsafe) var processStart = 0.0
// nonisolated(unsafe): written once by main before any other thread exists.

/// The standard descriptors (0, 1, 2) that were closed when reel started, and were put on
/// /dev/null by ``openMissingStandardDescriptors()``.
nonisolated(unsafe) private(set) var closedAtStart: Set<Int32> = []
// nonisolated(unsafe): written once by main before any other thread exists.

/// Puts /dev/null on each of fds 0, 1 and 2 that is closed, so that no file reel opens later
/// (the terminal, a log, a resume record) lands there and is taken for stdin, stdout or stderr.
/// `main` calls it first, before anything opens a file. Remembers which were closed
/// (``closedAtStart``): `reel -` with stdin closed has nothing to read.
public func openMissingStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        // open(2) takes the lowest free descriptor: this one, since those below it are open.
        let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        if opened >= 0, opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
        closedAtStart.insert(descriptor)
    }
}

/// Writes one line to reel's stderr (never to the diverted fd 2), unbuffered.
func printError(_ line: String) { _ = writeAll(Array((line + "\n").utf8), to: StandardError.descriptor) }

/// Writes text to stdout in full, unbuffered, then closes stdout, so that a failure anywhere (a
/// full disk, `> /dev/full`, an error reported only at close) is known.
///
/// - Returns: nil, or the system's reason for the failure.
func printOut(_ text: String) -> String? {
    var code = writeAll(Array(text.utf8), to: 1)
    if close(1) != 0, code == 0, errno != EINTR { code = errno }
    return code == 0 ? nil : String(cString: strerror(code))
}

/// Writes `bytes` in full; 0, or the errno of the write that failed (EIO for one that wrote nothing).
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count, let base = raw.baseAddress {
            let written = write(descriptor, base + offset, raw.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return 0
    }
}

/// The process's environment as a dictionary.
func environmentDictionary() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        // Kept byte for byte (``FilePath/text``): $HOME and its kind are paths.
        let text = FilePath(cString: pointer).text
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return result
}

/// The largest resident set so far, in KiB.
func maxResidentKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}
