import Controls
import Drawing
import Media
import Terminal
import Testing
@testable import Screens

@Suite("Tracks, chapters, notices and the session's cards on the player screen")
struct TracksAndCardsTests {
    static func film() -> MediaStatus {
        var status = PlayerScreenTests.status()
        var english = Track(id: 1, kind: .audio, title: "English", language: "eng", codec: "opus")
        english.isDefault = true
        status.tracks = [english, Track(id: 2, kind: .audio, title: "Français", language: "fra", codec: "opus"),
                         Track(id: 1, kind: .subtitles, title: "English", language: "eng", codec: "subrip"),
                         Track(id: 2, kind: .subtitles, title: "Français (signs)", language: "fra", codec: "ass"),
                         // A picture to show that no menu lists: the menus hold the audio and subtitles alone.
                         Track(id: 1, kind: .video, isCoverArt: true, isSelected: true)]
        status.audioTrack = 1
        status.subtitleTrack = 1
        status.chapters = [Chapter(title: "Opening", time: 0), Chapter(title: "The cat", time: 6),
                           Chapter(title: "Coffee", time: 12), Chapter(title: "Launch", time: 18)]
        status.chapterIndex = 1
        return status
    }

    static func screen(_ status: MediaStatus = film(), screenReader: Bool = false) -> PlayerScreen {
        var screen = PlayerScreenTests.screen { $0.screenReader = screenReader }
        screen.update(status, now: 0)
        return screen
    }

