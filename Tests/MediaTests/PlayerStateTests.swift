import Media
import Testing

/// mpv's state as Playback stores it: nothing assumed before mpv says, and the few rules the
/// values carry (the cache's ranges, the A-B loop, a video's shape).
@Suite("Player state")
struct PlayerStateTests {
    @Test("before mpv says anything, nothing is known and nothing plays")
    func unknown() {
        let state = PlayerState()
        #expect(state.position == nil && state.isPaused == nil && state.tracks.isEmpty && state.abLoop == ABLoop())
        #expect(!state.isPlaying)
    }

    @Test("playing is unpaused, not idle and not at the end")
    func playing() {
        var state = PlayerState()
        state.isPaused = false
        #expect(state.isPlaying)
        state.isAtEnd = true
        #expect(!state.isPlaying)
    }

    @Test("the cache's ranges come sorted, and those that touch or overlap are merged")
    func mergedRanges() {
        #expect(CacheState.merged([20...30, 0...5, 4...10, 10...12]) == [0...12, 20...30])
        #expect(CacheState.merged([]).isEmpty)
    }

    @Test("an A-B loop plays once both points are set, and holds the times between them with a little slack")
    func abLoop() {
        #expect(!ABLoop(a: 2).isComplete && ABLoop(a: 2).contains(100))
        let loop = ABLoop(a: 2, b: 3)
        #expect(loop.isComplete && loop.contains(1.8) && loop.contains(3.2) && !loop.contains(1.7) && !loop.contains(3.3))
    }

    @Test("a video's aspect is width over height, and none when either is not positive")
    func aspect() {
        #expect(VideoSize(width: 640, height: 360).aspect == 640.0 / 360)
        #expect(VideoSize(width: 640, height: 0).aspect == nil)
    }

    @Test("the frames of an item are its duration over one frame's, rounded, once both are known and finite", arguments: [
        (60.0 as Double?, 25.0 as Double?, 1500 as Int?), (10.01, 29.97, 300), (1e20, 25, 1_000_000_000_000),
        (nil, 25, nil), (60, nil, nil), (0, 25, nil), (-5, 25, nil), (.infinity, 25, nil),
    ])
    func estimatedFrameCount(duration: Double?, rate: Double?, frames: Int?) {
        var state = PlayerState()
        state.duration = duration
        state.tracks = [Track(id: 1, kind: .video, isSelected: true, frameRate: rate)]
        #expect(state.estimatedFrameCount == frames)
    }
}
