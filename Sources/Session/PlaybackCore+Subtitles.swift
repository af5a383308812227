/// Subtitles shown or hidden (reel's `v`), and who draws them.
extension PlaybackCore {
    /// Whether mpv draws the subtitle track: only pictures (they have no text), and only while
    /// subtitles are shown; text subtitles are reel's to draw, from mpv's `sub-text`.
    /// `isPictureTrack`: the selected track is a picture track.
    public func mpvDrawsSubtitles(isPictureTrack: Bool) -> Bool {
        subtitlesVisible && isPictureTrack
    }

    /// Whether a file mpv is about to open, `opening`, is refused: a playlist from the network
    /// lists it and it is no network URL (a local path, or one of mpv's special protocols, some of
    /// which mpv itself would open). mpv may open the first entry of a playlist before reel has
    /// put the entries in its list: a name other than the current item's (`itemKey`) is an entry
    /// of the current item, which came from the network when the item is a network URL or itself
    /// came from a network playlist.
    public static func refusesEntry(_ opening: String, openingIsNetworkURL: Bool, itemKey: String,
                                    itemIsNetworkURL: Bool, itemFromNetworkPlaylist: Bool) -> Bool {
        let fromNetwork = opening == itemKey ? itemFromNetworkPlaylist : itemFromNetworkPlaylist || itemIsNetworkURL
        return fromNetwork && !openingIsNetworkURL
    }
}
