import Foundation
import Testing

/// Files reel cannot play get one clear stderr line naming the file and the reason, exit code 1
/// (2 for usage errors), within 5 s, with the terminal untouched; awkward files that can be
/// played, play. Every case drives the real binary in tmux.
@Suite("Bad input end to end", .serialized)
struct BadInputEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () throws -> [String]
        let code: Int32
        let reason: String
        var testDescription: String { name }
    }

    static let failures: [Case] = [
        Case(name: "missing path", make: { ["/nonexistent/reel/missing.mp4"] }, code: 1, reason: "No such file or directory"),
        Case(name: "empty file", make: { [Fixtures.write("empty.mp4", [])] }, code: 1, reason: "the file is empty"),
        Case(name: "text with a video extension", make: {
            [Fixtures.write("notes.mkv", Array(String(repeating: "just some text\n", count: 200).utf8))]
        }, code: 1, reason: "Failed to recognize file format"),
        Case(name: "random bytes with a video extension", make: {
            var generator = SystemRandomNumberGenerator()
            return [Fixtures.write("noise.mp4", (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) })]
        }, code: 1, reason: "Failed to recognize file format"),
        Case(name: "truncated container", make: { [try Fixtures.truncated("demo.mp4", to: 1500, as: "truncated.mp4")] },
             code: 1, reason: "Failed to recognize file format"),
        Case(name: "unsupported codec", make: { [Fixtures.unknownCodec()] }, code: 1, reason: "No video or audio streams"),
        Case(name: "a path beginning with -", make: { ["-clip.mp4"] }, code: 2, reason: "unknown option '-clip.mp4'"),
        Case(name: "a URL whose host does not exist fails with the resolver's reason", make: { ["http://example.invalid/video.mp4"] },
             code: 1, reason: "Failed to resolve hostname example.invalid"),
        Case(name: "a bad option value", make: { ["--volume=loud", Paths.sample("demo.mp4")] }, code: 2,
             reason: "bad value 'loud' for --volume"),
    ]

    @Test("files that cannot be played fail cleanly", arguments: failures)
    func failsCleanly(_ failure: Case) throws {
        let arguments = try failure.make()
        let started = Date()
        let tmux = try TmuxSession([Paths.reel] + arguments)
        let code = tmux.waitForExit(timeout: 5)
        #expect(code == failure.code, "exit \(String(describing: code)); stderr: \(tmux.standardError)")
        #expect(Date().timeIntervalSince(started) < 5.5)
        let lines = tmux.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(tmux.standardError)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("reel: "))
        #expect(line.contains(failure.reason), "stderr: \(line)")
        if failure.code == 1, let path = arguments.last, !path.hasPrefix("-") {
            #expect(line.contains(path), "the line does not name the file: \(line)")
        }
        try tmux.expectTerminalRestored()
        #expect(try tmux.capture().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the screen was drawn on")
    }

    @Test("a file the user cannot read fails with Permission denied")
    func unreadable() throws {
        let path = Fixtures.path("locked.mp4")
        try FileManager.default.copyItem(atPath: Paths.sample("segments.mp4"), toPath: path)
        chmod(path, 0o000)
        chmod(Fixtures.directory, 0o755)
        // Root reads anything, so run reel as nobody.
        let tmux = try TmuxSession(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", Paths.reel, path])
        #expect(tmux.waitForExit(timeout: 5) == 1)
        #expect(tmux.standardError.contains("Permission denied"), "stderr: \(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }

    @Test("-- lets a file begin with a dash")
    func dashFile() throws {
        try Fixtures.copy("segments.mp4", to: Fixtures.path("-dash.mp4"))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--", "-dash.mp4"], workingDirectory: Fixtures.directory)
        try tmux.waitFor("Colour segments")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a name that is not valid UTF-8 still opens its file")
    func invalidUTF8Name() throws {
        // "café.mp4" with é as the single Latin-1 byte 0xE9.
        var bytes = Array(Fixtures.directory.utf8) + Array("/caf".utf8) + [0xE9] + Array(".mp4".utf8)
        bytes.append(0)
        let source = Paths.sample("portrait.mp4")
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let written = bytes.withUnsafeBufferPointer { buffer -> Bool in
            let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            guard let file = fopen(pointer, "w") else { return false }
            defer { fclose(file) }
            return data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, file) } == data.count
        }
        #expect(written, "could not create the Latin-1 named file")
        // tmux would re-encode the argument, so go through a shell with printf's octal escape.
        let tmux = try TmuxSession(["/bin/sh", "-c", "exec \"$0\" --no-audio \"$(printf '\(Fixtures.directory)/caf\\351.mp4')\"", Paths.reel])
        try tmux.waitFor("Portrait")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "stderr: \(tmux.standardError)")
    }

    @Test("under a folder whose name is not UTF-8, a relative path plays and the folder lists and plays its file")
    func invalidUTF8Directory() throws {
        // A folder "vidéos" with é as the Latin-1 byte 0xE9, holding a copy of a sample.
        let shell = "d=\"$(printf '\(Fixtures.directory)/vid\\351os')\"; mkdir -p \"$d\" && cp \"$1\" \"$d/clip.mp4\" && cd \"$d\" && exec \"$0\" --no-audio"
        let relative = try TmuxSession(["/bin/sh", "-c", shell + " clip.mp4", Paths.reel, Paths.sample("portrait.mp4")])
        try relative.waitFor("Portrait")
        try relative.send("q")
        #expect(relative.waitForExit() == 0, "stderr: \(relative.standardError)")

        let library = try TmuxSession(["/bin/sh", "-c", shell + " .", Paths.reel, Paths.sample("portrait.mp4")])
        try library.waitFor("clip.mp4")
        #expect(try library.capture().contains("vid\u{FFFD}os"), "the folder's name shows with U+FFFD for the byte")
        try library.send("Enter")
        try library.waitFor("Portrait")
        try library.send("q")
        #expect(library.waitForExit() == 0, "stderr: \(library.standardError)")
    }

    struct Playable: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () throws -> String
        let expect: String
        var testDescription: String { name }
    }

    static let playable: [Playable] = [
        Playable(name: "audio only", make: { Paths.sample("tone.mp3") }, expect: "Chime in C"),
        Playable(name: "a still image", make: {
            try Fixtures.ffmpeg("still.png", ["-f", "lavfi", "-i", "testsrc2=s=160x90", "-frames:v", "1"])
        }, expect: "still.png"),
        Playable(name: "a zero-length stream", make: {
            try Fixtures.ffmpeg("zero.mka", ["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "0", "-c:a", "libvorbis"])
        }, expect: "zero.mka"),
        Playable(name: "ten hours long", make: {
            try Fixtures.ffmpeg("ten-hours.mkv", ["-f", "lavfi", "-i", "color=c=red:s=64x36:r=1:d=3",
                                                  "-vf", "setpts=PTS*18000", "-c:v", "libx264", "-g", "1"])
        }, expect: "10:00:01"),
        Playable(name: "portrait", make: { Paths.sample("portrait.mp4") }, expect: "Portrait"),
        Playable(name: "rotated", make: {
            try Fixtures.clip("rotated.mp4", codec: ["-c:v", "libx264", "-metadata:s:v", "rotate=90"])
        }, expect: "rotated.mp4"),
        Playable(name: "VP9 in WebM", make: { try Fixtures.clip("vp9.webm", codec: ["-c:v", "libvpx-vp9", "-deadline", "realtime"]) },
                 expect: "vp9.webm"),
        Playable(name: "Matroska", make: { Paths.sample("chapters.mkv") }, expect: "Chapters and a Title"),
        Playable(name: "Theora in Ogg", make: { try Fixtures.clip("theora.ogv", codec: ["-c:v", "libtheora"]) },
                 expect: "theora.ogv"),
        Playable(name: "a name with spaces and emoji", make: {
            try Fixtures.copy("segments.mp4", to: Fixtures.path("my holiday 🎬 clip.mp4"))
        }, expect: "Colour segments"),
        Playable(name: "a name with a newline", make: {
            try Fixtures.copy("portrait.mp4", to: Fixtures.path("two\nlines.mkv"))
        }, expect: "Portrait"),
    ]

    @Test("awkward files play", arguments: playable)
    func plays(_ file: Playable) throws {
        let path = try file.make()
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", path])
        try tmux.waitFor(file.expect)
        try tmux.sync()
        #expect(tmux.waitForExit(timeout: 0.1) == nil, "reel exited: \(tmux.standardError)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "stderr: \(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }
}
