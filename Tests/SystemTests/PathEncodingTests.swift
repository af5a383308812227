import System
import Testing

/// File names that are not UTF-8 survive the trip through Swift strings, byte for byte.
@Suite("Path encoding")
struct PathEncodingTests {
    @Test("valid UTF-8 is unchanged", arguments: ["plain.mp4", "my holiday 🎬 clip.mkv", "naïve/日本語.webm", ""])
    func validText(name: String) {
        #expect(PathEncoding.string(fromBytes: Array(name.utf8)) == name)
        #expect(PathEncoding.bytes(of: name) == Array(name.utf8))
        #expect(PathEncoding.displayName(name) == name)
    }

    @Test("invalid bytes round-trip and display as U+FFFD", arguments: [
        [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x70, 0x34] as [UInt8],   // Latin-1 "café.mp4"
        [0xFF, 0xFE, 0x41],                                            // never valid
        [0xC0, 0xAF],                                                  // overlong "/"
        [0xED, 0xA0, 0x80],                                            // a UTF-16 surrogate
        [0xE2, 0x82],                                                  // cut short
        [0xF4, 0x8F, 0xBA, 0x80],                                      // an escape scalar itself
    ])
    func invalidBytes(bytes: [UInt8]) {
        let string = PathEncoding.string(fromBytes: bytes)
        #expect(PathEncoding.bytes(of: string) == bytes)
        #expect(PathEncoding.displayName(string).unicodeScalars.allSatisfy { $0.value < 0x10FE00 })
    }

    @Test("every byte string of length 1 and 2 round-trips")
    func exhaustiveShort() {
        for a in 0...255 {
            let one: [UInt8] = [UInt8(a)]
            #expect(PathEncoding.bytes(of: PathEncoding.string(fromBytes: one)) == one)
            for b in stride(from: 0, through: 255, by: 7) {
                let two: [UInt8] = [UInt8(a), UInt8(b)]
                #expect(PathEncoding.bytes(of: PathEncoding.string(fromBytes: two)) == two)
            }
        }
    }
}
