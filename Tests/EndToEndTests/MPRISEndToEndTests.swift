import Foundation
import Testing

/// MPRIS2 end to end: reel in tmux on a private session bus, driven by Debian's playerctl.
@Suite("MPRIS end to end", .serialized)
struct MPRISEndToEndTests {
    /// reel on `bus`, with `arguments` before the files.
    static func reel(on bus: PrivateBus, _ arguments: [String]) throws -> TmuxSession {
        try TmuxSession([Paths.reel, "--no-audio"] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    @Test("playerctl sees it play, pauses it (▶ and a screen-reader line), seeks it to 0:30 and reads its title")
    func playerctlDrivesIt() throws {
        let bus = try PrivateBus()
        let monitorLog = NSTemporaryDirectory() + "reel-mpris-monitor-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(monitorLog) }
        try bus.monitor(into: monitorLog)
        let tmux = try Self.reel(on: bus, ["--screen-reader", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(try bus.waitFor(["status"]) { $0 == "Playing" } == "Playing")
        #expect(try bus.playerctl("metadata", "title") == "Long clip for seeking")
        #expect(try bus.playerctl("metadata", "mpris:length") == "150000000")
        #expect(try bus.playerctl("metadata", "xesam:url") == "file://" + Paths.sample("long.mp4"))
        // The art is a PNG of the thumbnail, written for the widgets under the cache folder.
        let art = try bus.waitFor(["metadata", "mpris:artUrl"]) { $0.hasPrefix("file://") }
        #expect(art.hasPrefix("file://" + tmux.directory.path + "/cache/reel/art/") && art.hasSuffix(".png"))
        let png = FileManager.default.contents(atPath: String(art.dropFirst("file://".count))) ?? Data()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        try bus.playerctl("play-pause")
        // The same command as Space: the button shows ▶, and the screen reader says so.
        let paused = try tmux.waitForScreen { $0.contains("▶") && $0.contains("Paused") }
        #expect(!paused.contains("❚❚"))
        #expect(try bus.waitFor(["status"]) { $0 == "Paused" } == "Paused")

        try bus.playerctl("position", "30")
        // The clock reads 0:30 (on the scrubber's row, above the screen reader's line).
        let moved = try tmux.waitFor("Moved to 0:30")
        let rows = moved.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.contains { $0.contains("0:30") && $0.contains("2:30") })
        #expect(try bus.waitFor(["position"]) { $0.hasPrefix("30") }.hasPrefix("30"))

        // The widgets hear of each change: PropertiesChanged (never for the clock alone) and Seeked.
        let deadline = Date().addingTimeInterval(5)
        var heard = ""
        while Date() < deadline {
            heard = (try? String(contentsOfFile: monitorLog, encoding: .utf8)) ?? ""
            if heard.contains("member=Seeked") && heard.contains("\"Paused\"") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(heard.contains("member=PropertiesChanged"))
        #expect(heard.contains("string \"PlaybackStatus\"") && heard.contains("\"Paused\""))
        #expect(heard.contains("member=Seeked"))
        #expect(heard.contains("int64 30000000"))

        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("next and previous move through the playlist, as N and P do")
    func nextAndPrevious() throws {
        let bus = try PrivateBus()
        let tmux = try Self.reel(on: bus, [Paths.sample("demo.mp4"), Paths.sample("talk.mp4")])
        try tmux.waitFor("reel demo: running clock")
        #expect(try bus.waitFor(["metadata", "title"]) { $0 == "reel demo: running clock" } == "reel demo: running clock")
        #expect(try bus.playerctl("metadata", "mpris:trackid") == "'/org/mpris/MediaPlayer2/reel/track/0'")

        try bus.playerctl("next")
        try tmux.waitFor("Talk with a sidecar subtitle")
        #expect(try bus.waitFor(["metadata", "title"]) { $0 == "Talk with a sidecar subtitle" } == "Talk with a sidecar subtitle")
        #expect(try bus.playerctl("metadata", "mpris:trackid") == "'/org/mpris/MediaPlayer2/reel/track/1'")

        try bus.playerctl("previous")
        try tmux.waitFor("reel demo: running clock")
        #expect(try bus.waitFor(["metadata", "title"]) { $0 == "reel demo: running clock" } == "reel demo: running clock")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Quit over the bus ends reel as q does, with the terminal restored")
    func quit() throws {
        let bus = try PrivateBus()
        let tmux = try Self.reel(on: bus, [Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        let pid = try #require(try tmux.programPID())
        try bus.waitFor(["status"]) { $0 == "Playing" }
        #expect(try bus.names().contains("org.mpris.MediaPlayer2.reel.instance\(pid)"))
        try bus.send(to: "org.mpris.MediaPlayer2.reel.instance\(pid)", "org.mpris.MediaPlayer2.Quit")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("fuzzed arguments (int64 and double edges, NaN, wrong types) leave reel alive and answering; NaN, ±inf and rates out of range change nothing")
    func fuzzedArguments() throws {
        let bus = try PrivateBus()
        let tmux = try Self.reel(on: bus, [Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        let pid = try #require(try tmux.programPID())
        let name = "org.mpris.MediaPlayer2.reel.instance\(pid)", player = "org.mpris.MediaPlayer2.Player"
        try bus.waitFor(["status"]) { $0 == "Playing" }
        func set(_ property: String, _ value: String) throws {
            try bus.send(to: name, "org.freedesktop.DBus.Properties.Set", ["string:\(player)", "string:\(property)", "variant:\(value)"])
        }
        func waitFor(_ property: String, _ value: String) throws -> String {
            try bus.waitForReply(to: name, "org.freedesktop.DBus.Properties.Get", ["string:\(player)", "string:\(property)"]) {
                $0.contains(value)
            }
        }

        // Refused writes change nothing: each is followed by a valid write of the other
        // property, whose effect comes after theirs.
        try set("Volume", "double:0.5")
        #expect(try waitFor("Volume", "double 0.5").contains("double 0.5"))
        for value in ["nan", "inf", "-inf"] { try set("Volume", "double:\(value)") }
        try set("Rate", "double:1.5")
        #expect(try waitFor("Rate", "double 1.5").contains("double 1.5"))
        #expect(try waitFor("Volume", "double 0.5").contains("double 0.5"), "NaN or ±inf changed the volume")
        for value in ["nan", "-1", "-inf", "inf", "1000", "0.001"] { try set("Rate", "double:\(value)") }
        try set("Volume", "double:0.6")
        #expect(try waitFor("Volume", "double 0.6").contains("double 0.6"))
        #expect(try waitFor("Rate", "double 1.5").contains("double 1.5"), "a rate out of range changed the speed")
        #expect(try bus.playerctl("status") == "Playing", "a rate out of range paused")

        let int64s = ["9223372036854775807", "-9223372036854775808", "5000000000000000000", "-1", "1", "0"]
        let doubles = ["nan", "-nan", "inf", "-inf", "1.7976931348623157e308", "-1.7976931348623157e308", "4.9e-324", "-0.0", "1e-9", "0"]
        var calls: [[String]] = int64s.flatMap { number in
            [["\(player).Seek", "int64:\(number)"],
             ["\(player).SetPosition", "objpath:/org/mpris/MediaPlayer2/reel/track/0", "int64:\(number)"]]
        }
        calls += doubles.flatMap { number in
            ["Rate", "Volume"].map { ["org.freedesktop.DBus.Properties.Set", "string:\(player)", "string:\($0)", "variant:double:\(number)"] }
                + [["\(player).Seek", "double:\(number)"]]
        }
        // Wrong types and counts.
        calls += [
            ["\(player).Seek"], ["\(player).Seek", "string:x"], ["\(player).Seek", "int32:-2147483648"],
            ["\(player).Seek", "uint64:18446744073709551615"], ["\(player).Seek", "int64:1", "int64:2"],
            ["\(player).SetPosition", "int64:1"], ["\(player).SetPosition", "string:/x", "int64:1"],
            ["\(player).SetPosition", "objpath:/", "double:nan"], ["\(player).OpenUri", "string:file:///etc/passwd"],
            ["\(player).OpenUri", "string:"], ["\(player).OpenUri", "int64:1"], ["\(player).Dance", "byte:255"],
            ["org.mpris.MediaPlayer2.Quit", "string:x"], ["\(player).Stop", "int64:1"],
            ["org.freedesktop.DBus.Properties.Get", "int32:1", "int32:2"], ["org.freedesktop.DBus.Properties.GetAll"],
            ["org.freedesktop.DBus.Properties.Set", "string:\(player)", "string:Volume"],
        ]
        for (property, value) in [("Volume", "string:loud"), ("Volume", "int64:9223372036854775807"), ("Rate", "boolean:true"),
                                  ("Rate", "uint32:0"), ("LoopStatus", "int32:1"), ("Shuffle", "string:yes"), ("Position", "int64:0")] {
            calls.append(["org.freedesktop.DBus.Properties.Set", "string:\(player)", "string:\(property)", "variant:\(value)"])
        }
        for call in calls {
            try bus.send(to: name, call[0], Array(call.dropFirst()))
            let answer = try bus.send(to: name, "org.freedesktop.DBus.Properties.Get", ["string:\(player)", "string:Position"])
            #expect(kill(pid, 0) == 0 && answer.contains("int64"), "after \(call.joined(separator: " ")): \(tmux.standardError)")
            if kill(pid, 0) != 0 { break }
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("--no-mpris keeps reel off a bus that is there")
    func noMpris() throws {
        let bus = try PrivateBus()
        let tmux = try Self.reel(on: bus, ["--no-mpris", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        // reel asks for its name before its first screen (MPRISService.start): by ❚❚ it would be there.
        #expect(try !bus.names().contains("org.mpris.MediaPlayer2.reel"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("with no session bus reel plays and says nothing about it")
    func noBus() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--screen-reader", Paths.sample("long.mp4")],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        try tmux.waitFor("❚❚")
        // It plays: the clock moves past 0:01, and no notice mentions a bus.
        let screen = try tmux.waitForScreen { $0.contains("0:01") || $0.contains("0:02") }
        #expect(!screen.lowercased().contains("bus") && !screen.contains("MPRIS"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }
}
