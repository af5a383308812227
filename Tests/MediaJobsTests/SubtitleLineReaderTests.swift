import Media
import Playback
import Screens
import System
import TestFiles
import Testing
@testable import MediaJobs
@testable import TextSearch

/// The subtitle lines for the jump to a line, read with the installed FFmpeg from the film
/// sample's two text tracks (SubRip and ASS, inside the Matroska file) and from a sidecar file.
@Suite("Subtitle lines read with FFmpeg")
struct SubtitleLineReaderTests {
    static let film = MediaSource.file(Samples.path("film.mkv"))

    @Test("the SubRip track inside film.mkv: its eight cues, times and text, two lines made one")
    func subRipInMatroska() throws {
        var track = Track(id: 1, kind: .subtitles, codec: "subrip")
        track.streamIndex = 3
        let read = SubtitleLineReader.read(Self.film, track: track)
        let lines = try #require(read.lines, "\(String(describing: read.failure))")
        #expect(lines.map(\.start) == [1, 4, 7, 9.5, 13, 16, 19, 21.5])
        #expect(lines[1].text == "Two lines: this is the second one.")
        #expect(lines[5].text == "Next stop: 東京.")
    }

    @Test("the ASS track inside film.mkv: signs and dialogue, its tags and \\N gone")
    func assInMatroska() throws {
        var track = Track(id: 2, kind: .subtitles, codec: "ass")
        track.streamIndex = 4
        let lines = try #require(SubtitleLineReader.read(Self.film, track: track).lines)
        #expect(lines.count == 11)
        #expect(lines.contains(SubtitleLine(start: 1, text: "OUVERTURE")))
        #expect(lines.contains(SubtitleLine(start: 4, text: "Deux lignes : la seconde est ici.")))
        #expect(lines.contains(SubtitleLine(start: 16, text: "Prochain arrêt : Tokyo.")))
    }

    @Test("a sidecar file's lines come from the file mpv names; standard input cannot be read again")
    func sidecarAndStandardInput() throws {
        var track = Track(id: 1, kind: .subtitles, codec: "subrip")
        track.externalFile = Samples.path("talk.srt").description
        let lines = try #require(SubtitleLineReader.read(.file(Samples.path("talk.mp4")), track: track).lines)
        #expect(lines.count == 3)
        var inside = Track(id: 1, kind: .subtitles)
        inside.streamIndex = 3
        #expect(SubtitleLineReader.read(.standardInput, track: inside).lines == nil)
    }

    @Test("FFmpeg is given a path or a URL with nothing to hide as the argument of -i, as mpv was",
          arguments: ["/films/a film.mkv", "https://host/a/v.mp4", "file:///films/v.mkv"])
    func plainInput(name: String) throws {
        #expect(FFmpegInput(name) == FFmpegInput(arguments: ["-i", name], standardInput: nil))
    }

    @Test("a URL with a password, a token in its query or a fragment goes in a concat list on standard input, its quotes escaped",
          arguments: ["http://alice:hunter2@host/v.mkv", "https://host/v.mp4?sig=abc&e=1", "https://host/v.mp4#t=10", "rtmp://u:p@host/live/it's"])
    func hiddenInput(url: String) throws {
        let input = try #require(FFmpegInput(url))
        #expect(!input.arguments.contains { $0.contains("host") }, "\(input.arguments)")
        #expect(Array(input.arguments.suffix(6)) == ["-f", "concat", "-safe", "0", "-i", "pipe:0"])
        let scheme = String(url.prefix { $0 != ":" })
        #expect(input.arguments[1].split(separator: ",").contains { $0 == scheme } && input.arguments[1].hasPrefix("pipe,"))
        let quoted = url.replacing("'", with: #"'\''"#)
        #expect(input.standardInput == Array("ffconcat version 1.0\nfile '\(quoted)'\n".utf8))
        #expect(input.startsAtZero)
        // A line break would end the list's entry and start another directive.
        #expect(FFmpegInput(url + "\nfile '/etc/passwd'") == nil)
    }

    @Test("SubRip text: CRLF, cues without text, tags and times past an hour")
    func parsing() {
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Hello</i>  {\\an8}there\r\n\r\n2\n01:02:03,456 --> 01:02:04,000\n\n3\n00:00:00,500 --> 00:00:01,000\nfirst\n"
        #expect(SubtitleLineReader.parseSubRip(text) == [SubtitleLine(start: 0.5, text: "first"), SubtitleLine(start: 1, text: "Hello there")])
    }
}
