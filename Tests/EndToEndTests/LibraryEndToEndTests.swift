import Foundation
import Testing
import TestTerminal

/// The library in a real tmux: `reel DIR` over links to the samples and a file that is not media.
@Suite("Library end to end", .serialized)
struct LibraryEndToEndTests {
    /// A temporary folder of links to the samples plus `notes.txt`, with its own cache folder.
    final class Library {
        let root: URL
        var folder: String { root.appendingPathComponent("videos").path }
        var cache: String { root.appendingPathComponent("cache").path }

        init(samples: [String] = ["chapters.mkv", "demo.mp4", "long.mp4", "motion.mp4", "portrait.mp4", "segments.mp4", "tone.mp3"],
             notes: Bool = true) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-library-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(atPath: root.appendingPathComponent("videos").path, withIntermediateDirectories: true)
            for sample in samples {
                try FileManager.default.createSymbolicLink(atPath: folder + "/" + sample, withDestinationPath: Paths.sample(sample))
            }
            if notes { try "not a video\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8) }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func start(_ options: [String] = [], width: Int = 100, height: Int = 30) throws -> TmuxSession {
            try TmuxSession([Paths.reel, "--no-audio"] + options + [folder], width: width, height: height,
                            environment: ["XDG_CACHE_HOME": cache])
        }
    }

