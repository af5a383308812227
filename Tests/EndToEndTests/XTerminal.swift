import Foundation
import Testing

/// Test support: one program in a real graphical terminal (kitty, or xterm as a VT340 with
/// sixel) on a private Xvfb server, with screenshots and real key presses.
///
/// As ``TmuxSession`` does, the terminal runs a wrapper that records the program's exit status
/// and then stays, so that what the program left on the screen can be looked at. Everything it
/// starts (Xvfb, the terminal) it stops when it goes.
final class XTerminal: GraphicalTerminal {
    /// The terminals the tests drive.
    enum Kind {
        /// kitty, drawing with Mesa's software OpenGL.
        case kitty
        /// xterm started with `-ti vt340`, the only way it offers sixel.
        case xterm
        /// mlterm (Xft, DejaVu Sans Mono), which draws sixel and iTerm2's inline images.
        case mlterm
        /// Konsole, on a session bus of its own (`dbus-run-session`) and Qt's X11 platform: it
        /// draws kitty graphics, sixel and iTerm2's inline images.
        case konsole
    }

    /// Whether Xvfb, kitty, xterm, xdotool and ImageMagick are there (scripts/setup installs them).
    static var available: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/kitty", "/usr/bin/xterm", "/usr/bin/xdotool", "/usr/bin/import"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let display: String
    let directory: URL
    /// The window's size in pixels, once it is up.
    private(set) var width = 0
    private(set) var height = 0
    private var server: pid_t = 0
    private var terminal: pid_t = 0

