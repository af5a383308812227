import Playback
import System
import Testing
@testable import MediaJobs

/// Where screenshots go and what they are called: mpv's template, the XDG pictures folder, and
/// a counter that never writes over a file.
@Suite("Screenshot names and folders")
struct ScreenshotWriterTests {
    @Test("the template's specifiers, as mpv's", arguments: [
        ("%F-%n", "film-0007.png"), ("%f %P", "film.mkv 01:02:03.250.png"), ("shot %p", "shot 01:02:03.png"),
        ("100%% %F", "100% film.png"), ("%Q/.x", "%Q_.x.png"), (".hidden", "_hidden.png"),
    ])
    func template(template: String, name: String) {
        let writer = ScreenshotWriter(template: template)
        #expect(writer.name(source: .file("/videos/film.mkv"), position: 3723.25, counter: 7) == name)
    }

    @Test("%F and %f of a URL carry no user, password, query or fragment, as the screen shows URLs", arguments: [
        ("http://alice:hunter2@127.0.0.1:8080/", "%F-%n", "127.0.0.1:8080-0001.png"),
        ("http://alice:hunter2@127.0.0.1:8080", "%f", "127.0.0.1:8080.png"),
        ("https://cdn.example/v.mp4?sig=TOKEN", "%F-%n", "v-0001.png"),
        ("https://cdn.example/a/v.mp4?sig=TOKEN#t=10", "%f", "v.mp4.png"),
        ("https://me:secret@cdn.example/a/v.mp4#t=10", "%f %F", "v.mp4 v.png"),
    ])
    func urlNames(url: String, template: String, name: String) {
        let written = ScreenshotWriter(template: template).name(source: .url(url), position: 0, counter: 1)
        #expect(written == name)
        for secret in ["alice", "hunter2", "TOKEN", "sig", "secret", "t=10"] { #expect(!written.contains(secret)) }
    }

    @Test("a name never hides itself, checked with its extension on: .mkv is not saved as .png", arguments: [
        ("/videos/.mkv", "%F", "_mkv.png"), ("/videos/.mkv", "%f", "_mkv.png"), ("/videos/film.mkv", "", "_.png"),
        ("/videos/.hidden.mkv", "%F-%n", "_hidden-0001.png"), ("/videos/film.mkv", "%%", "%.png"),
    ])
    func neverHidden(file: String, template: String, name: String) {
        let written = ScreenshotWriter(template: template).name(source: .file(FilePath(file)), position: 0, counter: 1)
        #expect(written == name)
        #expect(!written.hasPrefix("."))
    }

    @Test("a template of up to 251 bytes makes a legal name (255 with .png), though the file is written through a temporary one")
    func longNames() throws {
        let folder = FilePath("/tmp/reel-shots-\(UInt64.random(in: 0...UInt64.max))")
        let shot = Still(width: 1, height: 1, rgb: [1, 2, 3])
        for length in [236, 245, 251] {
            let template = String(repeating: "x", count: length - 4) + "%n"
            let path = try ScreenshotWriter(directory: folder, template: template, home: nil).write(shot, source: .file("a.mkv"), position: 0)
            #expect(path.lastComponent.bytes.count == length + 4)
            #expect(FileSystem.read(path)?.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        }
        // A name past the limit is refused, and the notice says why before the long path.
        let writer = ScreenshotWriter(directory: folder, template: String(repeating: "y", count: 252), home: nil)
        do {
            _ = try writer.write(shot, source: .file("a.mkv"), position: 0)
            Issue.record("a 256-byte name was written")
        } catch {
            #expect(writer.failure(error).hasPrefix("File name too long: /tmp/reel-shots-"), "\(writer.failure(error))")
        }
        let reader = try DirectoryReader(path: folder)
        var names: [String] = []
        while let (name, _) = reader.next(includingHidden: true) {
            if name != "." && name != ".." { names.append(name.description) }
        }
        #expect(names.count == 3 && names.allSatisfy { !$0.hasSuffix(".tmp") }, "\(names)")
    }

    @Test("the default folder: XDG_PICTURES_DIR from user-dirs.dirs, else ~/Pictures; none without HOME")
    func defaultFolder() throws {
        let base = "/tmp/reel-shots-\(UInt64.random(in: 0...UInt64.max))"
        try FileSystem.makeDirectories(FilePath(base + "/config"))
        defer { _ = try? FileSystem.check("rm", FilePath(base)) { _ in 0 } }
        #expect(ScreenshotWriter.defaultDirectory(environment: ["HOME": base, "XDG_CONFIG_HOME": base + "/config"])
            == FilePath(base + "/Pictures"))
        try FileSystem.writeAtomically(Array("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8), to: FilePath(base + "/config/user-dirs.dirs"))
        #expect(ScreenshotWriter.defaultDirectory(environment: ["HOME": base, "XDG_CONFIG_HOME": base + "/config"])
            == FilePath(base + "/Bilder"))
        #expect(ScreenshotWriter.defaultDirectory(environment: [:]) == nil)
    }

    @Test("shots go to new files, the counter moving past those there; a PNG of the shot's size")
    func counter() throws {
        let folder = FilePath("/tmp/reel-shots-\(UInt64.random(in: 0...UInt64.max))")
        let writer = ScreenshotWriter(directory: folder, template: "%F-%n", home: nil)
        let shot = Still(width: 3, height: 2, rgb: [UInt8](repeating: 200, count: 18))
        let first = try writer.write(shot, source: .file("a.mkv"), position: 0)
        let second = try writer.write(shot, source: .file("a.mkv"), position: 0)
        #expect(first == folder.appending("a-0001.png") && second == folder.appending("a-0002.png"))
        let png = try #require(FileSystem.read(second))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2], "IHDR: 3 × 2")
        let fixed = ScreenshotWriter(directory: folder, template: "same", home: nil)
        _ = try fixed.write(shot, source: .file("a.mkv"), position: 0)
        #expect(throws: SystemError.self) { try fixed.write(shot, source: .file("a.mkv"), position: 0) }
    }
}
