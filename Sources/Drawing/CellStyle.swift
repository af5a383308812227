/// Text attributes of a cell, each mapped to one SGR parameter.
public struct CellStyle: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt8

    /// Creates a style from its raw bits.
    @inlinable
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold or bright text (SGR 1).
    public static let bold = CellStyle(rawValue: 1 << 0)
    /// Dim text (SGR 2).
    public static let dim = CellStyle(rawValue: 1 << 1)
    /// Italic text (SGR 3).
    public static let italic = CellStyle(rawValue: 1 << 2)
    /// Underlined text (SGR 4).
    public static let underline = CellStyle(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let reverse = CellStyle(rawValue: 1 << 4)
    /// The cell's background is the picture under it (pixel mode): it is written in the
    /// terminal's default background, through which the terminal's image shows. Its `bg` is the
    /// mean colour of the pixels under it, for fades and for terminals that cannot show text over
    /// a picture. Not an SGR attribute.
    public static let seeThrough = CellStyle(rawValue: 1 << 5)

    /// Whether a space in this style shows its foreground colour (underline and reverse do).
    @inlinable
    public var showsForegroundOnBlank: Bool {
        rawValue & (CellStyle.underline.rawValue | CellStyle.reverse.rawValue) != 0
    }
}
