import Testing

@Suite struct TerminalTestsPlaceholder {
    @Test func builds() { #expect(1 + 1 == 2) }
}
