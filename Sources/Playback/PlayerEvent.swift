/// Something that happened in mpv, as a typed value.
public enum PlayerEvent: Sendable, Equatable {
    /// A file started loading: the playlist entry with mpv's id `entryID`.
    case startFile(entryID: Int)
    /// The file is loaded and its properties are known.
    case fileLoaded
    /// Playback (re)started after loading or a seek: the new position's frames are coming.
    case playbackRestart
    /// A file stopped playing, for `reason`.
    case endFile(EndReason)
    /// mpv has nothing loaded.
    case idle
    /// An observed property changed; the new value is already in ``MpvPlayer/state``.
    case propertyChanged(PlayerProperty)
    /// A command sent with an id finished; `error` is nil when it succeeded.
    case commandReply(id: UInt64, error: MpvError?)
    /// The frame asked for with ``MpvPlayer/requestScreenshot(subtitles:)`` under `id`, or why
    /// there is none.
    case screenshot(id: UInt64, frame: ScreenshotFrame?, error: MpvError?)
    /// The video output was (re)configured: a new size or format.
    case videoReconfigured
    /// mpv is shutting down.
    case shutdown
    /// The file or stream that opens is being read (for a stream: the server answered), before
    /// mpv knows its format (``MpvPlayer/isReadingStream``).
    case reading
    /// mpv is about to open a file (its `on_load` hook): per-file options may be set now, and
    /// ``MpvPlayer/continueLoad(hook:)`` must follow, or the file never opens.
    case loadHook(id: UInt64)
    /// A client sent `script-message` (through the IPC socket, say): its arguments, in order.
    /// mpv hands every such message to every client, reel's among them.
    case clientMessage([String])
}

/// Why a file stopped playing.
public enum EndReason: Sendable, Equatable {
    /// It reached its end (without keep-open).
    case endOfFile
    /// It was stopped or replaced by a command.
    case stopped
    /// mpv is quitting.
    case quit
    /// It could not be played; the error carries mpv's reason.
    case error(MpvError)
    /// It was a playlist or redirect that was expanded.
    case redirect
}
