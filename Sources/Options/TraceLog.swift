import Playback
import System

/// An opt-in developer trace of when input arrives and frames are drawn, for `scripts/bench`.
///
/// With `--trace=PATH` (or `REEL_TRACE=PATH` in the environment: a hidden developer's row of
/// ``OptionSpec/all``), reel appends one line per event to PATH:
/// the CLOCK_MONOTONIC time in seconds, the event's name, then its details:
///
///     12.345678 input 6 key(right) key(right)    bytes read from the tty, and their events (0 bytes: a lone Esc let go)
///     12.350001 seek 10                          a seek sent to mpv (relative seconds or "to T")
///     12.398765 seeked                           mpv restarted playback after it
///     12.401234 frame 23.466                     a video frame rendered, at mpv's position
///     12.401240 skip 23.500                      a due video frame let go unrendered (terminal behind)
///     12.402340 cut                              the screen handed over next was cut short at the link's cap
///     12.402345 draw 18342                       a screen handed to the terminal, in bytes
///     12.431000 drained 29                       the screen in flight finished writing, ms after it was handed over
///     12.431100 handled                          the input above is handled; what it changed drawn, if the terminal was ready
///     12.431000 pointer motion off               that screen switched the pointer's every move (1003) off, or on
///     12.500000 preview request 2.5              the scrub preview asked its decoder for a time
///     12.530000 preview latency 30               its frame came, ms after the pointer stopped
///
/// Without the variable nothing is opened and no line is formatted: each call site is an
/// optional chain on ``shared``, so the message is never built.
public final class TraceLog: Sendable {
    /// The trace ``ReelOptions/trace`` names, once ``open(_:)`` opened it; nil when none is
    /// named or it cannot be opened.
    ///
    /// `nonisolated(unsafe)`: written once by ``open(_:)`` on the main thread, before the loop and
    /// any other thread start; only read after that.
    public nonisolated(unsafe) private(set) static var shared: TraceLog?

    /// Opens the trace at `path` for the run (nothing when nil, empty or not openable).
    public static func open(_ path: FilePath?) {
        guard let path, !path.isEmpty, let descriptor = try? FileSystem.openForAppending(path) else { return }
        shared = TraceLog(descriptor: descriptor)
    }

    private let descriptor: FileDescriptor

    private init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Appends `<now> <event>` as one line, with one write(2) (appending, a file takes it whole),
    /// so lines never interleave.
    public func record(_ event: String, now: Double = MonotonicClock.now()) {
        let whole = Int(now)
        let micros = Int(((now - Double(whole)) * 1_000_000).rounded(.down))
        let fraction = String(micros)
        let line = "\(whole).\(String(repeating: "0", count: 6 - fraction.count))\(fraction) \(event)\n"
        try? descriptor.writeAll(Array(line.utf8))
    }
}
