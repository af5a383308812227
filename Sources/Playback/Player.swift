import Media

/// What the playback session asks of mpv, and reads from it: the seam between the session's
/// executor and libmpv.
///
/// ``MpvPlayer`` is the one that plays. Tests of the session, the scenes and the loop give them a
/// fake that records the commands and reports a ``PlayerState`` of their own, with no libmpv.
public protocol Player: AnyObject {
    /// What mpv last reported.
    var state: PlayerState { get }
    /// The descriptor to poll for mpv's events and frames.
    var wakeupDescriptor: Int32 { get }
    /// mpv fell back to no sound output, though sound was asked for.
    var hasNoSoundDevice: Bool { get }
    /// The last problem mpv's log explained, for an item's failure.
    var lastProblem: String? { get }
    /// The bytes a server sent and announced, when it closed the stream early.
    var streamCutShort: (received: Int64, announced: Int64)? { get }
    /// Data is arriving for the stream that opens (no longer "Connecting…").
    var isReadingStream: Bool { get }
    /// The file mpv is about to open, in the load hook.
    var openingFilename: String? { get }

    /// mpv's events since the last call; ``state`` follows them.
    func drainEvents() -> [PlayerEvent]
    /// mpv's cache as it is now, not as it was last reported.
    func currentCacheState() -> CacheState?
    /// The playlist entries mpv refused since the last call.
    func takeRefusals() -> [String]
    /// Counts `entry` as left out, as mpv's own refusals are.
    func leaveOut(_ entry: String)
    /// Forgets the entries left out (a new item).
    func forgetRefusedEntries()
    /// The parts of the stream FFmpeg skipped since the last call.
    func takeSkippedParts() -> Int
    /// Writes `text` to mpv's log.
    func logNote(_ text: String)

    func play() throws(MpvError)
    func pause() throws(MpvError)
    func togglePause() throws(MpvError)
    func seek(to seconds: Double, precision: SeekPrecision) throws(MpvError) -> UInt64
    func seek(by seconds: Double, precision: SeekPrecision) throws(MpvError) -> UInt64
    func setVolume(_ volume: Double) throws(MpvError)
    func setMuted(_ muted: Bool) throws(MpvError)
    func setSpeed(_ speed: Double) throws(MpvError)
    func frameStep() throws(MpvError)
    func frameBackStep() throws(MpvError)
    func setAudioTrack(_ choice: TrackChoice) throws(MpvError)
    func setSubtitleTrack(_ choice: TrackChoice) throws(MpvError)
    func setSubtitlesDrawnByMpv(_ drawn: Bool) throws(MpvError)
    func setSubtitleDelay(_ seconds: Double) throws(MpvError)
    func setAudioDelay(_ seconds: Double) throws(MpvError)
    func seekSubtitle(by lines: Int) throws(MpvError) -> UInt64
    func moveChapter(by chapters: Int) throws(MpvError) -> UInt64
    func setLoopsFile(_ loops: Bool) throws(MpvError)
    func setABLoop(a: Double?, b: Double?) throws(MpvError)
    /// Lays the picture out for pixels of `pixelAspect` (width over height) from now on.
    func setPixelAspect(_ pixelAspect: Double) throws(MpvError)
    func requestScreenshot(subtitles: Bool) throws(MpvError) -> UInt64

    /// Opens `source` alone in mpv's playlist.
    func open(_ source: MediaSource) throws(MpvError)
    func playEntry(at index: Int) throws(MpvError)
    func stopKeepingPlaylist() throws(MpvError)
    func continueLoad(hook id: UInt64)
    func setFileLocalOption(_ name: String, _ value: String) throws(MpvError)
    func refuseOpening() throws(MpvError)

    /// Whether mpv has a new frame to render.
    func frameIsDue() -> Bool
    func render(into buffer: FrameBuffer) throws
    func render(rgb24 target: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws -> Bool
    func skipFrame(_ buffer: FrameBuffer) throws
}

extension MpvPlayer: Player {}
