import Media
import Testing

/// mpv's tracks as reel names and groups them, without mpv: the values Playback fills.
@Suite("Tracks")
struct TrackTests {
    /// A film's streams as mpv lists them: a video, its cover, two audio tracks, a subtitle.
    static let film: [Track] = {
        var english = Track(id: 1, kind: .audio, isSelected: true, title: "English", language: "eng", codec: "opus")
        english.isDefault = true
        return [Track(id: 1, kind: .video, isSelected: true, codec: "h264"), Track(id: 2, kind: .video, isCoverArt: true),
                english, Track(id: 2, kind: .audio, language: "fra"), Track(id: 1, kind: .subtitles, codec: "hdmv_pgs_subtitle")]
    }()

    @Test("a track's name: its title, with its language unless undetermined or already in the title", arguments: [
        (Track(id: 2, kind: .audio, title: "Français", language: "fra"), "Français (fra)"),
        (Track(id: 2, kind: .audio, title: "English"), "English"),
        (Track(id: 2, kind: .audio, language: "fra"), "Track 2 (fra)"),
        (Track(id: 3, kind: .audio, title: "", language: "und"), "Track 3"),
        (Track(id: 1, kind: .subtitles, title: "Signs (eng)", language: "eng"), "Signs (eng)"),
    ])
    func name(track: Track, expected: String) {
        #expect(track.name == expected)
    }

    @Test("the tracks of a kind keep mpv's order; video leaves its cover pictures out")
    func ofKind() {
        #expect(Self.film.of(.audio).map(\.id) == [1, 2])
        #expect(Self.film.of(.video).map(\.id) == [1])
        #expect(Self.film.of(.subtitles).map(\.isBitmapSubtitle) == [true])
        #expect(Self.film.coverArt?.id == 2)
        let kinds = Self.film.kinds
        #expect(kinds.video && kinds.coverArt && kinds.audio && kinds.subtitles)
    }

    @Test("another track selected is the same streams; a stream added or changed is not")
    func sameStreams() {
        var switched = Self.film
        (switched[2].isSelected, switched[3].isSelected) = (false, true)
        #expect(switched != Self.film && switched.sameStreams(as: Self.film))
        var renamed = Self.film
        renamed[3].title = "Français"
        #expect(!renamed.sameStreams(as: Self.film))
        #expect(!Array(Self.film.dropLast()).sameStreams(as: Self.film))
    }

    @Test("a track choice reads mpv's values back: auto, no, a positive id; nothing else", arguments: [
        ("auto", TrackChoice.auto), ("no", TrackChoice.none), ("", TrackChoice.none), ("3", .id(3)), ("0", nil), ("-1", nil), ("eng", nil),
    ] as [(String, TrackChoice?)])
    func choice(value: String, expected: TrackChoice?) {
        #expect(TrackChoice(optionValue: value) == expected)
        if let expected, value != "" { #expect(expected.optionValue == value) }
    }
}
