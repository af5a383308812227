/// What a cell shows, packed in 32 bits so that a ``Cell`` stays a small trivial value.
///
/// A symbol is one of:
/// - a single Unicode scalar (the common case, stored inline), narrow or wide;
/// - a multi-scalar grapheme cluster (a combining sequence, a flag, a ZWJ emoji), stored as an index
///   into the owning ``Canvas``'s side table;
/// - a *continuation*: the right half of the wide symbol in the cell to its left.
///
/// The width is part of the symbol, so the renderer never needs a width lookup per cell.
public struct CellSymbol: Sendable, Hashable {
    /// The packed bits: the scalar value or cluster index in the low 21 bits, flags above.
    public let rawValue: UInt32

    @usableFromInline static let valueMask: UInt32 = 0x1F_FFFF
    /// On a cluster: every terminal gives it the width the symbol says (kitty's placeholders),
    /// so the renderer may go on writing after it without moving the cursor.
    @usableFromInline static let certainWidthFlag: UInt32 = 1 << 28
    @usableFromInline static let continuationFlag: UInt32 = 1 << 29
    @usableFromInline static let wideFlag: UInt32 = 1 << 30
    public static let clusterFlag: UInt32 = 1 << 31

    @inlinable
    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A single scalar, with its width from ``TextWidth``.
    ///
    /// The scalar is taken as given: use ``Sanitizer`` (or ``Canvas/drawText(_:x:y:clip:fg:bg:style:)``)
    /// for text that may hold control characters. A zero-width scalar is stored as narrow.
    @inlinable
    public init(_ scalar: Unicode.Scalar) {
        let wide = TextWidth.of(scalar) == 2
        self.rawValue = scalar.value | (wide ? CellSymbol.wideFlag : 0)
    }

    /// A single scalar whose width is already known.
    @inlinable
    init(_ scalar: Unicode.Scalar, wide: Bool) {
        self.rawValue = scalar.value | (wide ? CellSymbol.wideFlag : 0)
    }

    /// A cluster index into a canvas side table; `certainWidth` when every terminal agrees on its width.
    @inlinable
    init(clusterIndex: Int, wide: Bool, certainWidth: Bool = false) {
        self.rawValue = UInt32(clusterIndex) | CellSymbol.clusterFlag | (wide ? CellSymbol.wideFlag : 0)
            | (certainWidth ? CellSymbol.certainWidthFlag : 0)
    }

    /// A blank: U+0020 SPACE.
    public static let space = CellSymbol(rawValue: 0x20)
    /// The upper half block `▀`, used for two pixels per cell.
    public static let upperHalf = CellSymbol(rawValue: 0x2580)
    /// The full block `█`: one colour, the foreground, over the whole cell.
    public static let fullBlock = CellSymbol(rawValue: 0x2588)
    /// The right half of a wide symbol; it is never drawn by itself.
    public static let continuation = CellSymbol(rawValue: continuationFlag)

    /// Whether the symbol takes two columns (its right half is the next cell's continuation).
    @inlinable public var isWide: Bool { rawValue & CellSymbol.wideFlag != 0 }
    /// Whether this is the right half of a wide symbol.
    @inlinable public var isContinuation: Bool { rawValue & CellSymbol.continuationFlag != 0 }
    /// Whether the symbol is a multi-scalar cluster kept in the canvas's side table.
    @inlinable public var isCluster: Bool { rawValue & CellSymbol.clusterFlag != 0 }

    /// Whether the symbol is text rather than a piece of a picture in cells: not a space, a box
    /// line (U+2500–257F), a block element (U+2580–259F) or a symbol for legacy computing such as
    /// the sextants (U+1FB00–1FBFF). The controls, their times and subtitles are text.
    @inlinable public var isText: Bool {
        if isCluster { return true }
        if isContinuation { return false }
        let value = rawValue & CellSymbol.valueMask
        return value > 0x20 && !(0x2500...0x259F).contains(value) && !(0x1FB00...0x1FBFF).contains(value)
    }

    /// The scalar, when the symbol is a single scalar (not a cluster or a continuation).
    @inlinable
    public var scalar: Unicode.Scalar? {
        if rawValue & (CellSymbol.clusterFlag | CellSymbol.continuationFlag) != 0 { return nil }
        return Unicode.Scalar(rawValue & CellSymbol.valueMask)
    }

    /// The cluster's index in the side table, when the symbol is a cluster.
    @inlinable
    var clusterIndex: Int? {
        isCluster ? Int(rawValue & CellSymbol.valueMask) : nil
    }
}
