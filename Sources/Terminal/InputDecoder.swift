/// Decodes the bytes a terminal sends into ``InputEvent``s: a pure value with an injected clock.
///
/// It understands UTF-8 text, control keys, Alt as an ESC prefix, the CSI and SS3 forms of the
/// cursor, editing and function keys with xterm modifiers, SGR mouse reports (and legacy X10 ones),
/// focus reports, bracketed paste and kitty's `CSI u` keys; and the terminal's replies to reel's
/// questions (``TerminalReply``: device attributes, XTSMGRAPHICS, window and mode reports, kitty's
/// graphics answers, XTVERSION's name and version), which come out as ``InputEvent/reply(_:)``.
/// String sequences (APC, DCS, OSC) are read up to their terminator and never become keys.
/// Anything else is skipped.
///
/// Guarantees:
/// - an incomplete sequence waits for more bytes, so splitting the input at any byte boundary gives
///   the same events as feeding it whole (text is grouped into grapheme clusters within a feed);
/// - a lone ESC becomes ``Key/escape`` only at ``deadline`` (``escapeTimeout`` after the last byte),
///   when ``flush(now:)`` is called or more bytes come later;
/// - the internal buffer never holds more than ``maxPendingBytes`` between calls: an over-long
///   control sequence is dropped, a paste keeps at most ``maxPasteBytes``, and a string
///   sequence at most ``maxStringBytes`` (one left unterminated is dropped ``stringTimeout``
///   after its last byte);
/// - garbage never crashes or hangs it, and each byte is looked at a bounded number of times.
public struct InputDecoder: Sendable, Equatable {
    /// How long a lone ESC waits for a following byte before it counts as the Esc key: 50 ms.
    public static let escapeTimeout: Double = 0.05
    /// The longest control sequence kept; a longer one is discarded up to its final byte.
    public static let maxSequenceLength = 64
    /// The most bytes a paste keeps; the rest of it is discarded.
    public static let maxPasteBytes = 64 * 1024
    /// The most bytes ever held between calls (an incomplete sequence of the longest length).
    public static let maxPendingBytes = maxSequenceLength + 2
    /// The most bytes of a string sequence's body (APC, DCS, OSC) kept; the rest is dropped.
    public static let maxStringBytes = 512
    /// The longest message kept from a kitty graphics reply.
    public static let maxReplyMessageLength = 200
    /// The longest XTVERSION answer taken; a longer one is dropped.
    public static let maxVersionLength = 100
    /// How long an unterminated string sequence waits for more bytes before it is dropped: long
    /// enough for a reply split over a slow link, short enough that keys typed after a stray
    /// `ESC _` (Alt+_) come back soon.
    public static let stringTimeout: Double = 0.5

    /// Bytes received but not yet decoded: always an incomplete sequence.
    var pending: [UInt8] = []
    /// When the last bytes arrived.
    var lastInput: Double = 0
    /// Whether an over-long CSI is being skipped up to its final byte.
    var discarding = false
    /// The paste collected so far, while inside a bracketed paste.
    var paste: [UInt8]?
    /// The body of the string sequence collected so far, while inside one.
    var string: [UInt8]?
    /// The byte after ESC that opened the string sequence: `_` (APC), `P` (DCS) or `]` (OSC).
    var stringKind: UInt8 = 0

    /// Creates a decoder with nothing pending.
    public init() {}

    /// The number of bytes held, waiting for the rest of a sequence.
    public var pendingByteCount: Int { pending.count }

    /// The number of paste bytes held, while inside a bracketed paste.
    public var pasteByteCount: Int { paste?.count ?? 0 }

    /// The number of string-sequence bytes held, while inside one.
    public var stringByteCount: Int { string?.count ?? 0 }

    /// When the held bytes will be resolved without more input (a lone ESC becoming the Esc key,
    /// an unterminated string sequence being dropped), or nil when nothing is waiting. Poll no
    /// later than this and then call ``flush(now:)``.
    public var deadline: Double? {
        if string != nil { return lastInput + InputDecoder.stringTimeout }
        return pending.isEmpty || paste != nil ? nil : lastInput + InputDecoder.escapeTimeout
    }

