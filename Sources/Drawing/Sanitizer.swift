/// The one text sanitiser: every string drawn on a ``Canvas`` goes through it.
///
/// It makes text inert and measurable:
/// - C0 controls become the Control Pictures (U+2400…U+241F, so ESC shows as `␛`), DEL becomes `␡`;
/// - C1 controls (U+0080…U+009F) become `�`;
/// - bidirectional embeddings, overrides, isolates and marks are removed, so text cannot reorder itself;
/// - line and paragraph separators become spaces.
///
/// A title or file name can then never move the cursor, retitle the window or clear the screen.
public enum Sanitizer {
    /// One grapheme cluster of sanitised text and its display width (0, 1 or 2).
    public struct Glyph: Sendable, Hashable {
        /// The sanitised cluster.
        public var character: Character
        /// Its width in columns.
        public var width: Int
    }

    /// The visible stand-in for `scalar`, itself when it is harmless, or nil when it is dropped.
    public static func sanitize(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        switch v {
        case 0x00...0x1F:
            return Unicode.Scalar(0x2400 + v)
        case 0x7F:
            return "\u{2421}"
        case 0x80...0x9F:
            return "\u{FFFD}"
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return nil
        case 0x2028, 0x2029:
            return " "
        default:
            return scalar
        }
    }

    /// `text` with every scalar sanitised (see ``sanitize(_:)``).
    public static func sanitized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let clean = sanitize(scalar) { scalars.append(clean) }
        }
        return String(scalars)
    }

    /// The sanitised grapheme clusters of `text`, each with its width.
    public static func glyphs(of text: String) -> [Glyph] {
        sanitized(text).map { Glyph(character: $0, width: TextWidth.of($0)) }
    }

    /// The number of columns `text` takes once sanitised.
    public static func displayWidth(of text: String) -> Int {
        glyphs(of: text).reduce(0) { $0 + $1.width }
    }

    /// `text` sanitised and cut to at most `width` columns, ending in `ellipsis` when it was cut.
    ///
    /// When even the ellipsis does not fit, the text is cut without it.
    public static func truncated(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        string(fitting(glyphs(of: text), width: width, ellipsis: ellipsis))
    }

    /// `text` sanitised and word-wrapped into at most `maxLines` lines of at most `width` columns.
    ///
    /// Words are split on spaces; a word wider than a line is broken between clusters. When the
    /// text needs more lines, the last line keeps as much as fits and ends in `ellipsis`.
    public static func wrapped(_ text: String, width: Int, maxLines: Int, ellipsis: String = "…") -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        let words = glyphs(of: text).split { $0.character == " " }
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var lineWidth = 0
        for word in words {
            let wordWidth = word.reduce(0) { $0 + $1.width }
            if !line.isEmpty && lineWidth + 1 + wordWidth <= width {
                line.append(Glyph(character: " ", width: 1))
                line.append(contentsOf: word)
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = []
            lineWidth = 0
            for glyph in word {
                if lineWidth + glyph.width > width && !line.isEmpty {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                line.append(glyph)
                lineWidth += glyph.width
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > maxLines else { return lines.map(string) }
        var last = lines[maxLines - 1]
        for rest in lines[maxLines...] {
            last.append(Glyph(character: " ", width: 1))
            last.append(contentsOf: rest)
        }
        return lines[..<(maxLines - 1)].map(string) + [string(fitting(last, width: width, ellipsis: ellipsis))]
    }

    /// The longest prefix of `glyphs` within `width` columns, with `ellipsis` when it was cut.
    static func fitting(_ glyphs: [Glyph], width: Int, ellipsis: String) -> [Glyph] {
        let total = glyphs.reduce(0) { $0 + $1.width }
        if total <= width { return glyphs }
        let tail = self.glyphs(of: ellipsis)
        let tailWidth = tail.reduce(0) { $0 + $1.width }
        let room = tailWidth <= width ? width - tailWidth : width
        var kept: [Glyph] = []
        var used = 0
        for glyph in glyphs {
            if used + glyph.width > room { break }
            kept.append(glyph)
            used += glyph.width
        }
        while kept.last?.character == " " { kept.removeLast() }
        return tailWidth <= width ? kept + tail : kept
    }

    static func string(_ glyphs: [Glyph]) -> String {
        String(glyphs.map(\.character))
    }
}
