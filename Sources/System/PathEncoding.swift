/// Carries a path's bytes through a Swift `String` without losing one: the codec behind
/// ``FilePath/text`` and ``FilePath/init(_:)``, for the places that speak `String` (the option
/// parser, mpv's commands and string properties, resume records).
///
/// Linux file names are bytes. Swift strings hold Unicode, so a name with, say, a Latin-1 byte
/// would be "repaired" to U+FFFD and no longer name the file. Here each byte that is not part of
/// valid UTF-8 becomes one private-use scalar (U+10FE80…U+10FEFF, the byte's value above
/// U+10FE00), and turns back into that byte at every C call. Valid text is unchanged.
public enum PathEncoding {
    /// The first of the 128 scalars that stand for the bytes 0x80…0xFF.
    static let escapeBase: UInt32 = 0x10FE00

    /// A string for `bytes`, keeping invalid UTF-8 bytes as escapes.
    public static func string<Bytes: Collection<UInt8>>(fromBytes bytes: Bytes) -> String {
        let bytes = Array(bytes)
        // ASCII, as nearly every path is: nothing to escape (a 100,000-entry playlist passes
        // each of its names through here and back).
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decodeScalar(bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index])) ?? "\u{FFFD}")
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `string` stands for: escapes back to raw bytes, everything else as UTF-8.
    public static func bytes(of string: String) -> [UInt8] {
        // Every escape's UTF-8 begins with 0xF4 (U+10FE80…U+10FEFF): without one, the UTF-8 is the bytes.
        if !string.utf8.contains(0xF4) { return Array(string.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if let raw = escapedByte(scalar) {
                bytes.append(raw)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with a NUL-terminated C string of the bytes `string` stands for.
    public static func withCString<R>(_ string: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let chars = bytes(of: string).map { CChar(bitPattern: $0) } + [0]
        return try body(chars)
    }

    /// The string with every escaped byte shown as U+FFFD, for display.
    public static func displayName(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { escapedByte($0) != nil }) else { return string }
        return String(String.UnicodeScalarView(string.unicodeScalars.map { escapedByte($0) == nil ? $0 : "\u{FFFD}" }))
    }

    /// The raw byte a scalar stands for, if it is an escape.
    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= escapeBase + 0x80, value <= escapeBase + 0xFF else { return nil }
        return UInt8(value - escapeBase)
    }

    /// Decodes one well-formed UTF-8 scalar at `index` (no overlongs, no surrogates, no escape
    /// scalars, which would not round-trip), or nil.
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value), escapedByte(scalar) == nil else { return nil }
        return (scalar, length)
    }
}
