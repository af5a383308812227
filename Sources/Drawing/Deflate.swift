import CZlib

/// zlib compression (RFC 1950), as kitty's graphics protocol takes it with `o=z`.
public enum Deflate {
    /// `bytes` compressed at `level` (1, the fastest, suits video frames sent every 33 ms), or
    /// nil when zlib fails (out of memory).
    public static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32 = 1) -> [UInt8]? {
        var capacity = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let status = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let destination = buffer.baseAddress, let source = bytes.baseAddress else { return Z_BUF_ERROR }
            return compress2(destination, &capacity, source.assumingMemoryBound(to: Bytef.self), uLong(bytes.count), level)
        }
        guard status == Z_OK else { return nil }
        out.removeLast(out.count - Int(capacity))
        return out
    }
}
