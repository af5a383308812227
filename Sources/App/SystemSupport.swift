import Glibc
import Playback

/// Seconds on the monotonic clock: the `now` every engine is given.
func monotonicNow() -> Double { MonotonicClock.now() }

/// When `main` began, on the monotonic clock: the origin of `--stats`' first_screen_ms.
nonisolated(unsafe) var processStart = 0.0
// nonisolated(unsafe): written once by main before any other thread exists.

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
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
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
