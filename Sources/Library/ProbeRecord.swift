import Media
import Playback
import System

/// One probe's outcome for one version of a file, as the thumbnail cache stores it.
///
/// The key is the path, the size and the modification time: a file that changes in either is
/// probed again. The bytes are reel's own little-endian format:
///
///     "reel-probe 2\n"                         magic and version
///     path: u32 length + its bytes, size: i64, modified: i64 (ns)
///     u8 kind: 0 unplayable, 1 playable
///     unplayable: reason (u32 length + UTF-8)
///     playable:   u8 flags (1 video, 2 cover art, 4 audio, 8 title, 16 duration, 32 video size)
///                 [title] [duration: f64 bits] [width: u32, height: u32]
///                 still width: u32, height: u32 (0 × 0 when none), then width × height × 3 RGB bytes
///
/// Anything that does not parse exactly is a miss, never a crash. Version 2 records the video
/// track's own size (version 1 recorded the size mpv displayed, which followed the terminal's
/// pixels and the cover picture), so version 1 records are misses and are made again.
struct ProbeRecord: Equatable, Sendable {
    var key: ProbeKey
    var result: MediaProbe.Result

    static let magic = Array("reel-probe 2\n".utf8)

    /// The record as bytes.
    func encoded() -> [UInt8] {
        var out = ByteSink()
        out.bytes = Self.magic
        out.data(key.path.bytes)
        out.int64(key.size)
        out.int64(key.modified)
        switch result {
        case .unplayable(let reason):
            out.bytes.append(0)
            out.string(reason)
        case let .playable(info, still):
            out.bytes.append(1)
            var flags: UInt8 = 0
            if info.hasVideo { flags |= 1 }
            if info.hasCoverArt { flags |= 2 }
            if info.hasAudio { flags |= 4 }
            if info.title != nil { flags |= 8 }
            if info.duration != nil { flags |= 16 }
            if info.videoSize != nil { flags |= 32 }
            out.bytes.append(flags)
            if let title = info.title { out.string(title) }
            if let duration = info.duration { out.int64(Int64(bitPattern: duration.bitPattern)) }
            if let size = info.videoSize {
                out.uint32(UInt32(clamping: size.width))
                out.uint32(UInt32(clamping: size.height))
            }
            out.uint32(UInt32(clamping: still?.width ?? 0))
            out.uint32(UInt32(clamping: still?.height ?? 0))
            if let still { out.bytes += still.rgb }
        }
        return out.bytes
    }

    /// Reads a record back; nil when the bytes are not exactly one record.
    init?(decoding bytes: [UInt8]) {
        var input = ByteSource(bytes: bytes)
        guard input.take(Self.magic.count) == Self.magic[...],
              let path = input.data().map(FilePath.init(bytes:)), let size = input.int64(), let modified = input.int64(),
              let kind = input.byte() else { return nil }
        key = ProbeKey(path: path, size: size, modified: modified)
        switch kind {
        case 0:
            guard let reason = input.string() else { return nil }
            result = .unplayable(reason: reason)
        case 1:
            guard let flags = input.byte() else { return nil }
            var title: String?
            if flags & 8 != 0 { guard let text = input.string() else { return nil }; title = text }
            var duration: Double?
            if flags & 16 != 0 { guard let bits = input.int64() else { return nil }; duration = Double(bitPattern: UInt64(bitPattern: bits)) }
            var videoSize: VideoSize?
            if flags & 32 != 0 {
                guard let width = input.uint32(), let height = input.uint32() else { return nil }
                videoSize = VideoSize(width: Int(width), height: Int(height))
            }
            guard let width = input.uint32(), let height = input.uint32(), width <= 4096, height <= 4096 else { return nil }
            var still: Still?
            if width > 0, height > 0 {
                guard let rgb = input.take(Int(width) * Int(height) * 3) else { return nil }
                still = Still(width: Int(width), height: Int(height), rgb: Array(rgb))
            }
            let info = MediaInfo(title: title, duration: duration, videoSize: videoSize, hasVideo: flags & 1 != 0,
                                 hasCoverArt: flags & 2 != 0, hasAudio: flags & 4 != 0)
            result = .playable(info, still: still)
        default:
            return nil
        }
        guard input.isAtEnd else { return nil }
    }

    init(key: ProbeKey, result: MediaProbe.Result) {
        self.key = key
        self.result = result
    }
}

/// Which version of which file a probe describes.
public struct ProbeKey: Hashable, Sendable {
    public var path: FilePath
    public var size: Int64
    /// Modification time in nanoseconds since the epoch.
    public var modified: Int64

    public init(path: FilePath, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}

/// Appends little-endian values.
private struct ByteSink {
    public var bytes: [UInt8] = []

    public mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    public mutating func int64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    public mutating func data(_ data: [UInt8]) {
        uint32(UInt32(clamping: data.count))
        bytes += data
    }

    public mutating func string(_ text: String) { data(Array(text.utf8)) }
}

/// Reads little-endian values, failing softly at the end.
private struct ByteSource {
    public let bytes: [UInt8]
    public var index = 0

    public var isAtEnd: Bool { index == bytes.count }

    public mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count - index >= count else { return nil }
        defer { index += count }
        return bytes[index..<(index + count)]
    }

    mutating func byte() -> UInt8? { take(1)?.first }

    public mutating func uint32() -> UInt32? {
        take(4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } }
    }

    public mutating func int64() -> Int64? {
        take(8).map { Int64(bitPattern: $0.reversed().reduce(0) { $0 << 8 | UInt64($1) }) }
    }

    public mutating func data() -> ArraySlice<UInt8>? {
        guard let count = uint32(), count <= 1 << 20 else { return nil }
        return take(Int(count))
    }

    public mutating func string() -> String? { data().flatMap { String(validating: $0, as: UTF8.self) } }
}