    /// Starts `arguments` in a `kind` terminal window at the screen's top-left corner, with
    /// `environment` added: kitty `width` × `height` pixels, xterm `width` × `height` cells.
    init(_ kind: Kind, _ arguments: [String], width: Int, height: Int, environment: [String: String] = [:]) throws {
        var number = Int.random(in: 200...899)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number = Int.random(in: 200...899) }
        display = ":\(number)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-x-\(getpid())-\(number)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try XTerminal.spawn("/usr/bin/Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        // The socket appears before the server takes clients: a terminal started in between dies
        // with "can't open display" (seen on a loaded machine), so wait until a client gets in.
        let display = display
        guard XTerminal.wait(timeout: 20, {
            FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                && ((try? Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool", "getdisplaygeometry"])) ?? "")
                    .contains("1280")
        }) else {
            stop()
            throw Subprocess.Failure(description: "Xvfb did not start on \(display)")
        }
        let env = ["DISPLAY=\(display)", "LIBGL_ALWAYS_SOFTWARE=1"] + XTerminal.programEnvironment(directory: directory, adding: environment)
        let wrapped = XTerminal.wrapped(arguments, directory: directory)
        // kitty on software GL now and then exits at start on a loaded machine (status 1, no
        // window), and mlterm once did too (status 0, twice in a row, in a CI run): such a start
        // is tried again, up to three times, a moment apart.
        var geometry = ""
        var exitStatus: Int32?
        for attempt in 0..<3 {
            if attempt > 0 { usleep(500_000) }
            switch kind {
            case .kitty:
                terminal = try XTerminal.spawn("/usr/bin/kitty", [
                    "--config=NONE", "-o", "initial_window_width=\(width)", "-o", "initial_window_height=\(height)",
                    "-o", "remember_window_size=no", "-o", "window_padding_width=0", "-o", "background=#000000",
                    "-o", "foreground=#ffffff", "-o", "font_size=11", "-o", "placement_strategy=top-left", "-T", "reel-e2e",
                    // The font by name, so that the cell size does not follow whichever fonts
                    // happen to be installed (fc-match's monospace changes with them).
                    "-o", "font_family=DejaVu Sans Mono", "-o", "bold_font=auto",
                ] + wrapped, environment: env)
            case .xterm:
                // A text area of exactly the window, in a font with the player's glyphs.
                terminal = try XTerminal.spawn("/usr/bin/xterm", [
                    "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "9", "-b", "0", "-bg", "black", "-fg", "white",
                    "-xrm", "XTerm*internalBorder: 0", "-xrm", "XTerm*scrollBar: false", "-T", "reel-e2e",
                    "-geometry", "\(width)x\(height)+0+0", "-e",
                ] + wrapped, environment: env)
            case .mlterm:
                // `width` × `height` cells; the font by name in its aafont file (under HOME).
                try XTerminal.writeMltermFont(home: directory.path)
                terminal = try XTerminal.spawn("/usr/bin/mlterm", [
                    "--type=xft", "-w", "12", "-b", "black", "-f", "white", "--sbmod=none", "-T", "reel-e2e",
                    "-g", "\(width)x\(height)+0+0", "-e",
                ] + wrapped, environment: env)
            case .konsole:
                // `width` × `height` cells, its tool bar above them.
                terminal = try XTerminal.spawn("/usr/bin/dbus-run-session", [
                    "--", "/usr/bin/konsole", "--separate", "--hide-menubar", "--hide-tabbar", "-p", "TerminalColumns=\(width)",
                    "-p", "TerminalRows=\(height)", "-p", "tabtitle=reel-e2e", "-e",
                ] + wrapped, environment: env + ["QT_QPA_PLATFORM=xcb"])
            }
            exitStatus = nil
            let pid = terminal
            _ = XTerminal.wait(timeout: 40) {  // kitty on software GL starts slowly on a busy machine
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exitStatus = status
                    return true
                }
                geometry = self.windowGeometry()
                return geometry.contains("WIDTH=")
            }
            guard exitStatus != nil else { break }
            terminal = 0
        }
        // xterm maps its window small and then grows it to its cells once its font is loaded: on a
        // loaded machine the first answer can be the small one (seen: every screenshot then
        // cropped to a black corner). So the size counts once two answers 0.3 s apart agree.
        var size = XTerminal.size(from: geometry)
        if exitStatus == nil {
            _ = XTerminal.wait(timeout: 20) {
                usleep(300_000)
                let again = XTerminal.size(from: self.windowGeometry())
                defer { size = again }
                return again == size && again.width > 0
            }
        }
        (self.width, self.height) = size
        guard self.width > 0, self.height > 0, exitStatus == nil else {
            let stderr = (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
            stop()
            throw Subprocess.Failure(description: "no terminal window (the terminal "
                + (exitStatus.map { "exited with status \($0), three times" } ?? "is still running after 40 s") + "): \(geometry) \(stderr)")
        }
        FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
    }

    deinit { stop() }

    /// Whether mlterm is there too (scripts/setup installs it).
    static var mltermAvailable: Bool { available && FileManager.default.isExecutableFile(atPath: "/usr/bin/mlterm") }

    /// Whether Konsole and dbus-run-session are there too (scripts/setup installs them).
    static var konsoleAvailable: Bool {
        available && ["/usr/bin/konsole", "/usr/bin/dbus-run-session"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The program's environment in a terminal whose files are in `directory`, with `extra`
    /// added (the display's own variables are the terminal's to add).
    static func programEnvironment(directory: URL, adding extra: [String: String]) -> [String] {
        let dir = directory.path
        var env = ["LANG=C.UTF-8", "LC_ALL=C.UTF-8", "COLORTERM=truecolor",
                   "XDG_STATE_HOME=\(dir)/state", "XDG_CACHE_HOME=\(dir)/cache", "XDG_CONFIG_HOME=\(dir)/config",
                   "HOME=\(dir)", "PATH=/usr/bin:/bin", "REEL_TRACE=\(dir)/trace"]
        // Under scripts/test-sanitizers the program's reports go where the run collects them,
        // with its suppressions, as they do from tmux (whose server inherits the environment).
        let inherited = ProcessInfo.processInfo.environment
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
            if let value = inherited[name] { env.append("\(name)=\(value)") }
        }
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        return env
    }

    /// `arguments` in the wrapper a terminal runs: it starts the program once `directory` has
    /// `go`, keeps its stderr in `stderr` and its exit status in `rc`, and then stays, so that
    /// what the program left on the screen can be looked at.
    ///
    /// The program starts once the terminal has settled (its window at its size), as in a
    /// terminal a person opened before: the wrapper waits for the word, not for a fixed time, and
    /// then for the terminal's answer to DA1 (read to its final `c`), so that a kitty still
    /// starting its software GL on a loaded machine answers reel's own probe in time.
    static func wrapped(_ arguments: [String], directory: URL) -> [String] {
        let dir = directory.path
        let settle = "old=$(stty -g); stty raw -echo; printf '\\033[c'; "
            + "while c=$(dd bs=1 count=1 2>/dev/null) && [ -n \"$c\" ] && [ \"$c\" != c ]; do :; done; stty \"$old\"; "
        let script = "while [ ! -e '\(dir)/go' ]; do sleep 0.05; done; " + settle
            + "\"$@\" 2> '\(dir)/stderr'; echo $? > '\(dir)/rc.tmp'; mv '\(dir)/rc.tmp' '\(dir)/rc'; exec sleep 100000"
        return ["/bin/sh", "-c", script, "sh"] + arguments
    }

    /// mlterm's font file in `home`: DejaVu Sans Mono for every character set, so that the cell
    /// size does not follow whichever fonts happen to be installed.
    private static func writeMltermFont(home: String) throws {
        let folder = URL(fileURLWithPath: home).appendingPathComponent(".mlterm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "DEFAULT=DejaVu Sans Mono\nISO10646_UCS4_1=DejaVu Sans Mono\n"
            .write(to: folder.appendingPathComponent("aafont"), atomically: true, encoding: .utf8)
    }

    /// What xdotool says of the test window's geometry (empty while there is none).
    private func windowGeometry() -> String {
        (try? Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool", "search", "--name",
                                               "^reel-e2e$", "getwindowgeometry", "--shell"])) ?? ""
    }

    /// The WIDTH and HEIGHT of xdotool's `--shell` geometry (0 where missing).
    private static func size(from geometry: String) -> (width: Int, height: Int) {
        var size = (width: 0, height: 0)
        for line in geometry.split(separator: "\n") {
            if line.hasPrefix("WIDTH=") { size.width = Int(line.dropFirst(6)) ?? 0 }
            if line.hasPrefix("HEIGHT=") { size.height = Int(line.dropFirst(7)) ?? 0 }
        }
        return size
    }

    /// Stops the terminal and the X server.
    func stop() {
        XTerminal.end([terminal, server])
        terminal = 0
        server = 0
        try? FileManager.default.removeItem(at: directory)
    }

    /// A screenshot of the window's area.
    func screenshot() throws -> Screenshot {
        let file = directory.appendingPathComponent("shot-\(UInt32.random(in: 0...UInt32.max)).rgb").path
        defer { unlink(file) }
        try Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/import", "-window", "root",
                                             "-crop", "\(width)x\(height)+0+0", "-depth", "8", "rgb:\(file)"], captureOutput: false)
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard data.count == width * height * 3 else { throw Subprocess.Failure(description: "screenshot of \(data.count) bytes") }
        return Screenshot(width: width, height: height, bytes: [UInt8](data))
    }

    /// Presses keys (xdotool names, such as `q` or `Right`) as a person would: real X events to
    /// the window under the pointer.
    func press(_ keys: String...) throws {
        try Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool", "mousemove", "\(width / 2)", "\(height / 2)"],
                           captureOutput: false)
        try Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool", "key", "--delay", "80"] + keys, captureOutput: false)
    }

    /// Moves the pointer to `x`, `y` (pixels from the window's top left), as a person would.
    func movePointer(x: Int, y: Int) throws {
        try Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool", "mousemove", "\(x)", "\(y)"], captureOutput: false)
    }

    /// Clicks `button` (1 left, 4 wheel up, 5 wheel down) `count` times at `x`, `y` (pixels from
    /// the window's top left), 60 ms apart, as a person would.
    func click(x: Int, y: Int, button: Int = 1, count: Int = 1) throws {
        try xdotool(["mousemove", "\(x)", "\(y)", "click", "--repeat", "\(count)", "--delay", "60", "\(button)"])
    }

    /// Drags with the left button held from `from` to `to` (pixels), through a few points between.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        var steps = ["mousemove", "\(from.x)", "\(from.y)", "mousedown", "1"]
        for i in 1...4 {
            steps += ["sleep", "0.05", "mousemove", "\(from.x + (to.x - from.x) * i / 4)", "\(from.y + (to.y - from.y) * i / 4)"]
        }
        try xdotool(steps + ["sleep", "0.05", "mouseup", "1"])
    }

    private func xdotool(_ arguments: [String]) throws {
        try Subprocess.run("/usr/bin/env", ["DISPLAY=\(display)", "/usr/bin/xdotool"] + arguments, captureOutput: false)
    }

    /// Ends each of `processes` (0 for none) in turn: SIGTERM, and SIGKILL when it is still there
    /// 3 s later.
    static func end(_ processes: [pid_t]) {
        for pid in processes where pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            if !wait(timeout: 3, { waitpid(pid, &status, WNOHANG) != 0 }) {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
    }

    /// Waits until `file` holds an exit status (a wrapper writes it when its program ends); the
    /// status, or nil on timeout.
    static func waitForStatus(in file: URL, timeout: Double) -> Int32? {
        var code: Int32?
        _ = wait(timeout: timeout) {
            let text = try? String(contentsOf: file, encoding: .utf8)
            code = text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return code != nil
        }
        return code
    }

    /// The program's process id (the wrapper shell's child), while it runs.
    func programPID() throws -> Int32? {
        let shells = try Subprocess.run("/usr/bin/pgrep", ["-P", String(terminal)]).split(separator: "\n").compactMap { Int32($0) }
        for shell in shells {
            if let child = try Subprocess.run("/usr/bin/pgrep", ["-P", String(shell)]).split(separator: "\n").first.flatMap({ Int32($0) }) {
                return child
            }
        }
        return nil
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String]? = nil) throws -> pid_t {
        try Subprocess.spawn(executable, arguments, environment: environment)
    }

    static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}

