import Formatting
import Playback
import System

/// Where one file or URL was left, as reel keeps it: typed values and nothing that can act.
///
/// mpv's own watch-later records are whole option files, obeyed in full when loaded; reel never
/// loads them. Its record holds the position, the tracks and the delays (what mpv's records keep
/// too), each passed to mpv as that one option. The text form is strict: one `name=value` a line
/// after a magic first line, every value checked; anything else makes the record unreadable, and
/// an unreadable record is ignored.
///
///     reel-resume 1
///     key=%2Fhome%2Fme%2Ffilm.mkv          the path or URL, percent-encoded
///     size=123456789                       local files: size and mtime (ns); a changed file is not resumed
///     mtime=1700000000000000000
///     position=754.2
///     duration=5400
///     watched=0
///     aid=2
///     sid=no
///     sub-delay=-0.2
///     audio-delay=0.1
///     title=The%20Film                     what the list shows: mpv's title, percent-encoded
///     watched-at=1700000000                when it was last watched: seconds since 1970 (UTC)
///
/// The thumbnail's key is the key, size and mtime together (``ProbeKey``): the list finds a
/// local file's still in the thumbnail cache by them. A URL has no thumbnail (probes never open
/// a stream).
public struct ResumeRecord: Sendable, Equatable {
    /// The path or URL.
    public var key: String
    /// For a local file: its size and modification time, so that a changed file starts over.
    public var size: Int64?
    public var modified: Int64?
    public var position: Double
    public var duration: Double?
    /// Watched to the end (or past 95 %): the next play starts from the beginning.
    public var watched = false
    /// The audio track: an id, or nil for mpv's choice.
    public var audioTrack: Int?
    /// The subtitle track: an id, `.some(nil)` for off, nil for mpv's choice.
    public var subtitleTrack: Int??
    public var subtitleDelay = 0.0
    public var audioDelay = 0.0
    /// The title mpv gave (a tag, or the file name), for the continue-watching list.
    public var title: String?
    /// When it was last watched, in seconds since the Unix epoch.
    public var watchedAt: Int64?

    public static let magic = "reel-resume 1"

    /// How far into the file, 0…1, when the length is known.
    public var progress: Double? {
        guard let duration, duration > 0 else { return nil }
        return watched ? 1 : min(max(position / duration, 0), 1)
    }

    /// The record as text.
    public var text: String {
        var lines = [Self.magic, "key=" + Self.percentEncoded(key)]
        if let size { lines.append("size=\(size)") }
        if let modified { lines.append("mtime=\(modified)") }
        lines.append("position=\(Self.decimal(position))")
        if let duration { lines.append("duration=\(Self.decimal(duration))") }
        lines.append("watched=\(watched ? 1 : 0)")
        if let audioTrack { lines.append("aid=\(audioTrack)") }
        if let subtitleTrack { lines.append("sid=\(subtitleTrack.map(String.init) ?? "no")") }
        lines.append("sub-delay=\(Self.decimal(subtitleDelay))")
        lines.append("audio-delay=\(Self.decimal(audioDelay))")
        if let title { lines.append("title=" + Self.percentEncoded(String(title.prefix(Self.titleLimit)))) }
        if let watchedAt { lines.append("watched-at=\(watchedAt)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a record; nil unless every line is one reel writes, with a valid value.
    public init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Self.magic, lines.count <= 18 else { return nil }
        var key: String?, position: Double?
        var seen = Set<String>()
        self.key = ""
        self.position = 0
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let name = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            guard seen.insert(name).inserted else { return nil }
            switch name {
            case "key": key = Self.percentDecoded(value)
            case "size": guard let number = Int64(value), number >= 0 else { return nil }; size = number
            case "mtime": guard let number = Int64(value) else { return nil }; modified = number
            case "position": position = Self.number(value, in: 0...1e9)
            case "duration": guard let number = Self.number(value, in: 0...1e9) else { return nil }; duration = number
            case "watched":
                guard value == "0" || value == "1" else { return nil }
                watched = value == "1"
            case "aid": guard let id = Int(value), (1...1000).contains(id) else { return nil }; audioTrack = id
            case "sid":
                if value == "no" { subtitleTrack = .some(nil) } else {
                    guard let id = Int(value), (1...1000).contains(id) else { return nil }
                    subtitleTrack = .some(id)
                }
            case "sub-delay": guard let number = Self.number(value, in: -600...600) else { return nil }; subtitleDelay = number
            case "audio-delay": guard let number = Self.number(value, in: -600...600) else { return nil }; audioDelay = number
            case "title":
                guard let text = Self.percentDecoded(value), text.count <= Self.titleLimit else { return nil }
                title = text
            case "watched-at": guard let number = Int64(value), number >= 0 else { return nil }; watchedAt = number
            default: return nil
            }
        }
        guard let key, !key.isEmpty, let position else { return nil }
        self.key = key
        self.position = position
    }

    /// The longest title kept, in characters.
    static let titleLimit = 512

    public init(key: String, position: Double) {
        self.key = key
        self.position = position
    }

    private static func number(_ text: String, in range: ClosedRange<Double>) -> Double? {
        guard text.count <= 24, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
              let value = Double(text), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// A number with up to three decimals, never in exponent form.
    public static func decimal(_ value: Double) -> String {
        DecimalText.format(value, maximumFractionDigits: 3)
    }

    /// The key's bytes with everything but letters, digits and `-._~:/` as `%XX`, so that a key
    /// never spans lines.
    static func percentEncoded(_ key: String) -> String {
        var out = ""
        for byte in PathEncoding.bytes(of: key) {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || (0x30...0x39).contains(byte) || "-._~:/".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }

    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                guard byte >= 0x21, byte < 0x7F else { return nil }
                bytes.append(byte)
            }
        }
        return PathEncoding.string(fromBytes: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
