import Foundation
import Testing

/// The library of a folder far past one scan step (64 entries) and one batch, in a real tmux:
/// real clips (hard links to the samples) and 4-byte junk alternating, every row checked against
/// what ffprobe says of the clip behind it, with the probe cache cold and then warm.
@Suite("Library scale end to end", .serialized)
struct LibraryScaleEndToEndTests {
    /// What ffprobe says of a clip, as a row shows it: "0:10", "160×90 · 9.6 kB".
    struct Clip {
        var length: String
        var details: String

        init(_ sample: String) throws {
            let out = try Subprocess.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                              "stream=width,height:format=duration,size", "-of", "default=nw=1",
                                                              Paths.sample(sample)])
            var fields: [String: String] = [:]
            for line in out.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            let seconds = Int(Double(fields["duration"] ?? "") ?? -1)
            length = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
            details = "\(fields["width"] ?? "?")×\(fields["height"] ?? "?") · " + Self.sizeText(Int64(fields["size"] ?? "") ?? -1)
        }

        /// A size as people read it: three figures, decimal units ("9.6 kB", "180 kB").
        static func sizeText(_ bytes: Int64) -> String {
            guard bytes >= 1000 else { return "\(bytes) B" }
            var value = Double(bytes), unit = 0
            let units = ["B", "kB", "MB", "GB"]
            while (value * 10).rounded() / 10 >= 1000 { value /= 1000; unit += 1 }
            if value >= 99.95 { return "\(Int(value.rounded())) \(units[unit])" }
            return String(format: "%.1f", value) + " " + units[unit]
        }
    }

    static let samples = ["segments.mp4", "chapters.mkv", "portrait.mp4", "talk.mp4"]

    /// A folder of `count` entries `ep…` (zero-padded): odd ones junk, even ones links to the
    /// samples in turn; a subtitle file beside each tenth. What each name should show (nil: junk).
    final class Folder {
        let root: String
        let count: Int
        var videos: String { root + "/videos" }
        var cache: String { root + "/cache" }
        private(set) var expected: [String: Clip?] = [:]

        init(_ count: Int, clips: [String: Clip]) throws {
            self.count = count
            root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-scale-\(getpid())-\(count)").path
            try? FileManager.default.removeItem(atPath: root)
            try FileManager.default.createDirectory(atPath: videos, withIntermediateDirectories: true)
            for index in 1...count {
                let name = Self.name(index, of: count)
                let path = videos + "/" + name
                if index % 2 == 1 {
                    FileManager.default.createFile(atPath: path, contents: Data("junk".utf8))
                    expected[name] = .some(nil)
                } else {
                    let sample = LibraryScaleEndToEndTests.samples[(index / 2) % LibraryScaleEndToEndTests.samples.count]
                    // A hard link where the file system allows, else a copy: either way the same bytes.
                    if link(Paths.sample(sample), path) != 0 { try FileManager.default.copyItem(atPath: Paths.sample(sample), toPath: path) }
                    expected[name] = clips[sample]
                }
                if index % 10 == 0 {
                    FileManager.default.createFile(atPath: videos + "/" + name.replacingOccurrences(of: ".mp4", with: ".srt"),
                                                   contents: Data("1\n00:00:00,000 --> 00:00:01,000\nHi\n".utf8))
                }
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        static func name(_ index: Int, of count: Int) -> String {
            let digits = String(count).count
            return "ep" + String(repeating: "0", count: digits - String(index).count) + "\(index).mp4"
        }

        func start(_ options: [String] = [], height: Int) throws -> TmuxSession {
            try TmuxSession([Paths.reel, "--no-audio"] + options + [videos], width: 100, height: height,
                            environment: ["XDG_CACHE_HOME": cache])
        }
    }

    /// The rows on screen: each item's name and the text of its three lines.
    static func items(_ screen: String) -> [(name: String, text: String)] {
        var items: [(name: String, text: String)] = []
        var block: [Substring] = []
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.contains("Enter play") {
                if block.count == 3, let name = block.joined(separator: " ").firstMatch(of: /ep[0-9]+\.[a-z0-9]+/) {
                    items.append((String(name.output), block.joined(separator: "\n")))
                }
                block = []
            } else {
                block.append(line)
            }
        }
        return items
    }

    /// Why a row is wrong, or nil when it shows what its file is.
    static func problem(_ item: (name: String, text: String), in folder: Folder) -> String? {
        guard let entry = folder.expected[item.name] else { return "\(item.name) is not in the folder" }
        if let clip = entry {
            let lines = item.text.split(separator: "\n")
            guard lines.count == 3, lines[0].hasSuffix(" " + clip.length), lines[1].contains(clip.details) else {
                return "\(item.name) should show \(clip.length) and \(clip.details):\n\(item.text)"
            }
        } else if !item.text.contains("Failed to recognize file format") || !item.text.contains("4 B") || item.text.contains("×") {
            return "\(item.name) is junk:\n\(item.text)"
        }
        return nil
    }

    /// Waits until the screen shows rows that `shows` accepts (by name), every one probed and
    /// right; returns their names.
    @discardableResult
    static func expectRowsRight(_ tmux: TmuxSession, _ folder: Folder, shows: ([String]) -> Bool = { _ in true },
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let screen = try tmux.waitForScreen(timeout: 90, sourceLocation: sourceLocation) { screen in
            let rows = items(screen)
            return !rows.isEmpty && shows(rows.map(\.name)) && rows.allSatisfy { problem($0, in: folder) == nil }
        }
        let rows = items(screen)
        for row in rows { if let problem = problem(row, in: folder) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) } }
        return rows.map(\.name)
    }

    static func clips() throws -> [String: Clip] {
        Dictionary(uniqueKeysWithValues: try samples.map { ($0, try Clip($0)) })
    }

    @Test("70 and 500 entries: every row shows its own file's length and size, the counts end exact, cache cold then warm",
          arguments: [70, 500])
    func everyRow(count: Int) throws {
        let folder = try Folder(count, clips: try Self.clips())
        for _ in ["cold", "warm"] {
            let tmux = try folder.start(height: 204)
            // Every file is probed in a list this size: the header's counts end exact.
            try tmux.waitForScreen(timeout: 180) { $0.hasPrefix(" videos") && $0.contains("\(count) files · \(count / 2) unplayable")
                && !$0.contains("reading") && !$0.contains("scanning") }
            // A page at a time, each page once it shows rows after the last page's.
            let lastName = Folder.name(count, of: count)
            var seen = try Self.expectRowsRight(tmux, folder)
            for _ in 0..<(count / 10) where seen.last != lastName {
                try tmux.send("PageDown")
                let previous = seen.last ?? ""
                seen += try Self.expectRowsRight(tmux, folder) { $0.last.map { $0 > previous } ?? false }
            }
            #expect(Set(seen) == Set(folder.expected.keys), "every row was seen")
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
    }

    @Test("--only-playable lists exactly the 35 real videos of 70 entries")
    func onlyPlayable() throws {
        let folder = try Folder(70, clips: try Self.clips())
        let tmux = try folder.start(["--only-playable"], height: 204)
        let screen = try tmux.waitForScreen(timeout: 120) { $0.contains("35 unplayable") && !$0.contains("reading") && !$0.contains("scanning") }
        let names = Self.items(screen).map(\.name)
        #expect(names == folder.expected.filter { $0.value != nil }.keys.sorted())
        try Self.expectRowsRight(tmux, folder)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("5,000 entries: the counts, and rows past every multiple of 64 found with the filter, cache cold then warm")
    func fiveThousand() throws {
        let count = 5_000
        let folder = try Folder(count, clips: try Self.clips())
        // Each decade holding 64k and 64k + 1 (ep0060…ep0069, ep0120…), and the last ones.
        let decades = Set(stride(from: 64, through: count, by: 64).map { $0 / 10 }).sorted() + [count / 10 - 1, count / 10]
        for round in ["cold", "warm"] {
            // Warm, from the cache, every third decade is enough to show the cache's rows are right.
            let decades = round == "cold" ? decades : decades.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
            let tmux = try folder.start(height: 60)
            try tmux.waitForScreen(timeout: 60) { $0.contains("\(count) files") && !$0.contains("scanning") }
            var seen = Set<String>()
            for decade in decades {
                let prefix = String(Folder.name(decade * 10, of: count).prefix(while: { $0 != "." }).dropLast())
                try tmux.send("/")
                try tmux.type(prefix)
                let matches = decade == count / 10 ? 1 : 10
                try tmux.waitFor("\(matches) of \(count) match")
                seen.formUnion(try Self.expectRowsRight(tmux, folder) { $0.count == matches && $0.allSatisfy { $0.hasPrefix(prefix) } })
                try tmux.send("Escape")
                try tmux.waitForScreen { !$0.contains("match") }
            }
            for decade in decades {
                for index in [decade * 10, decade * 10 + 1, decade * 10 + 9] where (1...count).contains(index) {
                    #expect(seen.contains(Folder.name(index, of: count)), "row \(index) was checked")
                }
            }
            try tmux.send("q")
            #expect(tmux.waitForExit() == 0)
        }
    }
}
