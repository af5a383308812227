import Foundation
import Testing

/// Subtitles, tracks and chapters in a real tmux, on the film-like sample (samples/film.mkv: an
/// SRT and an ASS subtitle track, two audio tracks, four chapters; see samples/README.md).
@Suite("Subtitles and tracks end to end", .serialized)
struct SubtitlesEndToEndTests {
    static let film = Paths.sample("film.mkv")

    static func rows(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }
    static func row(of text: String, in screen: String) -> Int? { rows(screen).firstIndex { $0.contains(text) } }

    @Test("the subtitle line shows as text at its time, and the ASS sign sits at the top with the dialogue at the bottom")
    func textAtTime() throws {
        let srt = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=2", Self.film], width: 100, height: 30)
        try srt.waitFor("The first line.")
        try srt.send("q")
        #expect(srt.waitForExit() == 0)

        let ass = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--sid=2", "--start=8", Self.film], width: 100, height: 30)
        let screen = try ass.waitForScreen { $0.contains("LE CHAT") && $0.contains("Voici Chelsea, la chatte.") }
        let sign = try #require(Self.row(of: "LE CHAT", in: screen)), dialogue = try #require(Self.row(of: "Voici Chelsea", in: screen))
        #expect(sign < 8, "the sign is on row \(sign)")
        #expect(dialogue > 20, "the dialogue is on row \(dialogue)")
        #expect(!screen.contains("\\i1") && !screen.contains("{") && !screen.contains("\\pos"), "styling leaked:\n\(screen)")
        try ass.send("q")
        #expect(ass.waitForExit() == 0)
    }

