@testable import Commands
import Media
@testable import Options
import Playback
import Terminal
import Testing
import Screens

@Suite("Command-line options")
struct ReelOptionsTests {
    @Test("a lone file plays with the defaults")
    func defaults() throws {
        let options = try ReelOptions.parse(["movie.mp4"])
        #expect(options.paths == ["movie.mp4"])
        #expect(options.action == .run)
        #expect(options.player.chrome.hideDelay == 3 && options.player.skips.interval == 10 && options.playlist.keepOpen && options.mpv.audio)
        #expect(options.resume && !options.mpv.loadUserConfig && options.colors == nil && options.blitter == .auto)
    }

    @Test("valued options read as --x=v and as --x v")
    func valuedOptions() throws {
        #expect(try ReelOptions.parse(["--volume=55", "f"]).mpv.volume == 55)
        #expect(try ReelOptions.parse(["--volume", "55", "f"]).mpv.volume == 55)
        #expect(try ReelOptions.parse(["--speed=1.5", "f"]).mpv.speed == 1.5)
        #expect(try ReelOptions.parse(["--hide-delay=0.5", "f"]).player.chrome.hideDelay == 0.5)
        #expect(try ReelOptions.parse(["--notice-duration=4", "f"]).player.noticeDuration == 4)
        #expect(try ReelOptions.parse(["--seek-interval=0", "f"]).player.skips.interval == 0)
        #expect(try ReelOptions.parse(["--colors=256", "f"]).colors == .palette256)
        #expect(try ReelOptions.parse(["--blitter", "quadrant", "f"]).blitter == .quadrant)
        #expect(try ReelOptions.parse(["--blitter=sextant", "f"]).blitter == .sextant)
        #expect(try ReelOptions.parse(["--blitter=octant", "f"]).blitter == .octant)
        #expect(try ReelOptions.parse(["--log-file=/tmp/x.log", "f"]).mpv.logFile == "/tmp/x.log")
        #expect(try ReelOptions.parse(["--corner-radius=0", "f"]).posterCard.cornerRadius == 0)
        #expect(try ReelOptions.parse(["a", "--mute", "b"]).paths == ["a", "b"])
    }

    @Test("--colors reads auto, truecolor, 24bit and 256 into the renderer's own modes", arguments: [
        ("auto", nil), ("truecolor", ColorMode.truecolor), ("24bit", .truecolor), ("256", .palette256),
    ] as [(String, ColorMode?)])
    func colors(value: String, expected: ColorMode?) throws {
        #expect(try ReelOptions.parse(["--colors=\(value)", "f"]).colors == expected)
        #expect(throws: UsageError.self) { try ReelOptions.parse(["--colors=16", "f"]) }
    }

    @Test("track, subtitle and stream options take mpv's names")
    func trackOptions() throws {
        let options = try ReelOptions.parse(["--sid=2", "--aid=no", "--secondary-sid=1", "--slang=eng,fra", "--alang", "pt-BR",
                                             "--sub-file=a.srt", "--sub-file", "b.ass", "--sub-delay=-0.5", "--audio-delay=0.25",
                                             "--network-timeout=7", "--autoplay-delay=0", "--ytdl", "--loop-playlist", "--shuffle",
                                             "--list", "--progress-line", "f"])
        #expect(options.mpv.tracks.subtitles == .id(2) && options.mpv.tracks.audio == TrackChoice.none)
        #expect(options.mpv.tracks.secondarySubtitles == .id(1))
        #expect(options.mpv.tracks.subtitleLanguages == ["eng", "fra"] && options.mpv.tracks.audioLanguages == ["pt-BR"])
        #expect(options.mpv.tracks.subtitleFiles == ["a.srt", "b.ass"])
        #expect(options.mpv.tracks.subtitleDelay == -0.5 && options.mpv.tracks.audioDelay == 0.25)
        #expect(options.mpv.networkTimeout == 7 && options.playlist.autoplayDelay == 0)
        #expect(options.ytdl && options.playlist.loopPlaylist && options.shuffle && options.list && options.player.progressLine)
        #expect(try ReelOptions.parse(["--no-sub", "f"]).mpv.tracks.subtitles == TrackChoice.none)
        #expect(try ReelOptions.parse(["--sid=auto", "f"]).mpv.tracks.subtitles == .auto)
        for bad in [["--sid=0", "f"], ["--sid=x", "f"], ["--slang=e,n;g", "f"], ["--sub-delay=9999", "f"],
                    ["--autoplay-delay=-1", "f"], ["--network-timeout=0", "f"], ["--no-sub=yes", "f"]] {
            #expect(throws: UsageError.self, "\(bad)") { try ReelOptions.parse(bad) }
        }
    }

