import Controls
import Drawing
@testable import ListScreen
import Terminal
import Testing
@testable import Screens
@testable import ScreenParts

/// The library screen with an injected clock: keys, filter, mouse, the hint bar over scrolls,
/// and what it draws.
@Suite("LibraryScreen")
struct LibraryScreenTests {
    static let video = LibraryMedia(title: nil, duration: 150, videoSize: (320, 180), hasAudio: true)

    /// `count` playable items named ep1…epN, on a 60 × 14 screen (list rows 1…13, bar on row 13).
    static func screen(count: Int = 12, columns: Int = 60, rows: Int = 14,
                       configure: (inout LibraryScreen.Configuration) -> Void = { _ in }) -> LibraryScreen {
        var configuration = LibraryScreen.Configuration()
        configuration.title = "Clips"
        configure(&configuration)
        let items = (1...max(count, 1)).prefix(count).map {
            LibraryItem(name: "ep\($0).mp4", byteSize: 1_234_567, state: .playable(video))
        }
        return LibraryScreen(configuration: configuration, items: items, columns: columns, rows: rows, now: 0)
    }

    static func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers)) }
    static func char(_ character: Character) -> InputEvent { key(.character(character)) }
    static func mouse(_ action: MouseAction, column: Int = 20, row: Int) -> InputEvent {
        .mouse(MouseEvent(action, column: column, row: row))
    }

    static func rows(_ canvas: Canvas) -> [String] {
        (0..<canvas.height).map { y in (0..<canvas.width).map { x in canvas.text(of: canvas[x, y]) }.joined() }
    }

    static func drawn(_ screen: inout LibraryScreen, now: Seconds = 0) -> Canvas {
        var canvas = Canvas(width: screen.layout.columns, height: screen.layout.rows)
        screen.draw(into: &canvas, now: now)
        return canvas
    }

    /// The default screen's rows above the bar after one wheel notch down (ep2 on top, and
    /// selected): the bar's tests differ only in the bar's row under them.
    static let scrolledList = [
        " Clips                                             12 files ",
        "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep2.mp4                               2:30  ",
        "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
        "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
        "                                                            ",
        "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep3.mp4                               2:30  ",
        "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
        "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
        "                                                            ",
        "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep4.mp4                               2:30  ",
        "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
        "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
        "                                                            ",
    ]

    // MARK: Keys

    @Test("keys map to actions", arguments: [
        (key(.enter), [LibraryAction.open(0)]),
        (key(.escape), []), (char("x"), []), (char("j"), []), (.paste("ep"), []), (.focus(true), []),
    ] as [(InputEvent, [LibraryAction])])
    func keyActions(event: InputEvent, expected: [LibraryAction]) {
        var screen = Self.screen()
        #expect(screen.handle(event, now: 1) == expected)
    }

    @Test("rows, pages and ends move the selection, which stays in view", arguments: [
        ([char("j")], 1), ([key(.down), key(.down)], 2), ([char("j"), char("k")], 0), ([key(.up)], 0),
        ([char("G")], 11), ([key(.end), char("g")], 0), ([key(.end), key(.home)], 0),
        ([key(.pageDown)], 3), ([char(" "), char(" ")], 6), ([char(" "), key(.pageUp)], 0),
    ] as [([InputEvent], Int)])
    func navigation(events: [InputEvent], selected: Int) {
        var screen = Self.screen()
        for event in events { _ = screen.handle(event, now: 1) }
        #expect(screen.selectedItem == selected)
        #expect(screen.handle(Self.key(.enter), now: 2) == [.open(selected)])
    }

    // MARK: Filter

    @Test("/ filters by name as you type; Backspace edits, Enter keeps, Esc clears")
    func filter() {
        var screen = Self.screen()
        _ = screen.handle(Self.char("j"), now: 0)
        _ = screen.handle(Self.char("/"), now: 0)
        #expect(screen.isEditingFilter)
        for character in "EP1" { _ = screen.handle(Self.char(character), now: 0) }
        // ep1, ep10, ep11, ep12; ep2 (selected) is gone, so the selection moves to what came after.
        #expect(screen.shown == [0, 9, 10, 11])
        #expect(screen.selectedItem == 9)
        _ = screen.handle(Self.char("1"), now: 0)
        #expect(screen.shown == [10])
        _ = screen.handle(Self.key(.backspace), now: 0)
        #expect(screen.shown == [0, 9, 10, 11] && screen.selectedItem == 10)
        // q is text while typing.
        #expect(screen.handle(Self.char("q"), now: 0) == [])
        #expect(screen.shown.isEmpty && screen.selectedItem == nil)
        #expect(screen.handle(Self.key(.enter), now: 0) == [])
        _ = screen.handle(Self.key(.backspace), now: 0)
        #expect(!screen.isEditingFilter && screen.filter == "EP1q")
        _ = screen.handle(Self.char("/"), now: 0)
        _ = screen.handle(Self.key(.backspace), now: 0)
        _ = screen.handle(Self.key(.enter), now: 0)
        #expect(screen.filter == "EP1" && screen.shown.count == 4)
        #expect(screen.handle(Self.key(.enter), now: 0) == [.open(0)])
        _ = screen.handle(Self.key(.escape), now: 0)
        #expect(screen.filter.isEmpty && screen.shown.count == 12 && screen.selectedItem == 0)
    }

    @Test("the filter matches titles too, and Esc while typing clears it")
    func filterTitles() {
        var screen = Self.screen(count: 3)
        screen.update(item: 2, state: .playable(LibraryMedia(title: "Colour Segments", duration: 10, videoSize: nil, hasAudio: false)),
                      thumbnail: nil, now: 0)
        _ = screen.handle(Self.char("/"), now: 0)
        _ = screen.handle(.paste("segm\n"), now: 0)
        #expect(screen.shown == [2] && screen.filter == "segm")
        _ = screen.handle(Self.key(.escape), now: 0)
        #expect(!screen.isEditingFilter && screen.shown == [0, 1, 2])
    }

    // MARK: The bar

    @Test("the bar hides on scrolling down, returns on scrolling up, and shows at the top")
    func barFollowsScroll() {
        var screen = Self.screen()
        // Moves inside the view do not scroll, so the bar stays.
        _ = screen.handle(Self.char("j"), now: 0)
        _ = screen.handle(Self.char("j"), now: 0)
        #expect(screen.scrollOffset == 0 && !screen.barWantsHidden)
        // The third row down scrolls the list: travel ≥ 1 row hides the bar.
        _ = screen.handle(Self.char("j"), now: 1)
        #expect(screen.scrollOffset == 3 && screen.barWantsHidden)
        for _ in 0..<3 { _ = screen.handle(Self.char("j"), now: 1) }
        #expect(screen.barWantsHidden)
        // Back up: the selection first moves inside the view, then the list scrolls up and the bar returns.
        _ = screen.handle(Self.char("k"), now: 2)
        #expect(screen.barWantsHidden)
        for _ in 0..<2 { _ = screen.handle(Self.char("k"), now: 2) }
        #expect(!screen.barWantsHidden)
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 3)
        #expect(screen.barWantsHidden)
        _ = screen.handle(Self.char("g"), now: 4)
        #expect(screen.scrollOffset == 0 && !screen.barWantsHidden)
    }

    @Test("the wheel: 3 notches down hide the bar, 2 up bring it back")
    func wheelThreeDownTwoUp() {
        var screen = Self.screen(count: 30)
        for step in 0..<3 { _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: Double(step)) }
        #expect(screen.barWantsHidden && screen.isBarHidden(at: 3))
        for step in 0..<2 { _ = screen.handle(Self.mouse(.wheelUp, row: 5), now: 4 + Double(step)) }
        #expect(!screen.barWantsHidden && !screen.isBarHidden(at: 6))
        #expect(screen.scrollOffset == 4)
    }

    @Test("at the end the bar does not change, and the last item is never behind it")
    func endOfList() {
        var screen = Self.screen()
        // Jumping from the top straight to the end: at the end the tracker changes nothing.
        _ = screen.handle(Self.char("G"), now: 0)
        #expect(screen.scrollOffset == 35 && !screen.barWantsHidden)
        _ = screen.handle(Self.char("g"), now: 1)
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 1)
        #expect(screen.barWantsHidden)
        _ = screen.handle(Self.char("G"), now: 2)
        #expect(screen.barWantsHidden)
        // The last item's three rows (10…12) end right above the bar's row (13), shown or not.
        CanvasExpectation(text: [
            " Clips                                             12 files ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep10.mp4                              2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep11.mp4                              2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep12.mp4                              2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
        ]).expect(Self.drawn(&screen, now: 3))
        // The bounce back from the end is measured from the end: one notch up shows the bar.
        _ = screen.handle(Self.mouse(.wheelUp, row: 5), now: 4)
        #expect(!screen.barWantsHidden)
        // With the bar always shown (screen reader), the last item is still whole above it.
        var reader = Self.screen { $0.screenReader = true }
        _ = reader.handle(Self.char("G"), now: 0)
        CanvasExpectation(text: [
            " Clips                                   ep12.mp4, 12 of 12 ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep10.mp4                              2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep11.mp4                              2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep12.mp4                              2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(Self.drawn(&reader))
    }

    @Test("the bar slides out over 0.3 s in half-row steps and back the same way")
    func slideSteps() {
        var screen = Self.screen()
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 10)
        #expect(screen.isAnimating(at: 10.1) && screen.nextDeadline == 10.3)
        CanvasExpectation(text: Self.scrolledList + [" Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit "]).expect(Self.drawn(&screen, now: 10))
        let half = Self.drawn(&screen, now: 10.1)
        #expect(half[59, 13].symbol == .upperHalf && half[59, 13].bg == Theme.panel)
        CanvasExpectation(text: Self.scrolledList + ["▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀"]).expect(half)
        let gone = Self.drawn(&screen, now: 10.3)
        #expect(!screen.isAnimating(at: 10.3))
        #expect(gone[59, 13].bg == Theme.background && gone[59, 13].symbol != .upperHalf)
        screen.tick(now: 10.3)
        #expect(screen.nextDeadline == nil)
        _ = screen.handle(Self.mouse(.wheelUp, row: 5), now: 11)
        CanvasExpectation(text: [
            " Clips                                             12 files ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep1.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep2.mp4                               2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep3.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(Self.drawn(&screen, now: 11.3))
    }

    @Test("with reduce-motion the bar fades in place and never moves")
    func reduceMotion() {
        var screen = Self.screen { $0.reduceMotion = true }
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 0)
        let mid = Self.drawn(&screen, now: 0.075)
        CanvasExpectation(text: Self.scrolledList + [" Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit "]).expect(mid)
        #expect(mid[1, 13].bg != Theme.panel && mid[1, 13].bg != Theme.background)
        #expect(!screen.isBarHidden(at: 0.1) && screen.isBarHidden(at: 0.15))
        CanvasExpectation(text: Self.scrolledList + ["  ▀▀▀▀▀▀▀▀▀▀▀▀  ep5.mp4                               2:30  "]).expect(Self.drawn(&screen, now: 0.15))
    }

    @Test("in screen-reader mode the bar stays whatever the scroll")
    func screenReader() {
        var screen = Self.screen { $0.screenReader = true }
        for _ in 0..<3 { _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 0) }
        #expect(!screen.isBarHidden(at: 5) && !screen.isAnimating(at: 0.1))
        CanvasExpectation(text: [
            " Clips                                             12 files ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep4.mp4                               2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep5.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep6.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(Self.drawn(&screen, now: 5))
    }

    @Test("a message shows in the bar, even when hidden, until it expires")
    func message() {
        var screen = Self.screen()
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 0)
        screen.tick(now: 1)
        screen.showMessage("ep3.mp4: Failed to recognize file format.", now: 1, duration: 4)
        #expect(screen.nextDeadline == 5)
        CanvasExpectation(text: Self.scrolledList + ["         ep3.mp4: Failed to recognize file format.          "]).expect(Self.drawn(&screen, now: 2))
        screen.tick(now: 5)
        #expect(screen.messageText == nil)
        CanvasExpectation(text: Self.scrolledList + ["  ▀▀▀▀▀▀▀▀▀▀▀▀  ep5.mp4                               2:30  "]).expect(Self.drawn(&screen, now: 5))
    }

    // MARK: Mouse

    @Test("a click selects, a click on the selection or a double click opens")
    func clicks() {
        var screen = Self.screen()
        // Item 1's rows are 5…7 (list from row 1, 4 rows an item); row 4 is item 0's blank row.
        #expect(screen.handle(Self.mouse(.press(.left), row: 6), now: 0) == [])
        #expect(screen.selectedItem == 1)
        #expect(screen.handle(Self.mouse(.release(.left), row: 6), now: 0.05) == [])
        #expect(screen.handle(Self.mouse(.press(.left), row: 5), now: 3) == [.open(1)])
        #expect(screen.handle(Self.mouse(.press(.left), row: 4), now: 4) == [])
        #expect(screen.handle(Self.mouse(.press(.left), row: 9), now: 5) == [])
        #expect(screen.selectedItem == 2)
        #expect(screen.handle(Self.mouse(.press(.left), row: 9), now: 5.3) == [.open(2)])
    }

    @Test("the bar's hints can be clicked while it shows")
    func barClicks() {
        var screen = Self.screen()
        let hints = screen.barHints()
        let quit = hints.first { $0.hint == .quit }!.span
        let filter = hints.first { $0.hint == .filter }!.span
        #expect(quit.count >= 3 && filter.count >= 3)
        #expect(screen.handle(Self.mouse(.press(.left), column: filter.lowerBound, row: 13), now: 0) == [])
        #expect(screen.isEditingFilter)
        _ = screen.handle(Self.key(.enter), now: 0)
        #expect(screen.handle(Self.mouse(.press(.left), column: quit.lowerBound + 1, row: 13), now: 0) == [.quit])
        _ = screen.handle(Self.mouse(.wheelDown, row: 5), now: 1)
        // Hidden: the click lands on the list behind it instead.
        #expect(screen.handle(Self.mouse(.press(.left), column: quit.lowerBound + 1, row: 13), now: 2) != [.quit])
    }

    // MARK: Items

    @Test("with --only-playable an unplayable file leaves the list, keeping the selection near")
    func onlyPlayable() {
        var screen = Self.screen(count: 4) { $0.onlyPlayable = true }
        _ = screen.handle(Self.char("j"), now: 0)
        screen.update(item: 1, state: .unplayable(reason: "Failed to recognize file format."), thumbnail: nil, now: 0)
        #expect(screen.shown == [0, 2, 3] && screen.selectedItem == 2)
        for index in [0, 2, 3] { screen.update(item: index, state: .unplayable(reason: "no"), thumbnail: nil, now: 0) }
        #expect(screen.shown.isEmpty && screen.handle(Self.key(.enter), now: 0) == [])
        CanvasExpectation(text: [
            " Clips                               4 files · 4 unplayable ",
        ] + CanvasExpectation.blank(60, 5) + [
            "                       No videos here                       ",
            "             None of the 4 files can be played.             ",
        ] + CanvasExpectation.blank(60, 5) + [
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(Self.drawn(&screen))
    }

    @Test("a row shows the thumbnail, title, duration, resolution, size and file name")
    func rowContents() {
        var screen = Self.screen(count: 2, columns: 70)
        var thumbnail = PixelBuffer(width: 12, height: 6, fill: RGB(200, 0, 0))
        thumbnail[0, 1] = RGB(0, 0, 200)
        let media = LibraryMedia(title: "Long clip\u{1B}[2J", duration: 3725, videoSize: (1920, 1080), hasAudio: true)
        screen.update(item: 0, state: .playable(media), thumbnail: thumbnail, now: 0)
        let canvas = Self.drawn(&screen)
        CanvasExpectation(text: [
            " Clips                                                        2 files ",
            "▌ ▀             Long clip␛[2J                                1:02:05  ",
            "▌               1920×1080 · 1.2 MB                                    ",
            "▌               ep1.mp4                                               ",
            "                                                                      ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep2.mp4                                         2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                                      ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                                        ",
        ] + CanvasExpectation.blank(70, 5) + [
            "      Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit      ",
        ]).expect(canvas)
        // The thumbnail in half blocks at columns 2…13: red, with one blue pixel at the top left's bottom half.
        #expect(canvas[2, 1].symbol == .upperHalf && canvas[2, 1].fg == RGB(200, 0, 0) && canvas[2, 1].bg == RGB(0, 0, 200))
        #expect(canvas[13, 3].bg == RGB(200, 0, 0))
        // The selection's background spans the row; the next item is not selected.
        #expect(canvas[40, 2].bg == Theme.selection && canvas[40, 6].bg == Theme.background)
    }

    @Test("pending files show a placeholder and the header counts the probing")
    func pending() {
        var configuration = LibraryScreen.Configuration()
        configuration.title = "Clips"
        configuration.skippedNote = "1 entry skipped: broken.mp4 (dangling link)"
        let items = [LibraryItem(name: "a.mp4", byteSize: 10), LibraryItem(name: "b.mp4", byteSize: 2000)]
        var screen = LibraryScreen(configuration: configuration, items: items, columns: 60, rows: 14, now: 0)
        screen.update(item: 0, state: .playable(Self.video), thumbnail: nil, now: 0)
        CanvasExpectation(text: [
            " Clips                                2 files · reading 1/2 ",
            " 1 entry skipped: broken.mp4 (dangling link)                ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  a.mp4                                 2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 10 B                              ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "                b.mp4                                    …  ",
            "      ···       2.0 kB                                      ",
        ] + CanvasExpectation.blank(60, 5) + [
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(Self.drawn(&screen))
    }

    @Test("a resize keeps the selection in view")
    func resize() {
        var screen = Self.screen(count: 30)
        for _ in 0..<20 { _ = screen.handle(Self.char("j"), now: 0) }
        screen.resize(columns: 60, rows: 8, now: 1)
        CanvasExpectation(text: [
            " Clips                                             30 files ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep21.mp4                              2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
        ]).expect(Self.drawn(&screen, now: 5))
        screen.resize(columns: 30, rows: 40, now: 2)
        CanvasExpectation(text: [
            " Clips               30 files ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "▌ ep21.mp4              2:30  ",
            "▌ 320×180 · 1.2 MB            ",
            "▌                             ",
            "                              ",
            "  ep22.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep23.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep24.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep25.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep26.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep27.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep28.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
            "  ep29.mp4              2:30  ",
            "  320×180 · 1.2 MB            ",
            "                              ",
            "                              ",
        ]).expect(Self.drawn(&screen, now: 5))
    }

    @Test("tiny and empty screens draw without trouble, and keys still work", arguments: [
        (0, 0), (1, 1), (10, 2), (20, 3), (39, 5), (40, 6), (200, 4),
    ])
    func tinyScreens(columns: Int, rows: Int) {
        var screen = Self.screen(count: 5, columns: columns, rows: rows) { $0.skippedNote = "1 entry skipped: x (dangling link)" }
        for event in [Self.char("G"), Self.mouse(.wheelUp, row: 0), Self.char("/"), Self.char("e"), Self.key(.enter), Self.char("j")] {
            _ = screen.handle(event, now: 0)
            _ = Self.drawn(&screen, now: 0.1)
        }
        screen.resize(columns: rows, rows: columns, now: 1)
        _ = Self.drawn(&screen, now: 2)
        #expect(screen.selectedItem != nil)
    }

    @Test("items in view are wanted first, then the page below, then the page above")
    func wanted() {
        var screen = Self.screen(count: 30)
        #expect(screen.itemsWanted == Array(0..<8))
        for _ in 0..<10 { _ = screen.handle(Self.char("j"), now: 0) }
        // Offset 30: items 7…10 in view, 11…14 below, 3…6 above (nearest first).
        #expect(screen.itemsWanted == [7, 8, 9, 10, 11, 12, 13, 14, 6, 5, 4, 3])
    }
}
