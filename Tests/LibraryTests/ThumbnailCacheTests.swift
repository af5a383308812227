import Glibc
import Media
import Playback
import Testing
@testable import Library
import System

/// The probe cache: its record format, and lookups that miss when the file changed.
@Suite("ThumbnailCache")
struct ThumbnailCacheTests {
    static let key = ProbeKey(path: "/videos/ep1 — “Pilot”.mkv", size: 1_234_567, modified: 1_700_000_000_123_456_789)
    static let still = Still(width: 12, height: 6, rgb: (0..<(12 * 6 * 3)).map { UInt8($0 % 256) })
    static let full = MediaProbe.Result.playable(
        MediaInfo(title: "Pilot", duration: 3725.25, videoSize: VideoSize(width: 1920, height: 1080),
                  hasVideo: true, hasCoverArt: false, hasAudio: true),
        still: still)

    static func temporaryDirectory() -> String {
        var template = Array("/tmp/reel-cache-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    static func entries(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    @Test("records read back exactly what was written", arguments: [
        full,
        .playable(MediaInfo(title: nil, duration: nil, videoSize: nil, hasVideo: false, hasCoverArt: false, hasAudio: true), still: nil),
        .playable(MediaInfo(title: "", duration: 0, videoSize: nil, hasVideo: false, hasCoverArt: true, hasAudio: false), still: still),
        .unplayable(reason: "Failed to recognize file format."),
    ] as [MediaProbe.Result])
    func roundTrip(result: MediaProbe.Result) {
        let record = ProbeRecord(key: Self.key, result: result)
        #expect(ProbeRecord(decoding: record.encoded()) == record)
    }

    @Test("anything but exactly one record is refused")
    func refusesDamage() {
        let bytes = ProbeRecord(key: Self.key, result: Self.full).encoded()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(ProbeRecord(decoding: Array(bytes.prefix(length))) == nil)
        }
        #expect(ProbeRecord(decoding: bytes + [0]) == nil)
        var wrongMagic = bytes
        wrongMagic[5] ^= 0xFF
        #expect(ProbeRecord(decoding: wrongMagic) == nil)
        var wrongKind = ProbeRecord(key: Self.key, result: .unplayable(reason: "x")).encoded()
        wrongKind[ProbeRecord.magic.count + 4 + Self.key.path.bytes.count + 16] = 7
        #expect(ProbeRecord(decoding: wrongKind) == nil)
    }

    @Test("a stored outcome is found again on disk by a new cache, atomically written")
    func diskRoundTrip() {
        let base = Self.temporaryDirectory()
        let directory = base + "/nested/reel"
        defer { _ = system("rm -rf '\(base)'") }
        ThumbnailCache(directory: FilePath(directory)).store(Self.full, for: Self.key)
        let files = Self.entries(directory)
        #expect(files.count == 1 && files[0].count == 16 && !files[0].hasSuffix(".tmp"))
        let fresh = ThumbnailCache(directory: FilePath(directory))
        #expect(fresh.lookup(Self.key, stillSize: (12, 6)) == Self.full)
        // A still of another size is a miss: the thumbnails changed size.
        #expect(ThumbnailCache(directory: FilePath(directory)).lookup(Self.key, stillSize: (16, 8)) == nil)
    }

    @Test("a file whose size or modification time changed is a miss, and is stored afresh")
    func invalidation() {
        let directory = Self.temporaryDirectory()
        defer { _ = system("rm -rf '\(directory)'") }
        ThumbnailCache(directory: FilePath(directory)).store(Self.full, for: Self.key)
        var resized = Self.key
        resized.size += 1
        var touched = Self.key
        touched.modified += 1
        var moved = Self.key
        moved.path = moved.path.addingSuffix(".old")
        for key in [resized, touched, moved] {
            #expect(ThumbnailCache(directory: FilePath(directory)).lookup(key, stillSize: (12, 6)) == nil)
        }
        let replaced = MediaProbe.Result.unplayable(reason: "truncated")
        ThumbnailCache(directory: FilePath(directory)).store(replaced, for: touched)
        #expect(ThumbnailCache(directory: FilePath(directory)).lookup(touched, stillSize: (12, 6)) == replaced)
        #expect(ThumbnailCache(directory: FilePath(directory)).lookup(Self.key, stillSize: (12, 6)) == nil)
        #expect(Self.entries(directory).count == 1)
    }

    @Test("a damaged record is a miss, not a crash")
    func damagedFile() throws {
        let directory = Self.temporaryDirectory()
        defer { _ = system("rm -rf '\(directory)'") }
        let cache = ThumbnailCache(directory: FilePath(directory))
        try FileSystem.writeAtomically(Array("reel-probe 2\ngarbage".utf8), to: try #require(cache.recordPath(for: Self.key.path)))
        #expect(ThumbnailCache(directory: FilePath(directory)).lookup(Self.key, stillSize: (12, 6)) == nil)
    }

    @Test("without a usable folder it keeps outcomes in memory")
    func memoryOnly() {
        let cache = ThumbnailCache(directory: "/proc/reel-cannot-be-here")
        #expect(cache.directory == nil)
        cache.store(Self.full, for: Self.key)
        #expect(cache.lookup(Self.key, stillSize: (12, 6)) == Self.full)
    }

    @Test("the folder is $XDG_CACHE_HOME/reel, else ~/.cache/reel", arguments: [
        (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"], "/x/cache/reel/probes"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/a"], "/home/a/.cache/reel/probes"),
        (["HOME": "/home/a"], "/home/a/.cache/reel/probes"),
        ([:], nil),
    ] as [([String: String], String?)])
    func defaultDirectory(environment: [String: String], expected: String?) {
        #expect(ThumbnailCache.defaultDirectory(environment: environment) == expected.map { FilePath($0) })
    }
}
