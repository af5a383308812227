import Testing

@Suite struct AppTestsPlaceholder {
    @Test func builds() { #expect(1 + 1 == 2) }
}
