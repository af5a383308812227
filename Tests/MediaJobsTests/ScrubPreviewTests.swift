import Drawing
import Playback
import System
import Testing
@testable import MediaJobs

/// The scrub preview's decisions over a fake decoder, with the clock passed in: which requests
/// go to the decoder, what its answers show, and when the decoder is made, resized and let go.
@Suite("Scrub preview with a fake decoder")
struct ScrubPreviewTests {
    static let one = MediaSource.file(FilePath("/v/one.mp4"))
    static let two = MediaSource.file(FilePath("/v/two.mp4"))
    static let card = (width: 48, height: 28)

    /// A preview whose decoders are fakes from `maker`.
    static func preview(_ maker: PreviewDecoderMaker, usesYtdl: Bool = false) -> ScrubPreview {
        ScrubPreview(usesYtdl: usesYtdl, logFile: nil, makeDecoder: maker.make)
    }

    /// The pointer at `time` over `source` at `size`, at `now`.
    static func hover(_ preview: ScrubPreview, _ time: Double?, source: MediaSource = one,
                      size: (width: Int, height: Int) = card, now: Double = 0) -> PixelBuffer? {
        preview.pointer(at: time, source: source, size: size, pixelAspect: 1, now: now)
    }

    static func picture(_ shade: UInt8) -> PixelBuffer { PixelBuffer(FakePreviewDecoder.still(shade)) }

    /// A preview over fakes after the pointer went to each of `times` in turn at time 0, with the
    /// decoder that made.
    static func hovered(_ times: [Double]) throws -> (ScrubPreview, PreviewDecoderMaker, FakePreviewDecoder) {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker)
        for time in times { _ = hover(preview, time) }
        return (preview, maker, try #require(maker.last))
    }

