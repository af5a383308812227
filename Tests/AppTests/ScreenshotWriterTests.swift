import Playback
import System
import Testing
@testable import App

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
        #expect(writer.name(file: "/videos/film.mkv", position: 3723.25, counter: 7) == name)
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
        let first = try writer.write(shot, file: "a.mkv", position: 0)
        let second = try writer.write(shot, file: "a.mkv", position: 0)
        #expect(first == folder.appending("a-0001.png") && second == folder.appending("a-0002.png"))
        let png = try #require(FileSystem.read(second))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2], "IHDR: 3 × 2")
        let fixed = ScreenshotWriter(directory: folder, template: "same", home: nil)
        _ = try fixed.write(shot, file: "a.mkv", position: 0)
        #expect(throws: SystemError.self) { try fixed.write(shot, file: "a.mkv", position: 0) }
    }
}
