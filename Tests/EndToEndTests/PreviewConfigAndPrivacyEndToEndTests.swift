import Foundation
import Testing

/// Issue 27's smaller promises end to end: `scrub-preview=no` in reel.conf, and a URL in
/// continue watching shown without its user, password, query or fragment.
@Suite("Preview setting and history privacy end to end", .serialized)
struct PreviewConfigAndPrivacyEndToEndTests {
    /// The name of `key`'s record: FNV-1a 64 of its bytes in hex, as reel names it.
    static func recordName(_ key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".resume"
    }

    @Test("scrub-preview=no in reel.conf: no card over the scrubber and no motion reports")
    func previewOffInConfig() throws {
        let home = try ConfigEndToEndTests.ConfigHome("scrub-preview=no\n")
        let tmux = try ConfigEndToEndTests.paused(home)
        #expect(try tmux.paneVariable("mouse_all_flag") == "0")
        #expect(try tmux.paneVariable("mouse_button_flag") == "1", "clicks, drags and the wheel are still reported")
        let mark = tmux.trace.mark
        try ScrubPreviewEndToEndTests.mouse(tmux, 35, column: 60)
        tmux.trace.waitForHandledInput(after: mark)
        let screen = try tmux.capture()
        // 0:30 is the clock; 1:30 would be the card's time at column 60 of 2:30.
        #expect(!screen.contains("1:30"), "\(screen)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("continue watching lists a URL without its user name, password, query or fragment")
    func urlWithoutSecrets() throws {
        let state = ResumeEndToEndTests.stateFolder()
        let key = "https://viewer:hunter2@videos.example/talks/keynote.mp4?token=s3cr3t#t=10"
        let folder = state + "/reel/resume"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoded = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
        let record = "reel-resume 1\nkey=\(encoded)\nposition=60\nduration=600\nwatched=0\nsub-delay=0\naudio-delay=0\n"
            + "watched-at=\(Int(Date().timeIntervalSince1970))\n"
        try record.write(toFile: folder + "/" + Self.recordName(key), atomically: true, encoding: .utf8)
        let list = try ContinueWatchingEndToEndTests.history(state)
        let screen = try list.waitFor("9:00 left")
        #expect(screen.contains("https://videos.example/talks/keynote.mp4"), "\(screen)")
        for secret in ["viewer", "hunter2", "token", "s3cr3t", "t=10"] { #expect(!screen.contains(secret), "\(secret):\n\(screen)") }
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }
}
