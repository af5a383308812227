import Playback
import System

/// Finds what would hang mpv as it opens a file: a FIFO (or a socket, or a device) beside it
/// with a name mpv's autoloaders open by themselves, a subtitle (`NAME.srt`, `NAME.en.ass`) or a
/// cover picture (`cover.jpg`, `NAME.png`). mpv opens those without O_NONBLOCK, so a FIFO with
/// no writer would stop the opening for good, and no Esc or quit could end it.
public enum SidecarCheck {
    /// The endings of the subtitle files mpv 0.35 loads by itself beside a file (`sub-auto`).
    static let subtitleExtensions: Set<String> = [
        "idx", "sub", "srt", "rt", "ssa", "ass", "mks", "vtt", "sup", "scc", "smi", "lrc", "pgs",
    ]
    /// The endings mpv 0.35 loads by itself beside a file: subtitles, and cover art (`cover-art-auto`).
    static let autoloadedExtensions = subtitleExtensions.union(["jpg", "jpeg", "png", "gif", "bmp", "webp"])

    /// Whether mpv's autoloaders would look at an entry named `name`: by its ending, in any case.
    static func isAutoloaded(_ name: FilePath) -> Bool {
        ending(of: name).map(autoloadedExtensions.contains) ?? false
    }

    /// Whether `name` ends as a subtitle file does (`.srt`, `.ass`, `.vtt`…, in any case): a
    /// sidecar of a video, not one.
    static func isSubtitle(_ name: FilePath) -> Bool {
        ending(of: name).map(subtitleExtensions.contains) ?? false
    }

    /// The lowercased text after the last dot of `name`, or nil when there is none (or only a
    /// leading one).
    private static func ending(of name: FilePath) -> String? {
        let bytes = name.bytes
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return nil }
        return String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// The entries beside `file` that mpv would load by itself and that are not regular files
    /// (nor folders), by name; empty when there are none or the folder cannot be read.
    public static func unsafeEntries(beside file: FilePath) -> [FilePath] {
        let folder: FilePath = file.lastComponent == file ? "." : file.removingLastComponent
        guard let reader = try? DirectoryReader(path: folder) else { return [] }
        var found: [FilePath] = []
        // Through links; an entry that cannot be looked at is not one mpv could open either.
        while let (name, entry) = reader.next(includingHidden: true, matching: isAutoloaded) {
            if case .other = entry { found.append(name) }
        }
        return found.sorted()
    }
}
