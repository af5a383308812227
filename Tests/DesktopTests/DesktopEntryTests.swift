import Foundation
import Testing
@testable import Desktop

/// reel.desktop, which file managers read to offer "Open with reel".
@Suite("Desktop entry")
struct DesktopEntryTests {
    static let entry: [String: String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("reel.desktop")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") where line.contains("=") && !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1)
            keys[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return keys
    }()

    @Test("it runs reel in a terminal with the files (%F: reel takes any scheme:// as a URL)")
    func exec() {
        #expect(Self.entry["Exec"] == "reel %F")
        #expect(Self.entry["Terminal"] == "true")
        #expect(Self.entry["Type"] == "Application")
    }

    @Test("its MIME types are MPRIS's SupportedMimeTypes, mpv's video types")
    func mimeTypes() {
        let types = (Self.entry["MimeType"] ?? "").split(separator: ";").map(String.init)
        #expect(types == DesktopEntryTypes.mimeTypes)
        #expect(types.allSatisfy { $0.hasPrefix("video/") })
        #expect(types.contains("video/x-matroska") && types.contains("video/mp4") && types.contains("video/webm"))
    }
}
