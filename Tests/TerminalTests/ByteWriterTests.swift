import Testing
@testable import Terminal

@Suite("Decimal digits")
struct DecimalDigitsTests {
    @Test("decimalDigits counts the digits of every size, and csiLength follows", arguments: [
        (0, 1), (9, 1), (10, 2), (99, 2), (100, 3), (9_999, 4), (10_000, 5), (99_999, 5), (100_000, 6), (1_234_567, 7),
    ])
    func digits(value: Int, expected: Int) {
        #expect(decimalDigits(value) == expected)
        #expect(decimalDigits(value) == String(value).count)
        #expect(csiLength(value) == (value == 1 ? 3 : 3 + String(value).count))
    }
}
