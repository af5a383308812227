import Terminal
import Testing

@Suite("Colour mode")
struct ColorModeTests {
    @Test("colour mode from COLORTERM", arguments: [
        (["COLORTERM": "truecolor"], ColorMode.truecolor), (["COLORTERM": "24bit"], .truecolor), (["COLORTERM": "TrueColor"], .truecolor),
        (["COLORTERM": "yes"], .palette256), ([:], .palette256),
    ] as [([String: String], ColorMode)])
    func colorMode(environment: [String: String], expected: ColorMode) {
        #expect(ColorMode.detect(environment: environment) == expected)
    }
}