/// The pixels of a screenshot, RGB.
struct Screenshot {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    /// The colour at (`x`, `y`); black outside the screenshot (a window not yet at its size).
    subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0) }
        let i = 3 * (y * width + x)
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// The share of the pixels of a rectangle for which `test` holds; the rectangle is clipped to
    /// the screenshot (a window not yet at its size, on a loaded machine, is a small one), and
    /// what falls outside counts as not holding.
    func share(x: Int, y: Int, width w: Int, height h: Int, where test: ((r: Int, g: Int, b: Int)) -> Bool) -> Double {
        var hits = 0
        for py in max(y, 0)..<max(min(y + h, height), max(y, 0)) {
            for px in max(x, 0)..<max(min(x + w, width), max(x, 0)) where test(self[px, py]) { hits += 1 }
        }
        return Double(hits) / Double(max(w * h, 1))
    }

    /// Whether the pixel at (`x`, `y`) is within `tolerance` of `colour` in every channel.
    func pixel(x: Int, y: Int, isNear colour: (Int, Int, Int), tolerance: Int = 16) -> Bool {
        let p = self[x, y]
        return abs(p.r - colour.0) <= tolerance && abs(p.g - colour.1) <= tolerance && abs(p.b - colour.2) <= tolerance
    }

    /// The share of the pixels of a rectangle that are within `tolerance` of `colour`.
    func share(x: Int, y: Int, width w: Int, height h: Int, near colour: (Int, Int, Int), tolerance: Int = 16) -> Double {
        share(x: x, y: y, width: w, height: h) { p in
            abs(p.r - colour.0) <= tolerance && abs(p.g - colour.1) <= tolerance && abs(p.b - colour.2) <= tolerance
        }
    }

    /// The first column, scanning row `y` from the left, whose pixel passes `test`.
    func firstColumn(row y: Int, where test: ((r: Int, g: Int, b: Int)) -> Bool) -> Int? {
        (0..<width).first { test(self[$0, y]) }
    }
}
