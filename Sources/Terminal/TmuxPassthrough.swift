/// tmux's passthrough: `ESC P tmux; … ESC \`, whose content tmux writes unchanged to the
/// terminal of every client that shows the pane (with `allow-passthrough` on, tmux ≥ 3.3; always
/// before 3.3). Every ESC inside is doubled, so that only the final `ESC \` ends it.
///
/// tmux keeps a DCS's content in a buffer that stops growing at 1 MiB (`INPUT_BUF_LIMIT` in its
/// input.c, 3.3a to 3.5a) and drops the whole sequence when it would not fit: ``limit`` keeps each
/// passthrough under it. After each passthrough tmux forgets where the cursor and the colours are
/// (`tty_invalidate`) and moves the cursor itself, so a sequence cannot be split across two
/// passthroughs, and each one that places an image carries its own cursor move: ``wrap(_:cursor:into:)``
/// saves the cursor (`ESC 7`), moves it, writes the sequence and restores it (`ESC 8`) in one.
public enum TmuxPassthrough {
    /// The most bytes of content (after `tmux;`, ESCs counted once) one passthrough carries:
    /// below tmux's 1 MiB buffer, with room for its prefix.
    public static let limit = 1_000_000
    /// `ESC P tmux;`
    static let opening: [UInt8] = [0x1B, 0x50] + Array("tmux;".utf8)
    /// `ESC \`
    static let closing: [UInt8] = [0x1B, 0x5C]

    /// Appends `sequence` as one passthrough, after `cursor` (a cursor move, ESC 7 before it and
    /// ESC 8 after the sequence) when given. False, and nothing appended, when the content would be
    /// over `limit` (tmux would drop it; ``limit`` unless a test says).
    @discardableResult
    public static func wrap(_ sequence: ArraySlice<UInt8>, cursor: [UInt8]? = nil, limit: Int = limit,
                            into out: inout [UInt8]) -> Bool {
        let extra = cursor.map { $0.count + 4 } ?? 0
        guard sequence.count + extra <= limit else { return false }
        out += opening
        if let cursor {
            appendDoubled([0x1B, 0x37][...], into: &out)
            appendDoubled(cursor[...], into: &out)
        }
        appendDoubled(sequence, into: &out)
        if cursor != nil { appendDoubled([0x1B, 0x38][...], into: &out) }
        out += closing
        return true
    }

    /// ``wrap(_:cursor:into:)`` of a whole array.
    @discardableResult
    public static func wrap(_ sequence: [UInt8], cursor: [UInt8]? = nil, into out: inout [UInt8]) -> Bool {
        wrap(sequence[...], cursor: cursor, into: &out)
    }

    /// `sequence` as one passthrough (empty when over ``limit``).
    public static func wrapped(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        wrap(sequence, into: &out)
        return out
    }

    /// Appends each escape sequence of `sequences` (APC or DCS strings, each ended by `ESC \`,
    /// as kitty's chunked commands are) in a passthrough of its own, each with `cursor` when given;
    /// bytes after the last `ESC \` form one more. Returns how many were left out for being over
    /// `limit`.
    @discardableResult
    public static func wrapEach(_ sequences: [UInt8], cursor: [UInt8]? = nil, limit: Int = limit, into out: inout [UInt8]) -> Int {
        var dropped = 0
        var start = 0
        var i = 0
        while i + 1 < sequences.count {
            if sequences[i] == 0x1B, sequences[i + 1] == 0x5C {
                if !wrap(sequences[start..<(i + 2)], cursor: cursor, limit: limit, into: &out) { dropped += 1 }
                start = i + 2
                i = start
            } else {
                i += 1
            }
        }
        if start < sequences.count, !wrap(sequences[start...], cursor: cursor, limit: limit, into: &out) { dropped += 1 }
        return dropped
    }

    /// Appends `bytes` with every ESC doubled: the runs between ESCs whole (an image's data has
    /// none; its ESCs are those of its introducer and terminator).
    static func appendDoubled(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 16)
        var rest = bytes
        while let escape = rest.firstIndex(of: 0x1B) {
            out += rest[..<escape]
            out += [0x1B, 0x1B]
            rest = rest[(escape + 1)...]
        }
        out += rest
    }
}