    @Test("/ lists the lines of the track shown, read by FFmpeg from the Matroska file; typing finds one and Enter goes there",
          arguments: [("1", "caf", "Un café crème für Jürgen.", "0:13", "of 8"), ("2", "tokyo", "Prochain arrêt : Tokyo.", "0:16", "of 11")])
    func jumpToALine(sid: String, typed: String, line: String, time: String, count: String) throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--sid=\(sid)", Self.film], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:00" }
        try tmux.send("/")
        try tmux.waitFor(count)
        try tmux.type(typed)
        try tmux.waitForScreen { $0.contains("/ \(typed)") && $0.contains("1 of") && $0.contains(line) }
        try tmux.send("Enter")
        // Paused at the line's start: the clock says so, and the line is on screen as a subtitle.
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == time && $0.contains(line) && !$0.contains("Subtitle lines") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a bracketed paste into / joins the query on one line and the matches follow; a pasted escape stays text")
    func pasteIntoLineSearch() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--sid=1", Self.film], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:00" }
        try tmux.setTitle("before the paste")
        try tmux.send("/")
        try tmux.waitFor("of 8")
        try tmux.paste("\u{1B}]2;LEAKED\u{7}\u{1B}[2J")
        try tmux.waitForScreen { $0.contains("/ ␛]2;LEAKED␇␛[2J") && $0.contains("0 of 8") }
        #expect(try tmux.paneVariable("pane_title") == "before the paste")
        try tmux.send("C-u")
        try tmux.paste("café CRÈ\n")
        try tmux.waitForScreen { $0.contains("/ café CRÈ▏") && $0.contains("1 of 8") && $0.contains("Un café crème für Jürgen.") }
        try tmux.send("Enter")
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:13" && !$0.contains("Subtitle lines") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the subtitles move above the scrubber while the controls show, and down when they hide")
    func aboveTheControls() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=1", "--start=9.6", Self.film], width: 100, height: 30)
        // Paused, the controls stay up: the long line (wrapped) ends above the scrubber's rows.
        let up = try tmux.waitForScreen { $0.contains("must break it.") && PlayerEndToEndTests.times(in: $0) != nil }
        let last = try #require(Self.row(of: "must break it.", in: up))
        #expect(last < 27, "row \(last) is under the controls")
        // Playing, the controls hide after a second: the lines drop to the bottom.
        try tmux.send("Space")
        try tmux.waitForScreen(timeout: 4) { screen in
            PlayerEndToEndTests.times(in: screen) == nil && (Self.row(of: "must break it.", in: screen) ?? 0) >= 27
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("s, v, a, z, +, PgDn, PgUp, Ctrl+→ and t each act and say so")
    func keys() throws {
        // Notices for 30 s: on a busy machine a capture can come more than 1.5 s after the one
        // before, and miss a notice of reel's default length (each new one replaces the last).
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--notice-duration=30", "--start=2",
                                    Self.film], width: 100, height: 30)
        try tmux.waitFor("The first line.")
        try tmux.send("s")
        try tmux.waitFor("Subtitles: Français (signs) (fra) 2/2")
        try tmux.waitFor("OUVERTURE")
        try tmux.send("v")
        try tmux.waitForScreen { $0.contains("Subtitles hidden") && !$0.contains("OUVERTURE") }
        // (Each notice is waited for apart from the line it brings: on a loaded machine the
        // line may come after the notice has gone.)
        // s after v shows them again, on the next track round: English; then French; then off.
        try tmux.send("s")
        try tmux.waitFor("Subtitles: English (eng) 1/2")
        try tmux.waitFor("The first line.")
        try tmux.send("s")
        try tmux.waitFor("Subtitles: Français (signs) (fra) 2/2")
        try tmux.send("s")
        try tmux.waitForScreen { $0.contains("Subtitles off") && !$0.contains("OUVERTURE") }
        try tmux.send("s")
        try tmux.waitFor("Subtitles: English (eng) 1/2")
        try tmux.waitFor("The first line.")
        try tmux.send("a")
        try tmux.waitFor("Audio: Français (fra) 2/2")
        try tmux.send("z")
        try tmux.waitFor("Subtitle delay -0.1 s")
        try tmux.send("+")
        try tmux.waitFor("Audio delay +0.1 s")
        try tmux.send("PageDown")
        try tmux.waitForScreen { $0.contains("Chapter 2/4: The cat") && PlayerEndToEndTests.times(in: $0)?.0 == "0:06" }
        try tmux.send("PageDown")
        try tmux.waitFor("Chapter 3/4: Coffee")
        try tmux.send("PageUp")
        try tmux.waitFor("Chapter 2/4: The cat")
        // The next subtitle line after 6 s (with the -0.1 s delay) starts at 6.9 s.
        try tmux.send("C-Right")
        try tmux.waitForScreen { $0.contains("This is Chelsea, the cat.") }
        try tmux.send("t")
        let menu = try tmux.waitFor("Tracks and chapters")
        #expect(menu.contains("Français (signs) (fra) · ass") && menu.contains("0:18  Launch"))
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("Tracks and chapters") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a sidecar .srt whose text carries escape codes draws inert, and the pane title stays")
    func hostileSidecar() throws {
        let folder = Fixtures.path("sidecar-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Paths.sample("talk.mp4"), toPath: folder + "/talk.mp4")
        let cue = "1\n00:00:00,000 --> 00:00:08,000\nevil \u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred \u{202E}gnp.exe line\n\n"
        try cue.write(toFile: folder + "/talk.srt", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=1", folder + "/talk.mp4"])
        try tmux.setTitle("before")
        let screen = try tmux.waitForScreen { $0.contains("evil") && $0.contains("line") }
        #expect(screen.contains("␛"), "ESC is not shown as a stand-in")
        try HostileMetadataEndToEndTests.expectInert(tmux, screen: screen)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("with --screen-reader each new subtitle line is one plain line")
    func screenReader() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--screen-reader", "--start=0.5", Self.film], width: 100, height: 30)
        try tmux.waitForScreen { Self.rows($0).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("The first line.") == true }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}

extension SubtitlesEndToEndTests {
    @Test("--secondary-sid draws the second track above the first")
    func secondaryTrack() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--sid=1", "--secondary-sid=2", "--start=2", Self.film],
                                   width: 100, height: 30)
        let screen = try tmux.waitForScreen { $0.contains("The first line.") && $0.contains("La première ligne.") }
        let first = try #require(Self.row(of: "The first line.", in: screen)), second = try #require(Self.row(of: "La première ligne.", in: screen))
        #expect(second < first)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("--progress-line keeps a one-row progress line, with the paused mark, while the controls are hidden")
    func progressLine() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=1", "--progress-line", Paths.sample("long.mp4")], width: 100, height: 30)
        try tmux.waitForScreen(timeout: 5) { screen in
            let last = Self.rows(screen).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            return !screen.contains("Long clip for seeking") && last.contains("0:0")
        }
        // Paused (Space brings the controls up, then they stay while paused): c hides them, and ❚❚ marks the pause.
        try tmux.send("Space")
        try tmux.send("c")
        try tmux.waitForScreen { screen in (Self.rows(screen).last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "").contains("❚❚") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
