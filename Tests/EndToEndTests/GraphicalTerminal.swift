import Foundation
import Testing

/// Test support: a real graphical terminal running one program, whichever display server it is
/// on: ``XTerminal`` under Xvfb, ``WaylandTerminal`` (foot) under a headless sway.
///
/// The program runs in the wrapper of ``XTerminal/wrapped(_:directory:)``, which leaves its
/// stderr, its exit status and its trace (`REEL_TRACE`) in ``directory``; what is read from there
/// (the waits below) is the same for every terminal.
protocol GraphicalTerminal: AnyObject {
    /// The folder of the program's `stderr`, `rc` and `trace`, and of the files on the way.
    var directory: URL { get }
    /// A screenshot of the terminal's window.
    func screenshot() throws -> Screenshot
    /// Presses keys (keysym names, such as `q`, `space` or `Right`) as a person would.
    func press(_ keys: String...) throws
}

extension GraphicalTerminal {
    /// reel's trace (`REEL_TRACE`, see TraceLog).
    var reelTrace: ReelTrace { ReelTrace(path: directory.appendingPathComponent("trace").path) }

    /// Every line of reel's trace so far.
    var traceLines: [Substring] { reelTrace.lines }

    /// Waits until a line of the trace after the first `skipping` lines has `text`; that line's
    /// index, or nil on timeout.
    func waitForTrace(_ text: String, after skipping: Int = 0, timeout: Double = 20) -> Int? {
        reelTrace.waitFor(text, after: skipping, timeout: timeout)
    }

    /// Takes screenshots until `condition` holds (or `timeout` passes); returns the last one.
    func waitForScreen(timeout: Double = 20, _ condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot()
        while !condition(shot), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            shot = try screenshot()
        }
        return shot
    }

    /// Takes screenshots until two in a row, 0.2 s apart, are the same to the byte (or `timeout`
    /// passes); returns the last one. A terminal under load, or a reel slowed by a sanitizer, may
    /// show a picture before it is all painted where it belongs: this waits for the screen to
    /// settle rather than for a fixed time.
    func waitForStillScreen(timeout: Double = 10) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            let next = try screenshot()
            if next.bytes == shot.bytes { return next }
            shot = next
        }
        return shot
    }

    /// Waits for the program to exit and returns its status, or nil on timeout.
    func waitForExit(timeout: Double = 10) -> Int32? {
        XTerminal.waitForStatus(in: directory.appendingPathComponent("rc"), timeout: timeout)
    }

    /// What the program wrote to stderr.
    var standardError: String {
        (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// The last lines of reel's trace, for a failure's message.
    var trace: String { reelTrace.tail }
}
