import Testing
@testable import Formatting

@Suite("DecimalText")
struct DecimalTextTests {
    @Test("plain decimals, trailing zeros dropped, no exponent", arguments: [
        (10.0, 3, 0, "10"), (2.5, 3, 0, "2.5"), (1.0 / 3, 3, 0, "0.333"), (-0.1, 3, 0, "-0.1"), (1e20, 3, 0, "1000000000000000"),
        (0.0000004, 6, 0, "0"), (0.0000005, 6, 0, "0.000001"), (-0.0001, 3, 0, "0"), (12.345, 2, 2, "12.35"), (3.0, 2, 2, "3.00"),
        (.nan, 3, 0, "0"), (.infinity, 3, 0, "0"), (0.125, 2, 0, "0.13"), (754.25, 3, 0, "754.25"),
        // With six decimals the clamp is 9e12, so that the scaled number fits in an Int64.
        (9.223372036854776e12, 6, 0, "9000000000000"), (-1e20, 6, 0, "-9000000000000"), (1e15, 5, 0, "90000000000000"),
    ] as [(Double, Int, Int, String)])
    func format(value: Double, maximum: Int, minimum: Int, expected: String) {
        #expect(DecimalText.format(value, maximumFractionDigits: maximum, minimumFractionDigits: minimum) == expected)
    }
}
