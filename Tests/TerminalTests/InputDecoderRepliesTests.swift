import Testing
import Terminal
import TestTerminal

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
        // The status report after each screen: the answer, never a key; other `n`s are nothing.
        ("⎋[0n", [.reply(.status(0))]),
        ("⎋[3nq", [.reply(.status(3)), char("q")]),
        ("⎋[0n⎋[0n ", [.reply(.status(0)), .reply(.status(0)), char(" ")]),
        ("⎋[5nr", [char("r")]),
        ("⎋[?0ns", [char("s")]),
        ("⎋_Gi=31;OK⎋\\", [.reply(.kittyGraphics(image: 31, placement: nil, message: "OK"))]),
        ("⎋_Gi=7,p=1;OK⎋\\", [.reply(.kittyGraphics(image: 7, placement: 1, message: "OK"))]),
        ("⎋_Gi=9;EBADF:bad⎋\\x", [.reply(.kittyGraphics(image: 9, placement: nil, message: "EBADF:bad")), char("x")]),
        ("⎋_Gi=3;OK\u{07}", [.reply(.kittyGraphics(image: 3, placement: nil, message: "OK"))]),
        // XTVERSION: the text after `>|`, as each terminal sent it (kitty, xterm and tmux 3.3a
        // recorded; WezTerm and foot as their sources write it).
        ("⎋P>|kitty(0.26.5)⎋\\", [.reply(.terminalVersion("kitty(0.26.5)"))]),
        ("⎋P>|XTerm(379)⎋\\", [.reply(.terminalVersion("XTerm(379)"))]),
        ("⎋P>|tmux 3.3a⎋\\", [.reply(.terminalVersion("tmux 3.3a"))]),
        ("⎋P>|WezTerm 20230712-072601-f4abf8fd⎋\\", [.reply(.terminalVersion("WezTerm 20230712-072601-f4abf8fd"))]),
        ("⎋P>|foot(1.13.1)⎋\\h", [.reply(.terminalVersion("foot(1.13.1)")), char("h")]),
        ("⎋P>|VTE(7802)\u{07}", [.reply(.terminalVersion("VTE(7802)"))]),
        // A DCS that is not XTVERSION's, an empty one, or one with a control byte is dropped.
        ("⎋P>|⎋\\i", [char("i")]),
        ("⎋P>kitty⎋\\j", [char("j")]),
        ("⎋P|>kitty⎋\\k", [char("k")]),
        ("⎋P>|kit\u{01}ty⎋\\l", [char("l")]),
        ("⎋P>|kitté⎋\\m", [char("m")]),
        // Cut short by CAN, or by an ESC that starts a key: no version, the key stays a key.
        ("⎋P>|kitty(0.2\u{18}n", [char("n")]),
        ("⎋P>|kitty(0.2⎋[Ao", [key(.up), char("o")]),
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

    @Test("an XTVERSION answer longer than the limit is dropped whole, never cut to a wrong version",
          arguments: [InputDecoder.maxVersionLength + 1, InputDecoder.maxStringBytes, 5_000])
    func oversizedVersion(length: Int) {
        let text = "kitty(0.26.5)" + String(repeating: "9", count: length - 13)
        #expect(decodeWhole(esc("⎋P>|\(text)⎋\\z")) == [char("z")])
    }

    @Test("an XTVERSION answer of exactly the limit is kept")
    func longestVersion() {
        let text = String(repeating: "v", count: InputDecoder.maxVersionLength)
        #expect(decodeWhole(esc("⎋P>|\(text)⎋\\")) == [.reply(.terminalVersion(text))])
    }

    @Test("an XTVERSION answer that never ends is dropped at the string timeout; typing goes on")
    func unterminatedVersion() {
        var decoder = InputDecoder()
        #expect(decoder.feed(esc("⎋P>|kitty(0.26"), now: 0).isEmpty)
        #expect(decoder.flush(now: InputDecoder.stringTimeout + 0.01).isEmpty)
        #expect(decoder.feed(Array("q".utf8), now: 1) == [char("q")])
    }
}
