import Media
import Playback

/// Test support: a ``Player`` with no libmpv. It reports the ``PlayerState`` a test sets, hands
/// out the events a test queues, and records every command it is given, as words.
final class FakePlayer: Player {
    var state = PlayerState()
    var wakeupDescriptor: Int32 { -1 }
    var hasNoSoundDevice = false
    var lastProblem: String?
    var streamCutShort: (received: Int64, announced: Int64)?
    var isReadingStream = false
    var openingFilename: String?
    /// What the next ``drainEvents()`` gives.
    var events: [PlayerEvent] = []
    /// The commands given, oldest first ("pause", "open demo.mp4", "seek to 12.5 exact"…).
    var commands: [String] = []
    /// Refused entries and skipped parts the log has for the next pass.
    var refusals: [String] = []
    var skippedParts = 0
    /// The cache as it is now.
    var cache: CacheState?
    /// The last command id handed out.
    private var nextID: UInt64 = 100
    /// How many of the next seeks mpv refuses (as with nothing loaded).
    var refusedSeeks = 0

    func drainEvents() -> [PlayerEvent] {
        defer { events.removeAll() }
        return events
    }

    func currentCacheState() -> CacheState? { cache }
    func takeRefusals() -> [String] {
        defer { refusals.removeAll() }
        return refusals
    }
    func leaveOut(_ entry: String) { commands.append("leave out \(entry)") }
    func forgetRefusedEntries() {}
    func takeSkippedParts() -> Int {
        defer { skippedParts = 0 }
        return skippedParts
    }
    func logNote(_ text: String) {}

    /// Refuses a seek while ``refusedSeeks`` says so, as mpv refuses a command.
    private func refuseSeek() throws(MpvError) {
        guard refusedSeeks > 0 else { return }
        refusedSeeks -= 1
        commands.append("seek refused")
        throw MpvError(code: -12, operation: "seek")
    }

    /// Records `words`, and returns a new command id.
    @discardableResult
    private func record(_ words: String) -> UInt64 {
        commands.append(words)
        nextID += 1
        return nextID
    }

    func play() throws(MpvError) { record("play") }
    func pause() throws(MpvError) { record("pause") }
    func togglePause() throws(MpvError) { record("toggle pause") }
    func seek(to seconds: Double, precision: SeekPrecision) throws(MpvError) -> UInt64 {
        try refuseSeek()
        return record("seek to \(seconds)")
    }
    func seek(by seconds: Double, precision: SeekPrecision) throws(MpvError) -> UInt64 {
        try refuseSeek()
        return record("seek by \(seconds)")
    }
    func setVolume(_ volume: Double) throws(MpvError) { record("volume \(volume)") }
    func setMuted(_ muted: Bool) throws(MpvError) { record("mute \(muted)") }
    func setSpeed(_ speed: Double) throws(MpvError) { record("speed \(speed)") }
    func frameStep() throws(MpvError) { record("frame-step") }
    func frameBackStep() throws(MpvError) { record("frame-back-step") }
    func setAudioTrack(_ choice: TrackChoice) throws(MpvError) { record("aid \(choice)") }
    func setSubtitleTrack(_ choice: TrackChoice) throws(MpvError) { record("sid \(choice)") }
    func setSubtitlesDrawnByMpv(_ drawn: Bool) throws(MpvError) {}
    func setSubtitleDelay(_ seconds: Double) throws(MpvError) { record("sub-delay \(seconds)") }
    func setAudioDelay(_ seconds: Double) throws(MpvError) { record("audio-delay \(seconds)") }
    func seekSubtitle(by lines: Int) throws(MpvError) -> UInt64 { record("sub-seek \(lines)") }
    func moveChapter(by chapters: Int) throws(MpvError) -> UInt64 { record("chapter \(chapters)") }
    func setLoopsFile(_ loops: Bool) throws(MpvError) { record("loop-file \(loops)") }
    func setPixelAspect(_ pixelAspect: Double) throws(MpvError) { record("pixel-aspect \(pixelAspect)") }
    func setABLoop(a: Double?, b: Double?) throws(MpvError) { record("ab-loop") }
    func requestScreenshot(subtitles: Bool) throws(MpvError) -> UInt64 { throw MpvError(code: -12, operation: "screenshot-raw") }
    func open(_ source: MediaSource) throws(MpvError) { record("open \(source.mpvName)") }
    func playEntry(at index: Int) throws(MpvError) { record("play entry \(index)") }
    func stopKeepingPlaylist() throws(MpvError) { record("stop") }
    func continueLoad(hook id: UInt64) { record("continue \(id)") }
    func setFileLocalOption(_ name: String, _ value: String) throws(MpvError) { record("file-local \(name)=\(value)") }
    func refuseOpening() throws(MpvError) { record("refuse") }
    func frameIsDue() -> Bool { false }
    func render(into buffer: FrameBuffer) throws { throw MpvError(code: -12, operation: "render") }
    func render(rgb24 target: UnsafeMutableRawBufferPointer, width: Int, height: Int) throws -> Bool {
        throw MpvError(code: -12, operation: "render")
    }
    func skipFrame(_ buffer: FrameBuffer) throws {}
}
