/// Standard base64 (RFC 4648, with padding), as kitty's graphics protocol carries its data.
public enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The number of characters `count` bytes encode to.
    public static func encodedLength(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the encoding of `bytes` to `out`.
    public static func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: encodedLength(bytes.count)))
        out.withUnsafeMutableBufferPointer { buffer in
            alphabet.withUnsafeBufferPointer { table in
                var o = start
                var i = 0
                let n = bytes.count
                while i + 3 <= n {
                    let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                    buffer[o] = table[Int(v >> 18)]
                    buffer[o + 1] = table[Int((v >> 12) & 63)]
                    buffer[o + 2] = table[Int((v >> 6) & 63)]
                    buffer[o + 3] = table[Int(v & 63)]
                    i += 3
                    o += 4
                }
                if i < n {
                    let second = i + 1 < n ? UInt32(bytes[i + 1]) : 0
                    let v = UInt32(bytes[i]) << 16 | second << 8
                    buffer[o] = table[Int(v >> 18)]
                    buffer[o + 1] = table[Int((v >> 12) & 63)]
                    buffer[o + 2] = i + 1 < n ? table[Int((v >> 6) & 63)] : 0x3D
                    buffer[o + 3] = 0x3D  // =
                }
            }
        }
    }

    /// The encoding of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        bytes.withUnsafeBytes { encode($0, into: &out) }
        return out
    }
}
