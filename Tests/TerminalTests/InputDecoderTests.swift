import Testing
import Terminal
import TestTerminal

/// Feeds `bytes` whole at t = 0 and resolves anything pending (a trailing lone ESC) at t = 1.
func decodeWhole(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(bytes, now: 0) + decoder.flush(now: 1)
}

/// Feeds `bytes` in the given pieces, all at t = 0, then resolves at t = 1.
func decode(pieces: [ArraySlice<UInt8>]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for piece in pieces { events += decoder.feed(piece, now: 0) }
    return events + decoder.flush(now: 1)
}

func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers)) }
func char(_ c: Character, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyEvent(.character(c), modifiers)) }
func mouse(_ action: MouseAction, _ x: Int, _ y: Int, _ modifiers: Modifiers = []) -> InputEvent {
    .mouse(MouseEvent(action, column: x, row: y, modifiers: modifiers))
}

@Suite("InputDecoder")
struct InputDecoderTests {
    static let keys: [(String, [InputEvent])] = [
        ("a", [char("a")]), ("Z", [char("Z")]), (" ", [char(" ")]), ("é", [char("é")]), ("中", [char("中")]),
        ("😀", [char("😀")]), ("ab", [char("a"), char("b")]),
        ("\r", [key(.enter)]), ("\t", [key(.tab)]), ("\u{7F}", [key(.backspace)]), ("\u{08}", [key(.backspace)]),
        ("\u{01}", [char("a", .ctrl)]), ("\u{1A}", [char("z", .ctrl)]), ("\u{0A}", [char("j", .ctrl)]),
        ("\u{00}", [char(" ", .ctrl)]), ("\u{1C}", [char("\\", .ctrl)]), ("\u{1F}", [char("_", .ctrl)]),
        ("⎋", [key(.escape)]),
        ("⎋[A", [key(.up)]), ("⎋[B", [key(.down)]), ("⎋[C", [key(.right)]), ("⎋[D", [key(.left)]),
        ("⎋OA", [key(.up)]), ("⎋OB", [key(.down)]), ("⎋OC", [key(.right)]), ("⎋OD", [key(.left)]),
        ("⎋[1;2A", [key(.up, .shift)]), ("⎋[1;3B", [key(.down, .alt)]), ("⎋[1;5C", [key(.right, .ctrl)]),
        ("⎋[1;8D", [key(.left, [.shift, .alt, .ctrl])]), ("⎋[1;9A", [key(.up, .alt)]),
        ("⎋[H", [key(.home)]), ("⎋[F", [key(.end)]), ("⎋OH", [key(.home)]), ("⎋OF", [key(.end)]),
        ("⎋[1~", [key(.home)]), ("⎋[4~", [key(.end)]), ("⎋[7~", [key(.home)]), ("⎋[8~", [key(.end)]),
        ("⎋[1;5H", [key(.home, .ctrl)]),
        ("⎋[5~", [key(.pageUp)]), ("⎋[6~", [key(.pageDown)]), ("⎋[2~", [key(.insert)]), ("⎋[3~", [key(.delete)]),
        ("⎋[3;5~", [key(.delete, .ctrl)]), ("⎋[5;2~", [key(.pageUp, .shift)]),
        ("⎋OP", [key(.function(1))]), ("⎋OQ", [key(.function(2))]), ("⎋OR", [key(.function(3))]), ("⎋OS", [key(.function(4))]),
        ("⎋O2P", [key(.function(1), .shift)]),
        ("⎋[P", [key(.function(1))]), ("⎋[1;2P", [key(.function(1), .shift)]), ("⎋[1;5S", [key(.function(4), .ctrl)]),
        ("⎋[11~", [key(.function(1))]), ("⎋[12~", [key(.function(2))]), ("⎋[13~", [key(.function(3))]),
        ("⎋[14~", [key(.function(4))]), ("⎋[15~", [key(.function(5))]), ("⎋[17~", [key(.function(6))]),
        ("⎋[18~", [key(.function(7))]), ("⎋[19~", [key(.function(8))]), ("⎋[20~", [key(.function(9))]),
        ("⎋[21~", [key(.function(10))]), ("⎋[23~", [key(.function(11))]), ("⎋[24~", [key(.function(12))]),
        ("⎋[24;5~", [key(.function(12), .ctrl)]), ("⎋[[A", [key(.function(1))]), ("⎋[[E", [key(.function(5))]),
        ("⎋OM", [key(.enter)]), ("⎋[Z", [key(.backTab)]),
        ("⎋x", [char("x", .alt)]), ("⎋X", [char("X", .alt)]), ("⎋\r", [key(.enter, .alt)]),
        ("⎋\u{7F}", [key(.backspace, .alt)]), ("⎋é", [char("é", .alt)]), ("⎋\u{01}", [char("a", [.ctrl, .alt])]),
        ("⎋⎋", [key(.escape), key(.escape)]), ("⎋⎋[A", [key(.escape), key(.up)]),
        ("⎋[97;5u", [char("a", .ctrl)]), ("⎋[13u", [key(.enter)]), ("⎋[27u", [key(.escape)]),
        ("⎋[I", [.focus(true)]), ("⎋[O", [.focus(false)]),
        ("⎋[200~hello\nworld⎋[201~", [.paste("hello\nworld")]),
        ("⎋[200~a⎋b⎋[201~c", [.paste("a\u{1B}b"), char("c")]),
        ("⎋[200~⎋[201~", [.paste("")]),
    ]

