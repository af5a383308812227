import Testing

@Suite struct ControlsTestsPlaceholder {
    @Test func builds() { #expect(1 + 1 == 2) }
}
