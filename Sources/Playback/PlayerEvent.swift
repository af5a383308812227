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
    /// An observed property changed; the new value is already in ``Player/state``.
    case propertyChanged(PlayerProperty)
    /// A command sent with an id finished; `error` is nil when it succeeded.
    case commandReply(id: UInt64, error: MpvError?)
    /// The video output was (re)configured: a new size or format.
    case videoReconfigured
    /// mpv is shutting down.
    case shutdown
    /// The file or stream that opens is being read (for a stream: the server answered), before
    /// mpv knows its format (``Player/isReadingStream``).
    case reading
    /// mpv is about to open a file (its `on_load` hook): per-file options may be set now, and
    /// ``Player/continueLoad(hook:)`` must follow, or the file never opens.
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

/// The properties the player observes, in the order they are registered.
public enum PlayerProperty: UInt64, Sendable, Equatable, CaseIterable {
    case position = 1, duration, isPaused, isAtEnd, isSeeking, title, isIdle, volume, isMuted
    case displayWidth, displayHeight, chapters, speed, tracks
    case subtitleText, secondarySubtitleText, audioTrack, subtitleTrack, secondarySubtitleTrack
    case subtitleDelay, audioDelay, chapter, isPausedForCache, bufferingPercent, cache, loopFile
    case playlist, playlistPlayingPosition, isSeekable, isNetworkStream, path, metadata

    /// mpv's name for the property.
    public var name: String {
        switch self {
        case .position: "time-pos"
        case .duration: "duration"
        case .isPaused: "pause"
        case .isAtEnd: "eof-reached"
        case .isSeeking: "seeking"
        case .title: "media-title"
        case .isIdle: "idle-active"
        case .volume: "volume"
        case .isMuted: "mute"
        case .displayWidth: "dwidth"
        case .displayHeight: "dheight"
        case .chapters: "chapter-list"
        case .speed: "speed"
        case .tracks: "track-list"
        case .subtitleText: "sub-text"
        case .secondarySubtitleText: "secondary-sub-text"
        case .audioTrack: "aid"
        case .subtitleTrack: "sid"
        case .secondarySubtitleTrack: "secondary-sid"
        case .subtitleDelay: "sub-delay"
        case .audioDelay: "audio-delay"
        case .chapter: "chapter"
        case .isPausedForCache: "paused-for-cache"
        case .bufferingPercent: "cache-buffering-state"
        case .cache: "demuxer-cache-state"
        case .loopFile: "loop-file"
        case .playlist: "playlist"
        case .playlistPlayingPosition: "playlist-playing-pos"
        case .isSeekable: "seekable"
        case .isNetworkStream: "demuxer-via-network"
        case .path: "path"
        case .metadata: "metadata"
        }
    }
}
