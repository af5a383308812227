import Foundation
import Testing

/// The list's thumbnails in kitty's pixels, read off real screenshots: each row shows its own
/// file's picture. A folder of eight clips, each one solid colour, listed in name order, so the
/// colours down the thumbnails' column must come in that order.
///
/// The second run finds every thumbnail in the cache, and its first frame sends them all at once
/// through shared memory: the case where rows showed the pictures of the rows four below (the
/// files holding them were written again before kitty had read them).
@Suite("The list's thumbnails in pixels end to end", .serialized, .enabled(if: XTerminal.available))
struct LibraryPixelsEndToEndTests {
    /// The clips' colours, in the folder's order.
    static let colours: [(name: String, rgb: (Int, Int, Int))] = [
        ("red", (255, 0, 0)), ("lime", (0, 255, 0)), ("blue", (0, 0, 255)), ("yellow", (255, 255, 0)),
        ("cyan", (0, 255, 255)), ("magenta", (255, 0, 255)), ("orange", (255, 128, 0)), ("violet", (128, 0, 255)),
    ]

    /// The folder of the eight clips (made once a run).
    static func folder() throws -> String {
        let folder = Fixtures.path("colours")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, colour) in colours.enumerated() {
            let hex = String(format: "%02X%02X%02X", colour.rgb.0, colour.rgb.1, colour.rgb.2)
            try Fixtures.ffmpeg("colours/\(index + 1)-\(colour.name).mp4",
                                ["-f", "lavfi", "-i", "color=c=0x\(hex):s=160x90:r=10:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
        }
        return folder
    }

    /// The colours down the left fifth of `shot` (where the thumbnails are), top to bottom, each
    /// run of pixel rows counted once: a row of pixels is a colour's where at least 20 of its
    /// pixels are that colour.
    static func thumbnailColours(in shot: Screenshot) -> [String] {
        var found: [String] = []
        var last: String?
        for y in 0..<shot.height {
            let here = colours.first { colour in
                (0..<(shot.width / 5)).filter { shot.pixel(x: $0, y: y, isNear: colour.rgb, tolerance: 50) }.count >= 20
            }?.name
            if let here, here != last { found.append(here) }
            last = here
        }
        return found
    }

    @Test("kitty: every row's thumbnail is its own file's picture, also when all of them come from the cache in one frame")
    func ownPictures() throws {
        let folder = try Self.folder()
        let cache = Fixtures.path("colours-cache-\(UUID().uuidString)")
        let command = ["/usr/bin/env", "XDG_CACHE_HOME=\(cache)", Paths.reel, folder]
        let expected = Self.colours.map(\.name)
        for run in ["made", "from the cache"] {
            let terminal = try XTerminal(.kitty, command, width: 800, height: 640)
            defer { terminal.stop() }
            _ = try terminal.waitForScreen(timeout: 40) { Self.thumbnailColours(in: $0).count >= 6 }
            let shown = Self.thumbnailColours(in: try terminal.waitForStillScreen())
            #expect(shown.count >= 6 && Array(expected.prefix(shown.count)) == shown,
                    "thumbnails \(run): \(shown), not in the folder's order \(expected)\n\(terminal.standardError)\n\(terminal.trace)")
            try terminal.press("q")
            #expect(terminal.waitForExit() == 0)
        }
    }
}
