import CBlitter
import Drawing

/// Appends bytes through a raw pointer into memory the caller has sized, with no capacity or
/// uniqueness check per byte: the sixel encoder's hot path.
///
/// The caller guarantees room for everything written.
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
}
