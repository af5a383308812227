@testable import App
import Foundation
import Glibc
@testable import History
import Playback
import System
import Testing

/// The one reader of files reel opens itself, and the one maker of its folders.
@Suite("FileSystem")
struct FileSystemTests {
    /// A fresh folder, removed after `body`.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "reel-fs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test("a FIFO, a folder or a device where a file should be is refused at once, never waited on", arguments: [
        "fifo", "folder", "/dev/zero",
    ])
    func notRegular(kind: String) throws {
        try Self.withFolder { folder in
            var path = folder + "/thing"
            switch kind {
            case "fifo": #expect(mkfifo(path, 0o600) == 0)
            case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            default: path = kind
            }
            let start = MonotonicClock.now()
            #expect(throws: SystemError(call: "open", errno: SystemError.notRegularFile, path: FilePath(path))) {
                try FileSystem.readContents(FilePath(path), limit: 100)
            }
            #expect(FileSystem.read(FilePath(path)) == nil)
            #expect(MonotonicClock.now() - start < 1)
            #expect(SystemError(call: "open", errno: SystemError.notRegularFile, path: "/x").reason == "not a regular file")
        }
    }

    @Test("why a path is no regular file: the system's words when nothing is there, not a regular file for a folder or a device")
    func whyNotRegular() throws {
        try Self.withFolder { folder in
            try "x".write(toFile: folder + "/f", atomically: true, encoding: .utf8)
            #expect(FileSystem.whyNotRegularFile(FilePath(folder + "/f")) == nil)
            #expect(FileSystem.whyNotRegularFile(FilePath(folder + "/gone.mp4")) == "No such file or directory")
            #expect(FileSystem.whyNotRegularFile(FilePath(folder + "/f/below.mp4")) == "Not a directory")
            #expect(FileSystem.whyNotRegularFile(FilePath(folder)) == "not a regular file")
            #expect(FileSystem.whyNotRegularFile("/dev/null") == "not a regular file")
        }
    }

    @Test("a regular file reads whole; a longer one fails, or gives its start with prefixOnly")
    func regular() throws {
        try Self.withFolder { folder in
            try "0123456789".write(toFile: folder + "/f", atomically: true, encoding: .utf8)
            #expect(try FileSystem.readContents(FilePath(folder + "/f"), limit: 10) == Array("0123456789".utf8))
            #expect(throws: SystemError(call: "read", errno: EFBIG, path: FilePath(folder + "/f"))) {
                try FileSystem.readContents(FilePath(folder + "/f"), limit: 9)
            }
            #expect(try FileSystem.readContents(FilePath(folder + "/f"), limit: 4, prefixOnly: true) == Array("0123".utf8))
        }
    }

    @Test("folders are made below $HOME, but a missing $HOME is never made")
    func homeIsNeverMade() throws {
        try Self.withFolder { folder in
            let home = FilePath(folder + "/home")
            #expect(throws: SystemError(call: "stat", errno: ENOENT, path: home)) {
                try FileSystem.makeDirectories(home.appending(".local/state/reel/resume"), home: home)
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/home"))
            // Outside $HOME (an XDG folder set elsewhere) folders are made as they were.
            try FileSystem.makeDirectories(FilePath(folder + "/xdg/reel/resume"), home: home)
            #expect(FileManager.default.fileExists(atPath: folder + "/xdg/reel/resume"))
            try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: false)
            try FileSystem.makeDirectories(home.appending(".cache/reel/probes"), home: home)
            #expect(FileManager.default.fileExists(atPath: folder + "/home/.cache/reel/probes"))
        }
    }

    @Test("inside a folder means part by part", arguments: [
        ("/a/b", "/a/b", true), ("/a/b/c", "/a/b", true), ("/a/bc", "/a/b", false), ("/a", "/a/b", false),
        ("a/b", "/a", false), ("/a//b/", "/a/b", true),
    ])
    func inside(path: String, folder: String, expected: Bool) {
        #expect(FilePath(path).isInside(FilePath(folder)) == expected)
    }

    @Test("a FIFO at a resume record's path is no record, and reading it does not hang")
    func resumeRecordFIFO() throws {
        try Self.withFolder { folder in
            let store = ResumeStore(directory: FilePath(folder + "/resume"))
            let key = "/videos/a.mkv"
            #expect(mkfifo(store.path(for: key).description, 0o600) == 0)
            let start = MonotonicClock.now()
            #expect(store.record(for: key, stamp: nil) == nil)
            #expect(MonotonicClock.now() - start < 1)
        }
    }
}
