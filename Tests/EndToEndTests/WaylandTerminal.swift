import Foundation
import Testing

/// Test support: one program in foot, which runs on Wayland only, in a headless sway of its own
/// (wlroots' headless backend, pixman's renderer, no input devices), with screenshots by grim
/// and key presses by wtype through the virtual keyboard protocol.
///
/// sway refuses to start as root (it checks that root cannot be got back after it drops it), so
/// as root it runs in a user namespace of its own (`unshare --user`), where it is nobody; foot,
/// grim and wtype are its clients through its socket and run as the tests do. The program runs
/// in ``XTerminal/wrapped(_:directory:)``'s wrapper, as in the X11 terminals. Everything it starts
/// it stops when it goes.
final class WaylandTerminal: GraphicalTerminal {
    /// Whether sway, foot, grim, wtype and unshare are there (scripts/setup installs them).
    static var available: Bool {
        ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/foot", "/usr/bin/grim", "/usr/bin/wtype", "/usr/bin/unshare"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let directory: URL
    /// The window's place and size in pixels, once it is up.
    private(set) var x = 0, y = 0, width = 0, height = 0
    private var compositor: pid_t = 0
    private var terminal: pid_t = 0
    /// The variables that reach sway: its runtime folder, and then its sockets.
    private var display: [String] = []

    /// Starts `arguments` in foot, `columns` × `rows` cells of DejaVu Sans Mono 9 with no padding,
    /// at the top-left corner of sway's output, with `environment` added.
    init(_ arguments: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-wl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // foot floats at 0,0 at the size it asks for, with no border: its window is its cells.
        let config = runtime.appendingPathComponent("sway.conf")
        try """
        xwayland disable
        output HEADLESS-1 resolution 1280x800 bg #000000 solid_color
        default_border none
        default_floating_border none
        for_window [app_id="reel-e2e"] floating enable, move position 0 0
        """.write(to: config, atomically: true, encoding: .utf8)
        display = ["XDG_RUNTIME_DIR=\(runtime.path)"]
        let sway = display + ["WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman",
                              "HOME=\(directory.path)", "PATH=/usr/bin:/bin"]
        compositor = try Subprocess.spawn(getuid() == 0 ? "/usr/bin/unshare" : "/usr/bin/sway",
                                          (getuid() == 0 ? ["--user", "/usr/bin/sway"] : []) + ["-c", config.path], environment: sway)
        // Its sockets appear before it takes clients: ready once it answers on its IPC socket.
        var sockets: [String] = []
        let ready = XTerminal.wait(timeout: 20) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            guard let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                  let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) else { return false }
            sockets = ["WAYLAND_DISPLAY=\(wayland)", "SWAYSOCK=\(runtime.path)/\(ipc)"]
            return ((try? Subprocess.run("/usr/bin/env", display + sockets + ["/usr/bin/swaymsg", "-t", "get_version"])) ?? "")
                .contains("sway")
        }
        display += sockets
        guard ready else {
            stop()
            throw Subprocess.Failure(description: "sway did not start (as root it needs user namespaces: `unshare --user true`)")
        }
        let foot = directory.appendingPathComponent("foot.ini")
        try "".write(to: foot, atomically: true, encoding: .utf8)  // (not the machine's /etc/xdg/foot/foot.ini)
        terminal = try Subprocess.spawn("/usr/bin/foot", [
            "--config=\(foot.path)", "--app-id=reel-e2e", "--title=reel-e2e", "--window-size-chars=\(columns)x\(rows)",
            "-o", "font=DejaVu Sans Mono:size=9", "-o", "dpi-aware=no", "-o", "pad=0x0",
            "-o", "colors.background=000000", "-o", "colors.foreground=ffffff",
        ] + XTerminal.wrapped(arguments, directory: directory), environment: display + XTerminal.programEnvironment(directory: directory, adding: environment))
        // The window counts once sway has it floating at its place and two answers 0.3 s apart
        // agree on its size (as with xterm, a first answer can be from before foot's font).
        var window = (x: 0, y: 0, width: 0, height: 0), footExited = false
        _ = XTerminal.wait(timeout: 30) {
            var status: Int32 = 0
            if waitpid(self.terminal, &status, WNOHANG) == self.terminal { footExited = true }
            guard !footExited, let found = self.window(), found.width > 0 else { return footExited }
            usleep(300_000)
            defer { window = found }
            return self.window().map { $0 == found } ?? false
        }
        (x, y, width, height) = window
        guard !footExited, width > 0, height > 0 else {
            let what = footExited ? "foot exited" : "no foot window in sway after 30 s"
            stop()
            throw Subprocess.Failure(description: what)
        }
        FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
    }

    deinit { stop() }

    /// The place and size of foot's window as sway has it (nil while there is none).
    private func window() -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let tree = try? Subprocess.run("/usr/bin/env", display + ["/usr/bin/swaymsg", "-r", "-t", "get_tree"]),
              let root = try? JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any] else { return nil }
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["app_id"] as? String == "reel-e2e" { return node }
            let children = (node["nodes"] as? [[String: Any]] ?? []) + (node["floating_nodes"] as? [[String: Any]] ?? [])
            return children.lazy.compactMap(find).first
        }
        guard let rect = find(root)?["rect"] as? [String: Any] else { return nil }
        let values = ["x", "y", "width", "height"].compactMap { (rect[$0] as? NSNumber)?.intValue }
        return values.count == 4 ? (values[0], values[1], values[2], values[3]) : nil
    }

    /// Stops foot and sway.
    func stop() {
        XTerminal.end([terminal, compositor])
        terminal = 0
        compositor = 0
        try? FileManager.default.removeItem(at: directory)
    }

    /// A screenshot of the window (grim, as a binary PPM).
    func screenshot() throws -> Screenshot {
        let file = directory.appendingPathComponent("shot-\(UInt32.random(in: 0...UInt32.max)).ppm").path
        defer { unlink(file) }
        try Subprocess.run("/usr/bin/env", display + ["/usr/bin/grim", "-t", "ppm", "-g", "\(x),\(y) \(width)x\(height)", file],
                           captureOutput: false)
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        // The header: P6, the width, the height and 255, each followed by one blank.
        var fields: [String] = [], field = "", index = 0
        while fields.count < 4, index < data.count {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0A {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(Character(UnicodeScalar(byte)))
            }
        }
        let pixels = Array(data[index...])
        guard fields == ["P6", "\(width)", "\(height)", "255"], pixels.count == width * height * 3 else {
            throw Subprocess.Failure(description: "grim's screenshot: \(fields), \(pixels.count) bytes for \(width)x\(height)")
        }
        return Screenshot(width: width, height: height, bytes: pixels)
    }

    /// Presses keys (keysym names: `q`, `space`, `Right`) on a virtual keyboard, 80 ms apart.
    ///
    /// Each wtype makes a keyboard of its own with its own keymap, and a key sent at once after
    /// the keymap is lost now and then (8 of 20 in a row here): the first key goes 0.2 s after it.
    func press(_ keys: String...) throws {
        try Subprocess.run("/usr/bin/env", display + ["/usr/bin/wtype", "-s", "200", "-d", "80"] + keys.flatMap { ["-k", $0] },
                           captureOutput: false)
    }

    /// Presses `key` until reel's trace has read `event` (`character(" ")`) from it: up to three
    /// times, 5 s apart. A key on a new virtual keyboard can be lost (``press(_:)``), and one
    /// pressed again only when reel read none is never taken twice. The trace's line that read
    /// it, or nil.
    @discardableResult
    func press(_ key: String, until event: String) throws -> Int? {
        for _ in 0..<3 {
            let mark = reelTrace.mark
            try press(key)
            if let line = reelTrace.waitFor(" input ", event: event, after: mark, timeout: 5) { return line }
        }
        return nil
    }
}