    /// Decodes `bytes`, received at time `now` (seconds, any epoch), into events.
    ///
    /// Bytes held from before are resolved first if their ``deadline`` has passed.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes, now: Double) -> [InputEvent] where Bytes.Element == UInt8 {
        var events: [InputEvent] = []
        if let deadline, now >= deadline { decode(final: true, into: &events) }
        guard !bytes.isEmpty else { return events }
        lastInput = now
        pending.append(contentsOf: bytes)
        decode(final: false, into: &events)
        return events
    }

    /// Resolves held bytes whose ``deadline`` has passed by `now`: a lone ESC becomes the Esc key,
    /// and an unfinished sequence is taken as Alt plus its first byte, the rest decoded as typed.
    public mutating func flush(now: Double) -> [InputEvent] {
        var events: [InputEvent] = []
        if let deadline, now >= deadline { decode(final: true, into: &events) }
        return events
    }

    /// The outcome of decoding from one position.
    enum Step {
        /// Decoded (possibly into nothing); continue at this index.
        case next(Int)
        /// The bytes from this position are an incomplete sequence.
        case incomplete
    }

    /// Decodes as much of ``pending`` as is complete; with `final`, resolves what is incomplete too.
    mutating func decode(final: Bool, into events: inout [InputEvent]) {
        // A string sequence that was never terminated is dropped; what follows decodes as typed.
        if final { string = nil }
        let bytes = pending
        var i = 0
        var text = String.UnicodeScalarView()
        decoding: while i < bytes.count {
            if string != nil {
                guard let next = collectString(bytes, from: i, into: &events) else { break decoding }
                i = next
                continue
            }
            if paste != nil {
                guard let next = collectPaste(bytes, from: i, into: &events) else { break decoding }
                i = next
                continue
            }
            if discarding {
                let b = bytes[i]
                if (0x20...0x3F).contains(b) { i += 1; continue }
                discarding = false
                if (0x40...0x7E).contains(b) { i += 1 }
                continue
            }
            let b = bytes[i]
            if b >= 0x20 && b != 0x7F {
                switch decodeScalar(bytes, at: i) {
                case .scalar(let scalar, let length):
                    text.append(scalar)
                    i += length
                case .invalid:
                    i += 1
                case .incomplete:
                    if final { i += 1 } else { break decoding }
                }
                continue
            }
            emitText(&text, into: &events)
            if b != 0x1B {
                events.append(.key(InputDecoder.controlKey(b)))
                i += 1
                continue
            }
            switch decodeEscape(bytes, at: i, into: &events) {
            case .next(let next):
                i = next
            case .incomplete:
                guard final else { break decoding }
                // Nothing more is coming: ESC [ or ESC O is Alt with that byte, and the rest is
                // decoded as typed; ESC alone (or before a partial character) is the Esc key.
                if i + 1 < bytes.count, bytes[i + 1] == 0x5B || bytes[i + 1] == 0x4F {
                    events.append(.key(KeyEvent(.character(Character(Unicode.Scalar(bytes[i + 1]))), .alt)))
                    i += 2
                } else {
                    events.append(.key(KeyEvent(.escape)))
                    i += 1
                }
            }
        }
        emitText(&text, into: &events)
        pending.removeFirst(i)
        if pending.count > InputDecoder.maxPendingBytes {
            // Cannot happen with the bounds above; kept as a backstop so the buffer stays bounded.
            pending.removeAll()
        }
    }

    /// Appends one key event per grapheme cluster of `text`, then empties it.
    func emitText(_ text: inout String.UnicodeScalarView, into events: inout [InputEvent]) {
        guard !text.isEmpty else { return }
        for character in String(text) {
            events.append(.key(KeyEvent(.character(character))))
        }
        text.removeAll()
    }

    /// The key for a C0 control byte or DEL.
    static func controlKey(_ b: UInt8) -> KeyEvent {
        switch b {
        case 0x0D: return KeyEvent(.enter)
        case 0x09: return KeyEvent(.tab)
        case 0x7F, 0x08: return KeyEvent(.backspace)
        case 0x1B: return KeyEvent(.escape)
        case 0x00: return KeyEvent(.character(" "), .ctrl)
        case 0x01...0x1A: return KeyEvent(.character(Character(Unicode.Scalar(b + 0x60))), .ctrl)
        default: return KeyEvent(.character(Character(Unicode.Scalar(b + 0x40))), .ctrl)  // 0x1C…0x1F: \ ] ^ _
        }
    }
}
