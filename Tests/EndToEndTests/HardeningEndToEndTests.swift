import Foundation
import Testing

/// What an adversarial run found, each case kept: a state folder that fails, watch-later records
/// that carry mpv options, silent failures after a file opens, and pictures.
@Suite("Hardening end to end", .serialized)
struct HardeningEndToEndTests {
    @Test("a state folder that cannot be made plays anyway, with resume off and one notice naming the folder")
    func brokenStateFolder() throws {
        let state = Fixtures.path("state-is-a-file-\(UInt32.random(in: 0...UInt32.max))")
        try "x".write(toFile: state, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", Paths.sample("long.mp4")],
                                   environment: ["XDG_STATE_HOME": state])
        let screen = try tmux.waitFor("Resume is off")
        #expect(screen.contains("directory"), "the reason is missing:\n\(screen)")
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0).map { PlayerEndToEndTests.seconds($0.0) >= 1 } ?? false }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.standardError.isEmpty, "\(tmux.standardError)")
    }

    @Test("on a full disk the position that cannot be saved at q is one line on stderr, after the terminal is restored",
          .enabled(if: FullFolder.canMount, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let state = try FullFolder(folders: ["reel/resume"])
        let path = Paths.sample("long.mp4")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", path], environment: ["XDG_STATE_HOME": state.path])
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0).map { PlayerEndToEndTests.seconds($0.0) >= 2 } ?? false }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
        #expect(tmux.standardError == "reel: could not save the position of \(path): No space left on device\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path + "/reel/resume").isEmpty)
    }

    @Test("an mpv watch-later record beside reel's state is never obeyed, and a record of reel's with an extra line is ignored")
    func watchLaterIsNotObeyed() throws {
        let state = Fixtures.path("state-\(UInt32.random(in: 0...UInt32.max))")
        let recorded = Fixtures.path("recorded-\(UInt32.random(in: 0...UInt32.max)).ts")
        let logged = Fixtures.path("logged-\(UInt32.random(in: 0...UInt32.max)).log")
        let path = Paths.sample("long.mp4")
        // mpv names a record by the MD5 of the path, in upper case.
        let hash = try Subprocess.run("/bin/sh", ["-c", "printf %s '\(path)' | md5sum | cut -c1-32 | tr a-f A-F"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for folder in ["reel/watch_later", "reel/resume"] {
            try FileManager.default.createDirectory(atPath: state + "/" + folder, withIntermediateDirectories: true)
        }
        let hostile = "# \(path)\nstart=60\nvo=tct\nspeed=100\nstream-record=\(recorded)\nlog-file=\(logged)\n"
        try hostile.write(toFile: state + "/reel/watch_later/" + hash, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", path], environment: ["XDG_STATE_HOME": state])
        let first = try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        #expect(PlayerEndToEndTests.times(in: first).map { PlayerEndToEndTests.seconds($0.0) < 5 } == true, "it resumed from mpv's record")
        // At speed 1 the clock moves about a second a second.
        let later = try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0).map { PlayerEndToEndTests.seconds($0.0) >= 2 } ?? false }
        #expect(PlayerEndToEndTests.times(in: later).map { PlayerEndToEndTests.seconds($0.0) < 10 } == true)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: recorded) && !FileManager.default.fileExists(atPath: logged))
        // reel's own record now exists; one with a line reel does not write is not read.
        let records = try FileManager.default.contentsOfDirectory(atPath: state + "/reel/resume")
        let record = try #require(records.first)
        let file = state + "/reel/resume/" + record
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "position=", with: "vo=tct\nposition=")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let again = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--pause", path], environment: ["XDG_STATE_HOME": state])
        let screen = try again.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        #expect(!screen.contains("Resumed at"))
        try again.send("q")
        #expect(again.waitForExit() == 0)
    }

    @Test("a video whose pictures cannot be decoded exits 1 with mpv's reason, instead of a silent black screen")
    func undecodablePicture() throws {
        let small = try Fixtures.ffmpeg("mjpeg-small.avi", ["-f", "lavfi", "-i", "color=c=red:s=64x64:d=2", "-c:v", "mjpeg", "-q:v", "5"])
        var data = try Data(contentsOf: URL(fileURLWithPath: small))
        // Every frame's JPEG header (SOF0) declares 20000 × 20000.
        var index = data.startIndex
        while let marker = data[index...].firstRange(of: Data([0xFF, 0xC0])) {
            let at = marker.lowerBound
            data.replaceSubrange((at + 5)..<(at + 9), with: [0x4E, 0x20, 0x4E, 0x20])
            index = marker.upperBound
        }
        let huge = Fixtures.write("mjpeg-20000.avi", Array(data))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", huge])
        #expect(tmux.waitForExit(timeout: 10) == 1)
        #expect(tmux.standardError.contains("reel: \(huge): the picture cannot be shown"))
        #expect(tmux.standardError.contains("Picture size 20000x20000 is invalid"))
        try tmux.expectTerminalRestored()
    }

    @Test("a picture file shows as a still: its size, and no scrubber, no times, no live")
    func still() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", Paths.sample("sidecar.png")])
        let screen = try tmux.waitFor("Image · 160×90")
        #expect(!screen.contains("live") && PlayerEndToEndTests.times(in: screen) == nil)
        // It stays: images do not end after a second.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try tmux.capture().contains("Image · 160×90"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