    @Test("flags take --x, --x=yes|no and --no-x")
    func flags() throws {
        #expect(try ReelOptions.parse(["--mute", "f"]).mpv.mute)
        #expect(try !ReelOptions.parse(["--mute=no", "f"]).mpv.mute)
        #expect(try !ReelOptions.parse(["--no-resume", "f"]).resume)
        #expect(try !ReelOptions.parse(["--no-audio", "f"]).mpv.audio)
        #expect(try ReelOptions.parse(["--pause", "f"]).pause)
        #expect(try ReelOptions.parse(["--loop", "--reduce-motion", "--screen-reader", "--poster", "--stats", "f"])
            == { var o = ReelOptions(); o.paths = ["f"]; o.mpv.loop = true; o.player.reduceMotion = true
                 o.player.screenReader = true; o.poster = true; o.stats = true; return o }())
        #expect(try !ReelOptions.parse(["--keep-open=no", "f"]).playlist.keepOpen)
        #expect(try ReelOptions.parse(["--recursive", "--only-playable", "--mpv-config", "d"]).listScreen.onlyPlayable)
    }

    @Test("start times read like mpv's", arguments: [
        ("90", StartPosition.seconds(90)),
        ("1:30", .seconds(90)),
        ("1:02:03.5", .seconds(3723.5)),
        ("0:05", .seconds(5)),
        ("25%", .percent(25)),
        ("-10", .fromEnd(10)),
        ("+12", .seconds(12)),
    ])
    func startTimes(text: String, expected: StartPosition) throws {
        #expect(try ReelOptions.parse(["--start=\(text)", "f"]).start == expected)
    }

    @Test("bad values are usage errors naming the option", arguments: [
        ["--start=1:75", "f"], ["--start=abc", "f"], ["--start=101%", "f"], ["--start=", "f"],
        ["--volume=200", "f"], ["--volume=nan", "f"], ["--speed=0", "f"], ["--hide-delay=-1", "f"],
        ["--notice-duration=0", "f"], ["--notice-duration=soon", "f"],
        ["--seek-interval=-10", "f"], ["--seek-interval=-0.5", "f"],
        ["--colors=16", "f"], ["--blitter=braille", "f"], ["--keep-open=maybe", "f"],
        ["--aspect=wide", "f"], ["--aspect=16:9:1", "f"], ["--aspect=", "f"], ["--corner-radius=99", "f"],
        ["--reveal-duration=-1", "f"], ["--reveal-duration=soon", "f"],
        ["--mute=perhaps", "f"], ["--log-file=", "f"],
    ])
    func badValues(arguments: [String]) {
        #expect {
            try ReelOptions.parse(arguments)
        } throws: { error in
            guard case .badValue(let option, _, _) = error as? UsageError else { return false }
            return arguments[0].hasPrefix(option)
        }
    }

    @Test("unknown options and missing values are reported")
    func unknownAndMissing() throws {
        #expect(throws: UsageError.unknownOption("--frobnicate")) { try ReelOptions.parse(["--frobnicate", "f"]) }
        #expect(throws: UsageError.unknownOption("-x")) { try ReelOptions.parse(["-x", "f"]) }
        #expect(throws: UsageError.missingValue(option: "--volume")) { try ReelOptions.parse(["f", "--volume"]) }
        // Nothing to play is no error: reel alone is the continue-watching list.
        let alone = try ReelOptions.parse([]), muted = try ReelOptions.parse(["--mute"])
        #expect(alone.paths.isEmpty && alone.action == .run && muted.paths.isEmpty)
        #expect(throws: UsageError.unexpectedValue(option: "--no-audio", value: "1")) { try ReelOptions.parse(["--no-audio=1", "f"]) }
    }

    @Test("-- ends the options, so files may start with a dash")
    func doubleDash() throws {
        let options = try ReelOptions.parse(["--mute", "--", "-weird.mp4", "--help"])
        #expect(options.paths == ["-weird.mp4", "--help"])
        #expect(options.action == .run)
    }

    @Test("--help and --version win over the rest of the line")
    func helpAndVersion() throws {
        #expect(try ReelOptions.parse(["--bogus", "--help"]).action == .help)
        #expect(try ReelOptions.parse(["--version"]).action == .version)
        #expect(try ReelOptions.parse(["-h"]).action == .help)
    }

    @Test("the help lists every option and key in DESIGN.md")
    func helpIsComplete() {
        let usage = HelpText.usage(commands: .standard())
        for option in ["--start", "--volume", "--mute", "--no-audio", "--loop", "--pause", "--speed", "--keep-open",
                       "--hide-delay", "--notice-duration", "--seek-interval", "--reduce-motion", "--screen-reader", "--poster",
                       "--colors", "--log-file", "--help", "--version", "--stats", "--blitter", "--aspect",
                       "--corner-radius", "--recursive", "--only-playable", "--no-resume", "--mpv-config",
                       "--reveal-duration", "--sid", "--aid", "--secondary-sid", "--no-sub", "--slang", "--alang",
                       "--sub-file", "--sub-delay", "--audio-delay", "--network-timeout", "--ytdl", "--autoplay-delay",
                       "--loop-playlist", "--shuffle", "--list", "--progress-line"] {
            #expect(usage.contains(option + " ") || usage.contains(option + "="), "\(option) missing")
        }
        #expect(usage.contains("Examples:"))
        // Every key of the table is in the help, as the table writes it.
        for screen in ScreenKind.allCases {
            for row in CommandTable.standard().helpRows(for: screen) {
                #expect(usage.contains(row.keys) && usage.contains(row.help), "\(row.keys) missing")
            }
        }
    }

    @Test("error lines never carry control characters")
    func errorsAreInert() {
        let line = UsageError.unknownOption("--\u{1B}]0;pwned\u{07}").description
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(line.contains("\\u{1b}"))
        let long = UsageError.badValue(option: "--start", value: String(repeating: "9", count: 10_000), expected: "x").description
        #expect(long.count < 200)
    }

    /// Found by scripts/fuzz (Fuzz/Regressions/options-no-audio-control): the option half of a
    /// flag given a value reached the error line raw, control characters and all.
    @Test("a flag given a value with control characters still makes an inert error line")
    func fuzzRegressionFlagValue() {
        let arguments = ["s", "l", "", "--no-audio=2\u{FFFD}\u{03}", "", ""]
        #expect {
            try ReelOptions.parse(arguments)
        } throws: { error in
            let line = (error as? UsageError)?.description ?? ""
            return !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } && line.contains("--no-audio")
        }
    }

    @Test("aspect ratios read as W:H, W/H or a number; without --aspect the card follows the video's own shape")
    func aspects() throws {
        #expect(try ReelOptions.parse(["f"]).posterCard.aspectRatio == nil)
        #expect(try ReelOptions.parse(["--aspect=4:3", "f"]).posterCard.aspectRatio == 4.0 / 3.0)
        #expect(try ReelOptions.parse(["--aspect=2.39", "f"]).posterCard.aspectRatio == 2.39)
        #expect(try ReelOptions.parse(["--aspect", "1/1", "f"]).posterCard.aspectRatio == 1)
    }

    @Test("a zero, negative or infinite aspect ratio falls back to 16:9", arguments: ["0", "-16:9", "16:0", "0:0", "inf", "nan"])
    func aspectFallback(text: String) throws {
        #expect(try ReelOptions.parse(["--aspect=\(text)", "f"]).posterCard.aspectRatio == 16.0 / 9.0)
    }

    @Test("the reveal's duration is 0.6 s unless a developer slows it")
    func revealDuration() throws {
        #expect(try ReelOptions.parse(["f"]).posterCard.revealDuration == 0.6)
        #expect(try ReelOptions.parse(["--reveal-duration=20", "f"]).posterCard.revealDuration == 20)
        #expect(try ReelOptions.parse(["--reveal-duration", "0", "f"]).posterCard.revealDuration == 0)
    }
}