    /// The screen's rows.
    static func rows(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The poster card of "Gradients in motion": its hint bar and play button.
    static func isCard(_ screen: String) -> Bool {
        screen.contains("Gradients in motion") && screen.contains("Esc back") && screen.contains("▶")
    }

    /// The player: no list, no card, and the position and the length under the video.
    static func isPlayer(_ screen: String) -> Bool {
        !screen.contains("Esc back") && !isList(screen) && PlayerEndToEndTests.times(in: screen) != nil
    }

    /// The list: its bar of hints, or a selected row (`▌` and a title). A `▌` alone may be a
    /// block of the video's picture.
    static func isList(_ screen: String) -> Bool {
        let titles = ["Gradients in motion", "Long clip", "Colour segments", "Portrait", "reel demo", "Chapters"]
        return screen.contains("Enter play")
            || rows(screen).contains { row in row.hasPrefix("▌") && titles.contains { row.contains($0) } }
    }

    /// Enter on the selected row plays it at once.
    static func openAndPlay(_ tmux: TmuxSession) throws {
        try tmux.send("Enter")
        try tmux.waitForScreen { isPlayer($0) }
    }

    /// `p` on the selected row shows its card; Enter on the card plays the file.
    static func posterAndPlay(_ tmux: TmuxSession) throws {
        try tmux.send("p")
        try tmux.waitForScreen { isCard($0) }
        try tmux.send("Enter")
        try tmux.waitForScreen { isPlayer($0) }
    }

    /// The index of the row that holds `name`.
    static func rowIndex(_ name: String, in screen: String) -> Int? { rows(screen).firstIndex { $0.contains(name) } }

    /// The row holding the selection marker and `name`.
    static func isSelected(_ name: String, in screen: String) -> Bool {
        rows(screen).contains { $0.hasPrefix("▌") && $0.contains(name) }
    }

    static func wheel(_ tmux: TmuxSession, down: Bool) throws {
        try tmux.sendBytes(Array("\u{1B}[<\(down ? 65 : 64);20;8M".utf8))
    }

    @Test("the rows list the playable files with their titles, and the non-media file greyed with mpv's reason")
    func listsFiles() throws {
        let library = try Library()
        let tmux = try library.start()
        let screen = try tmux.waitForScreen { $0.contains("Failed to recognize file format.") && !$0.contains("reading") }
        for title in ["Chapters and a Title", "reel demo: running clock", "Long clip for seeking", "Gradients in motion", "Portrait"] {
            #expect(screen.contains(title))
        }
        #expect(Self.rows(screen)[0].contains("videos") && Self.rows(screen)[0].contains("8 files · 1 unplayable"))
        #expect(screen.contains("notes.txt") && screen.contains("2:30") && screen.contains("320×180"))
        #expect(screen.contains("Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit"))
        let cells = ScreenCells(try tmux.capture(escapes: true))
        let notesRow = try #require(Self.rows(screen).firstIndex { $0.contains("notes.txt") })
        let column = try #require(Self.rows(screen)[notesRow].range(of: "notes.txt")).lowerBound.utf16Offset(in: Self.rows(screen)[notesRow])
        #expect(cells[column, notesRow]?.fg.map { $0.0 == 120 && $0.1 == 120 } == true, "notes.txt is not greyed")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("scrolling down 3 rows hides the bar, and scrolling up 2 rows brings it back")
    func barHidesAndReturns() throws {
        let library = try Library()
        let tmux = try library.start(height: 16)
        try tmux.waitFor("Enter play")
        for _ in 0..<3 { try Self.wheel(tmux, down: true) }
        try tmux.waitForScreen(timeout: 3) { !$0.contains("Enter play") && !$0.contains("Chapters and a Title") }
        for _ in 0..<2 { try Self.wheel(tmux, down: false) }
        try tmux.waitFor("Enter play", timeout: 3)
        // With the keyboard: the bar goes once the list scrolls, not while the selection moves in view.
        try tmux.send("g")
        try tmux.waitFor("Chapters and a Title")
        try tmux.send("j", "j")
        try tmux.waitForScreen { Self.isSelected("Long clip", in: $0) }
        #expect(try tmux.capture().contains("Enter play"))
        try tmux.send("j")
        try tmux.waitForScreen(timeout: 3) { !$0.contains("Enter play") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Enter plays the selected file at once and Esc comes back to it, marked; p shows its card, and Esc twice comes back")
    func openAndReturn() throws {
        let library = try Library()
        let tmux = try library.start(height: 16)
        try tmux.waitFor("Chapters and a Title")
        try tmux.send("j", "j", "j")
        try tmux.waitForScreen { Self.isSelected("Gradients in motion", in: $0) }
        let before = try tmux.capture()
        try Self.openAndPlay(tmux)
        // Esc goes back to the list: the same selection, in the same place, marked as playing.
        try tmux.send("Escape")
        let after = try tmux.waitForScreen { Self.isSelected("▶ Gradients in motion", in: $0) }
        #expect(Self.rowIndex("Gradients in motion", in: after) == Self.rowIndex("Gradients in motion", in: before))
        // The card: Esc closes the video back to the card, and the card back to the list.
        try Self.posterAndPlay(tmux)
        try tmux.send("Escape")
        try tmux.waitForScreen { Self.isCard($0) }
        try tmux.send("Escape")
        let last = try tmux.waitForScreen { Self.isSelected("Gradients in motion", in: $0) }
        #expect(Self.rowIndex("Gradients in motion", in: last) == Self.rowIndex("Gradients in motion", in: before))
        // q quits from the player too.
        try Self.openAndPlay(tmux)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("a resize keeps the selection in view")
    func resize() throws {
        let library = try Library()
        let tmux = try library.start()
        try tmux.waitFor("Chapters and a Title")
        try tmux.send("G")
        // The file name shows whether or not its probe (which gives the title) has finished yet.
        try tmux.waitForScreen { Self.isSelected("tone.mp3", in: $0) }
        try tmux.resize(width: 70, height: 10)
        try tmux.waitForScreen { Self.rows($0).count <= 11 && Self.isSelected("tone.mp3", in: $0) }
        try tmux.send("g")
        try tmux.waitForScreen { Self.isSelected("chapters.mkv", in: $0) }
        try tmux.resize(width: 100, height: 30)
        try tmux.waitForScreen { Self.isSelected("chapters.mkv", in: $0) && $0.contains("segments.mp4") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a click selects a row, and a click on the selected row opens it")
    func clickOpens() throws {
        let library = try Library()
        let tmux = try library.start()
        let screen = try tmux.waitFor("Long clip for seeking")
        let row = try #require(Self.rows(screen).firstIndex { $0.contains("Long clip for seeking") })
        try tmux.click(column: 30, row: row)
        try tmux.waitForScreen { Self.isSelected("Long clip for seeking", in: $0) }
        try tmux.click(column: 30, row: row + 1)
        // The file plays.
        try tmux.waitForScreen { Self.isPlayer($0) }
        try tmux.send("x")
        try tmux.waitForScreen { Self.isSelected("Long clip for seeking", in: $0) }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the filter narrows the list as you type, and Esc brings every row back")
    func filter() throws {
        let library = try Library()
        let tmux = try library.start()
        try tmux.waitFor("Colour segments")
        try tmux.send("/")
        try tmux.type("SEG")
        let narrowed = try tmux.waitForScreen { $0.contains("1 of 8 match") }
        #expect(narrowed.contains("Colour segments") && !narrowed.contains("Portrait") && narrowed.contains("/SEG▏"))
        try tmux.send("Enter")
        try tmux.waitForScreen { Self.isSelected("Colour segments", in: $0) && $0.contains("Esc clear filter") }
        try tmux.send("Escape")
        let all = try tmux.waitForScreen { $0.contains("Portrait") && $0.contains("8 files") }
        #expect(Self.isSelected("Colour segments", in: all))
        // Esc with no filter does not quit.
        let mark = tmux.trace.mark
        try tmux.send("Escape")
        tmux.trace.waitForHandledInput(after: mark, event: "Key.escape")
        #expect(try tmux.capture().contains("Enter play"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a folder whose files cannot be played says so; an empty one is an error before the terminal")
    func noVideos() throws {
        let library = try Library(samples: [])
        let tmux = try library.start()
        let screen = try tmux.waitFor("No videos here")
        #expect(screen.contains("notes.txt") && screen.contains("Failed to recognize file format."))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        let only = try library.start(["--only-playable"])
        let message = try only.waitFor("The one file here cannot be played.")
        #expect(message.contains("No videos here") && !message.contains("notes.txt"))
        try only.send("q")
        #expect(only.waitForExit() == 0)

        try FileManager.default.removeItem(atPath: library.folder + "/notes.txt")
        let empty = try library.start()
        #expect(empty.waitForExit() == 1)
        #expect(empty.standardError == "reel: \(library.folder): no files to play (subfolders are read with --recursive)\n")
        try empty.expectTerminalRestored()
        #expect(try empty.capture().allSatisfy { $0 == "\n" || $0 == " " })
    }

    @Test("a file that fails to open says why in the library and does not quit")
    func openFailure() throws {
        let library = try Library(samples: ["segments.mp4"], notes: false)
        let tmux = try library.start()
        try tmux.waitFor("Colour segments")
        // The file goes away after it was listed.
        try FileManager.default.removeItem(atPath: library.folder + "/segments.mp4")
        try tmux.send("Enter")
        // The player says so, and Esc goes back to the list, which says so too.
        let card = try tmux.waitFor("Could not play")
        #expect(card.contains("No such file") || card.contains("Cannot open file"), "\(card)")
        try tmux.send("Escape")
        let screen = try tmux.waitFor("segments.mp4: ")
        #expect(screen.contains("Cannot open file") || screen.contains("No such file"), "\(screen)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
