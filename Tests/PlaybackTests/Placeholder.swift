import Testing

@Suite struct PlaybackTestsPlaceholder {
    @Test func builds() { #expect(1 + 1 == 2) }
}
