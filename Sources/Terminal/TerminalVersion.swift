/// A terminal's name and version as it reports them: XTVERSION's answer
/// (``TerminalCapabilities/terminalVersion``), or tmux's `client_termtype` for one of its clients,
/// which tmux fills from the same answer.
///
/// The forms terminals send are `name(version)` (`kitty(0.26.5)`, `XTerm(379)`, `foot(1.13.1)`,
/// `VTE(7802)`) and `name version` (`tmux 3.3a`, `WezTerm 20230712-072601-f4abf8fd`). The name
/// is compared without regard to case; the version is read as numbers separated by dots, each
/// the digits a part starts with (`3.3a` is 3.3, WezTerm's date-and-commit is its date).
public struct TerminalVersion: Sendable, Hashable {
    /// The name, lowercased: `kitty`, `xterm`, `tmux`, `wezterm`, `foot`, `vte`.
    public let name: String
    /// The version's numbers, most significant first; empty when the text had none.
    public let numbers: [Int]

    /// Creates a version from its parts (`name` is lowercased).
    public init(name: String, numbers: [Int]) {
        self.name = name.lowercased()
        self.numbers = numbers
    }

    /// Reads `text` in either form; nil when it does not start with a name.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let end = scalars.firstIndex { $0 == "(" || $0 == " " } ?? scalars.endIndex
        guard end > 0 else { return nil }
        var version = scalars[end...].dropFirst()
        if end < scalars.endIndex, scalars[end] == "(" { version = version.prefix { $0 != ")" } }
        self.init(name: String(String.UnicodeScalarView(scalars[..<end])), numbers: TerminalVersion.numbers(version))
    }

    /// The leading digits of each dot-separated part of `version`, up to the first part that has
    /// none (at most nine digits a part, so a number never overflows).
    static func numbers(_ version: ArraySlice<Unicode.Scalar>) -> [Int] {
        var numbers: [Int] = []
        for part in version.split(separator: ".", omittingEmptySubsequences: false) {
            let digits = part.prefix { ("0"..."9").contains($0) }.prefix(9)
            guard !digits.isEmpty else { break }
            numbers.append(digits.reduce(0) { $0 * 10 + Int($1.value - 48) })
        }
        return numbers
    }

    /// Whether the version is at least `minimum` (missing numbers count as 0, so 0.26 is at
    /// least 0.26.0); a version with no numbers is never at least anything.
    public func isAtLeast(_ minimum: [Int]) -> Bool {
        guard !numbers.isEmpty else { return false }
        for index in 0..<max(numbers.count, minimum.count) {
            let have = index < numbers.count ? numbers[index] : 0
            let need = index < minimum.count ? minimum[index] : 0
            if have != need { return have > need }
        }
        return true
    }

    /// Whether this names a terminal multiplexer (tmux, GNU screen), which answers for itself
    /// and says nothing of the terminal its clients see.
    public var isMultiplexer: Bool { name == "tmux" || name == "screen" }
}
