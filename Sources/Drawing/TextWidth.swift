/// Display widths in terminal columns, computed from code points alone.
///
/// East Asian Wide and Fullwidth characters and emoji-presentation characters are 2 columns;
/// combining marks, format characters (ZWJ, ZWSP, …), variation selectors and conjoining Hangul
/// vowels and finals are 0; everything else is 1. The widths follow what common terminals
/// (xterm, VTE, kitty, tmux) draw; where terminals disagree (emoji), the renderer re-anchors the cursor.
public enum TextWidth {
    /// Ranges of East Asian Wide (W) and Fullwidth (F) code points that are not emoji.
    /// Emoji come from the `Emoji_Presentation` property instead.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The width of one scalar: 0, 1 or 2.
    ///
    /// Control characters report 1: the ``Sanitizer`` replaces them with visible stand-ins of width 1.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }  // Latin: no marks or wide characters below U+0300
        return slowWidth(scalar)
    }

    @usableFromInline
    static func slowWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x1160 && v <= 0x11FF { return 0 }  // conjoining Hangul medial vowels and finals
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation { return 2 }
        return isWide(v) ? 2 : 1
    }

    /// Whether `value` lies in ``wideRanges`` (binary search).
    static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The width of one grapheme cluster: 0, 1 or 2.
    ///
    /// A cluster is as wide as its first scalar that has a width, and 2 when it asks for emoji
    /// presentation (U+FE0F after an emoji) or holds an emoji-presentation scalar (flags, ZWJ sequences).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        var width = of(first)
        if width == 2 { return 2 }
        let firstIsEmoji = first.properties.isEmoji
        var next: Unicode.Scalar? = second
        while let scalar = next {
            if scalar.value == 0xFE0F && firstIsEmoji { return 2 }
            let w = of(scalar)
            if w == 2 { return 2 }
            if width == 0 { width = w }
            next = iterator.next()
        }
        return width
    }
}
