import Testing

@Suite struct EndToEndTestsPlaceholder {
    @Test func builds() { #expect(1 + 1 == 2) }
}
