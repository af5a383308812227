import Foundation
import Testing

/// `reel --recursive` over trees too large or too strange to read before showing anything: a
/// link to /usr (150,000 files) and a link to /proc (the whole machine, through /proc/self/root).
@Suite("Recursive scan end to end", .serialized)
struct RecursiveScanEndToEndTests {
    /// Why the tests of a list that fills in wait: the list scene does not take ``ScanJob``'s
    /// batches yet. They passed with the scan wired into the library scene before the playlist
    /// rewrite; they are the acceptance tests for wiring it into the list scene.

    /// A library of one sample and a link named `name` to `target`.
    static func library(linking target: String, as name: String) throws -> LibraryEndToEndTests.Library {
        let library = try LibraryEndToEndTests.Library(samples: ["segments.mp4"], notes: false)
        try FileManager.default.createSymbolicLink(atPath: library.folder + "/" + name, withDestinationPath: target)
        return library
    }

    @Test("through a link to /usr the list shows while the scan goes on, fills in, and q quits at once")
    func largeTree() throws {
        let library = try Self.library(linking: "/usr", as: "system")
        let tmux = try library.start(["--recursive"])
        // The header says the folders are still being read: the list did not wait for the scan.
        let first = try tmux.waitForScreen { $0.contains("Colour segments") && $0.contains("scanning…") }
        let count = { (screen: String) in Int(screen.firstMatch(of: /([0-9]+) files/)?.1 ?? "") ?? 0 }
        let listed = count(first)
        try tmux.waitForScreen { count($0) > listed && $0.contains("scanning…") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "stderr: \(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }

    @Test("Esc stops the scan: what was found stays, and the bar says how much")
    func escStops() throws {
        let library = try Self.library(linking: "/usr", as: "system")
        let tmux = try library.start(["--recursive"])
        let first = try tmux.waitForScreen { $0.contains("Colour segments") && $0.contains("scanning…") }
        #expect(first.contains("Esc stop scan"))
        try tmux.send("Escape")
        let stopped = try tmux.waitForScreen { $0.contains("Scan stopped: ") }
        #expect(!stopped.contains("scanning…"))
        let count = { (screen: String) in screen.firstMatch(of: /([0-9]+) files/)?.1 }
        #expect(count(stopped) != nil && stopped.contains("Scan stopped: \(count(stopped) ?? "?") files listed"), "\(stopped)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("a link to /proc is not walked: the scan ends at once with a note")
    func procIsSkipped() throws {
        let library = try Self.library(linking: "/proc", as: "machine")
        let tmux = try library.start(["--recursive"])
        let screen = try tmux.waitForScreen { $0.contains("Colour segments") && $0.contains("1 file") && !$0.contains("scanning") }
        #expect(screen.contains("1 entry skipped: machine/ (a proc file system)"), "\(screen)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }
}
