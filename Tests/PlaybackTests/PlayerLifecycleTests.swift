import Foundation
import Testing

/// Creating, loading and destroying players leaks neither memory, descriptors nor threads.
///
/// The cycles run in a process of their own (PlaybackProbe), so that other tests running in
/// parallel cannot blur the figures, with one malloc arena (`MALLOC_ARENA_MAX=1`), so that what is
/// measured is memory kept, not memory spread over the per-thread arenas that mpv's threads open.
@Suite("MpvPlayer lifecycle")
struct PlayerLifecycleTests {
    struct Figures {
        var rssKiB: Int, descriptors: Int, threads: Int
    }

    @Test("50 create/load/destroy cycles leak nothing")
    func createLoadDestroyCycles() throws {
        let probe = Bundle.main.bundleURL.appendingPathComponent("PlaybackProbe")
        let process = Process()
        process.executableURL = probe
        process.arguments = ["cycles", "50", PlayerDriver.sample("segments.mp4").text]
        process.environment = ProcessInfo.processInfo.environment.merging(["MALLOC_ARENA_MAX": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "probe failed: \(text)")

        let before = try #require(Self.figures(in: text, label: "before"), "no figures in: \(text)")
        let after = try #require(Self.figures(in: text, label: "after"), "no figures in: \(text)")
        // Under a sanitizer RSS measures its shadow memory; LeakSanitizer checks leaks there.
        if ProcessInfo.processInfo.environment["REEL_SANITIZER"] == nil {
            #expect(after.rssKiB - before.rssKiB < 4096, "RSS \(before.rssKiB) → \(after.rssKiB) KiB")
        }
        #expect(after.descriptors == before.descriptors)
        #expect(after.threads <= before.threads, "threads stayed: \(text)")
    }

    static func figures(in text: String, label: String) -> Figures? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label + " ") }) else { return nil }
        var values: [String: Int] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let rss = values["rss_kib"], let fds = values["fds"], let threads = values["threads"] else { return nil }
        return Figures(rssKiB: rss, descriptors: fds, threads: threads)
    }
}
