import Drawing
import Playback
import System

/// Where screenshots go and what they are called, as mpv's `--screenshot-directory` and
/// `--screenshot-template` say; writes each as a PNG, never over a file already there.
struct ScreenshotWriter {
    /// The folder: `--screenshot-directory`, else the XDG pictures folder, else `~/Pictures`.
    var directory: FilePath?
    /// mpv's template: `%F` the file's name without its extension, `%f` with it, `%n` a
    /// four-digit counter (the first that makes a new file), `%p` the position as h:mm:ss,
    /// `%P` with milliseconds, `%%` a percent sign.
    var template: String
    /// What `~` stands for in the notice.
    var home: FilePath?

    /// reel's default template: the file's name and a counter ("film-0001.png").
    static let standardTemplate = "%F-%n"

    /// The XDG pictures folder (`XDG_PICTURES_DIR` in `user-dirs.dirs`), else `$HOME/Pictures`.
    static func defaultDirectory(environment: [String: String]) -> FilePath? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        if let config = XDGDirectory.config.base(environment: environment),
           let bytes = FileSystem.read(config.appending("user-dirs.dirs"), limit: 1 << 16) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                var value = String(line.dropFirst("XDG_PICTURES_DIR=".count)).filter { $0 != "\"" }
                if value.hasPrefix("$HOME") { value = home + value.dropFirst("$HOME".count) }
                if value.hasPrefix("/") { return FilePath(value) }
            }
        }
        return FilePath(home + "/Pictures")
    }

    /// The template filled in for `file` at `position`, with counter `counter`.
    func name(file: String, position: Double, counter: Int) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.lastIndex(of: ".").map { String(base[..<$0]) } ?? base
        var out = "", percent = false
        for character in template {
            guard percent else {
                if character == "%" { percent = true } else { out.append(character) }
                continue
            }
            percent = false
            switch character {
            case "F": out += stem
            case "f": out += base
            case "n": out += String(repeating: "0", count: max(4 - String(counter).count, 0)) + String(counter)
            case "p": out += Self.clock(position, milliseconds: false)
            case "P": out += Self.clock(position, milliseconds: true)
            case "%": out += "%"
            default: out += "%" + String(character)
            }
        }
        // A name never makes a folder of its own, nor hides itself.
        let safe = out.map { $0 == "/" ? "_" : $0 }
        return (safe.first == "." ? "_" + String(safe.dropFirst()) : String(safe)) + ".png"
    }

    /// 1:02:03 (and .456), as mpv's %p and %P.
    static func clock(_ seconds: Double, milliseconds: Bool) -> String {
        let total = max(seconds, 0), whole = Int(total)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60))"
        if milliseconds {
            let millis = Int(((total - Double(whole)) * 1000).rounded(.down))
            text += "." + String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        }
        return text
    }

    /// Writes `shot` as a PNG named for `file` at `position`; returns the path written.
    func write(_ shot: Still, file: String, position: Double) throws(SystemError) -> FilePath {
        guard let directory else { throw SystemError(call: "screenshot", errno: SystemError.missingCode) }
        try FileSystem.makeDirectories(directory, home: home)
        guard let png = PixelBuffer(shot).pngData() else { throw SystemError(call: "deflate", errno: SystemError.outOfMemoryCode) }
        let usesCounter = template.contains("%n")
        for counter in 1...9999 {
            let path = directory.appending(name(file: file, position: position, counter: counter))
            if (try? FileSystem.linkStatus(path)) != nil {
                if usesCounter { continue }
                throw SystemError(call: "open", errno: SystemError.existsCode, path: path)
            }
            try FileSystem.writeAtomically(png, to: path)
            return path
        }
        throw SystemError(call: "open", errno: SystemError.existsCode, path: directory)
    }

    /// `path` as the notice shows it: `~` for the home folder.
    func shown(_ path: FilePath) -> String {
        let text = path.description
        if let home = home?.description, !home.isEmpty, text.hasPrefix(home + "/") { return "~" + text.dropFirst(home.count) }
        return text
    }
}
