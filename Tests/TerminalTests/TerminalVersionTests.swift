import Testing
import Terminal

@Suite("TerminalVersion: a terminal's name and version in its own words")
struct TerminalVersionTests {
    @Test("each form terminals send reads as a name and numbers", arguments: [
        ("kitty(0.26.5)", "kitty", [0, 26, 5]),
        ("XTerm(379)", "xterm", [379]),
        ("tmux 3.3a", "tmux", [3, 3]),
        ("WezTerm 20230712-072601-f4abf8fd", "wezterm", [20_230_712]),
        ("foot(1.13.1)", "foot", [1, 13, 1]),
        ("VTE(7802)", "vte", [7802]),
        ("kitty", "kitty", []),
        ("kitty()", "kitty", []),
        ("kitty(x.1)", "kitty", []),
        ("kitty(0.26", "kitty", [0, 26]),
        ("kitty(99999999999999999999)", "kitty", [999_999_999]),
    ] as [(String, String, [Int])])
    func reads(text: String, name: String, numbers: [Int]) {
        #expect(TerminalVersion(text) == TerminalVersion(name: name, numbers: numbers))
    }

    @Test("text that does not start with a name is no version", arguments: ["", " 3.3a", "(0.26.5)"])
    func noName(text: String) {
        #expect(TerminalVersion(text) == nil)
    }

    @Test("versions compare part by part, a missing part counting as 0", arguments: [
        ([0, 26, 5], [0, 19], true), ([0, 19], [0, 19, 0], true), ([0, 18, 9], [0, 19], false),
        ([0, 40], [0, 40], true), ([1], [0, 40], true), ([0, 100], [0, 40], true), ([], [0], false),
    ] as [([Int], [Int], Bool)])
    func atLeast(have: [Int], minimum: [Int], expected: Bool) {
        #expect(TerminalVersion(name: "kitty", numbers: have).isAtLeast(minimum) == expected)
    }

    @Test("tmux and screen are multiplexers; terminals are not", arguments: [
        ("tmux 3.3a", true), ("screen", true), ("kitty(0.26.5)", false), ("XTerm(379)", false),
    ])
    func multiplexer(text: String, expected: Bool) {
        #expect(TerminalVersion(text)?.isMultiplexer == expected)
    }
}
