/// Modifier keys held with a key or a mouse event.
public struct Modifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt8

    /// Creates modifiers from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option); also a key preceded by ESC.
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let ctrl = Modifiers(rawValue: 1 << 2)

    /// The modifiers of an xterm modifier parameter (`1 + bits`: 1 shift, 2 alt, 4 ctrl, 8 meta).
    init(xtermParameter parameter: Int) {
        let bits = max(parameter - 1, 0)
        var result: Modifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.ctrl) }
        self = result
    }
}
