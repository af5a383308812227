import Foundation
import Testing

/// Test support: a real tmux server run by a client in a real graphical terminal (``XTerminal``),
/// with reel in the session's first pane and a static pane split beside it, as a person watching
/// in tmux would have it.
///
/// The terminal runs the tmux client; reel's pane waits for the word (``start()``) before it runs
/// reel, so that the split, and any option a test sets, are there before reel looks at its pane.
/// The client can be detached and a new one attached in the same window. reel's exit status and
/// its stderr go to files in the terminal's folder; its trace is the terminal's (`REEL_TRACE`,
/// which tmux's server passes on to its panes).
final class TmuxInTerminal {
    /// A tmux binary the tests run: Debian's, and bookworm-backports' in the project's folder.
    struct Build: CustomStringConvertible, Sendable {
        let version: String
        let path: String

        /// Debian 12's tmux 3.3a (sixel only through passthrough).
        static let system = Build(version: "3.3a", path: "/usr/bin/tmux")
        /// bookworm-backports' tmux 3.5a, built with sixel, that scripts/tmux-backports unpacks.
        static let backports = Build(version: "3.5a", path: {
            var url = URL(fileURLWithPath: #filePath)
            for _ in 0..<3 { url.deleteLastPathComponent() }
            return url.appendingPathComponent(".build/tmux-3.5a/usr/bin/tmux").path
        }())
        static let both = [system, backports]

        var description: String { "tmux \(version)" }

        /// Fails the test, saying how to get it, when the binary is not there or not this version.
        func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let found = FileManager.default.isExecutableFile(atPath: path)
                ? ((try? Subprocess.run(path, ["-V"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) : "nothing"
            let why = "tmux \(version) is missing at \(path) (found \(found)): scripts/tmux-backports unpacks it (scripts/setup runs it)"
            try #require(found == "tmux \(version)", Comment(rawValue: why), sourceLocation: sourceLocation)
        }
    }

    /// A rectangle of the window, in pixels.
    struct Rect: CustomStringConvertible {
        var x: Int, y: Int, width: Int, height: Int
        var description: String { "\(width)x\(height)+\(x)+\(y)" }
    }

    let terminal: XTerminal
    let build: Build
    /// reel's pane and the static one beside it.
    let reelPane = "e2e:0.0", staticPane = "e2e:0.1"
    private let socket: String

    /// Starts `kind` (kitty `width` × `height` pixels, xterm cells) running a `build` tmux
    /// client, splits the window (the static pane on the right, `split` of its width) and waits
    /// until the server is up; reel (`reelArguments` after the binary) starts at ``start()``.
    init(_ kind: XTerminal.Kind, _ build: Build, reelArguments: [String], width: Int, height: Int, split: Int = 40) throws {
        try build.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-tmux-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("socket").path
        self.build = build
        let dir = directory.path
        let tmux = "'\(build.path)' -S '\(socket)' -f /dev/null"
        let reel = ([Paths.reel] + reelArguments).map { "'\($0)'" }.joined(separator: " ")
        // reel's pane: waits for the word, runs reel, notes its status, and stays.
        let pane = "while [ ! -e '\(dir)/go' ]; do sleep 0.05; done\n\(reel) 2> '\(dir)/reel-stderr'\n"
            + "echo $? > '\(dir)/reel-rc.tmp'; mv '\(dir)/reel-rc.tmp' '\(dir)/reel-rc'\nexec sleep 100000\n"
        try pane.write(to: directory.appendingPathComponent("pane.sh"), atomically: true, encoding: .utf8)
        // The terminal: the first client, then, once detached, a new one on the word `attach`.
        let client = "\(tmux) new-session -s e2e \"sh '\(dir)/pane.sh'\"; "
            + "while [ ! -e '\(dir)/attach' ]; do sleep 0.05; done; exec \(tmux) attach -t e2e"
        terminal = try XTerminal(kind, ["/bin/sh", "-c", client], width: width, height: height)
        self.directory = directory
        // (tmux's exit status is not looked at: the client's listing says the server is up.)
        guard XTerminal.wait(timeout: 30, { ((try? self.tmux(["list-clients", "-F", "#{client_session}"])) ?? "").contains("e2e") }) else {
            throw Subprocess.Failure(description: "no tmux session in the terminal: \(terminal.standardError)")
        }
        try self.tmux(["split-window", "-h", "-d", "-l", "\(split)%", "-t", reelPane, "sh -c 'printf static; exec sleep 100000'"])
    }

    private let directory: URL

    deinit {
        _ = try? tmux(["kill-server"])
        terminal.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs reel in its pane.
    func start() {
        FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
    }

    /// Runs a tmux command on the server; its output.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Subprocess.run(build.path, ["-S", socket, "-f", "/dev/null"] + arguments)
    }

    /// A format of `target` (a pane, a window, a client), such as `#{pane_left}`.
    func format(_ format: String, target: String? = nil) throws -> String {
        try tmux(["display-message", "-p"] + (target.map { ["-t", $0] } ?? []) + [format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What `show-options -p` says of `option` for `pane` (empty when the pane does not set it),
    /// and the value in force for it.
    func paneOption(_ option: String, pane: String) throws -> (set: String, value: String) {
        let set = try tmux(["show-options", "-p", "-t", pane, option]).trimmingCharacters(in: .whitespacesAndNewlines)
        let value = try tmux(["show-options", "-p", "-A", "-v", "-t", pane, option]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (set, value)
    }

    /// The pixels of a cell, from the window's size and the attached client's size in cells.
    func cellSize() throws -> (width: Int, height: Int) {
        let size = try tmux(["list-clients", "-F", "#{client_width} #{client_height}"]).split(separator: "\n").first ?? ""
        let cells = size.split(separator: " ").compactMap { Int($0) }
        guard cells.count == 2, cells[0] > 0, cells[1] > 0 else { throw Subprocess.Failure(description: "no client attached: '\(size)'") }
        return (terminal.width / cells[0], terminal.height / cells[1])
    }

    /// Where `pane` is in the window, in pixels.
    func rect(of pane: String) throws -> Rect {
        let cell = try cellSize()
        let numbers = try format("#{pane_left} #{pane_top} #{pane_width} #{pane_height}", target: pane)
            .split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 4 else { throw Subprocess.Failure(description: "no geometry for \(pane)") }
        return Rect(x: numbers[0] * cell.width, y: numbers[1] * cell.height, width: numbers[2] * cell.width,
                    height: numbers[3] * cell.height)
    }

    /// reel's process id, while it runs (the child of its pane's shell).
    func reelPID() throws -> Int32? {
        let shell = try format("#{pane_pid}", target: reelPane)
        return try Subprocess.run("/usr/bin/pgrep", ["-P", shell]).split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Waits for reel to exit; its status, or nil on timeout.
    func waitForReelExit(timeout: Double = 10) -> Int32? {
        XTerminal.waitForStatus(in: directory.appendingPathComponent("reel-rc"), timeout: timeout)
    }

    /// What reel wrote to stderr (its `--stats` line says which graphics it drew with).
    var reelStandardError: String {
        (try? String(contentsOf: directory.appendingPathComponent("reel-stderr"), encoding: .utf8)) ?? ""
    }

    /// Sends a key to reel's pane, as typed into the client (tmux key names: `c`, `q`), and waits
    /// until reel has handled it and drawn what it changed. (A key pressed in the window by
    /// xdotool goes the same way, but is lost while the window has yet to take the focus.)
    func press(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mark = terminal.reelTrace.mark
        try tmux(["send-keys", "-t", reelPane, key])
        terminal.reelTrace.waitForHandledInput(after: mark, sourceLocation: sourceLocation)
    }

    /// Detaches every client; the terminal's client exits and its shell waits for ``attach()``.
    func detach() throws {
        try tmux(["detach-client", "-s", "e2e"])
    }

    /// Attaches a new client in the terminal, and waits until it is there.
    func attach() throws {
        FileManager.default.createFile(atPath: directory.appendingPathComponent("attach").path, contents: nil)
        guard XTerminal.wait(timeout: 20, { ((try? self.tmux(["list-clients", "-F", "#{client_session}"])) ?? "").contains("e2e") }) else {
            throw Subprocess.Failure(description: "no client attached again")
        }
    }

    /// Screenshots from `start` on until one begun `seconds` or more after it: that one.
    func screenshot(after start: Date, seconds: Double) throws -> Screenshot {
        while true {
            let begun = Date()
            let shot = try terminal.screenshot()
            if begun.timeIntervalSince(start) >= seconds { return shot }
        }
    }

    /// What tells a failure apart: reel's stderr, the graphics it chose, and its trace's end.
    var diagnostics: String {
        "reel's stderr: \(reelStandardError)\nthe terminal's: \(terminal.standardError)\nreel's trace:\n\(terminal.trace)"
    }
}
