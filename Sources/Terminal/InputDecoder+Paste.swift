extension InputDecoder {
    /// The bytes that end a bracketed paste: `ESC [ 2 0 1 ~`.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Collects paste content from `i` up to the end marker; emits the paste when the marker is
    /// found. Returns where to continue, or nil when the bytes end inside a possible marker.
    ///
    /// Content past ``maxPasteBytes`` is dropped; the marker is still looked for.
    mutating func collectPaste(_ bytes: [UInt8], from i: Int, into events: inout [InputEvent]) -> Int? {
        var j = i
        while j < bytes.count {
            if bytes[j] != 0x1B {
                j += 1
                continue
            }
            let marker = InputDecoder.pasteEnd
            var k = 1
            while k < marker.count, j + k < bytes.count, bytes[j + k] == marker[k] { k += 1 }
            if k == marker.count {
                appendPaste(bytes[i..<j])
                events.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
                paste = nil
                return j + k
            }
            if j + k == bytes.count {
                appendPaste(bytes[i..<j])  // the end may be a marker still arriving
                return j == i ? nil : j
            }
            j += 1
        }
        appendPaste(bytes[i..<j])
        return j
    }

    /// Adds `content` to the paste, keeping at most ``maxPasteBytes``.
    private mutating func appendPaste(_ content: ArraySlice<UInt8>) {
        InputDecoder.append(content, to: &paste, limit: InputDecoder.maxPasteBytes)
    }

    /// Adds `content` to `buffer` (when there is one), keeping at most `limit` bytes.
    static func append(_ content: ArraySlice<UInt8>, to buffer: inout [UInt8]?, limit: Int) {
        let room = limit - (buffer?.count ?? 0)
        if room > 0 { buffer?.append(contentsOf: content.prefix(room)) }
    }
}
