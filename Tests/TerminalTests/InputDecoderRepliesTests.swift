import Testing
import Terminal

@Suite("InputDecoder: the terminal's replies")
struct InputDecoderRepliesTests {
    static let replies: [(String, [InputEvent])] = [
        ("⎋[?62;c", [.reply(.deviceAttributes([62, 0]))]),
        ("⎋[?63;1;2;4;6;9;15;16;22;28c", [.reply(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]))]),
        ("⎋[?1;0;1024S", [.reply(.graphicsAttribute(item: 1, status: 0, values: [1024]))]),
        ("⎋[?2;0;600;390S", [.reply(.graphicsAttribute(item: 2, status: 0, values: [600, 390]))]),
        ("⎋[?2;3;0S", [.reply(.graphicsAttribute(item: 2, status: 3, values: [0]))]),
        ("⎋[6;18;9t", [.reply(.windowSize(kind: 6, height: 18, width: 9))]),
        ("⎋[4;450;792t", [.reply(.windowSize(kind: 4, height: 450, width: 792))]),
        ("⎋[?2026;2$y", [.reply(.modeReport(mode: 2026, state: 2))]),
        ("⎋_Gi=31;OK⎋\\", [.reply(.kittyGraphics(image: 31, placement: nil, message: "OK"))]),
        ("⎋_Gi=7,p=1;OK⎋\\", [.reply(.kittyGraphics(image: 7, placement: 1, message: "OK"))]),
        ("⎋_Gi=9;EBADF:bad⎋\\x", [.reply(.kittyGraphics(image: 9, placement: nil, message: "EBADF:bad")), char("x")]),
        ("⎋_Gi=3;OK\u{07}", [.reply(.kittyGraphics(image: 3, placement: nil, message: "OK"))]),
        // Strings that are not kitty's answers are read to their end and dropped.
        ("⎋_Xsomething⎋\\a", [char("a")]),
        ("⎋P1$r0m⎋\\b", [char("b")]),
        ("⎋]11;rgb:0000/0000/0000\u{07}c", [char("c")]),
        // CAN abandons a string; an ESC that is not ST ends it and starts what follows.
        ("⎋_Gi=1;OK\u{18}d", [char("d")]),
        ("⎋_Gi=1;OK⎋[Ae", [key(.up), char("e")]),
        // Unknown window reports and malformed replies are nothing.
        ("⎋[9;1;1tf", [char("f")]),
        ("⎋[?1:2cg", [char("g")]),
    ]

    @Test("replies decode the same whole, split at every byte, and byte by byte", arguments: replies)
    func splitInvariance(input: String, expected: [InputEvent]) {
        let bytes = esc(input)
        #expect(decodeWhole(bytes) == expected)
        for cut in 1..<bytes.count {
            #expect(decode(pieces: [bytes[..<cut], bytes[cut...]]) == expected, "split at \(cut)")
        }
        #expect(decode(pieces: bytes.indices.map { bytes[$0...$0] }) == expected, "byte by byte")
    }

    @Test("a reply's message is printable ASCII of bounded length, whatever was sent")
    func hostileMessage() {
        let long = String(repeating: "A", count: 5_000)
        let events = decodeWhole(esc("⎋_Gi=4;\u{01}\u{7F}é\(long)⎋\\z"))
        guard case .reply(.kittyGraphics(4, nil, let message))? = events.first else { Issue.record("no reply: \(events)"); return }
        #expect(message.count == InputDecoder.maxReplyMessageLength)
        #expect(message.utf8.allSatisfy { (0x20...0x7E).contains($0) })
        #expect(events.dropFirst().elementsEqual([char("z")]))
    }

    @Test("the string buffer stays bounded while a long string arrives")
    func boundedString() {
        var decoder = InputDecoder()
        _ = decoder.feed(esc("⎋_G"), now: 0)
        for _ in 0..<100 { _ = decoder.feed([UInt8](repeating: 0x41, count: 1_000), now: 0) }
        #expect(decoder.stringByteCount <= InputDecoder.maxStringBytes)
        #expect(decoder.pendingByteCount <= InputDecoder.maxPendingBytes)
    }

    @Test("a string left open is dropped after its timeout; keys typed after it come through")
    func unterminated() {
        var decoder = InputDecoder()
        #expect(decoder.feed(esc("⎋_Gi=1;O"), now: 0).isEmpty)
        #expect(decoder.deadline == InputDecoder.stringTimeout)
        #expect(decoder.flush(now: 0.1).isEmpty, "not yet")
        #expect(decoder.flush(now: InputDecoder.stringTimeout).isEmpty)
        #expect(decoder.stringByteCount == 0 && decoder.deadline == nil)
        #expect(decoder.feed(esc("q"), now: 1) == [char("q")])
    }
}
