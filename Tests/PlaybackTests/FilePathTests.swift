import Playback
import System
import Testing

/// Paths are bytes: every byte kept from where a path is read to the call that uses it; the text
/// to show is made only when asked.
@Suite("FilePath")
struct FilePathTests {
    /// "café" with é as the one Latin-1 byte 0xE9, which is not UTF-8.
    static let latin1: [UInt8] = Array("/v/caf".utf8) + [0xE9] + Array(".mkv".utf8)

    @Test("bytes that are not UTF-8 are kept through text and C strings, and show as U+FFFD")
    func keepsBytes() {
        let path = FilePath(bytes: Self.latin1)
        #expect(path.bytes == Self.latin1)
        #expect(!path.isValidUTF8)
        #expect(FilePath(path.text) == path, "text carries the bytes losslessly")
        #expect(path.description == "/v/caf\u{FFFD}.mkv")
        let copied = path.withCString { FilePath(cString: $0) }
        #expect(copied == path)
        #expect(path.lastComponent.bytes == Array("caf".utf8) + [0xE9] + Array(".mkv".utf8))
        #expect(path.stem.description == "caf\u{FFFD}")
        #expect(path.removingLastComponent == "/v")
    }

    @Test("a NUL ends the path, as it would for the kernel")
    func stopsAtNUL() {
        #expect(FilePath(bytes: Array("a\0b".utf8)) == "a")
    }

    @Test("components", arguments: [
        ("/v/film.mkv", "film.mkv", "/v", "film"),
        ("/v/", "v", "/", "v"),
        ("film.mkv", "film.mkv", ".", "film"),
        ("/film.mkv", "film.mkv", "/", "film"),
        ("/", "/", "/", "/"),
        ("a//b", "b", "a", "b"),
        ("/v/.hidden", ".hidden", "/v", ".hidden"),
        ("/v/a.b.mp4", "a.b.mp4", "/v", "a.b"),
        ("", "", ".", ""),
    ])
    func components(path: String, last: String, parent: String, stem: String) {
        let path = FilePath(path)
        #expect(path.lastComponent == FilePath(last))
        #expect(path.removingLastComponent == FilePath(parent))
        #expect(path.stem == FilePath(stem))
    }

    @Test("appending puts one slash between", arguments: [
        ("/v", "a.mkv", "/v/a.mkv"), ("/v/", "a.mkv", "/v/a.mkv"), ("/v", "/a.mkv", "/v/a.mkv"),
        ("", "a.mkv", "a.mkv"), ("/", "a", "/a"), ("v", "sub/a", "v/sub/a"),
    ])
    func appending(base: String, component: String, expected: String) {
        #expect(FilePath(base).appending(FilePath(component)) == FilePath(expected))
        #expect(FilePath(base).appending(component) == FilePath(expected))
    }

    @Test("absolute paths start at the root")
    func absolute() {
        #expect(FilePath("/v").isAbsolute)
        #expect(!FilePath("v").isAbsolute && !FilePath("").isAbsolute)
        #expect(FilePath("film.mkv").addingSuffix(".part") == "film.mkv.part")
    }
}
