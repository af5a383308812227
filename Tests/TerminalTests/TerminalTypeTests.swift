import Terminal
import Testing

@Suite("TerminalType")
struct TerminalTypeTests {
    @Test("TERM dumb, empty or unset is text only, saying which", arguments: [
        (["TERM": "dumb"], "TERM=dumb"), (["TERM": ""], "TERM is empty"), ([:], "TERM is not set"),
    ] as [([String: String], String)])
    func textOnly(environment: [String: String], description: String) {
        #expect(TerminalType(environment: environment) == .textOnly(description: description))
    }

    @Test("any other TERM can draw", arguments: ["xterm-256color", "tmux-256color", "linux", "vt100", "dumb2"])
    func capable(term: String) {
        #expect(TerminalType(environment: ["TERM": term]) == .capable)
    }
}