    static let mice: [(String, [InputEvent])] = [
        ("⎋[<0;10;5M", [mouse(.press(.left), 9, 4)]), ("⎋[<0;10;5m", [mouse(.release(.left), 9, 4)]),
        ("⎋[<1;1;1M", [mouse(.press(.middle), 0, 0)]), ("⎋[<2;300;100M", [mouse(.press(.right), 299, 99)]),
        ("⎋[<2;3;4m", [mouse(.release(.right), 2, 3)]),
        ("⎋[<32;5;6M", [mouse(.drag(.left), 4, 5)]), ("⎋[<33;5;6M", [mouse(.drag(.middle), 4, 5)]),
        ("⎋[<34;5;6M", [mouse(.drag(.right), 4, 5)]), ("⎋[<35;5;6M", [mouse(.move, 4, 5)]),
        ("⎋[<64;7;8M", [mouse(.wheelUp, 6, 7)]), ("⎋[<65;7;8M", [mouse(.wheelDown, 6, 7)]),
        ("⎋[<66;7;8M", [mouse(.wheelLeft, 6, 7)]), ("⎋[<67;7;8M", [mouse(.wheelRight, 6, 7)]),
        ("⎋[<4;1;2M", [mouse(.press(.left), 0, 1, .shift)]), ("⎋[<8;1;2M", [mouse(.press(.left), 0, 1, .alt)]),
        ("⎋[<16;1;2M", [mouse(.press(.left), 0, 1, .ctrl)]),
        ("⎋[<28;1;2M", [mouse(.press(.left), 0, 1, [.shift, .alt, .ctrl])]),
        ("⎋[<80;1;2M", [mouse(.wheelUp, 0, 1, .ctrl)]), ("⎋[<48;1;2M", [mouse(.drag(.left), 0, 1, .ctrl)]),
        ("⎋[<0;0;0M", [mouse(.press(.left), 0, 0)]),
        ("⎋[<0;10;5M⎋[<32;11;5M⎋[<0;11;5m", [mouse(.press(.left), 9, 4), mouse(.drag(.left), 10, 4), mouse(.release(.left), 10, 4)]),
        ("⎋[M \"%", [mouse(.press(.left), 1, 4)]), ("⎋[M#\"%", [mouse(.release(.left), 1, 4)]),
        ("⎋[M`!!", [mouse(.wheelUp, 0, 0)]),
    ]

    @Test("keys decode the same whole, split at every byte, and byte by byte", arguments: keys + mice)
    func splitInvariance(input: String, expected: [InputEvent]) {
        let bytes = esc(input)
        #expect(decodeWhole(bytes) == expected)
        for cut in 1..<max(bytes.count, 1) {
            #expect(decode(pieces: [bytes[..<cut], bytes[cut...]]) == expected, "split at \(cut)")
        }
        #expect(decode(pieces: bytes.indices.map { bytes[$0...$0] }) == expected, "byte by byte")
        // And surrounded by text, so that the sequence's end is found exactly (a trailing ESC
        // would make the text after it Alt+w instead).
        if !input.hasSuffix("⎋") {
            #expect(decodeWhole(esc("q") + bytes + esc("w")) == [char("q")] + expected + [char("w")])
        }
    }

