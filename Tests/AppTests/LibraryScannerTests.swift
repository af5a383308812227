import Glibc
import Testing
@testable import App

/// The library's scan of real folders made for each test.
@Suite("LibraryScanner")
struct LibraryScannerTests {
    /// A fresh folder under /tmp, removed at the end.
    final class Folder {
        let path: String
        init() {
            var template = Array("/tmp/reel-scan-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        }
        deinit { _ = system("rm -rf '\(path)'") }

        func file(_ name: String, bytes: Int = 10) {
            let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = [UInt8](repeating: 65, count: bytes).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        func folder(_ name: String) { mkdir(path + "/" + name, 0o755) }
        func link(_ name: String, to target: String) { symlink(target, path + "/" + name) }
    }

    @Test("a folder lists its files in natural order, without hidden names or subfolders")
    func naturalOrder() {
        let folder = Folder()
        for name in ["ep10.mp4", "ep2.mp4", "Ep1.mp4", ".hidden.mp4", "notes.txt"] { folder.file(name) }
        folder.folder("extras")
        folder.file("extras/bonus.mp4")
        let scan = LibraryScanner.scan([folder.path], recursive: false)
        #expect(scan.files.map(\.name) == ["Ep1.mp4", "ep2.mp4", "ep10.mp4", "notes.txt"])
        #expect(scan.files[0].path == folder.path + "/Ep1.mp4" && scan.files[0].size == 10)
        #expect(scan.files[0].modified > 0)
        #expect(scan.skipped.isEmpty && scan.skippedNote == nil)
    }

    @Test("--recursive descends, names files below the folder, and reads a looped folder once")
    func recursive() {
        let folder = Folder()
        folder.file("b.mp4")
        folder.folder("season 1")
        folder.file("season 1/ep2.mp4")
        folder.file("season 1/ep10.mp4")
        folder.folder(".cache")
        folder.file(".cache/x.mp4")
        // A link back to the top: without a guard this would never end.
        folder.link("season 1/again", to: folder.path)
        let scan = LibraryScanner.scan([folder.path], recursive: true)
        #expect(scan.files.map(\.name) == ["b.mp4", "season 1/ep2.mp4", "season 1/ep10.mp4"])
    }

    @Test("dangling and looping links are skipped with a note")
    func badLinks() {
        let folder = Folder()
        folder.file("good.mp4")
        folder.link("broken.mp4", to: "/nonexistent/video.mp4")
        folder.link("loop.mp4", to: "loop.mp4")
        let scan = LibraryScanner.scan([folder.path], recursive: false)
        #expect(scan.files.map(\.name) == ["good.mp4"])
        #expect(scan.skipped == [
            SkippedEntry(name: "broken.mp4", reason: "dangling link"),
            SkippedEntry(name: "loop.mp4", reason: "Too many levels of symbolic links"),
        ] || scan.skipped == [
            SkippedEntry(name: "loop.mp4", reason: "Too many levels of symbolic links"),
            SkippedEntry(name: "broken.mp4", reason: "dangling link"),
        ])
        #expect(scan.skippedNote?.hasPrefix("2 entries skipped: ") == true)
        #expect(scan.skippedNote?.contains("broken.mp4 (dangling link)") == true)
    }

    /// Root reads every file whatever its mode, so this runs only as another user; the looping
    /// link above is the unreadable entry every user can make.
    @Test("a file without read permission is skipped with the system's reason", .enabled(if: getuid() != 0))
    func unreadable() {
        let folder = Folder()
        folder.file("locked.mp4")
        chmod(folder.path + "/locked.mp4", 0)
        let scan = LibraryScanner.scan([folder.path], recursive: false)
        #expect(scan.files.isEmpty)
        #expect(scan.skipped == [SkippedEntry(name: "locked.mp4", reason: "Permission denied")])
    }

    @Test("several paths are merged in natural order, each listed once, folders named")
    func severalPaths() {
        let folder = Folder()
        folder.folder("clips")
        folder.file("clips/ep2.mp4")
        folder.file("a10.mp4")
        folder.file("a9.mp4")
        let a9 = folder.path + "/a9.mp4"
        let scan = LibraryScanner.scan([folder.path + "/a10.mp4", folder.path + "/clips", a9, a9], recursive: false)
        #expect(scan.files.map(\.path) == [a9, folder.path + "/a10.mp4", folder.path + "/clips/ep2.mp4"])
        #expect(scan.files.last?.name == "clips/ep2.mp4")
        #expect(scan.title == "a10.mp4, clips, a9.mp4, …")
    }

    @Test("the title is the folder's name, even for . and a trailing slash")
    func titles() {
        let folder = Folder()
        let name = String(folder.path.split(separator: "/").last!)
        #expect(LibraryScanner.title(for: [folder.path + "/"]) == name)
        #expect(LibraryScanner.title(for: [folder.path + "/."]) == name)
        #expect(LibraryScanner.title(for: ["a", "b"]) == "a, b")
    }

    @Test("an empty folder gives one line that names it and hints at --recursive")
    func emptyLine() {
        let folder = Folder()
        folder.folder("sub")
        let scan = LibraryScanner.scan([folder.path], recursive: false)
        #expect(scan.files.isEmpty)
        #expect(ReelApp.emptyLibraryLine(paths: [folder.path], note: scan.skippedNote, recursive: false)
            == "reel: \(folder.path): no files to play (subfolders are read with --recursive)")
        #expect(ReelApp.emptyLibraryLine(paths: [folder.path], note: scan.skippedNote, recursive: true)
            == "reel: \(folder.path): no files to play")
    }
}
