import Testing
import Terminal
import TestRandom
import TestTerminal

/// Fuzzes the decoder with random and mutated inputs (`REEL_FUZZ_ITERATIONS`, default 1,000,000).
///
/// Checked for every input: no crash, the held bytes, the paste and a string sequence (the
/// terminal's replies) stay within their bounds, and the number of events never exceeds the
/// bytes consumed (so the work per input is linear in it).
/// For one input in sixteen, splitting it at a random byte gives the same events as whole.
@Suite("InputDecoder fuzzing")
struct InputDecoderFuzzTests {
    /// Well-formed inputs to mutate: every key and mouse form of the decoder tables, and a few more.
    static let corpus: [[UInt8]] = (InputDecoderTests.keys + InputDecoderTests.mice).map { esc($0.0) } + [
        esc("⎋[200~pasted⎋[201~"), esc("⎋[<0;1;1M"), esc("⎋[1;5A"), esc("⎋[?2026;2$y"), [0xE4, 0xB8, 0xAD], [0xF0, 0x9F, 0x98, 0x80],
        esc("⎋]0;title\u{07}"), esc("⎋P1$r0m⎋\\"), esc("⎋[M"), esc("⎋[["),
        // The terminal's replies, whole and cut short.
        esc("⎋_Gi=7301;OK⎋\\"), esc("⎋_Gi=7302,p=1;ENOENT:no such file⎋\\"), esc("⎋_Gi=1;OK"), esc("⎋_G"),
        esc("⎋[?63;1;2;4;6;9;15;16;22;28c"), esc("⎋[?62;c"), esc("⎋[?1;0;1024S"), esc("⎋[?2;0;1000;1000S"),
        esc("⎋[6;18;9t"), esc("⎋[4;450;792t"), esc("⎋[?2026;2$y"), esc("⎋]11;rgb:0/0/0⎋\\"),
        esc("⎋P>|kitty(0.26.5)⎋\\"), esc("⎋P>|tmux 3.3a⎋\\"), esc("⎋P>|XTerm(379)\u{07}"), esc("⎋P>|foot(1.1"), esc("⎋P>|"),
    ]

    /// Bytes that matter to the decoder, drawn more often than the rest.
    static let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3B, 0x3C, 0x7E, 0x4D, 0x6D, 0x30, 0x31, 0x32, 0x39, 0x3A,
                                       0x07, 0x0D, 0x7F, 0x80, 0xC3, 0xE4, 0xF0, 0xFF, 0x20, 0x41, 0x75,
                                       0x5F, 0x50, 0x5D, 0x5C, 0x18, 0x47, 0x3F, 0x24, 0x63, 0x53, 0x74, 0x79]

    static func randomInput(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        if rng.next() % 3 == 0 {
            let count = Int(rng.next() % 24)
            for _ in 0..<count {
                bytes.append(rng.next() % 2 == 0 ? interesting[Int(rng.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: rng.next()))
            }
            return bytes
        }
        for _ in 0...(rng.next() % 3) { bytes += corpus[Int(rng.next() % UInt64(corpus.count))] }
        for _ in 0..<(rng.next() % 3) {
            let position = bytes.isEmpty ? 0 : Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 5 {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: rng.next())
            case 1: bytes.insert(interesting[Int(rng.next() % UInt64(interesting.count))], at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes.removeLast(bytes.count - position)
            default: bytes.insert(contentsOf: bytes[position...], at: position)
            }
        }
        return bytes
    }

    /// Events with runs of plain characters joined, since clusters are grouped only within a read.
    static func normalised(_ events: [InputEvent]) -> [String] {
        var out: [String] = []
        var text = ""
        for event in events {
            if case .key(let key) = event, key.modifiers.isEmpty, case .character(let c) = key.key {
                text.append(c)
                continue
            }
            if !text.isEmpty { out.append("text \(text.unicodeScalars.map(\.value))") }
            text = ""
            out.append("\(event)")
        }
        if !text.isEmpty { out.append("text \(text.unicodeScalars.map(\.value))") }
        return out
    }

    @Test("a million random and mutated inputs: no crash, bounded buffers, linear work")
    func fuzz() {
        var rng = SplitMix64(seed: 0x5EED)
        var decoder = InputDecoder()
        var now = 0.0
        var totalBytes = 0, totalEvents = 0, splitChecks = 0
        let count = iterations(default: 1_000_000)
        for n in 0..<count {
            let input = InputDecoderFuzzTests.randomInput(&rng)
            // Time moves on by 0–100 ms, so some inputs arrive after a pending ESC's deadline.
            now += Double(rng.next() % 100) / 1000
            let held = decoder.pendingByteCount
            var events = decoder.feed(input, now: now)
            if rng.next() % 4 == 0 { events += decoder.flush(now: now + 0.06) }
            totalBytes += input.count
            totalEvents += events.count
            if decoder.pendingByteCount > InputDecoder.maxPendingBytes || decoder.pasteByteCount > InputDecoder.maxPasteBytes
                || decoder.stringByteCount > InputDecoder.maxStringBytes || events.count > held + input.count + 1 {
                Issue.record("input \(n) \(input): held \(decoder.pendingByteCount), paste \(decoder.pasteByteCount), string \(decoder.stringByteCount), \(events.count) events")
                return
            }
            if n % 16 == 0 && input.count > 1 {
                let cut = 1 + Int(rng.next() % UInt64(input.count - 1))
                let whole = InputDecoderFuzzTests.normalised(decodeWhole(input))
                let split = InputDecoderFuzzTests.normalised(decode(pieces: [input[..<cut], input[cut...]]))
                splitChecks += 1
                if whole != split {
                    Issue.record("input \(input) split at \(cut): \(whole) vs \(split)")
                    return
                }
            }
        }
        #expect(totalEvents <= totalBytes)
        #expect(splitChecks > count / 32)
        print("fuzzed \(count) inputs, \(totalBytes) bytes, \(totalEvents) events")
    }
}
