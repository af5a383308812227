import Foundation

/// Golden files of text for the tests: terminal bytes written out so a person can read them, and
/// a comparison with the file that shows, on a difference, the lines that differ with their
/// neighbours (as `diff -u` would) rather than a hash or a wall of bytes.
public enum GoldenText {
    /// `bytes` as readable lines: ESC as `\e`, other control bytes and stray bytes as `\xNN`, a
    /// backslash doubled, printable text and whole UTF-8 characters as they are. A new line starts
    /// at each cursor move (`\e[…H`) and at each `\n`, so that a diff lines up with the screen.
    public static func lines(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var line = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
               let end = bytes[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }), bytes[end] == UInt8(ascii: "H") {
                if !line.isEmpty { lines.append(line) }
                line = "\\e" + String(decoding: bytes[(index + 1)...end], as: UTF8.self)
                index = end + 1
                continue
            }
            if let (character, length) = character(in: bytes, at: index) {
                line += character == "\\" ? "\\\\" : String(character)
                index += length
            } else {
                line += byte == 0x1B ? "\\e" : "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                if byte == 0x0A {
                    lines.append(line)
                    line = ""
                }
                index += 1
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The printable character (one UTF-8 sequence, not a control) at `index`, and its length.
    static func character(in bytes: [UInt8], at index: Int) -> (Character, Int)? {
        let first = bytes[index]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= bytes.count else { return nil }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, scalar != "\u{FFFD}",
              scalar.properties.generalCategory != .control else { return nil }
        return (Character(scalar), length)
    }

    /// What differs between `expected` and `actual`, as lines for a reader; empty when nothing does.
    /// The lines both share at the start and at the end are left out but for `context` of them on
    /// each side of the part that differs, which is shown as `-` (expected) and `+` (got) lines, at
    /// most `most` of each and each cut at `width` characters; the first line says where the
    /// first differing pair of lines parts.
    public static func difference(expected: [String], actual: [String], context: Int = 2, most: Int = 6,
                                  width: Int = 240) -> [String] {
        guard expected != actual else { return [] }
        let head = zip(expected, actual).prefix { $0 == $1 }.count
        let tail = zip(expected.dropFirst(head).reversed(), actual.dropFirst(head).reversed()).prefix { $0 == $1 }.count
        let removed = expected[head..<(expected.count - tail)]
        let added = actual[head..<(actual.count - tail)]
        func cut(_ line: String) -> String { line.count > width ? line.prefix(width) + "…" : line }
        func shown(_ lines: ArraySlice<String>, _ mark: String) -> [String] {
            lines.prefix(most).map { mark + cut($0) } + (lines.count > most ? ["\(mark)… \(lines.count - most) more lines"] : [])
        }
        var place = ""
        if let old = removed.first, let new = added.first {
            let same = zip(old, new).prefix { $0 == $1 }.count
            func near(_ line: String) -> String { String(line.dropFirst(max(0, same - 20)).prefix(50)) }
            place = ", first at character \(same + 1): expected …\(near(old))… got …\(near(new))…"
        }
        return ["@@ line \(head + 1): \(removed.count) expected, \(added.count) got\(place) @@"]
            + expected[max(0, head - context)..<head].map { " " + cut($0) }
            + shown(removed, "-") + shown(added, "+")
            + expected[(expected.count - tail)..<min(expected.count, expected.count - tail + context)].map { " " + cut($0) }
    }

    /// Compares `actual` with the golden file at `path` and returns the difference's lines (empty
    /// when they agree). With `REEL_WRITE_GOLDEN=1` in the environment, or when the file is not
    /// there yet, it writes `actual` to the file instead, for a change of output that is meant.
    public static func compare(_ actual: [String], withFileAt path: String) throws -> [String] {
        let text = actual.joined(separator: "\n") + "\n"
        let write = ProcessInfo.processInfo.environment["REEL_WRITE_GOLDEN"] == "1"
        guard !write, FileManager.default.fileExists(atPath: path) else {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return write ? [] : ["\(path) was not there: written now, to be read and committed"]
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).dropLast()
        return difference(expected: Array(expected), actual: actual)
    }
}
