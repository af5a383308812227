import Foundation
import Testing

/// Test support: reel in a tmux pane behind scripts/linkproxy, a model of an SSH session over a
/// narrow link: reel's output reaches tmux at a set rate with up to a megabyte held in between,
/// as sshd's channel window and TCP hold it, while keys and window sizes pass at once.
///
/// The proxy's log says how many bytes it has delivered to tmux and how many it holds, so that a
/// test can ask how much of the link's backlog stood between a key and its effect on screen: a
/// count of bytes, which a noisy machine does not change, where a time would.
final class SlowLink {
    /// The pane (its trace is reel's; reel sees the far side of the link: no TMUX, TERM xterm's).
    let tmux: TmuxSession
    /// The proxy's log (see scripts/linkproxy).
    let logPath: String

    /// Starts reel with `arguments` behind a link of `rate` (as tc says it: "800kbit", "8mbit");
    /// with `answers` false the link removes every DSR and DA1 question, so none is answered;
    /// with `farTmux` reel runs in the one pane of a tmux of its own on the far side of the link
    /// (ssh → tmux → reel), its status line off.
    init(rate: String, answers: Bool = true, farTmux: Bool = false, width: Int = 100, height: Int = 30,
         _ arguments: [String]) throws {
        logPath = NSTemporaryDirectory() + "reel-link-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        let proxy = ["/usr/bin/python3", ReleaseBuild.root + "/scripts/linkproxy", "--rate", rate, "--log", logPath]
            + (answers ? [] : ["--no-answers"]) + ["--"]
        let reel = [Paths.reel] + arguments
        let far = farTmux
            ? ["tmux", "-L", "reel-far-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", "-f", "/dev/null", "new-session",
               reel.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " "),
               ";", "set-option", "-g", "status", "off"]
            : reel
        tmux = try TmuxSession(proxy + far, width: width, height: height)
    }

    deinit { unlink(logPath) }

    /// One line of the proxy's log: its time, its event and its numbers.
    struct Event {
        var time: Double
        var name: Substring
        var numbers: [Int]
    }

    /// Every line of the log so far.
    var events: [Event] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, let time = Double(words[0]) else { return nil }
            return Event(time: time, name: words[1], numbers: words.dropFirst(2).compactMap { Int($0) })
        }
    }

    /// The log's last lines, for a failure's message.
    var logTail: String {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    /// Bytes delivered to tmux so far (the last `level` line).
    var delivered: Int { events.last { $0.name == "level" }?.numbers.first ?? 0 }

    /// The largest number of bytes the link held at any `level` line from `index` on.
    func mostHeld(from index: Int = 0) -> Int {
        events.dropFirst(index).filter { $0.name == "level" }.map { $0.numbers.count > 1 ? $0.numbers[1] : 0 }.max() ?? 0
    }

    /// Waits until the link has delivered at least `bytes` (reel has been writing for a while);
    /// records an issue on timeout.
    func waitForDelivered(_ bytes: Int, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(timeout)
        while delivered < bytes {
            if Date() > deadline {
                Issue.record("the link delivered only \(delivered) bytes; its log ends:\n\(logTail)", sourceLocation: sourceLocation)
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits for a line of `name` after the first `skipping`; its index, or nil on timeout.
    func waitForEvent(_ name: String, after skipping: Int = 0, timeout: Double = 30) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let events = events
            if let index = events.indices.dropFirst(skipping).first(where: { events[$0].name == name }) { return index }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Sends tmux key names and returns how many bytes the link had delivered when they reached
    /// reel (the proxy's `input` line for them).
    func send(_ keys: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try sendKeys(keys, sourceLocation: sourceLocation)
    }

    /// Sends tmux key names given as a list (see ``send(_:sourceLocation:)``).
    func sendKeys(_ keys: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let mark = events.count
        try tmux.sendKeys(keys)
        guard let index = waitForEvent("input", after: mark, timeout: 10) else {
            Issue.record("the keys never passed the link; its log ends:\n\(logTail)", sourceLocation: sourceLocation)
            return delivered
        }
        return events[index].numbers.count > 1 ? events[index].numbers[1] : 0
    }

    /// Waits (up to `timeout`, long enough for a backlog of a megabyte to drain) until the screen
    /// has `text`; the bytes the link had delivered by then, or nil when it never came.
    func deliveredWhenShown(_ text: String, timeout: Double = 40) throws -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try tmux.capture().contains(text) { return delivered }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// Stalls the link for 5 s (the proxy's SIGUSR1), then it flows again.
    func stall() throws {
        let proxy = try #require(try tmux.programPID())
        kill(proxy, SIGUSR1)
    }

    /// Waits for the proxy to end (reel ended and all it wrote delivered): reel's exit status and
    /// the bytes delivered in all, or nil on timeout.
    func waitForExit(timeout: Double = 40) -> (code: Int, delivered: Int)? {
        guard let index = waitForEvent("exit", timeout: timeout) else { return nil }
        let numbers = events[index].numbers
        return numbers.count > 1 ? (numbers[0], numbers[1]) : nil
    }
}
