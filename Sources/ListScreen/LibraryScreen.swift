import ScreenParts
import Commands
import Controls
import Drawing

/// The library: a scrolling list of files with thumbnails, a name filter, and a bar of key hints
/// that hides while the list scrolls down and comes back when it scrolls up.
///
/// It is a value, like ``PlayerScreen``: the app feeds it input (``handle(_:now:)``), what the
/// probes learn (``update(item:state:thumbnail:now:)``) and the clock (``tick(now:)``), carries out
/// the ``LibraryAction``s it returns, and draws it when ``needsRedraw`` or an animation runs.
///
/// The bar follows ``ScrollHideTracker`` in rows with a threshold of one row, and moves with
/// ``BarSlide``: it slides down out of view over 0.3 s, in half-row steps (a row cannot be drawn
/// part-way down); with reduce-motion it fades in place; in screen-reader mode it stays. While the
/// filter is being typed, or a message shows, the bar shows whatever the tracker says.
public struct LibraryScreen: Sendable {
    /// Choices made on the command line and by the scan.
    public struct Configuration: Sendable, Equatable {
        /// The header's title: the folder's name, or a summary of the paths given.
        public var title = "reel"
        public var reduceMotion = false
        public var screenReader = false
        /// Leave out files mpv cannot play, instead of listing them greyed.
        public var onlyPlayable = false
        /// One line about entries the scan skipped, or nil.
        public var skippedNote: String?
        /// Rows the wheel scrolls per notch.
        public var wheelRows = LibraryLayout.itemHeight
        /// The longest time between two clicks on one item that opens it as a double click.
        public var doubleClickInterval: Seconds = 0.5
        /// The keys.
        public var commands = CommandTable.standard()
        /// Esc goes back to the player (the list was opened from it).
        public var canClose = false
        /// How thumbnails are drawn: half blocks, or the terminal's own pixels.
        public var encoder = FrameEncoder(blitter: .half)
        /// The continue-watching list (`reel` alone): rows say what is left and when, Enter
        /// resumes, and d, u and D forget, undo and clear.
        public var history = false
        /// What the empty continue-watching list says: how to start.
        public var emptyHelp: [String] = []

        public init() {}
    }

    public internal(set) var configuration: Configuration
    /// Every file, in the order given (natural order); the list shows those that pass the filter.
    public internal(set) var items: [LibraryItem]
    public private(set) var layout: LibraryLayout
    /// Set when something visible changed; cleared by ``draw(into:now:)``.
    public internal(set) var needsRedraw = true

    /// Indices into ``items`` of the rows the list shows, in order.
    public internal(set) var shown: [Int] = []
    var viewport: ListViewport
    var tracker = ScrollHideTracker()
    var bar: BarSlide
    /// The filter's text, and whether it is being typed.
    public internal(set) var filter = ""
    public internal(set) var isEditingFilter = false
    /// A short message in the bar, such as why a file did not open, and when it goes.
    var message: (text: String, expiry: Seconds)?
    /// The last click on an item, for double clicks.
    var lastClick: (item: Int, time: Seconds)?
    /// The `?` list of keys, while it is up.
    var help = KeysHelp()
    /// The item the session is on, marked in the list.
    public internal(set) var currentItem: Int?
    /// Whether the folders are still being read, so more items may come (``insert(_:at:now:)``).
    public internal(set) var isScanning = false
    /// One line about the entries the scan skipped, or nil.
    public internal(set) var skippedNote: String?
    /// Whether every item is being probed, so the header counts them as they are read (in a huge
    /// list only the rows near the view are).
    public internal(set) var probesAll = true
    /// D was pressed: the next key says whether to forget everything (y) or not.
    public internal(set) var isConfirmingForgetAll = false
    /// The screen reader's latest line, and every one given, oldest first.
    public internal(set) var statusLine: String?
    public internal(set) var spokenLines: [String] = []

    /// Makes the library over `items` for a `columns` × `rows` screen.
    public init(configuration: Configuration, items: [LibraryItem], columns: Int, rows: Int, now: Seconds) {
        self.configuration = configuration
        self.items = items
        skippedNote = configuration.skippedNote
        layout = LibraryLayout(columns: columns, rows: rows, hasNotes: false)
        bar = BarSlide(configuration: .init(barHeight: LibraryLayout.barHeight, reduceMotion: configuration.reduceMotion,
                                            screenReader: configuration.screenReader))
        viewport = ListViewport(itemCount: 0, itemHeight: LibraryLayout.itemHeight, gap: LibraryLayout.itemGap,
                                viewportHeight: layout.list.height, bottomInset: LibraryLayout.barHeight)
        refilter(keeping: nil, now: now)
        relayout(columns: columns, rows: rows, now: now)
    }

    // MARK: State for the app

    /// The selected item's index in ``items``, or nil when the list is empty.
    public var selectedItem: Int? { viewport.selection.map { shown[$0] } }

    /// The first row in view, in rows from the top of the list.
    public var scrollOffset: Int { viewport.offset }

    /// Items in view first, then the page below and the page above: the order to probe them in.
    public var itemsWanted: [Int] {
        let visible = viewport.visibleItems
        let page = max(visible.count, 1)
        let below = visible.upperBound..<min(visible.upperBound + page, shown.count)
        let above = max(visible.lowerBound - page, 0)..<visible.lowerBound
        return (Array(visible) + Array(below) + Array(above).reversed()).map { shown[$0] }
    }

