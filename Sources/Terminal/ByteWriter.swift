import CBlitter
import Drawing

/// Appends bytes through a raw pointer into memory the caller has sized, with no capacity or
/// uniqueness check per byte: the renderer's hot path.
///
/// The caller guarantees room for everything written (the renderer budgets
/// ``ScreenRenderer/maxBytesPerCell`` per cell of a row, plus the row's cluster text).
struct ByteWriter {
    /// The start of the memory written to.
    let base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written so far (the next one goes at `base[count]`).
    var count: Int

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Appends a run of bytes.
    @inline(__always)
    mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { append(byte) }
    }
    /// The decimal digits of `value`, packed: the count in the low byte, then the digits in order
    /// (a constant table in CBlitter, so the hot path has no lazy initialisation to check).
    @inline(__always)
    static func digits(of value: UInt8) -> UInt32 { reel_decimal_digits(value) }

    /// Appends a channel value 0…255 in decimal from ``digits(of:)``.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt8) {
        let packed = ByteWriter.digits(of: value)
        base[count] = UInt8(truncatingIfNeeded: packed >> 8)
        base[count &+ 1] = UInt8(truncatingIfNeeded: packed >> 16)
        base[count &+ 2] = UInt8(truncatingIfNeeded: packed >> 24)
        count &+= Int(packed & 0xFF)
    }

    /// Appends a truecolor SGR parameter, `38;2;r;g;b` for `layer` `0x33` (the foreground's
    /// `3`) or `48;2;r;g;b` for `0x34` (the background's `4`).
    @inline(__always)
    mutating func appendTruecolor(layer: UInt8, _ colour: RGB) {
        base[count] = layer
        base[count &+ 1] = 0x38
        base[count &+ 2] = 0x3B
        base[count &+ 3] = 0x32
        base[count &+ 4] = 0x3B
        count &+= 5
        appendDecimal(colour.r)
        append(0x3B)
        appendDecimal(colour.g)
        append(0x3B)
        appendDecimal(colour.b)
    }

    /// Appends `value` (≥ 0) in decimal ASCII, without going through `String`.
    @inlinable
    mutating func appendDecimal(_ value: Int) {
        if value < 10 {
            append(0x30 &+ UInt8(truncatingIfNeeded: value))
        } else if value < 100 {
            append(0x30 &+ UInt8(truncatingIfNeeded: value / 10))
            append(0x30 &+ UInt8(truncatingIfNeeded: value % 10))
        } else if value < 1000 {
            append(0x30 &+ UInt8(truncatingIfNeeded: value / 100))
            append(0x30 &+ UInt8(truncatingIfNeeded: (value / 10) % 10))
            append(0x30 &+ UInt8(truncatingIfNeeded: value % 10))
        } else {
            appendDecimal(value / 1000)
            let rest = value % 1000
            append(0x30 &+ UInt8(truncatingIfNeeded: rest / 100))
            append(0x30 &+ UInt8(truncatingIfNeeded: (rest / 10) % 10))
            append(0x30 &+ UInt8(truncatingIfNeeded: rest % 10))
        }
    }

    /// Appends the UTF-8 encoding of `scalar`.
    @inline(__always)
    mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        if v < 0x80 {
            append(UInt8(truncatingIfNeeded: v))
        } else if v < 0x800 {
            append(0xC0 | UInt8(truncatingIfNeeded: v >> 6))
            append(0x80 | UInt8(truncatingIfNeeded: v & 0x3F))
        } else if v < 0x1_0000 {
            append(0xE0 | UInt8(truncatingIfNeeded: v >> 12))
            append(0x80 | UInt8(truncatingIfNeeded: (v >> 6) & 0x3F))
            append(0x80 | UInt8(truncatingIfNeeded: v & 0x3F))
        } else {
            append(0xF0 | UInt8(truncatingIfNeeded: v >> 18))
            append(0x80 | UInt8(truncatingIfNeeded: (v >> 12) & 0x3F))
            append(0x80 | UInt8(truncatingIfNeeded: (v >> 6) & 0x3F))
            append(0x80 | UInt8(truncatingIfNeeded: v & 0x3F))
        }
    }

    /// Appends `ESC [` (the Control Sequence Introducer).
    @inlinable
    mutating func appendCSI() {
        append(0x1B)
        append(0x5B)
    }

    /// Appends a one-parameter control sequence `ESC [ n final`, leaving out `n` when it is 1
    /// (every sequence used with this takes 1 as its default).
    @inlinable
    mutating func appendCSI(_ n: Int, _ final: UInt8) {
        appendCSI()
        if n != 1 { appendDecimal(n) }
        append(final)
    }
}

/// The number of decimal digits of `value` (≥ 0).
@inlinable
func decimalDigits(_ value: Int) -> Int {
    value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : value < 100_000 ? 5 : 5 + decimalDigits(value / 100_000)
}

/// The length of `ESC [ n final` as ``ByteWriter/appendCSI(_:_:)`` writes it.
@inlinable
func csiLength(_ n: Int) -> Int {
    n == 1 ? 3 : 3 + decimalDigits(n)
}
