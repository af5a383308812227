import Controls
import Drawing
import Formatting
import ScreenParts

/// One line of a subtitle track: when it starts in the file, and its text on one row.
public struct SubtitleLine: Sendable, Equatable {
    public var start: Seconds
    public let text: String
    /// The text as the search compares it, made once where the lines are read (off the loop).
    let folded: FoldedText

    public init(start: Seconds, text: String) {
        self.start = start
        self.text = text
        folded = FoldedText(text)
    }
}

/// The jump to a subtitle line (mpv 0.39's select-subtitle-line): the current track's lines with
/// their times, filtered as the user types; Enter goes to the highlighted one.
public struct SubtitleSearch: Sendable, Equatable {
    /// What the list has to show.
    public enum Content: Sendable, Equatable {
        /// The lines are being read (a child process of FFmpeg's, off the loop).
        case reading
        case lines([SubtitleLine])
        /// They could not be read: why, in a few words.
        case failed(String)
    }

    /// The track whose lines these are.
    public let trackID: Int
    private(set) var content = Content.reading
    private(set) var query = ""
    /// The lines that match the query: indices into the lines.
    private(set) var matches: [Int] = []
    /// The highlighted match's place in ``matches``.
    private(set) var selection = 0
    /// Finds the matches, from the last ones when the query only grew.
    private(set) var filter = IncrementalFilter()
    /// The lines' texts as the filter compares them.
    private var folded: [FoldedText] = []
    /// The position when the search opened: the line showing then is highlighted first.
    private let position: Seconds

    public init(trackID: Int, position: Seconds) {
        self.trackID = trackID
        self.position = position
    }

    public var lines: [SubtitleLine] {
        if case .lines(let lines) = content { return lines }
        return []
    }

    /// The lines have been read (or not).
    public mutating func receive(_ content: Content) {
        self.content = content
        folded = lines.map(\.folded)
        filter.reset()
        refilter()
        // The line showing when the search opened, or the last one before it.
        selection = max((matches.lastIndex { lines[$0].start <= position + 0.001 }) ?? 0, 0)
    }

    public mutating func type(_ text: String) {
        query += text
        refilter()
    }

    /// Pasted text joins the query, on one line as the list's filter takes it.
    public mutating func paste(_ text: String) {
        type(FilterText.pasted(text))
    }

    public mutating func erase() {
        guard !query.isEmpty else { return }
        query.removeLast()
        refilter()
    }

    public mutating func clear() {
        query = ""
        refilter()
    }

    public mutating func move(by steps: Int) {
        guard !matches.isEmpty else { return }
        selection = min(max(selection + steps, 0), matches.count - 1)
    }

    /// The highlighted line, if any.
    public var selected: SubtitleLine? { matches.indices.contains(selection) ? lines[matches[selection]] : nil }

    /// Keeps the lines whose text holds every word of the query, in any case.
    private mutating func refilter() {
        matches = filter.matches(of: query, in: folded)
        selection = min(selection, max(matches.count - 1, 0))
    }

    /// Draws the search in a centred panel over most of `canvas`: the query, then the matching
    /// lines with their times (in `duration`'s clock format), the highlighted one kept in view.
    public func draw(into canvas: inout Canvas, duration: Seconds) {
        let width = min(canvas.width - 4, 100), height = min(canvas.height - 2, 30)
        guard width >= 20, height >= 6 else { return }
        let panel = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        let count: String
        switch content {
        case .reading: count = "reading…"
        case .lines(let lines): count = "\(matches.count) of \(lines.count)"
        case .failed: count = ""
        }
        // The title gives way to the count (a column apart), which says what the filter found.
        let countWidth = Sanitizer.displayWidth(of: count)
        let title = Sanitizer.truncated("Subtitle lines · type to filter, Enter goes there",
                                        toWidth: inside.width - (countWidth > 0 ? countWidth + 1 : 0))
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, bg: Theme.panel, style: .bold)
        canvas.drawText(count, x: inside.maxX - countWidth, y: inside.y, clip: inside, fg: Theme.dimText, bg: Theme.panel)
        canvas.drawText("/ " + query + "▏", x: inside.x, y: inside.y + 1, clip: inside, fg: Theme.text, bg: Theme.panel)
        if case .failed(let reason) = content {
            canvas.drawText(reason, x: inside.x, y: inside.y + 3, clip: inside, fg: Theme.dimText, bg: Theme.panel)
            return
        }
        let visible = max(inside.height - 3, 0)
        let first = min(max(selection - visible / 2, 0), max(matches.count - visible, 0))
        for offset in 0..<visible {
            let place = first + offset
            guard matches.indices.contains(place) else { break }
            let line = lines[matches[place]]
            let y = inside.y + 3 + offset
            let highlighted = place == selection
            let background = highlighted ? Theme.selection : Theme.panel
            if highlighted { canvas.fill(Rect(x: panel.x + 1, y: y, width: panel.width - 2, height: 1), bg: background) }
            let time = TimeText.format(line.start, within: duration)
            canvas.drawText(time, x: inside.x, y: y, clip: inside, fg: Theme.dimText, bg: background)
            canvas.drawText(line.text, x: inside.x + max(Sanitizer.displayWidth(of: TimeText.format(duration, within: duration)), 4) + 2, y: y,
                            clip: inside, fg: highlighted ? Theme.text : Theme.dimText, bg: background, style: highlighted ? .bold : [])
        }
    }
}
