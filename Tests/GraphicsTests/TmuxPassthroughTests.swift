@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// Undoes tmux's passthrough the way tmux reads it: `ESC P tmux;`, its content with every
/// `ESC ESC` one ESC, to the `ESC \` that ends it; the content of each passthrough in `bytes`,
/// and the bytes outside any.
func unwrapPassthrough(_ bytes: [UInt8]) -> (contents: [[UInt8]], outside: [UInt8]) {
    var contents: [[UInt8]] = [], outside: [UInt8] = []
    var i = 0
    let opening = esc("⎋Ptmux;")
    while i < bytes.count {
        guard bytes[i...].starts(with: opening) else { outside.append(bytes[i]); i += 1; continue }
        i += opening.count
        var content: [UInt8] = []
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == 0x1B { content.append(0x1B); i += 2 } else if bytes[i] == 0x1B, bytes[i + 1] == 0x5C { i += 2; break } else { content.append(bytes[i]); i += 1 }
        }
        contents.append(content)
    }
    return (contents, outside)
}

@Suite("tmux passthrough: wrapping, doubled ESCs, one sequence a passthrough, the size limit")
struct TmuxPassthroughTests {
    @Test("a sequence is wrapped whole with its ESCs doubled", arguments: [
        ("⎋[c", "⎋Ptmux;⎋⎋[c⎋\\"),
        ("⎋_Ga=q,i=1;AAAA⎋\\", "⎋Ptmux;⎋⎋_Ga=q,i=1;AAAA⎋⎋\\⎋\\"),
        ("plain", "⎋Ptmux;plain⎋\\"),
    ])
    func wraps(sequence: String, expected: String) {
        #expect(show(TmuxPassthrough.wrapped(esc(sequence))) == expected)
    }

    @Test("with a cursor move, the sequence goes between ESC 7, the move and ESC 8, in the same passthrough")
    func placed() {
        var out: [UInt8] = []
        TmuxPassthrough.wrap(esc("⎋Pq#0~⎋\\"), cursor: esc("⎋[12;41H"), into: &out)
        #expect(show(out) == "⎋Ptmux;⎋⎋7⎋⎋[12;41H⎋⎋Pq#0~⎋⎋\\⎋⎋8⎋\\")
        #expect(unwrapPassthrough(out).contents == [esc("⎋7⎋[12;41H⎋Pq#0~⎋\\⎋8")])
    }

    @Test("each of kitty's chunks goes in a passthrough of its own, each with the cursor move")
    func eachChunk() {
        var kitty: [UInt8] = []
        KittyGraphics.appendChunked(firstKeys: "a=T,i=3", payload: [UInt8](repeating: 0x41, count: 2 * KittyGraphics.chunkSize + 5),
                                    into: &kitty)
        var out: [UInt8] = []
        #expect(TmuxPassthrough.wrapEach(kitty, cursor: esc("⎋[1;1H"), into: &out) == 0)
        let (contents, outside) = unwrapPassthrough(out)
        #expect(outside.isEmpty)
        #expect(contents.count == 3)
        #expect(contents.allSatisfy { $0.starts(with: esc("⎋7⎋[1;1H⎋_G")) && $0.suffix(4) == esc("⎋\\⎋8")[...] })
        #expect(contents.map { kittyCommands($0).map(\.keys) } == [["a=T,i=3,m=1"], ["m=1"], ["m=0"]])
        #expect(contents.flatMap { kittyCommands($0).flatMap(\.payload) }.count == 2 * KittyGraphics.chunkSize + 5)
    }

    @Test("a sequence over tmux's limit is not sent (tmux would drop it), and said", arguments: [
        (TmuxPassthrough.limit, true), (TmuxPassthrough.limit + 1, false),
    ])
    func limit(size: Int, sent: Bool) {
        var out: [UInt8] = []
        #expect(TmuxPassthrough.wrap([UInt8](repeating: 0x3F, count: size), into: &out) == sent)
        #expect(out.isEmpty != sent)
        #expect(TmuxPassthrough.limit + 5 < 1 << 20, "under tmux's 1 MiB with its 'tmux;'")
        var each: [UInt8] = []
        #expect(TmuxPassthrough.wrapEach(esc("⎋[c") + [UInt8](repeating: 0x3F, count: size - 3), into: &each) == (sent ? 0 : 1))
    }
}
