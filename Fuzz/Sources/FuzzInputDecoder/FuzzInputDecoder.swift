import Terminal

/// libFuzzer entry: feeds the bytes to a fresh decoder in pieces, with time moving on, and checks
/// the decoder's promises: it never crashes, never holds more than its bounds (pending bytes, a
/// string sequence such as the terminal's replies), and never makes more events than bytes (plus
/// a resolved Esc). Replies (kitty's APC answers, XTVERSION's DCS, DA1, XTSMGRAPHICS) are in the corpus.
func fuzzInputDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses how the stream is cut and how far apart the pieces arrive.
    let cut = Int(bytes[0] % 17) + 1
    let gap = Double(bytes[0] >> 4) * 0.01
    var decoder = InputDecoder()
    var now = 0.0
    var events = 0
    var index = 1
    while index < bytes.count {
        let end = min(index + cut, bytes.count)
        events += decoder.feed(bytes[index..<end], now: now).count
        precondition(decoder.pendingByteCount <= InputDecoder.maxPendingBytes, "decoder buffer grew past its bound")
        precondition(decoder.stringByteCount <= InputDecoder.maxStringBytes, "string sequence grew past its bound")
        index = end
        now += gap
    }
    if let deadline = decoder.deadline { events += decoder.flush(now: deadline).count }
    precondition(events <= bytes.count + 1, "more events than bytes")
    return 0
}
