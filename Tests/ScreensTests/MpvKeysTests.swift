@testable import Commands
import Controls
import Terminal
import Testing
@testable import Screens

/// `--keys=mpv` against mpv's own defaults, and the hint a key that does nothing shows.
@Suite("mpv's keys")
struct MpvKeysTests {
    /// Lines of mpv 0.35's built-in input.conf (etc/input.conf), keyboard only, as mpv writes them.
    static let mpvInputConf = """
        RIGHT seek  5
        LEFT  seek -5
        UP    seek  60
        DOWN  seek -60
        Shift+RIGHT no-osd seek  1 exact
        Shift+LEFT  no-osd seek -1 exact
        Shift+UP    no-osd seek  5 exact
        Shift+DOWN  no-osd seek -5 exact
        Ctrl+LEFT   no-osd sub-seek -1
        Ctrl+RIGHT  no-osd sub-seek  1
        Ctrl+Shift+LEFT sub-step -1
        Ctrl+Shift+RIGHT sub-step 1
        PGUP add chapter 1
        PGDWN add chapter -1
        Shift+PGUP seek 600
        Shift+PGDWN seek -600
        [ multiply speed 1/1.1
        ] multiply speed 1.1
        { multiply speed 0.5
        } multiply speed 2.0
        BS set speed 1.0
        Shift+BS revert-seek
        q quit
        Q quit-watch-later
        ESC set fullscreen no
        p cycle pause
        . frame-step
        , frame-back-step
        SPACE cycle pause
        > playlist-next
        ENTER playlist-next
        < playlist-prev
        O no-osd cycle-values osd-level 3 1
        o show-progress
        P show-progress
        i script-binding stats/display-stats
        I script-binding stats/display-stats-toggle
        ` script-binding console/enable
        z add sub-delay -0.1
        Z add sub-delay +0.1
        x add sub-delay +0.1
        ctrl++ add audio-delay 0.100
        ctrl+- add audio-delay -0.100
        G add sub-scale +0.1
        F add sub-scale -0.1
        9 add volume -2
        / add volume -2
        0 add volume 2
        * add volume 2
        m cycle mute
        1 add contrast -1
        2 add contrast 1
        3 add brightness -1
        4 add brightness 1
        5 add gamma -1
        6 add gamma 1
        7 add saturation -1
        8 add saturation 1
        Alt+0 set window-scale 0.5
        Alt+1 set window-scale 1.0
        Alt+2 set window-scale 2.0
        d cycle deinterlace
        r add sub-pos -1
        R add sub-pos +1
        t add sub-pos +1
        v cycle sub-visibility
        Alt+v cycle secondary-sub-visibility
        V cycle sub-ass-vsfilter-aspect-compat
        u cycle-values sub-ass-override "force" "no"
        j cycle sub
        J cycle sub down
        SHARP cycle audio
        _ cycle video
        T cycle ontop
        f cycle fullscreen
        s screenshot
        S screenshot video
        Ctrl+s screenshot window
        Alt+s screenshot each-frame
        w add panscan -0.1
        W add panscan +0.1
        e add panscan +0.1
        A cycle-values video-aspect-override "16:9" "4:3" "2.35:1" "-1"
        ctrl+w quit
        E cycle edition
        l ab-loop
        L cycle-values loop-file "inf" "no"
        ctrl+c quit 4
        DEL script-binding osc/visibility
        ctrl+h cycle-values hwdec "auto" "no"
        F8 show-text ${playlist}
        F9 show-text ${track-list}
        """

    /// mpv's command in reel's words: its prefixes and flags dropped, its spellings of what reel
    /// has under another name mapped; nil where reel does no such thing.
    static func reelCommand(_ text: String) -> Command? {
        var words = text.split(separator: " ").map(String.init).filter { $0 != "no-osd" && $0 != "exact" }
        switch words.joined(separator: " ") {
        case "multiply speed 1/1.1": return .multiplySpeed(1 / 1.1)
        case "quit-watch-later", "quit 4": return words == ["quit", "4"] ? .interrupt : .quit
        case "set fullscreen no": return .closeMenus
        case "show-text ${playlist}": return .close
        case "cycle-values osd-level 3 1", "script-binding osc/visibility": return .cycleControls
        case "show-text ${track-list}": return .tracksMenu
        case "script-binding stats/display-stats": return .stats
        case "script-binding stats/display-stats-toggle": return .statsToggle
        case #"cycle-values loop-file "inf" "no""#: return .cycleLoopFile
        default: break
        }
        if words.count == 3, words[0] == "add", let number = words.last, number.hasPrefix("+") { words[2] = String(number.dropFirst()) }
        return try? Command(parsing: words.joined(separator: " "))
    }

    static var lines: [(key: String, command: String)] {
        mpvInputConf.split(separator: "\n").map { line in
            let key = line.prefix { $0 != " " }
            return (String(key), String(line.dropFirst(key.count).drop { $0 == " " }))
        }
    }