    @Test("a lone Esc resolves only at its deadline, 50 ms after it arrived")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed(esc("⎋"), now: 10).isEmpty)
        #expect(decoder.deadline == 10.05)
        #expect(decoder.flush(now: 10.049).isEmpty)
        #expect(decoder.flush(now: 10.05) == [key(.escape)])
        #expect(decoder.deadline == nil)
        #expect(decoder.flush(now: 11).isEmpty)
    }

    @Test("Esc then '[' after the deadline is Esc and '['; within it, the start of a CSI")
    func escapeThenBracket() {
        var late = InputDecoder()
        #expect(late.feed(esc("⎋"), now: 0).isEmpty)
        #expect(late.flush(now: 0.06) == [key(.escape)])
        #expect(late.feed(esc("["), now: 0.1) == [char("[")])

        var soon = InputDecoder()
        #expect(soon.feed(esc("⎋"), now: 0).isEmpty)
        #expect(soon.feed(esc("["), now: 0.01).isEmpty)
        #expect(soon.deadline == 0.01 + InputDecoder.escapeTimeout)
        #expect(soon.feed(esc("A"), now: 0.02) == [key(.up)])

        // Bytes arriving after the deadline without a flush in between: the Esc resolves first.
        var unflushed = InputDecoder()
        #expect(unflushed.feed(esc("⎋"), now: 0).isEmpty)
        #expect(unflushed.feed(esc("x"), now: 0.2) == [key(.escape), char("x")])
    }

    @Test("an unfinished sequence at its deadline is Alt plus its first byte, the rest typed")
    func unfinishedSequence() {
        var decoder = InputDecoder()
        #expect(decoder.feed(esc("⎋[1;"), now: 0).isEmpty)
        #expect(decoder.flush(now: 0.05) == [char("[", .alt), char("1"), char(";")])
        var ss3 = InputDecoder()
        #expect(ss3.feed(esc("⎋O"), now: 0).isEmpty)
        #expect(ss3.flush(now: 0.05) == [char("O", .alt)])
        var partial = InputDecoder()
        #expect(partial.feed([0xE4, 0xB8], now: 0).isEmpty)
        #expect(partial.flush(now: 0.05).isEmpty, "a partial character is dropped")
        #expect(partial.feed(esc("a"), now: 1) == [char("a")])
    }

    @Test("text groups into grapheme clusters within a read")
    func graphemes() {
        #expect(decodeWhole(esc("e\u{301}x")) == [char("e\u{301}"), char("x")])
        #expect(decodeWhole(esc("👩‍👧🇫🇷")) == [char("👩‍👧"), char("🇫🇷")])
    }

    @Test("unknown sequences and invalid UTF-8 are skipped, and decoding goes on", arguments: [
        ("⎋[?1;2Ja", [char("a")]),                  // a private sequence nobody sends
        ("⎋[>0;95;0cb", [char("b")]),
        ("⎋[99~c", [char("c")]),                    // unknown tilde key
        ("⎋[1 qd", [char("d")]),                    // intermediate byte
        ("⎋[<0;1Me", [char("e")]),                  // mouse with too few parameters
        ("⎋[<0;1;1Xf", [char("f")]),                // wrong final
        ("⎋[12\u{07}g", [key(.character("g"), .ctrl), char("g")]), // broken off by a control byte
        ("⎋[12⎋[Ah", [key(.up), char("h")]),        // broken off by ESC
        ("⎋Oxi", [char("i")]),                      // unknown SS3
        ("⎋[201~j", [char("j")]),                   // a stray paste end
    ] as [(String, [InputEvent])])
    func skipsUnknown(input: String, expected: [InputEvent]) {
        #expect(decodeWhole(esc(input)) == expected)
    }

    @Test("invalid UTF-8 never crashes and is skipped", arguments: [
        [0xFF, 0x61], [0xC0, 0x80, 0x61], [0xED, 0xA0, 0x80, 0x61], [0xF5, 0x80, 0x80, 0x80, 0x61],
        [0xE0, 0x80, 0x80, 0x61], [0xF0, 0x80, 0x80, 0x80, 0x61], [0xF4, 0x90, 0x80, 0x80, 0x61],
        [0xC2, 0x80, 0x61], [0x80, 0xBF, 0x61], [0xE4, 0x61], [0xC3, 0x1B, 0x5B, 0x41],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let events = decodeWhole(bytes)
        #expect(events == [char("a")] || events == [key(.up)])
    }

    @Test("an over-long CSI is discarded through its final byte and the buffer stays bounded")
    func overlongSequence() {
        let long = esc("⎋[") + Array(repeating: 0x31, count: 10_000) + esc("Ab")
        #expect(decodeWhole(long) == [char("b")])
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in long {
            events += decoder.feed([byte], now: 0)
            #expect(decoder.pendingByteCount <= InputDecoder.maxPendingBytes)
        }
        #expect(events == [char("b")])
    }

    @Test("a paste keeps at most 64 KiB and drops the rest, even across reads")
    func pasteCap() {
        var decoder = InputDecoder()
        #expect(decoder.feed(esc("⎋[200~"), now: 0).isEmpty)
        let chunk = Array(repeating: UInt8(0x78), count: 10_000)
        for _ in 0..<10 {
            #expect(decoder.feed(chunk, now: 0).isEmpty)
            #expect(decoder.pasteByteCount <= InputDecoder.maxPasteBytes)
            #expect(decoder.deadline == nil, "a paste never times out")
        }
        let events = decoder.feed(esc("⎋[201~z"), now: 0)
        #expect(events.count == 2)
        if case .paste(let text) = events.first { #expect(text.utf8.count == InputDecoder.maxPasteBytes) } else { Issue.record("no paste") }
        #expect(events.last == char("z"))
    }
}
