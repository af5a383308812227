/// What mpv's log says beside its events: parts of a stream skipped, playlist entries left out,
/// no sound device; each counted, and said in one notice.
extension PlaybackCore {
    /// mpv's log since the last pass: the counts grow, and each is said again in one notice;
    /// no sound device is said once a run.
    mutating func logged(skippedParts: Int, refusedEntries: Int, noSoundDevice: Bool) -> [Command] {
        var commands: [Command] = []
        if noSoundDevice, !saidNoSoundDevice {
            saidNoSoundDevice = true
            commands.append(.noSoundDevice)
        }
        if skippedParts > 0 {
            partsSkipped += skippedParts
            commands.append(.notice(Self.skippedNotice(count: partsSkipped)))
        }
        if refusedEntries > 0 {
            entriesLeftOut += refusedEntries
            commands.append(.notice(Self.leftOutNotice(count: entriesLeftOut)))
        }
        return commands
    }

    /// The notice for `count` parts of the stream that could not be fetched and were skipped
    /// (the picture jumps past them).
    public static func skippedNotice(count: Int) -> String {
        let what = count == 1 ? "a part" : "\(count) parts"
        return "Skipped \(what) of the stream the server did not send"
    }

    /// The notice for `count` playlist entries that mpv left out since the item was given to it.
    public static func leftOutNotice(count: Int) -> String {
        let what = count == 1 ? "a playlist entry" : "\(count) playlist entries"
        return "Left out \(what): a playlist from the network may not open local files or mpv's special protocols"
    }
}
