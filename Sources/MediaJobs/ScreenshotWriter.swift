import Drawing
import History
import Options
import Playback
import System

/// Where screenshots go and what they are called, as mpv's `--screenshot-directory` and
/// `--screenshot-template` say; writes each as a PNG, never over a file already there.
public struct ScreenshotWriter: Sendable {
    /// The folder: `--screenshot-directory`, else the XDG pictures folder, else `~/Pictures`.
    public var directory: FilePath?
    /// mpv's template: `%F` the file's name without its extension, `%f` with it, `%n` a
    /// four-digit counter (the first that makes a new file), `%p` the position as h:mm:ss,
    /// `%P` with milliseconds, `%%` a percent sign.
    var template: String
    /// What `~` stands for in the notice.
    public var home: FilePath?

    /// A writer into `directory` (nil: the XDG pictures folder, ``defaultDirectory(environment:)``)
    /// with names from `template`; `home` is what `~` stands for in the notice.
    public init(directory: FilePath? = nil, template: String, home: FilePath? = nil) {
        self.directory = directory
        self.template = template
        self.home = home
    }

    /// reel's default template (``ReelOptions/standardScreenshotTemplate``).
    public static let standardTemplate = ReelOptions.standardScreenshotTemplate

    /// The XDG pictures folder (`XDG_PICTURES_DIR` in `user-dirs.dirs`), else `$HOME/Pictures`.
    public static func defaultDirectory(environment: [String: String]) -> FilePath? {
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

    /// What `%f` and `%F` stand for: a file's name, with and without its extension, or a URL's
    /// last path part (its host when it has none) shown as the screen shows URLs: without a
    /// user, a password, a query or a fragment. A name whose only dot starts it (`.mkv`) has no
    /// extension, as ``FilePath/stem`` says, and neither has a host (`127.0.0.1:8080`).
    public static func fileName(of source: MediaSource) -> (name: String, stem: String) {
        let name: String
        switch source {
        case .file, .standardInput:
            let file = source.mpvName
            name = file.split(separator: "/").last.map(String.init) ?? file
        case .url(let url):
            let part = DisplayURL.lastPart(of: url)
            if part.isHost { return (part.text, part.text) }
            name = part.text
        }
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return (name, name) }
        return (name, String(name[..<dot]))
    }

    /// The template filled in for `source` at `position`, with counter `counter`.
    public func name(source: MediaSource, position: Double, counter: Int) -> String {
        let (base, stem) = Self.fileName(of: source)
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
        // A name never makes a folder of its own, nor hides itself: checked with the extension
        // on, so that an empty name is not `.png`.
        var name = String(out.map { $0 == "/" ? "_" : $0 })
        name = (name.isEmpty ? "_" : name) + ".png"
        return name.first == "." ? "_" + name.dropFirst() : name
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

    /// Writes `shot` as a PNG named for `source` at `position`; returns the path written.
    public func write(_ shot: Still, source: MediaSource, position: Double) throws(SystemError) -> FilePath {
        try write(png: try Self.png(shot), source: source, position: position)
    }

    /// `shot` as a PNG file's bytes.
    public static func png(_ shot: Still) throws(SystemError) -> [UInt8] {
        guard let png = PixelBuffer.png(rgb: shot.rgb, width: shot.width, height: shot.height) else {
            throw SystemError(call: "deflate", errno: SystemError.outOfMemoryCode)
        }
        return png
    }

    /// Writes `png` named for `source` at `position`, in the folder (made when missing), under
    /// the first name that makes a new file; returns the path written.
    public func write(png: [UInt8], source: MediaSource, position: Double) throws(SystemError) -> FilePath {
        guard let directory else { throw SystemError(call: "screenshot", errno: SystemError.missingCode) }
        try FileSystem.makeDirectories(directory, home: home)
        let usesCounter = template.contains("%n")
        for counter in 1...9999 {
            let path = directory.appending(name(source: source, position: position, counter: counter))
            if (try? FileSystem.linkStatus(path)) != nil {
                if usesCounter { continue }
                throw SystemError(call: "open", errno: SystemError.existsCode, path: path)
            }
            try FileSystem.writeAtomically(png, to: path)
            return path
        }
        throw SystemError(call: "open", errno: SystemError.existsCode, path: directory)
    }

    /// Why a shot was not saved, the reason first (a long path is cut at the screen's edge):
    /// "File name too long: ~/Pictures/…".
    public func failure(_ error: SystemError) -> String {
        error.reason + (error.path.map { ": " + shown($0) } ?? "")
    }

    /// `path` as the notice shows it: `~` for the home folder.
    public func shown(_ path: FilePath) -> String {
        let text = path.description
        if let home = home?.description, !home.isEmpty, text.hasPrefix(home + "/") { return "~" + text.dropFirst(home.count) }
        return text
    }
}
