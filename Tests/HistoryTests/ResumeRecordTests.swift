import Foundation
import Testing
@testable import History
@testable import ListScreen
import Playback
import Screens
import System

@Suite("Resume records")
struct ResumeRecordTests {
    static func record() -> ResumeRecord {
        var record = ResumeRecord(key: "/home/me/Films/Le film (2024) 100%.mkv", position: 754.25)
        record.size = 123_456
        record.modified = 1_700_000_000_123_456_789
        record.duration = 5400
        record.audioTrack = 2
        record.subtitleTrack = .some(nil)
        record.subtitleDelay = -0.2
        record.audioDelay = 0.1
        return record
    }

    @Test("a record reads back exactly, its key percent-encoded on one line")
    func roundTrip() throws {
        let record = Self.record()
        let text = record.text
        #expect(text.split(separator: "\n").count == 11)
        #expect(text.contains("key=/home/me/Films/Le%20film%20%282024%29%20100%25.mkv"))
        #expect(ResumeRecord(text: text) == record)
        var url = ResumeRecord(key: "https://host/a b.m3u8?x=1\n#y", position: 3)
        url.watched = true
        #expect(ResumeRecord(text: url.text) == url)
    }

    @Test("anything that is not a line reel writes makes the record unreadable", arguments: [
        "vo=tct", "stream-record=/tmp/x", "log-file=/tmp/y", "speed=100", "start=5", "position=abc", "position=1e400",
        "aid=-1", "sid=maybe", "watched=2", "sub-delay=9999", "key=a\\nb", "position=5\nposition=6",
    ])
    func strict(extra: String) {
        let text = Self.record().text + extra + "\n"
        #expect(ResumeRecord(text: text) == nil)
    }

    @Test("old or foreign files are not records", arguments: [
        "", "# mpv watch-later\nstart=12.5\n", "reel-resume 2\nkey=a\nposition=1\n", "reel-resume 1\nposition=1\n",
    ])
    func foreign(text: String) {
        #expect(ResumeRecord(text: text) == nil)
    }

    @Test("the store keeps a record per key, and a file that changed since is not resumed")
    func store() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-resume-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = ResumeStore(directory: FilePath(directory + "/reel/resume"))
        #expect(store.isWorking)
        let record = Self.record()
        store.save(record)
        #expect(store.record(for: record.key, stamp: (123_456, 1_700_000_000_123_456_789)) == record)
        #expect(store.record(for: record.key, stamp: (123_457, 1_700_000_000_123_456_789)) == nil)
        #expect(store.record(for: "/other", stamp: nil) == nil)
        store.forget(record.key)
        #expect(store.record(for: record.key, stamp: nil) == nil)
        // Nothing but reel's records: no staging files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/reel/resume").isEmpty)
    }

    @Test("a state folder that cannot be made turns resuming off with one notice naming it and why")
    func brokenFolder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reel-state-file-\(UInt32.random(in: 0...UInt32.max))").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let store = ResumeStore(directory: FilePath(file + "/reel/resume"))
        #expect(!store.isWorking)
        #expect(store.takeFailureNotice() == "Resume is off: cannot use \(file)/reel/resume: Not a directory")
        #expect(store.takeFailureNotice() == nil)
        #expect(store.save(Self.record()) == nil, "no save is tried without the folder")
    }

    @Test("a save that fails says why, turns resuming off with one notice, and the next save is still tried")
    func failedSave() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reel-resume-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = ResumeStore(directory: FilePath(directory + "/resume"))
        // The folder is made, then becomes a file: each write fails as on a disk gone wrong.
        try FileManager.default.removeItem(atPath: directory + "/resume")
        try "x".write(toFile: directory + "/resume", atomically: false, encoding: .utf8)
        #expect(store.save(Self.record()) == "Not a directory")
        #expect(!store.isWorking)
        #expect(store.takeFailureNotice() == "Resume is off: cannot use \(directory)/resume: Not a directory")
        #expect(store.save(Self.record()) == "Not a directory")
        #expect(store.takeFailureNotice() == nil)
        // Room again: the last save of the run gets through.
        try FileManager.default.removeItem(atPath: directory + "/resume")
        try FileManager.default.createDirectory(atPath: directory + "/resume", withIntermediateDirectories: false)
        #expect(store.save(Self.record()) == nil)
    }

    @Test("the title and when it was watched read back; a bad watched-at or an overlong title makes the record unreadable")
    func titleAndTime() {
        var record = Self.record()
        record.title = "Le film: «deux»\nnouvelle ligne"
        record.watchedAt = 1_700_000_000
        #expect(record.text.contains("watched-at=1700000000") && !record.text.contains("«"))
        #expect(ResumeRecord(text: record.text) == record)
        #expect(ResumeRecord(text: record.text.replacingOccurrences(of: "watched-at=1700000000", with: "watched-at=-5")) == nil)
        #expect(ResumeRecord(text: record.text.replacingOccurrences(of: "watched-at=1700000000", with: "watched-at=soon")) == nil)
        let long = record.text.replacingOccurrences(of: "title=", with: "title=" + String(repeating: "a", count: 600))
        #expect(ResumeRecord(text: long) == nil)
    }

    @Test("a URL is shown without its user, password, query or fragment", arguments: [
        ("https://me:secret@host:8080/a/b.mp4?token=x#t=10", "https://host:8080/a/b.mp4"),
        ("http://host/live.m3u8", "http://host/live.m3u8"),
        ("https://user@host", "https://host"),
        ("https://host/p?q@r", "https://host/p"),
        ("not a url", "not a url"),
    ])
    func displayURL(url: String, shown: String) {
        #expect(DisplayURL.withoutSecrets(url) == shown)
    }

    @Test("the history lists the records newest first, leaves old finished ones out, and forgets and undoes on disk")
    func history() throws {
        let directory = FilePath(FileManager.default.temporaryDirectory.appendingPathComponent("reel-history-\(UUID().uuidString)").path)
        let store = ResumeStore(directory: directory)
        let day: Int64 = 86_400, now: Int64 = 1_700_000_000
        for (key, age, watched) in [("/a.mkv", 2 * day, false), ("https://u:p@host/b.mp4?k=1", 60, false),
                                    ("/done.mkv", 4 * day, true), ("/recent-done.mkv", day, true)] as [(String, Int64, Bool)] {
            var record = ResumeRecord(key: key, position: 30)
            record.duration = 100
            record.watched = watched
            record.watchedAt = now - age
            store.save(record)
        }
        let history = WatchHistory(directory: directory, now: now, utcOffset: 0)
        #expect(history.items.map(\.resumeKey) == ["https://u:p@host/b.mp4?k=1", "/recent-done.mkv", "/a.mkv"])
        #expect(history.items.map(\.name) == ["b.mp4", "recent-done.mkv", "a.mkv"])
        var row = LibraryItem(name: "b.mp4", byteSize: 0)
        history.decorate(&row, for: history.items[0])
        #expect(row.note == "https://host/b.mp4" && row.history?.text == "1:10 left · 1 minute ago")
        #expect(history.forget("/a.mkv") == "a.mkv")
        #expect(store.record(for: "/a.mkv", stamp: nil) == nil)
        #expect(history.undo() == "/a.mkv")
        #expect(store.record(for: "/a.mkv", stamp: nil)?.position == 30)
        #expect(history.forgetAll() == 3 && store.allRecords().map(\.record.key) == ["/done.mkv"])
    }
}
