import Drawing
import Terminal

/// kitty's Unicode placeholders (kitty ≥ 0.28): an image shown through ordinary text, so that a
/// program that redraws the screen from its own grid of cells (tmux) keeps the picture where
/// the text is, and moves, hides and restores it with the pane.
///
/// The image is transmitted as usual but placed *virtually* (`U=1`, over `c` columns and `r`
/// rows): it shows nowhere until cells hold the placeholder character U+10EEEE. Each such cell
/// says which image (the low 24 bits of its id in the cell's foreground colour) and which cell
/// of it (a combining mark for the row, one for the column, and optionally a third for the id's
/// most significant byte, from ``diacritics``). The background colour only shows where the image
/// is transparent; an underline colour would name a placement id (reel uses none: one virtual
/// placement per image).
///
/// Marks may be left out where they follow from the cell just to the left: kitty runs along a
/// row, and a placeholder of the same colours with no marks continues the run (same row, the
/// next column, the same high byte); one with only a row mark continues it when the row
/// matches. A run breaks at any other cell, so the first cell of a row and every cell after a
/// cell that is not the same image's must carry its marks (``text(row:column:id:inherit:)``).
public enum KittyPlaceholders {
    /// The placeholder character.
    public static let character: Unicode.Scalar = "\u{10EEEE}"
    /// The first kitty release that draws placeholders.
    public static let minimumKittyVersion = [0, 28]

    /// What a placeholder cell leaves to the cell on its left.
    public enum Inheritance: Sendable, Hashable {
        /// Nothing: the row's, the column's and (for an id above 24 bits) the high byte's marks.
        case nothing
        /// The column and the high byte: only the row's mark.
        case column
        /// Everything: the bare placeholder character.
        case everything
    }

    /// Whether the terminal that answered `version` (XTVERSION's answer, or tmux's
    /// `client_termtype` for its client) draws Unicode placeholders: kitty 0.28.0 or later.
    /// Unknown terminals and versions say no.
    public static func isSupported(version: TerminalVersion?) -> Bool {
        guard let version, version.name == "kitty" else { return false }
        return version.isAtLeast(minimumKittyVersion)
    }

    /// ``isSupported(version:)`` for the version's text as the terminal sent it (`kitty(0.28.1)`).
    public static func isSupported(versionText: String?) -> Bool {
        isSupported(version: versionText.flatMap(TerminalVersion.init))
    }

    /// Whether every client tmux lists for reel's pane (their `client_termtype`s, one a client:
    /// the picture goes to each of them) draws placeholders; no clients, no.
    public static func isSupported(byClients clientTypes: [String]) -> Bool {
        !clientTypes.isEmpty && clientTypes.allSatisfy { isSupported(versionText: $0) }
    }

    /// The mark that stands for `number` (0 is U+0305), or nil beyond the list's 297.
    public static func diacritic(_ number: Int) -> Unicode.Scalar? {
        guard number >= 0, number < diacritics.count else { return nil }
        return Unicode.Scalar(diacritics[number])
    }

    /// The number a mark stands for, or nil when it is not one of ``diacritics``.
    public static func number(of diacritic: Unicode.Scalar) -> Int? {
        var low = 0, high = diacritics.count
        while low < high {
            let middle = (low + high) / 2
            if diacritics[middle] < diacritic.value { low = middle + 1 } else { high = middle }
        }
        return low < diacritics.count && diacritics[low] == diacritic.value ? low : nil
    }

    /// The text of the placeholder cell at `row`, `column` of image `id`, leaving `inherit` to
    /// the cell on its left; nil when a mark it needs is beyond the list (a row or column of 297
    /// or more).
    public static func text(row: Int, column: Int, id: UInt32, inherit: Inheritance = .nothing) -> String? {
        var scalars = String.UnicodeScalarView()
        scalars.append(character)
        if inherit != .everything {
            guard let rowMark = diacritic(row) else { return nil }
            scalars.append(rowMark)
        }
        if inherit == .nothing {
            guard let columnMark = diacritic(column) else { return nil }
            scalars.append(columnMark)
            let high = Int(id >> 24)
            if high != 0, let highMark = diacritic(high) { scalars.append(highMark) }
        }
        return String(scalars)
    }

    /// The foreground colour that names image `id` (its low 24 bits: red the most significant
    /// byte, blue the least), as a `38;2;r;g;b` foreground writes it.
    public static func colour(id: UInt32) -> RGB {
        RGB(UInt8(truncatingIfNeeded: id >> 16), UInt8(truncatingIfNeeded: id >> 8), UInt8(truncatingIfNeeded: id))
    }

    /// The image id's low 24 bits that `colour` names.
    public static func id(of colour: RGB) -> UInt32 {
        UInt32(colour.r) << 16 | UInt32(colour.g) << 8 | UInt32(colour.b)
    }

    /// The SGR sequence that sets the foreground to image `id`'s: the 256-colour form `38;5;n`
    /// for an id whose low 24 bits are below 256 (shorter, and kept by any multiplexer), else
    /// the 24-bit form.
    public static func foreground(id: UInt32) -> [UInt8] {
        let low = id & 0xFF_FFFF
        if low < 256 { return Array("\u{1B}[38;5;\(low)m".utf8) }
        let c = colour(id: id)
        return Array("\u{1B}[38;2;\(c.r);\(c.g);\(c.b)m".utf8)
    }

    /// A virtual placement of image `id`, already transmitted, over `columns` × `rows` cells,
    /// silently (`q=2`): the spec's separate form.
    public static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        KittyGraphics.command("a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2", payload: [])
    }

    /// The keys that transmit image `id` of `width` × `height` pixels and place it virtually over
    /// `columns` × `rows` cells in one command (`a=T,U=1`). kitty answers `OK` when done, which
    /// reel takes as the frame's acknowledgement (as it does for a placement at the cursor).
    static func transmitKeys(id: UInt32, format: KittyGraphics.Format, width: Int, height: Int,
                             columns: Int, rows: Int) -> String {
        "a=T,f=\(format.rawValue),s=\(width),v=\(height),i=\(id),U=1,c=\(columns),r=\(rows)"
    }
}
