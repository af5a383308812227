import Foundation

/// Test support: awkward and hostile files, made once per test run with ffmpeg into a temporary
/// folder (nothing here is committed; `samples/` holds the well-behaved clips).
enum Fixtures {
    /// The folder, created on first use.
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-fixtures-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    /// Runs ffmpeg quietly; the fixture's path.
    @discardableResult
    static func ffmpeg(_ name: String, _ arguments: [String]) throws -> String {
        let out = path(name)
        if FileManager.default.fileExists(atPath: out) { return out }
        try Subprocess.run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments + [out], captureOutput: false)
        return out
    }

    /// Writes bytes to a fixture.
    @discardableResult
    static func write(_ name: String, _ bytes: [UInt8]) -> String {
        let out = path(name)
        FileManager.default.createFile(atPath: out, contents: Data(bytes))
        return out
    }

    /// A copy of a sample at `path` (made once: later calls find it there).
    @discardableResult
    static func copy(_ sample: String, to path: String) throws -> String {
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.copyItem(atPath: Paths.sample(sample), toPath: path)
        }
        return path
    }

    /// A copy of the first `count` bytes of a sample: a truncated container.
    static func truncated(_ sample: String, to count: Int, as name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: Paths.sample(sample)))
        return write(name, Array(data.prefix(count)))
    }

    /// A WAV whose codec tag no decoder knows.
    static func unknownCodec() -> String {
        var bytes: [UInt8] = Array("RIFF".utf8) + le32(36 + 16_000) + Array("WAVEfmt ".utf8) + le32(16)
        bytes += le16(0x9999) + le16(1) + le32(8000) + le32(16_000) + le16(2) + le16(16)
        bytes += Array("data".utf8) + le32(16_000) + [UInt8](repeating: 0x11, count: 16_000)
        return write("unknown-codec.wav", bytes)
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }

    /// A short clip in a given container and codec.
    static func clip(_ name: String, codec: [String], extra: [String] = []) throws -> String {
        try ffmpeg(name, ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=2"] + extra + codec)
    }
}
