import Playback
import Testing

/// The stats panel's figures from mpv, read from the real libmpv while the film sample plays.
@Suite("Stats figures against real libmpv", .serialized)
struct StatsFiguresTests {
    @Test("playing the film, mpv reports its bitrates, the frame rate out of the filters, the frame counters and the cache")
    func figures() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("film.mkv"))
        try driver.player.play()
        let reported = try driver.run(timeout: 10) { state, _ in
            (state.videoBitrate ?? 0) > 0 && (state.audioBitrate ?? 0) > 0 && state.estimatedFrameRate != nil
                && state.droppedFrames != nil && state.delayedFrames != nil && state.cache?.end != nil
        }
        let state = driver.player.state
        #expect(reported, "bitrates \(String(describing: state.videoBitrate)) \(String(describing: state.audioBitrate)), fps \(String(describing: state.estimatedFrameRate)), drops \(String(describing: state.droppedFrames)), late \(String(describing: state.delayedFrames))")
        // film.mkv is H.264 at 24 fps and two mono Opus tracks; the picture's bitrate is far above the sound's.
        #expect(abs((state.estimatedFrameRate ?? 0) - 24) < 1)
        #expect((state.videoBitrate ?? 0) > (state.audioBitrate ?? 0))
        #expect((state.decoderDroppedFrames ?? 0) >= 0 && (state.droppedFrames ?? 0) >= 0)
        #expect((state.cache?.end ?? 0) >= (state.position ?? 0))
    }
}
