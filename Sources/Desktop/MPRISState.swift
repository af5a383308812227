/// What MPRIS2 says about the player at one moment: the values its properties are read from.
///
/// The app takes one from the session every pass (``MPRISService``); ``MPRISPlayer`` turns it
/// into property values and compares it with the last one published.
public struct MPRISState: Sendable, Equatable {
    /// `PlaybackStatus`.
    public enum Status: String, Sendable {
        case playing = "Playing", paused = "Paused", stopped = "Stopped"
    }

    /// `LoopStatus`.
    public enum Loop: String, Sendable {
        case none = "None", track = "Track", playlist = "Playlist"
    }

    public var status = Status.stopped
    /// Seconds into the item.
    public var position = 0.0
    /// The item's length in seconds, when known.
    public var length: Double?
    /// The item's place in the session's list, when there is an item.
    public var item: Int?
    /// The title, or the item's name.
    public var title: String?
    /// `xesam:url`, already encoded (``MPRISPlayer/fileURL(_:)`` for a file).
    public var url: String?
    /// `mpris:artUrl`: a file URL of a PNG of the thumbnail, once it is written.
    public var artURL: String?
    /// The speed.
    public var rate = 1.0
    /// mpv's volume over 100: 1 is 100 %, up to 1.3.
    public var volume = 1.0
    public var loop = Loop.none
    /// The list loops (`--loop-playlist`, or since): `LoopStatus` reads `Playlist` when the file does not loop.
    public var loopsPlaylist = false
    /// What is still to come plays in a random order.
    public var shuffle = false
    /// The items are a playlist, which can loop and shuffle (continue watching is not).
    public var canLoopPlaylist = true
    public var canGoNext = false
    public var canGoPrevious = false
    public var canPlay = false
    public var canPause = false
    public var canSeek = false

    /// Nothing playing: stopped, at 0, with nothing to go to.
    public init() {}
}
