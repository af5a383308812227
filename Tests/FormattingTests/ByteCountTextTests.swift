import Testing
@testable import Formatting

@Suite("ByteCountText")
struct ByteCountTextTests {
    @Test("sizes read in decimal units with at most three figures", arguments: [
        (0, "0 B"), (-5, "0 B"), (999, "999 B"), (1000, "1.0 kB"), (1049, "1.0 kB"), (1050, "1.1 kB"),
        (12_345_678, "12.3 MB"), (99_949_999, "99.9 MB"), (99_950_000, "100 MB"), (123_456_789, "123 MB"),
        (999_960, "1.0 MB"), (1_234_567_890, "1.2 GB"), (Int64.max, "9.2 EB"),
    ] as [(Int64, String)])
    func format(bytes: Int64, text: String) {
        #expect(ByteCountText.format(bytes) == text)
    }
}
