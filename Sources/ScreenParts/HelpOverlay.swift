import Drawing

/// The `?` overlay: the keys of the screen, from the table of commands, in a panel over whatever
/// is on screen; in columns where they fit, with long help wrapped, and in pages where even that
/// does not fit the terminal's height.
public enum HelpOverlay {
    /// One key's line of help, as laid out: the keys, and the help wrapped to its column.
    public struct Entry: Equatable {
        var keys: String
        var help: [String]
    }

    /// Where every line of help goes in a canvas of a given size.
    struct Layout: Equatable {
        /// The panel's columns.
        var columns: Int
        /// How wide each column is, keys and help.
        var columnWidth: Int
        /// How wide the keys are in a column.
        var keyWidth: Int
        /// How many rows a page has in each column.
        var rowsPerColumn: Int
        /// The entries of each page, each page's in column order.
        var pages: [[Entry]]

        /// Lays out `lines` (keys, what they do) for a `width` × `height` canvas: the fewest pages,
        /// then the fewest wrapped lines, then the fewest columns.
        init(_ lines: [(keys: String, help: String)], width: Int, height: Int) {
            let keyWidth = min(lines.map { Sanitizer.displayWidth(of: $0.keys) }.max() ?? 0, 18)
            let widest = lines.map { Sanitizer.displayWidth(of: $0.help) }.max() ?? 0
            let gap = HelpOverlay.gap
            // The panel: a border and a margin of 2 on each side; a title, a blank line, and a
            // footer line when there are pages.
            let rows = max(height - 2 - 3, 1)
            // A layout is whole when the keys fit and no word of the help is broken; the first
            // column count is the fallback for a terminal too small for that.
            let longestWord = lines.flatMap { $0.help.split(separator: " ") }.map { Sanitizer.displayWidth(of: String($0)) }.max() ?? 1
            var best: Layout?
            for columns in 1...3 {
                let room = (width - 4 - gap * (columns - 1)) / columns
                let keys = min(keyWidth, max(room / 2, 1))
                let textWidth = max(room - keys - 2, 1)
                let isWhole = keys == keyWidth && textWidth >= longestWord
                guard isWhole || columns == 1 else { break }
                let columnWidth = min(keys + 2 + widest, max(room, 1))
                let entries = lines.map {
                    Entry(keys: Sanitizer.truncated($0.keys, toWidth: keys),
                          help: Sanitizer.wrapped($0.help, width: textWidth, maxLines: .max))
                }
                let candidate = Layout(entries, columns: columns, columnWidth: columnWidth, keyWidth: keys, rows: rows)
                if let current = best, !candidate.isBetter(than: current) { continue }
                best = candidate
            }
            self = best ?? Layout([], columns: 1, columnWidth: 1, keyWidth: 1, rows: 1)
        }

        /// Fills pages of `columns` × `rows` lines, column by column, an entry never split.
        private init(_ entries: [Entry], columns: Int, columnWidth: Int, keyWidth: Int, rows: Int) {
            self.columns = columns
            self.columnWidth = columnWidth
            self.keyWidth = keyWidth
            // With more than one page, a line is the footer's.
            let total = entries.reduce(0) { $0 + max($1.help.count, 1) }
            let perColumn = total <= rows * columns ? rows : max(rows - 1, 1)
            var pages: [[Entry]] = [[]]
            var column = 0, used = 0
            for entry in entries {
                let height = min(max(entry.help.count, 1), perColumn)
                if used + height > perColumn {
                    column += 1
                    used = 0
                    if column == columns {
                        pages.append([])
                        column = 0
                    }
                }
                pages[pages.count - 1].append(entry)
                used += height
            }
            self.pages = pages
            // On one page, a column is no taller than the entries need.
            rowsPerColumn = pages.count > 1 ? perColumn
                : Self.rowsNeeded(entries, columns: columns, atLeast: min(max((total + columns - 1) / columns, 1), perColumn),
                                  most: perColumn)
        }

        /// The fewest rows a column needs for `entries` to fit `columns` columns, entries whole.
        private static func rowsNeeded(_ entries: [Entry], columns: Int, atLeast: Int, most: Int) -> Int {
            var rows = atLeast
            while rows < most {
                var column = 0, used = 0
                for entry in entries {
                    let height = max(entry.help.count, 1)
                    if used + height > rows { column += 1; used = 0 }
                    used += height
                }
                if column < columns { return rows }
                rows += 1
            }
            return most
        }

        private var wrappedLines: Int { pages.joined().reduce(0) { $0 + max($1.help.count - 1, 0) } }

        private func isBetter(than other: Layout) -> Bool {
            if pages.count != other.pages.count { return pages.count < other.pages.count }
            if wrappedLines != other.wrappedLines { return wrappedLines < other.wrappedLines }
            return false
        }
    }

    public static let gap = 3

    /// Draws `lines` (keys, what they do) in a centred panel titled `title`, clipped to the canvas,
    /// showing `page` (clamped to the pages there are, and returned); the title names the blitter
    /// the picture is drawn with (`--blitter`), when given. With more than one page, its last line
    /// says which page this is and which keys turn them.
    @discardableResult
    public static func draw(_ lines: [(keys: String, help: String)], title: String, picture: FrameEncoder.Blitter? = nil,
                     page: Int = 0, into canvas: inout Canvas) -> Int {
        guard canvas.width >= 10, canvas.height >= 5 else { return 0 }
        let layout = Layout(lines, width: canvas.width, height: canvas.height)
        let page = min(max(page, 0), layout.pages.count - 1)
        let paged = layout.pages.count > 1
        let width = min(layout.columnWidth * layout.columns + gap * (layout.columns - 1) + 4, canvas.width)
        let height = min(layout.rowsPerColumn + (paged ? 1 : 0) + 4, canvas.height)
        let panel = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, style: .bold)
        if let picture {
            let note = "picture: \(picture.drawsCells ? picture.name : "the terminal's pixels")"
            let x = max(inside.maxX - Sanitizer.displayWidth(of: note), inside.x + Sanitizer.displayWidth(of: title) + 2)
            canvas.drawText(note, x: x, y: inside.y, clip: inside, fg: Theme.dimText)
        }
        let top = inside.y + 2
        var column = 0, row = 0
        for entry in layout.pages[page] {
            let height = max(entry.help.count, 1)
            if row + height > layout.rowsPerColumn && row > 0 { column += 1; row = 0 }
            let x = inside.x + column * (layout.columnWidth + gap)
            let cell = Rect(x: x, y: top + row, width: max(min(layout.columnWidth, inside.maxX - x), 0),
                            height: min(height, layout.rowsPerColumn - row))
            canvas.drawText(entry.keys, x: x, y: cell.y, clip: cell, fg: Theme.text, style: .bold)
            for (index, line) in entry.help.enumerated() where index < cell.height {
                canvas.drawText(line, x: x + layout.keyWidth + 2, y: cell.y + index, clip: cell, fg: Theme.dimText)
            }
            row += height
        }
        if paged {
            let footer = "page \(page + 1) of \(layout.pages.count) · ↓ PgDn Space: next · ↑ PgUp: back · any other key closes"
            let y = inside.maxY - 1
            canvas.drawText(Sanitizer.truncated(footer, toWidth: inside.width), x: inside.x, y: y, clip: inside, fg: Theme.accent)
        }
        return page
    }
}
