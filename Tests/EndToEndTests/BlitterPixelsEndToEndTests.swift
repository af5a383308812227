import Foundation
import Testing

/// The cell blitters as a terminal that draws the glyphs itself shows them: kitty under Xvfb,
/// which draws sextants and block elements with its own box drawing, judged on a photograph.
@Suite("Blitters in kitty", .serialized, .enabled(if: XTerminal.available))
struct BlitterPixelsEndToEndTests {
    /// The cat of film.mkv (8 s in) as a still clip of 20 s, and the frame itself.
    static func stillClip(in directory: URL) throws -> (clip: String, frame: String) {
        let frame = directory.appendingPathComponent("frame.png").path
        let clip = directory.appendingPathComponent("still.mp4").path
        _ = try Subprocess.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-ss", "8", "-i", Paths.sample("film.mkv"),
                                                  "-frames:v", "1", frame])
        _ = try Subprocess.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-loop", "1", "-i", frame, "-t", "20", "-r", "5",
                                                  "-pix_fmt", "yuv420p", clip])
        return (clip, frame)
    }

    /// The box of the pixels that are not black (the picture; the controls have hidden).
    static func pictureBox(_ shot: Screenshot) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = shot.width, y0 = shot.height, x1 = -1, y1 = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                if max(p.r, p.g, p.b) > 12 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// The PSNR of the picture on `shot` against `frame` scaled to the picture's box by area.
    static func psnr(_ shot: Screenshot, frame: String) throws -> Double {
        let box = try #require(pictureBox(shot))
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("reel-psnr-\(getpid()).rgb").path
        defer { unlink(raw) }
        _ = try Subprocess.run("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", frame, "-vf",
                                                  "scale=\(box.width):\(box.height):flags=area+accurate_rnd",
                                                  "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(source.count == box.width * box.height * 3)
        var error = 0.0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let p = shot[box.x + x, box.y + y], i = 3 * (y * box.width + x)
                for (a, b) in [(p.r, source[i]), (p.g, source[i + 1]), (p.b, source[i + 2])] {
                    let d = Double(a) - Double(b)
                    error += d * d
                }
            }
        }
        let mse = error / Double(box.width * box.height * 3)
        return 10 * log10(255 * 255 / max(mse, 1e-9))
    }

    /// reel with `blitter` on the still, once the controls have hidden: the screenshot.
    static func shot(blitter: String, clip: String) throws -> Screenshot {
        let terminal = try XTerminal(.kitty, [Paths.reel, "--no-audio", "--no-resume", "--blitter=\(blitter)", "--hide-delay=0.5",
                                              "--stats", clip], width: 800, height: 480)
        defer { terminal.stop() }
        // Lit, and nothing white in the bottom row where the times were.
        _ = try terminal.waitForScreen { shot in
            shot.share(x: 0, y: 0, width: shot.width, height: shot.height, near: (0, 0, 0), tolerance: 12) < 0.5
                && PixelsEndToEndTests.bottomText(in: shot) < 0.0005
        }
        // The fade's last frames painted: the screen has stopped changing.
        let shot = try terminal.waitForStillScreen()
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.standardError.contains("blitter \(blitter)"), "\(terminal.standardError)")
        return shot
    }

    @Test("kitty draws reel's sextant picture of a photograph, and it is sharper than half blocks by at least 1 dB")
    func sextantFidelity() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-blitters-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (clip, frame) = try Self.stillClip(in: directory)
        let sextant = try Self.psnr(try Self.shot(blitter: "sextant", clip: clip), frame: frame)
        let half = try Self.psnr(try Self.shot(blitter: "half", clip: clip), frame: frame)
        print("kitty at 800x480: sextant \(sextant) dB, half \(half) dB")
        // Measured 29.4 dB against 27.7 for half blocks here (font size 11: 88x26 cells).
        #expect(sextant >= 28.5, "sextant \(sextant) dB")
        #expect(sextant >= half + 1, "sextant \(sextant) dB, half \(half) dB")
    }

    @Test("in kitty, cells with --blitter=auto are sextants: kitty says what it is (XTVERSION)")
    func autoInKitty() throws {
        let terminal = try XTerminal(.kitty, [Paths.reel, "--no-audio", "--no-resume", "--graphics=blocks", "--stats",
                                              Paths.sample("film.mkv")], width: 640, height: 360)
        defer { terminal.stop() }
        _ = try terminal.waitForScreen { $0.share(x: 0, y: 0, width: $0.width, height: $0.height, near: (0, 0, 0), tolerance: 12) < 0.5 }
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.standardError.contains("blitter sextant"), "\(terminal.standardError)")
    }

    @Test("in tmux inside kitty, cells with --blitter=auto are sextants too: tmux names its client's terminal")
    func autoInTmuxInKitty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-tmux-kitty-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("tmux").path, stats = directory.appendingPathComponent("stats").path
        // Cells asked for: --graphics=auto would draw kitty graphics through tmux's passthrough.
        let reel = "\(Paths.reel) --no-audio --no-resume --stats --graphics=blocks \(Paths.sample("film.mkv")) 2> \(stats)"
        let terminal = try XTerminal(.kitty, ["/usr/bin/tmux", "-S", socket, "-f", "/dev/null", "new-session", "-s", "e2e", reel],
                                     width: 640, height: 360)
        defer {
            _ = try? Subprocess.run("/usr/bin/tmux", ["-S", socket, "kill-server"])
            terminal.stop()
        }
        // Sextants reach tmux's pane.
        let sextants: ClosedRange<UInt32> = 0x1FB00...0x1FB3B
        _ = XTerminal.wait(timeout: 20) {
            let pane = (try? Subprocess.run("/usr/bin/tmux", ["-S", socket, "capture-pane", "-p", "-t", "e2e"])) ?? ""
            return pane.unicodeScalars.contains { sextants.contains($0.value) }
        }
        _ = try Subprocess.run("/usr/bin/tmux", ["-S", socket, "send-keys", "-t", "e2e", "q"])
        _ = XTerminal.wait(timeout: 10) { ((try? String(contentsOfFile: stats, encoding: .utf8)) ?? "").contains("reel stats") }
        let line = (try? String(contentsOfFile: stats, encoding: .utf8)) ?? ""
        #expect(line.contains("blitter sextant"), "\(line)")
    }
}