    @Test("s cycles the subtitle tracks through off, a the audio tracks; each change is a notice and a screen-reader line")
    func cycling() {
        var screen = Self.screen(screenReader: true)
        #expect(screen.handle(PlayerScreenTests.char("s"), now: 1) == [.selectSubtitles(2)])
        #expect(screen.statusLine == "Subtitles: Français (signs) (fra) 2/2")
        var status = Self.film()
        status.subtitleTrack = 2
        screen.update(status, now: 1.1)
        #expect(screen.handle(PlayerScreenTests.char("s"), now: 1.2) == [.selectSubtitles(nil)])
        #expect(screen.statusLine == "Subtitles off")
        #expect(screen.handle(PlayerScreenTests.char("a"), now: 1.3) == [.selectAudio(2)])
        #expect(screen.statusLine == "Audio: Français (fra) 2/2")
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                           Audio: Français (fra) 2/2                            ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + CanvasExpectation.blank(80, 8) + [
            "     │   │   │                                                                  ",
            "  0:30                               Launch                               2:00  ",
            " Audio: Français (fra) 2/2                                                      ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.4))
    }

    @Test("v hides and shows subtitles; s after v shows them again on the next track")
    func visibility() {
        var screen = Self.screen()
        #expect(screen.handle(PlayerScreenTests.char("v"), now: 1) == [.setSubtitlesVisible(false)])
        var status = Self.film()
        status.subtitlesVisible = false
        screen.update(status, now: 1.1)
        #expect(screen.handle(PlayerScreenTests.char("s"), now: 1.2) == [.selectSubtitles(1), .setSubtitlesVisible(true)])
    }

    @Test("z Z - + step the delays by 0.1 s, and quick presses add up", arguments: [
        ("z", PlayerAction.setSubtitleDelay(-0.1), "Subtitle delay -0.1 s"), ("Z", .setSubtitleDelay(0.1), "Subtitle delay +0.1 s"),
        ("-", .setAudioDelay(-0.1), "Audio delay -0.1 s"), ("+", .setAudioDelay(0.1), "Audio delay +0.1 s"),
    ])
    func delays(key: Character, action: PlayerAction, notice: String) {
        var screen = Self.screen(screenReader: true)
        #expect(screen.handle(PlayerScreenTests.char(key), now: 1) == [action])
        #expect(screen.statusLine == notice)
        let second = screen.handle(PlayerScreenTests.char(key), now: 1.05)
        switch action {
        case .setSubtitleDelay(let step): #expect(second == [.setSubtitleDelay(step * 2)])
        case .setAudioDelay(let step): #expect(second == [.setAudioDelay(step * 2)])
        default: Issue.record("unexpected")
        }
    }

    @Test("PgDn and PgUp move by chapters; the notice names the chapter mpv lands in; at the last one PgDn stays")
    func chapters() {
        var screen = Self.screen(screenReader: true)
        #expect(screen.handle(PlayerScreenTests.key(.pageDown), now: 1) == [.addChapter(1)])
        var status = Self.film()
        status.chapterIndex = 2
        screen.update(status, now: 1.1)
        #expect(screen.statusLine == "Chapter 3/4: Coffee")
        #expect(screen.handle(PlayerScreenTests.key(.pageUp), now: 2) == [.addChapter(-1)])
        status.chapterIndex = 3
        screen.update(status, now: 2.1)
        #expect(screen.handle(PlayerScreenTests.key(.pageDown), now: 3) == [])
        #expect(screen.statusLine == "Last chapter: Launch")
        var none = Self.screen(PlayerScreenTests.status())
        #expect(none.handle(PlayerScreenTests.key(.pageDown), now: 1) == [])
    }

    @Test("Ctrl+← and Ctrl+→ go to the previous and next subtitle line")
    func subtitleSeek() {
        var screen = Self.screen()
        #expect(screen.handle(PlayerScreenTests.key(.right, .ctrl), now: 1) == [.subtitleSeek(1)])
        #expect(screen.handle(PlayerScreenTests.key(.left, .ctrl), now: 1.1) == [.subtitleSeek(-1)])
    }

    @Test("another track selected while the menu is open leaves the highlight where it is")
    func menuKeepsHighlight() {
        var status = Self.film()
        var screen = Self.screen(status)
        _ = screen.handle(PlayerScreenTests.char("t"), now: 1)
        for _ in 0..<4 { _ = screen.handle(PlayerScreenTests.key(.down), now: 1.1) }  // to "Français (signs)"
        // mpv selects the French audio (a client of its socket): the same streams, another one selected.
        (status.tracks[0].isSelected, status.tracks[1].isSelected, status.audioTrack) = (false, true, 2)
        screen.update(status, now: 1.2)
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 1.3) == [.selectSubtitles(2)])
    }

    @Test("t opens the menu; arrows and Enter pick; Esc closes")
    func menu() {
        var screen = Self.screen()
        _ = screen.handle(PlayerScreenTests.char("t"), now: 1)
        // What it shows is held whole in PlayerCardsCanvasTests.tracksMenu.
        // The highlight starts on the current audio track: down once is French audio.
        _ = screen.handle(PlayerScreenTests.key(.down), now: 1.2)
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 1.3) == [.selectAudio(2)])
        #expect(!screen.isMenuOpen)
        _ = screen.handle(PlayerScreenTests.char("t"), now: 2)
        for _ in 0..<20 { _ = screen.handle(PlayerScreenTests.key(.down), now: 2.1) }
        // The selected chapter's preview card goes with the menu.
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 2.2) == [.seek(.to(18, exact: true)), .preview(nil)])
        _ = screen.handle(PlayerScreenTests.char("t"), now: 3)
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 3.1) == [])
        #expect(!screen.isMenuOpen)
        // Esc with nothing open leaves the player.
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 3.2) == [.close])
    }

    @Test("the menu gives an audio track's channels and rate, and heads it with the video's codec, size and frame rate")
    func menuFigures() {
        var status = Self.film()
        status.tracks[0].channelLayout = "5.1(side)"
        status.tracks[0].channelCount = 6
        status.tracks[0].sampleRate = 48000
        status.tracks[1].channelLayout = "unknown6"
        status.tracks[1].channelCount = 6
        status.tracks[1].sampleRate = 44100
        var video = Track(id: 1, kind: .video, codec: "h264")
        (video.width, video.height, video.frameRate) = (1920, 1080, 24000.0 / 1001)
        status.tracks.insert(video, at: 0)
        var screen = Self.screen(status)
        _ = screen.handle(PlayerScreenTests.char("t"), now: 1)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "             ╭───────────────────────────────────────────────────╮              ",
            "             │ Tracks and chapters                               │              ",
            "             │                                                   │              ",
            "             │ Video                                             │              ",
            "             │   h264 · 1920×1080 · 23.976 fps                   │              ",
            "             │ Audio                                             │              ",
            "             │ ● English (eng) · opus · 5.1 · 48 kHz · default   │              ",
            "             │   Français (fra) · opus · 6 ch · 44.1 kHz         │              ",
            "             │ Subtitles                                         │              ",
            "             │   Off                                             │              ",
            "             │ ● English (eng) · subrip                          │              ",
            "             │   Français (signs) (fra) · ass                    │              ",
            "             │ Chapters                                          │              ",
            "             │   0:00  Opening                                   │              ",
            "             │ ● 0:06  The cat                                   │              ",
            "             │   0:12  Coffee                                    │              ",
            "             │   0:18  Launch                                    │              ",
            "             ╰───────────────────────────────────────────────────╯              ",
            "                                                                                ",
            "     │   │   │                                                                  ",
            "  0:30                               Launch                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
        var opus = Track(id: 3, kind: .audio)
        (opus.channelLayout, opus.channelCount) = ("unknown1", 1)
        #expect(TracksMenu.channelsText(opus) == "mono")
        // The video's line is to read: the highlight still starts on the current audio track.
        _ = screen.handle(PlayerScreenTests.key(.down), now: 1.2)
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 1.3) == [.selectAudio(2)])
    }

    @Test("b sets A, then B, then clears; the scrubber marks both; a seek inside keeps the loop, one outside drops it")
    func abLoop() {
        var status = PlayerScreenTests.status(position: 62)
        var screen = PlayerScreenTests.screen {
            $0.screenReader = true
            $0.skips.interval = 2
            $0.commands = .standard(seekInterval: 2)
        }
        screen.update(status, now: 0)
        #expect(screen.handle(PlayerScreenTests.char("b"), now: 1) == [.setABLoop(ABLoop(a: 62))])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                       A-B loop: A at 1:02 · again for B                        ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 2             ❚❚             2 ↻                       ",
        ] + CanvasExpectation.blank(80, 8) + [
            "                                         ▎                                      ",
            "  1:02                                                                    2:00  ",
            " A-B loop: A at 1:02 · again for B                                              ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
        status.abLoop = ABLoop(a: 62)
        status.position = 70
        screen.update(status, now: 2)
        #expect(screen.handle(PlayerScreenTests.char("b"), now: 2) == [.setABLoop(ABLoop(a: 62, b: 70))])
        #expect(screen.spokenLines.contains("A-B loop 1:02 – 1:10"))
        status.abLoop = ABLoop(a: 62, b: 70)
        status.position = 68
        screen.update(status, now: 3)
        let canvas = PlayerScreenTests.drawn(&screen, now: 3)
        // The scrubber marks A and B.
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                              A-B loop 1:02 – 1:10                              ",
        ] + Array(repeating: "                                                                                ", count: 7) + [
            "                       ↺ 2             ❚❚             2 ↻                       ",
        ] + Array(repeating: "                                                                                ", count: 8) + [
            "                                         A   ▏B                                 ",
            "  1:08                                                                    2:00  ",
            " A-B loop 1:02 – 1:10                                                           ",
        ]).expect(canvas)
        // A skip inside the loop keeps it; a jump outside drops it, with a notice.
        #expect(screen.handle(PlayerScreenTests.char("j"), now: 4) == [.seek(.by(-2))])
        let jump = screen.handle(PlayerScreenTests.char("5"), now: 5)
        #expect(jump.contains(.setABLoop(ABLoop())), "\(jump)")
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                                  A-B loop off                                  ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 2             ❚❚             2 ↻                       ",
        ] + CanvasExpectation.blank(80, 8) + [
            "                                             ▏                                  ",
            "  1:08                                                                    2:00  ",
            " A-B loop off                                                                   ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 5.1))
    }

    @Test("i shows the stats for 5 s with mpv's and reel's figures, fitting 80x24; I keeps them up; spoken with the screen reader")
    func stats() {
        var status = Self.film()
        var video = Track(id: 1, kind: .video, codec: "h264")
        (video.width, video.height, video.frameRate) = (640, 360, 24)
        status.tracks.insert(video, at: 0)
        (status.videoBitrate, status.audioBitrate, status.estimatedFrameRate) = (1_234_000, 96_000, 23.98)
        (status.droppedFrames, status.decoderDroppedFrames, status.delayedFrames) = (3, 1, 2)
        status.cache = CacheState(end: 42.3, forwardBytes: 4_500_000)  // 12.3 s past the position, 30
        var screen = Self.screen(status, screenReader: true)
        var figures = TerminalFigures()
        (figures.graphics, figures.blitter, figures.bytesPerSecond) = ("blocks", "sextant", 412_000)
        figures.cellModel = "10x20 (terminal)"
        (figures.screenMilliseconds, figures.renderMilliseconds, figures.framesShown, figures.framesLetGo) = (1.52, 0.8, 300, 2)
        figures.link = .init(rate: 98_000, roundTripMilliseconds: 41.6, bytesInFlight: 14_200, frameBytes: 14_700)
        screen.setTerminalFigures(figures, now: 0.5)
        #expect(screen.handle(PlayerScreenTests.char("i"), now: 1) == [])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            " ╭─────────────────────────────────────────────────────────────────────────╮    ",
            " │ Stats · I keeps them up                                                 │    ",
            " │ Video    h264 · 640×360 · 24 fps · 23.98 fps out                        │    ",
            " │          1.2 Mb/s                                                       │    ",
            " │ Audio    English (eng) · opus · default · 96 kb/s                       │    ",
            " │ Frames   dropped 3 · by the decoder 1 · late 2                          │    ",
            " │ Cache    12.3 s ahead · 4.5 MB                                          │    ",
            " │ Picture  sextant cells · cell model 10x20 (terminal)                    │    ",
            " │ Terminal 412 kB/s · a screen in 1.52 ms                                 │    ",
            " │ Link     98.0 kB/s · round trip 42 ms · in flight 14.2 kB · cap 14.7 kB │    ",
            " │ Render   mpv draws a frame in 0.80 ms                                   │    ",
            " │ Budget   shown 300 · let go 2 · tolerance 0                             │    ",
            " ╰─────────────────────────────────────────────────────────────────────────╯    ",
        ] + CanvasExpectation.blank(80, 5) + [
            "     │   │   │                                                                  ",
            "  0:30                               Launch                               2:00  ",
            " Budget: shown 300 · let go 2 · tolerance 0                                     ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
        #expect(screen.spokenLines.contains("Frames: dropped 3 · by the decoder 1 · late 2"))
        #expect(screen.nextDeadline(at: 1.1) ?? .infinity <= 6)
        _ = screen.tick(now: 6.1)
        #expect(!screen.isStatsShown(at: 6.1))
        _ = screen.handle(PlayerScreenTests.char("I"), now: 7)
        _ = screen.tick(now: 60)
        #expect(screen.isStatsShown(at: 60))
        _ = screen.handle(PlayerScreenTests.char("I"), now: 61)
        #expect(!screen.isStatsShown(at: 61))
        // Esc takes it down before it closes anything else.
        _ = screen.handle(PlayerScreenTests.char("I"), now: 62)
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 63) == [] && !screen.isStatsShown(at: 63))
    }

    @Test("a skip at the end says so instead of claiming a move")
    func atTheEnd() {
        var screen = PlayerScreenTests.screen()
        screen.update(PlayerScreenTests.status(position: 120, duration: 120, paused: true, atEnd: true), now: 0)
        #expect(screen.handle(PlayerScreenTests.char("l"), now: 1) == [])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                                   At the end                                   ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 10          Replay           10 ↻                      ",
        ] + CanvasExpectation.blank(80, 10) + [
            "  2:00                                                                    2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
    }
}