    @Test("--keys=mpv: every default key of mpv's that does what reel can, does it; the rest are left free")
    func againstMpvsDefaults() throws {
        let table = CommandTable.mpv()
        // reel's tracks menu keeps t, where mpv moves subtitles down a line (which reel does not do).
        let keptByReel: Set<String> = ["t"]
        var matched = 0
        for (name, text) in Self.lines {
            let key = try #require(KeyName.parse(name), "\(name)")
            let bound = table.command(for: key, on: .player)
            if let expected = Self.reelCommand(text) {
                #expect(bound == expected, "\(name): mpv's '\(text)'")
                matched += 1
            } else if !keptByReel.contains(name) {
                #expect(bound == nil, "\(name): mpv's '\(text)' is not reel's; the key must stay free")
            }
        }
        #expect(matched >= 40, "only \(matched) of mpv's keys matched")
    }

    @Test("the hints' list of mpv's defaults says the same as mpv's input.conf, key for key")
    func defaultsAgree() throws {
        for (name, text) in Self.lines {
            let key = try #require(KeyName.parse(name))
            let binding = try #require(MpvKeys.binding(for: key), "\(name) is missing from MpvKeys.defaults")
            #expect(binding.command == Self.reelCommand(text), "\(name): mpv's '\(text)'")
        }
        #expect(MpvKeys.defaults.count == Self.lines.count)
    }

    @Test("in mpv's keys, → steps 5 s at once and taps in a row add up in the tally; ↑ is a minute")
    func stepsAddUp() {
        var screen = PlayerScreenTests.screen { $0.commands = .mpv() }
        for time in [1.0, 1.5, 2.0] {
            #expect(screen.handle(PlayerScreenTests.key(.right), now: time) == [.seek(.by(5))])
        }
        #expect(screen.doubleTap.tally(at: 2.0)?.label == "+15 s")
        #expect(screen.handle(PlayerScreenTests.key(.up), now: 5) == [.seek(.by(60))])
        #expect(screen.handle(PlayerScreenTests.char("0"), now: 6) == [.setVolume(102)])
    }

    @Test("a key that does nothing says so, with what mpv does with it and reel's key for that", arguments: [
        (KeyMap.reel, "E", "E is not bound · in mpv: next edition · ? lists the keys"),
        (.reel, "p", "p is not bound · mpv's play / pause is Space, k here · ? lists the keys"),
        (.reel, "#", "# is not bound · mpv's next audio track is a here · ? lists the keys"),
        (.reel, "y", "y is not bound · ? lists the keys"),
        (.mpv, "d", "d is not bound · in mpv: deinterlace · ? lists the keys"),
        (.mpv, "1", "1 is not bound · in mpv: contrast − · ? lists the keys"),
    ])
    func unboundHint(map: KeyMap, key: Character, hint: String) {
        var screen = PlayerScreenTests.screen { $0.commands = map == .mpv ? .mpv() : .standard() }
        #expect(screen.handle(PlayerScreenTests.char(key), now: 1) == [])
        let canvas = PlayerScreenTests.drawn(&screen, now: 1.1)
        // One hint a key: the notice's place and the screen around it are the A-B loop's and the
        // tracks' whole canvases (TracksAndCardsTests), the same for every notice.
        let text = (0..<canvas.height).map { PlayerScreenTests.text(canvas, row: $0) }.joined(separator: "\n")
        #expect(text.contains(hint))
    }

    @Test("in mpv's keys Esc closes what is over the picture but never the player; F8 goes back to the list")
    func escapeNeverQuits() {
        var screen = PlayerScreenTests.screen { $0.commands = .mpv(); $0.canClose = true }
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 1) == [])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                    ✕  ",
            "                                                                                ",
            "                                                                                ",
            "                        Esc closes menus here · q quits                         ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + CanvasExpectation.blank(80, 10) + [
            "  0:30                                                                    2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
        _ = screen.handle(PlayerScreenTests.char("i"), now: 2)
        #expect(screen.isStatsShown(at: 2))
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 3) == [] && !screen.isStatsShown(at: 3))
        #expect(screen.handle(PlayerScreenTests.key(.function(8)), now: 4) == [.close])
    }

    @Test("in the list, a key that does nothing says so in the bar, without mpv's player keys")
    func unboundInTheList() {
        var list = LibraryScreenTests.screen()
        #expect(list.handle(LibraryScreenTests.char("m"), now: 1) == [])
        #expect(list.messageText == "m is not bound · ? lists the keys")
        CanvasExpectation(text: [
            " Clips                                             12 files ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep1.mp4                               2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep2.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep3.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "             m is not bound · ? lists the keys              ",
        ]).expect(LibraryScreenTests.drawn(&list, now: 1.1))
    }

    enum KeyMap { case reel, mpv }
}
