import System

/// Seconds on the monotonic clock: the `now` every engine is given.
func monotonicNow() -> Double { MonotonicClock.now() }

/// When `main` began, on the monotonic clock: the origin of `--stats`' first_screen_ms.
nonisolated(unsafe) var processStart = 0.0
// nonisolated(unsafe): written once by main before any other thread exists.

/// Writes one line to reel's stderr (never to the diverted fd 2), unbuffered.
func printError(_ line: String) { StandardError.printLine(line) }

/// Writes text to stdout in full, unbuffered, then closes stdout; nil, or the system's reason
/// for a failure (``StandardError/printToStandardOutput(_:)``).
func printOut(_ text: String) -> String? { StandardError.printToStandardOutput(text) }

/// The process's environment as a dictionary.
func environmentDictionary() -> [String: String] { Environment.current() }

/// The largest resident set so far, in KiB.
func maxResidentKiB() -> Int { CurrentProcess.maxResidentKiB() }