    /// Whether the hint bar is out of view (or on its way) at `now`.
    public func isBarHidden(at now: Seconds) -> Bool {
        guard !barIsHeld else { return false }
        return configuration.reduceMotion ? bar.opacity(at: now) == 0 : bar.visibleRows(at: now) < 0.25
    }

    /// Whether the tracker wants the bar hidden (where it is heading, whatever the animation).
    public var barWantsHidden: Bool { bar.hidesBar }

    /// The earliest time the app must wake up, or nil to sleep until something happens.
    public var nextDeadline: Seconds? {
        [bar.nextDeadline, message?.expiry].compactMap { $0 }.min()
    }

    /// Whether the bar is moving, so the app redraws at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool { !barIsHeld && bar.isAnimating(at: now) }

    /// Brings the clocks up to `now`: a finished slide settles, an old message goes.
    public mutating func tick(now: Seconds) {
        bar.tick(now: now)
        if let message, now >= message.expiry {
            self.message = nil
            needsRedraw = true
        }
    }

    /// Lays the screen out again for a new size, keeping the selection in view.
    public mutating func resize(columns: Int, rows: Int, now: Seconds) {
        relayout(columns: columns, rows: rows, now: now)
    }

    /// Lays the screen out for `columns` × `rows`, with a notes row when there is a note.
    private mutating func relayout(columns: Int, rows: Int, now: Seconds) {
        layout = LibraryLayout(columns: columns, rows: rows, hasNotes: notesLine != nil)
        viewport.resize(viewportHeight: layout.list.height)
        scrolled(now: now)
        needsRedraw = true
    }

    /// Takes what a probe learned about item `index`.
    public mutating func update(item index: Int, state: LibraryItem.State, thumbnail: PixelBuffer?, now: Seconds) {
        guard items.indices.contains(index) else { return }
        items[index].state = state
        items[index].thumbnail = thumbnail
        if configuration.onlyPlayable || !filter.isEmpty { refilter(keeping: selectedItem, now: now) }
        if (notesLine != nil) != (layout.notes != nil) { relayout(columns: layout.columns, rows: layout.rows, now: now) }
        needsRedraw = true
    }

    /// Replaces the items (the playlist changed: a playlist file was opened), keeping the
    /// selection on the same item where it can.
    public mutating func replaceItems(_ newItems: [LibraryItem], now: Seconds) {
        let selected = selectedItem.map { items[$0].name }
        items = newItems
        refilter(keeping: nil, now: now)
        if let selected, let index = items.firstIndex(where: { $0.name == selected }) { select(item: index, now: now) }
        needsRedraw = true
    }

    /// Marks item `index` as the one playing, and selects it.
    public mutating func markCurrent(_ index: Int?, now: Seconds) {
        currentItem = index
        if let index { select(item: index, now: now) }
        needsRedraw = true
    }

    /// Selects item `index` (an index into ``items``) when the list shows it, scrolling it into view.
    public mutating func select(item index: Int, now: Seconds) {
        guard let position = shown.firstIndex(of: index) else { return }
        viewport.select(position)
        scrolled(now: now)
        needsRedraw = true
    }

    /// Sets how far into item `index` the viewer got (0…1), and whether it was watched.
    public mutating func setProgress(item index: Int, progress: Double?, watched: Bool) {
        guard items.indices.contains(index) else { return }
        items[index].progress = progress
        items[index].isWatched = watched
        needsRedraw = true
    }

    /// Shows `text` in the bar for `duration` seconds (the bar comes into view for it).
    public mutating func showMessage(_ text: String, now: Seconds, duration: Seconds = 5) {
        message = (text, now + duration)
        speak(text)
        needsRedraw = true
    }

    /// The message in the bar, if any.
    public var messageText: String? { message?.text }

    // MARK: Internals

    /// Whether the bar must show whatever the tracker says: while typing the filter, or with a message.
    var barIsHeld: Bool { isEditingFilter || message != nil || configuration.screenReader }

    /// Counts of items by what is known of them.
    var counts: (playable: Int, unplayable: Int, pending: Int) {
        var counts = (playable: 0, unplayable: 0, pending: 0)
        for item in items {
            switch item.state {
            case .pending: counts.pending += 1
            case .playable: counts.playable += 1
            case .unplayable: counts.unplayable += 1
            }
        }
        return counts
    }

    /// Works out which items the list shows, keeping `item` selected when it is still there
    /// (else the one now at its place).
    mutating func refilter(keeping item: Int?, now: Seconds) {
        let query = filter.lowercased()
        let old = shown
        shown = items.indices.filter { index in
            let entry = items[index]
            if configuration.onlyPlayable, entry.isUnplayable { return false }
            if entry.isForgotten { return false }
            return entry.matches(query)
        }
        guard shown != old || viewport.itemCount != shown.count else { return }
        var target: Int?
        if let item {
            if let position = shown.firstIndex(of: item) {
                target = position
            } else if let position = old.firstIndex(of: item) {
                // Gone: select what came after it, or the last.
                target = shown.firstIndex { $0 > old[position] } ?? max(shown.count - 1, 0)
            }
        }
        viewport.setItems(count: shown.count, selecting: target)
        scrolled(now: now)
        needsRedraw = true
    }

    /// Feeds the tracker the list's scroll position after any change of it.
    mutating func scrolled(now: Seconds) {
        tracker.update(offset: Double(viewport.offset), maxOffset: Double(viewport.maxOffset),
                       threshold: ScrollHideTracker.defaultThreshold)
        bar.setHidden(tracker.isHidden, now: now)
    }

    /// Marks the screen as drawn.
    mutating func didDraw() { needsRedraw = false }
}
