import Foundation
import Testing

/// Test support: reel's own trace (`REEL_TRACE`, see TraceLog), the sync points that the
/// end-to-end tests wait on instead of fixed sleeps.
///
/// Each line is `<seconds> <event> <details>`: `input` when bytes come from the tty (with their
/// events), `handled` once the loop has handled them and drawn what they changed (unless the
/// terminal was still taking the screen before), `draw` for each screen handed to the terminal,
/// `seek` and `seeked`, `frame`, `preview …`. Lines are counted from 0; `after` counts the lines
/// to skip, so that `mark` taken before an action waits for what the action caused.
struct ReelTrace {
    /// The file reel appends to.
    let path: String

    /// Every line so far.
    var lines: [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// The number of lines so far: what comes after it is new.
    var mark: Int { lines.count }

    /// The last lines, for a failure's message.
    var tail: String { lines.suffix(60).joined(separator: "\n") }

    /// The indices of the lines past the first `skipping` that have `text` (and `event`).
    func indices(of text: String, event: String = "", after skipping: Int = 0) -> [Int] {
        let lines = lines
        return lines.indices.dropFirst(skipping).filter { lines[$0].contains(text) && (event.isEmpty || lines[$0].contains(event)) }
    }

    /// Waits until `count` lines past the first `skipping` have `text` (and `event`); the last
    /// one's index, or nil once `timeout` has passed.
    func waitFor(_ text: String, event: String = "", count: Int = 1, after skipping: Int = 0, timeout: Double = 20) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let found = indices(of: text, event: event, after: skipping)
            if found.count >= count { return found[count - 1] }
            if Date() > deadline { return nil }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits until reel has read input after line `skipping` (with `event` in its events, when
    /// given: a lone Esc is let go a moment after its byte), handled it and drawn what it changed
    /// (an `input` line, then a `handled` one); records an issue on timeout.
    @discardableResult
    func waitForHandledInput(after skipping: Int, event: String = "", timeout: Double = 20,
                             sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        guard let input = waitFor(" input ", event: event, after: skipping, timeout: timeout),
              let handled = waitFor(" handled", after: input + 1, timeout: timeout) else {
            Issue.record("reel never handled the input; its trace:\n\(tail)", sourceLocation: sourceLocation)
            return nil
        }
        return handled
    }
}