    @Test("the first hover makes the decoder for the item at the card's size and asks for the frame there")
    func firstHover() throws {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker)
        #expect(Self.hover(preview, 10) == nil)
        let decoder = try #require(maker.last)
        #expect(decoder.made.source == "/v/one.mp4" && decoder.made.width == 48 && decoder.made.height == 28)
        #expect(decoder.requests == [10])
        #expect(preview.wakeDescriptors == [7])
    }

    @Test("one request at a time: positions that come meanwhile wait, and the latest one is asked next")
    func latestWins() throws {
        let (preview, _, decoder) = try Self.hovered([10.0, 11, 12, 13])
        #expect(decoder.requests == [10])
        decoder.answer(10, keyframe: 8, shade: 1)
        #expect(preview.pump(now: 1) == Self.picture(1), "the nearest picture known shows while 13's is on its way")
        #expect(decoder.requests == [10, 13])
        decoder.answer(13, keyframe: 12, shade: 2)
        #expect(preview.pump(now: 2) == Self.picture(2))
        #expect(decoder.requests == [10, 13])
    }

    @Test("a position between a keyframe and the furthest one that landed on it shows from the cache, with no request")
    func cached() throws {
        let (preview, _, decoder) = try Self.hovered([10])
        decoder.answer(10, keyframe: 8, shade: 1)
        _ = preview.pump(now: 1)
        _ = Self.hover(preview, 20)
        decoder.answer(20, keyframe: 16, shade: 2)
        #expect(preview.pump(now: 2) == Self.picture(2))
        #expect(Self.hover(preview, 9) == Self.picture(1))
        #expect(Self.hover(preview, 8) == nil, "the card already shows keyframe 8's picture")
        #expect(decoder.requests == [10, 20])
    }

    @Test("an answer that comes after the pointer left is kept, not shown, and the position that waited is dropped")
    func staleAnswer() throws {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker)
        _ = Self.hover(preview, 10)
        _ = Self.hover(preview, 30)
        _ = Self.hover(preview, nil)
        let decoder = try #require(maker.last)
        decoder.answer(10, keyframe: 8, shade: 1)
        #expect(preview.pump(now: 1) == nil)
        #expect(decoder.requests == [10], "30 waited, and went with the pointer")
        #expect(Self.hover(preview, 10) == Self.picture(1), "back at 10: the kept frame, at once")
        #expect(decoder.requests == [10])
    }

    @Test("a failed request shows nothing and lets the waiting position go to the decoder")
    func failed() throws {
        let (preview, _, decoder) = try Self.hovered([10, 20])
        decoder.outcomes = [.failed(requested: 10)]
        #expect(preview.pump(now: 1) == nil)
        #expect(decoder.requests == [10, 20])
    }

    @Test("an item that cannot be opened a second time has no preview from then on; another item still has")
    func cannotOpen() {
        let maker = PreviewDecoderMaker()
        maker.failing = ["/v/one.mp4"]
        let preview = Self.preview(maker)
        #expect(preview.isAvailable(for: Self.one, duration: 60, seekable: true))
        #expect(Self.hover(preview, 10) == nil)
        #expect(maker.decoders.isEmpty && preview.wakeDescriptors.isEmpty)
        #expect(!preview.isAvailable(for: Self.one, duration: 60, seekable: true))
        #expect(preview.isAvailable(for: Self.two, duration: 60, seekable: true))
    }

    @Test("a decoder that finds the item unplayable turns the preview off for that item")
    func unavailable() throws {
        let (preview, _, decoder) = try Self.hovered([10])
        decoder.outcomes = [.failed(requested: 10), .unavailable(reason: "no video")]
        #expect(preview.pump(now: 1) == nil)
        #expect(!preview.isAvailable(for: Self.one, duration: 60, seekable: true))
    }

    @Test("no preview for web pages through yt-dlp, standard input, live streams or unseekable items", arguments: [
        (MediaSource.url("https://example.com/watch?v=1"), true, 60.0 as Double?, true as Bool?),
        (.standardInput, false, 60, true),
        (.url("https://example.com/live.m3u8"), false, nil, true),
        (.file(FilePath("/v/one.mp4")), false, 0, true),
        (.file(FilePath("/v/one.mp4")), false, 60, false),
    ])
    func notOffered(source: MediaSource, usesYtdl: Bool, duration: Double?, seekable: Bool?) {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker, usesYtdl: usesYtdl)
        #expect(!preview.isAvailable(for: source, duration: duration, seekable: seekable))
        #expect(maker.decoders.isEmpty)
    }

    @Test("a new card size resizes the same decoder and forgets the frames of the old size")
    func resize() throws {
        let (preview, maker, decoder) = try Self.hovered([10])
        decoder.answer(10, keyframe: 8, shade: 1)
        _ = preview.pump(now: 1)
        #expect(Self.hover(preview, 10, size: (60, 34)) == nil)
        #expect(maker.decoders.count == 1 && decoder.resizes == [[60, 34]])
        #expect(decoder.requests == [10, 10], "asked again at the new size")
        _ = Self.hover(preview, 10, size: (60, 34))
        #expect(decoder.resizes == [[60, 34]], "the same size again changes nothing")
    }

    @Test("another item lets the old decoder go and makes one for the new item")
    func otherItem() throws {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker)
        _ = Self.hover(preview, 10)
        _ = Self.hover(preview, 10, source: Self.two)
        #expect(maker.decoders.count == 2)
        #expect(maker.decoders[0] == nil, "the first item's decoder is gone")
        let decoder = try #require(maker.last)
        #expect(decoder.made.source == "/v/two.mp4" && decoder.requests == [10])
    }

    @Test("the latency runs from the pointer's last move to the frame for where it is; frames for other places do not count")
    func latency() throws {
        let maker = PreviewDecoderMaker()
        let preview = Self.preview(maker)
        _ = Self.hover(preview, 10, now: 1)
        _ = Self.hover(preview, 20, now: 1.25)
        let decoder = try #require(maker.last)
        decoder.answer(10, keyframe: 8, shade: 1)
        _ = preview.pump(now: 1.5)
        #expect(preview.latencies.count == 0)
        decoder.answer(20, keyframe: 16, shade: 2)
        _ = preview.pump(now: 2)
        #expect(preview.latencies.count == 1 && preview.latencies.maximum == 750)
    }
}
