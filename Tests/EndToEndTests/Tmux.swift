import Foundation
import Testing

/// Test support: runs one program in a pane of a private tmux server at a fixed size, the way a
/// user's terminal would, and reads the screen back.
///
/// The pane runs a small shell wrapper that records the tty's settings before and after the
/// program and its exit status, then stays alive, so that the terminal state it left behind can be
/// checked (tmux knows whether the alternate screen, the cursor and the mouse modes are on).
final class TmuxSession {
    let socket: String
    let directory: URL
    private(set) var width: Int
    private(set) var height: Int

    /// Starts `arguments` in a new `width` × `height` pane, with `environment` added.
    /// With `wrapped` false the program runs as the pane's command itself, with no recording of
    /// tty settings or exit status (for an interactive shell, whose prompt goes to stderr).
    init(_ arguments: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:],
         workingDirectory: String? = nil, wrapped: Bool = true) throws {
        socket = "reel-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.width = width
        self.height = height
        let dir = directory.path
        // Each session keeps its resume positions, thumbnails and reel.conf to itself, so tests
        // never see each other's (or the user's) saved state or settings.
        var env = ["TERM=tmux-256color", "COLORTERM=truecolor", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
                   "XDG_STATE_HOME=\(dir)/state", "XDG_CACHE_HOME=\(dir)/cache", "XDG_CONFIG_HOME=\(dir)/config",
                   "REEL_TRACE=\(dir)/trace"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        let script = "stty -g > '\(dir)/before'; \"$@\" 2> '\(dir)/stderr'; echo $? > '\(dir)/rc.tmp'; "
            + "stty -g > '\(dir)/after'; mv '\(dir)/rc.tmp' '\(dir)/rc'; exec sleep 100000"
        var command = ["new-session", "-d", "-s", "main", "-x", String(width), "-y", String(height)]
        if let workingDirectory { command += ["-c", workingDirectory] }
        command += ["env"] + env + (wrapped ? ["sh", "-c", script, "sh"] + arguments : arguments)
        // The server this starts inherits the client's descriptors: give it no pipe to hold open.
        try tmux(command, captureOutput: false)
        try tmux(["set-option", "-g", "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The visible screen as text, one line per row (with `escapes`, including SGR colours, and
    /// every cell to the end of the line: a row of coloured blanks is still a row of cells).
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"] + (escapes ? ["-e", "-N"] : []))
    }

    /// Sends tmux key names, such as `Space`, `Left`, `q`, `Escape`, `C-z`.
    func send(_ keys: String...) throws { try sendKeys(keys) }

    /// Sends tmux key names given as a list.
    func sendKeys(_ keys: [String]) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    /// Sends tmux key names, then waits until reel has handled them and drawn what they changed
    /// (its trace's `handled`), rather than for a fixed time.
    func sendAndWait(_ keys: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mark = trace.mark
        try tmux(["send-keys", "-t", "main"] + keys)
        trace.waitForHandledInput(after: mark, sourceLocation: sourceLocation)
    }

    /// Sends raw bytes, then waits until reel has handled them (see ``sendAndWait(_:sourceLocation:)``).
    func sendBytesAndWait(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mark = trace.mark
        try sendBytes(bytes)
        trace.waitForHandledInput(after: mark, sourceLocation: sourceLocation)
    }

    /// Sends a focus report, which no screen acts on, and waits until reel has handled it: all
    /// that came before it is handled too, and drawn.
    func sync(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try sendBytesAndWait(Array("\u{1B}[I".utf8), sourceLocation: sourceLocation)
    }

    /// reel's trace: each session runs it with `REEL_TRACE` in the session's directory.
    var trace: ReelTrace { ReelTrace(path: directory.appendingPathComponent("trace").path) }

    /// Types `text` literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Pastes `text` as a terminal does: tmux brackets it (ESC [200~ … ESC [201~) when the
    /// program asked for bracketed paste (mode 2004), and turns its line feeds into CRs.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "e2e", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "main"])
    }

    /// Sends raw bytes to the program, such as an SGR mouse report.
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "main", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Clicks (press and release) the left button at 0-based `column`, `row`.
    func click(column: Int, row: Int) throws {
        try sendBytes(Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
    }

    /// Sets the pane's title, to check later that nothing changed it.
    func setTitle(_ title: String) throws { try tmux(["select-pane", "-t", "main", "-T", title]) }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        try tmux(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
    }

    /// A tmux format variable of the pane, such as `alternate_on` or `pane_title`.
    func paneVariable(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`; returns the last screen, and records an issue on timeout.
    @discardableResult
    func waitForScreen(timeout: Double = 10, escapes: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
                       _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture(escapes: escapes)
        while !condition(screen) {
            if Date() > deadline {
                Issue.record("screen never matched; last screen:\n\(screen)", sourceLocation: sourceLocation)
                return screen
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = try capture(escapes: escapes)
        }
        return screen
    }

    /// Waits for the text to appear on screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitForScreen(timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits for the program to exit and returns its status, or nil on timeout.
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        let rc = directory.appendingPathComponent("rc")
        while Date() < deadline {
            if let text = try? String(contentsOf: rc, encoding: .utf8), let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return code
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// What the program wrote to stderr.
    var standardError: String {
        (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// Whether the tty's settings after the program are those from before it.
    var ttyRestored: Bool {
        let before = try? String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
        let after = try? String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        return before != nil && before == after
    }

    /// Checks everything reel must leave as it found it: tty settings, the main screen, a visible
    /// cursor and no mouse reporting.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(ttyRestored, "stty -g differs after exit", sourceLocation: sourceLocation)
        #expect(try paneVariable("alternate_on") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(try paneVariable("cursor_flag") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        #expect(try paneVariable("mouse_any_flag") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
        #expect(try paneVariable("mouse_sgr_flag") == "0", "SGR mouse left on", sourceLocation: sourceLocation)
        #expect(try paneVariable("mouse_button_flag") == "0", "button-event mouse left on", sourceLocation: sourceLocation)
    }

    /// The process id of the program (the shell wrapper's child).
    func programPID() throws -> Int32? {
        let shell = try paneVariable("pane_pid")
        let children = try run("/usr/bin/pgrep", ["-P", shell]).split(separator: "\n")
        return children.first.flatMap { Int32($0) }
    }

    @discardableResult
    private func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        try run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments, captureOutput: captureOutput)
    }

    @discardableResult
    private func run(_ executable: String, _ arguments: [String], captureOutput: Bool = true) throws -> String {
        try Subprocess.run(executable, arguments, captureOutput: captureOutput)
    }
}

/// Where the test binaries and the samples are.
enum Paths {
    /// The `reel` binary built next to the test bundle.
    static var reel: String { Bundle.main.bundleURL.appendingPathComponent("reel").path }

    /// A committed sample clip.
    static func sample(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("samples").appendingPathComponent(name).path
    }
}
