/// Orders file names as people read them: "ep2" before "ep10".
///
/// Names are compared in runs. Runs of decimal digits (ASCII or any other Unicode decimal digits,
/// like fullwidth ones) compare by their value, however long, without converting to an integer,
/// and a digit run sorts before a run of other characters at the same place. Other runs compare
/// case-insensitively (lowercased, then by Swift's `String` ordering). Names that are equal so far
/// — "ep1" and "ep01", "a" and "A" — are ordered by plain `String` comparison, so the order is total
/// and the same on every run.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`; a strict weak ordering for `sorted(by:)`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch compareRuns(runs(of: lhs), runs(of: rhs)) {
        case .some(let isLess): isLess
        case .none: lhs < rhs
        }
    }

    /// The strings sorted in natural order.
    public static func sorted(_ names: some Sequence<String>) -> [String] {
        names.map(Key.init).sorted().map(\.name)
    }

    /// A name split into runs once, so that sorting many names does not split them again at
    /// every comparison (500 names: 31 ms with ``areInIncreasingOrder(_:_:)``, a few with keys).
    public struct Key: Comparable, Sendable {
        /// The name the key was made from.
        public let name: String
        fileprivate let runs: [Run]

        public init(_ name: String) {
            self.name = name
            runs = NaturalOrder.runs(of: name)
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            compareRuns(lhs.runs, rhs.runs) ?? (lhs.name < rhs.name)
        }

        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    }

    fileprivate enum Run: Equatable, Sendable {
        /// Digit values with leading zeros removed.
        case number([UInt8])
        case text(String)
    }

    /// Whether `lhs` < `rhs` by runs; nil when they are equal by runs.
    fileprivate static func compareRuns(_ lhs: [Run], _ rhs: [Run]) -> Bool? {
        for (left, right) in zip(lhs, rhs) where left != right {
            switch (left, right) {
            case let (.number(a), .number(b)):
                return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
            case let (.text(a), .text(b)):
                return a < b
            case (.number, .text):
                return true
            case (.text, .number):
                return false
            }
        }
        return lhs.count == rhs.count ? nil : lhs.count < rhs.count
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
