/// A path in the file system, held as the bytes the kernel uses.
///
/// Linux names are bytes, not text: a file called `caf\xE9.mkv` (Latin-1) is as real as one
/// called `café.mkv`. A `FilePath` keeps every byte from where it was read (an argument, a
/// directory entry, `getcwd`) to the system call or the mpv command it ends in, and says which
/// text to show only when asked (``description``, with each byte that is not UTF-8 as U+FFFD).
///
/// Where a path has to travel inside a `String` (the option parser's arguments, mpv's string
/// properties, a record's text), ``text`` and ``init(_:)`` carry it losslessly through
/// ``PathEncoding``.
public struct FilePath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public private(set) var bytes: [UInt8]

    /// The path whose bytes are `bytes`, up to the first NUL if there is one (the kernel would
    /// stop there too).
    public init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        self.bytes = Array(bytes.prefix { $0 != 0 })
    }

    /// The path a NUL-terminated C string names, byte for byte.
    public init(cString: UnsafePointer<CChar>) {
        var bytes: [UInt8] = []
        var pointer = cString
        while pointer.pointee != 0 {
            bytes.append(UInt8(bitPattern: pointer.pointee))
            pointer += 1
        }
        self.bytes = bytes
    }

    /// The path `text` stands for: its UTF-8, with ``PathEncoding``'s escapes turned back into
    /// the bytes they carry.
    public init(_ text: String) {
        self.init(bytes: PathEncoding.bytes(of: text))
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The path as a `String` that turns back into exactly these bytes (``init(_:)``): for an
    /// interface that speaks `String`, never for showing.
    public var text: String { PathEncoding.string(fromBytes: bytes) }

    /// The path to show: its text, with each byte that is not UTF-8 as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the bytes are valid UTF-8 (the path shows as it is).
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    public var isEmpty: Bool { bytes.isEmpty }

    /// Whether it starts at the root (`/`).
    public var isAbsolute: Bool { bytes.first == Self.slash }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let chars = bytes.map { CChar(bitPattern: $0) } + [0]
        return try body(chars)
    }

    /// This path with `component` below it, one `/` between them.
    public func appending(_ component: FilePath) -> FilePath {
        guard !bytes.isEmpty else { return component }
        var joined = bytes
        if joined.last != Self.slash { joined.append(Self.slash) }
        joined += component.bytes.drop { $0 == Self.slash }
        return FilePath(bytes: joined)
    }

    /// This path with the component `name` (plain text) below it.
    public func appending(_ name: String) -> FilePath { appending(FilePath(name)) }

    /// The path with `suffix` added to its last component, as in `film.mkv` + `.part`.
    public func addingSuffix(_ suffix: String) -> FilePath { FilePath(bytes: bytes + Array(suffix.utf8)) }

    /// The last component, without the slashes after it: `film.mkv` for `/v/film.mkv`, `v` for
    /// `/v/`; the path itself when it is only slashes or empty.
    public var lastComponent: FilePath {
        let trimmed = trimmingTrailingSlashes
        guard !trimmed.isEmpty, trimmed != [Self.slash] else { return self }
        if let slash = trimmed.lastIndex(of: Self.slash) { return FilePath(bytes: trimmed[(slash + 1)...]) }
        return FilePath(bytes: trimmed)
    }

    /// The folder the last component is in: `/v` for `/v/film.mkv`, `/` for `/film.mkv`, `.` for
    /// `film.mkv`.
    public var removingLastComponent: FilePath {
        let trimmed = trimmingTrailingSlashes
        guard let slash = trimmed.lastIndex(of: Self.slash) else { return "." }
        let parent = trimmed[..<slash].reversed().drop { $0 == Self.slash }.reversed()
        return parent.isEmpty ? "/" : FilePath(bytes: parent)
    }

    /// The last component without its extension: `film` for `film.mkv`, `.hidden` for `.hidden`.
    public var stem: FilePath {
        let name = lastComponent.bytes
        guard let dot = name.lastIndex(of: Self.dot), dot > 0 else { return FilePath(bytes: name) }
        return FilePath(bytes: name[..<dot])
    }

    public static func < (lhs: FilePath, rhs: FilePath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    private var trimmingTrailingSlashes: ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > 1, bytes[end - 1] == Self.slash { end -= 1 }
        return bytes[..<end]
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
}
