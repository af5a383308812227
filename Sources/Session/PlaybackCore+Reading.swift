/// What the scenes read of the core: the session core's phase and the list's rules, in one place.
extension PlaybackCore {
    /// The playlist's phase (``SessionMachine``).
    public var machine: SessionMachine { session.machine }
    /// Where the session is.
    public var phase: SessionMachine.Phase { session.phase }
    /// How the run ends here, when it does (``SessionCore/runEnd``).
    public var runEnd: SessionCore.RunEnd? { session.runEnd }
    /// The item is open and at its end (``PlaybackEnd``).
    public var isAtEnd: Bool { session.isAtEnd }
    /// The item the session is on.
    public var currentItem: Int? { session.currentItem }
    /// The item whose place a save now keeps: the current one, while it is open.
    public var itemToSave: Int? { session.isReady ? session.currentItem : nil }
    /// The item the session was last on, even after an opening was cancelled.
    public var lastItem: Int? { session.lastItem }
    /// The current item is open (playing, paused or at its end).
    public var isReady: Bool { session.isReady }
    /// mpv has loaded the current item's file (its restart may not have come yet).
    public var isFileLoaded: Bool { session.isFileLoaded }
    /// Some item has played: a failure later is not the run's failure.
    public var hasPlayed: Bool { session.hasPlayed }
    /// Playlists are opening one another from the item given to mpv, no file loaded yet.
    public var isFollowingPlaylists: Bool { nestingDepth > 0 }
    /// After the last item, the first (`--loop-playlist`, or turned on since).
    public var loopsPlaylist: Bool { session.machine.configuration.loopPlaylist }
    /// What is still to come plays in a random order (`--shuffle`, or turned on since).
    public var shuffles: Bool { order.isShuffled }
    /// The items are a playlist (not continue watching): looping and shuffling mean something.
    public var isPlaylist: Bool { session.machine.configuration.isPlaylist }
}
