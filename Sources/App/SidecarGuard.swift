import History
import Library
import Playback
import System

/// The files mpv would read beside what it plays, checked first: `--sub-file`s at the start, and
/// the subtitles and covers it autoloads beside a local file as that file opens. A FIFO or a
/// device among them would hold mpv's open for ever.
enum SidecarGuard {
    /// The `--sub-file`s mpv can use, and a notice for each it cannot: a missing file is said on
    /// screen (mpv would only say so in its log), and a FIFO or a device is left out, since mpv
    /// would wait on it for ever as the first file opens.
    static func usableSubtitleFiles(_ files: [FilePath]) -> (kept: [FilePath], notices: [String]) {
        var kept: [FilePath] = [], left: [String] = []
        for file in files {
            do {
                _ = try FileSystem.openRegularFile(file)  // closed as it goes
                kept.append(file)
            } catch {
                left.append("\(file.description): \(error.reason)")
            }
        }
        // One notice for them all: the screen shows one at a time.
        guard !left.isEmpty else { return (kept, []) }
        return (kept, ["Subtitle file \(left.joined(separator: "; "))"])
    }

    /// In the load hook of a local file: mpv's autoloading of the subtitles and cover art beside
    /// it is turned off for that file when any of them is a FIFO, a socket or a device
    /// (``SidecarCheck``); the notice naming what was left out, if anything was.
    static func guardSidecars(of item: PlaylistItem, player: any Player) -> String? {
        guard let path = item.source.absolutePath else { return nil }
        let unsafe = SidecarCheck.unsafeEntries(beside: path)
        guard let first = unsafe.first else { return nil }
        try? player.setFileLocalOption("autoload-files", "no")
        let more = unsafe.count > 1 ? " and \(unsafe.count - 1) more" : ""
        return "Left out \(first.description)\(more) beside the file: not a regular file (subtitles and covers beside it are off)"
    }
}
