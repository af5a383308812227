import Glibc
import Playback

/// Finds what would hang mpv as it opens a file: a FIFO (or a socket, or a device) beside it
/// with a name mpv's autoloaders open by themselves, a subtitle (`NAME.srt`, `NAME.en.ass`) or a
/// cover picture (`cover.jpg`, `NAME.png`). mpv opens those without O_NONBLOCK, so a FIFO with
/// no writer would stop the opening for good, and no Esc or quit could end it.
enum SidecarCheck {
    /// The endings mpv 0.35 loads by itself beside a file: subtitles (`sub-auto`) and cover art
    /// (`cover-art-auto`).
    static let autoloadedExtensions: Set<String> = [
        "idx", "sub", "srt", "rt", "ssa", "ass", "mks", "vtt", "sup", "scc", "smi", "lrc", "pgs",
        "jpg", "jpeg", "png", "gif", "bmp", "webp",
    ]

    /// Whether mpv's autoloaders would look at an entry named `name`: by its ending, in any case.
    static func isAutoloaded(_ name: FilePath) -> Bool {
        let bytes = name.bytes
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return false }
        let ending = String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased()
        return autoloadedExtensions.contains(ending)
    }

    /// The entries beside `file` that mpv would load by itself and that are not regular files
    /// (nor folders), by name; empty when there are none or the folder cannot be read.
    static func unsafeEntries(beside file: FilePath) -> [FilePath] {
        let folder: FilePath = file.lastComponent == file ? "." : file.removingLastComponent
        guard let stream = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var found: [FilePath] = []
        while let pointer = readdir(stream) {
            guard let typeField = pointer.pointer(to: \.d_type), let nameField = pointer.pointer(to: \.d_name) else { break }
            let name = UnsafeRawPointer(nameField).assumingMemoryBound(to: CChar.self)
            let entry = FilePath(cString: name)
            guard isAutoloaded(entry) else { continue }
            let type = typeField.pointee
            if type == UInt8(DT_REG) || type == UInt8(DT_DIR) { continue }
            // A link, or a file system that does not say: look, through the link.
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind != S_IFREG, kind != S_IFDIR { found.append(entry) }
        }
        return found.sorted()
    }
}
