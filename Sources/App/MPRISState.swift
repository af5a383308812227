/// What MPRIS2 says about the player at one moment: the values its properties are read from.
///
/// The app takes one from the session every pass (``MPRISService``); ``MPRISPlayer`` turns it
/// into property values and compares it with the last one published.
struct MPRISState: Sendable, Equatable {
    /// `PlaybackStatus`.
    enum Status: String, Sendable {
        case playing = "Playing", paused = "Paused", stopped = "Stopped"
    }

    /// `LoopStatus`.
    enum Loop: String, Sendable {
        case none = "None", track = "Track", playlist = "Playlist"
    }

    var status = Status.stopped
    /// Seconds into the item.
    var position = 0.0
    /// The item's length in seconds, when known.
    var length: Double?
    /// The item's place in the session's list, when there is an item.
    var item: Int?
    /// The title, or the item's name.
    var title: String?
    /// `xesam:url`, already encoded (``MPRISPlayer/fileURL(_:)`` for a file).
    var url: String?
    /// `mpris:artUrl`: a file URL of a PNG of the thumbnail, once it is written.
    var artURL: String?
    /// The speed.
    var rate = 1.0
    /// mpv's volume over 100: 1 is 100 %, up to 1.3.
    var volume = 1.0
    var loop = Loop.none
    /// The list loops (`--loop-playlist`, or since): `LoopStatus` reads `Playlist` when the file does not loop.
    var loopsPlaylist = false
    /// What is still to come plays in a random order.
    var shuffle = false
    /// The items are a playlist, which can loop and shuffle (continue watching is not).
    var canLoopPlaylist = true
    var canGoNext = false
    var canGoPrevious = false
    var canPlay = false
    var canPause = false
    var canSeek = false
}
