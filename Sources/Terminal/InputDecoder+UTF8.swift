extension InputDecoder {
    /// The result of decoding one UTF-8 scalar.
    enum ScalarStep {
        /// A scalar and the number of bytes it took.
        case scalar(Unicode.Scalar, Int)
        /// The byte at the position cannot start a valid scalar: skip it.
        case invalid
        /// A valid start whose remaining bytes have not arrived.
        case incomplete
    }

    /// Decodes the UTF-8 scalar starting at `i`, rejecting overlong forms, surrogates, values past
    /// U+10FFFF and C1 controls (which are never typed).
    func decodeScalar(_ bytes: [UInt8], at i: Int) -> ScalarStep {
        let lead = bytes[i]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00..<0x80: return .scalar(Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return .invalid
        }
        for k in 1..<length {
            guard i + k < bytes.count else { return .incomplete }
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return .invalid }
            value = value << 6 | UInt32(b & 0x3F)
            // Reject overlong and out-of-range forms as soon as the second byte shows them.
            if k == 1 {
                let minimum: UInt32 = length == 3 ? 0x20 : length == 4 ? 0x10 : 0
                if value < minimum || value > 0x10FFFF >> (6 * UInt32(length - 2)) { return .invalid }
            }
        }
        guard value >= 0xA0, let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length)
    }
}
