import Testing
@testable import Formatting

@Suite("TimeText")
struct TimeTextTests {
    @Test("format reads m:ss under an hour and h:mm:ss from an hour, truncating", arguments: [
        (0.0, "0:00"), (0.999, "0:00"), (5, "0:05"), (59.9, "0:59"), (60, "1:00"), (65, "1:05"), (599, "9:59"),
        (600, "10:00"), (3599, "59:59"), (3599.99, "59:59"), (3600, "1:00:00"), (3661, "1:01:01"),
        (36_000, "10:00:00"), (360_000, "100:00:00"),
    ])
    func format(seconds: Double, expected: String) {
        #expect(TimeText.format(seconds) == expected)
    }

    @Test("format reads negative and non-finite times as 0:00", arguments: [-1.0, -0.5, -3600, .nan, .infinity, -.infinity])
    func formatInvalid(seconds: Double) {
        #expect(TimeText.format(seconds) == "0:00")
    }

    @Test("format never traps on huge values")
    func formatHuge() {
        #expect(TimeText.format(1e300) == TimeText.format(1e15))
        #expect(TimeText.format(1e15) == "277777777777:46:40")
    }

    @Test("pair uses h:mm:ss for both when either reaches an hour", arguments: [
        (303.0, 3720.0, "0:05:03", "1:02:00"),
        (303, 720, "5:03", "12:00"),
        (0, 3600, "0:00:00", "1:00:00"),
        (0, 3599.9, "0:00", "59:59"),
        (3600, 0, "1:00:00", "0:00:00"),
        (-5, .nan, "0:00", "0:00"),
    ])
    func pair(elapsed: Double, total: Double, expectedElapsed: String, expectedTotal: String) {
        let pair = TimeText.pair(elapsed: elapsed, total: total)
        #expect(pair.elapsed == expectedElapsed)
        #expect(pair.total == expectedTotal)
    }

    @Test("within a file, every time reads as its clock does: h:mm:ss throughout a file of an hour or more", arguments: [
        (3568.0, 7201.0, "0:59:28"), (720, 7201, "0:12:00"), (4, 7201, "0:00:04"), (3568, 3600, "0:59:28"),
        (3568, 3599, "59:28"), (4, 8, "0:04"), (3700, 0, "1:01:40"), (.nan, 7200, "0:00:00"),
    ])
    func formatWithin(seconds: Double, duration: Double, expected: String) {
        #expect(TimeText.format(seconds, within: duration) == expected)
        #expect(TimeText.format(seconds, within: duration) == TimeText.pair(elapsed: seconds, total: duration).elapsed)
    }

    @Test("the time left rounds up, so only the end reads 0:00, and reads as the file's clock", arguments: [
        (7.16, 8.0, "0:01"), (8, 8, "0:00"), (8.2, 8, "0:00"), (7, 8, "0:01"), (6.9999, 8, "0:02"), (5, 12.04, "0:07"),
        (12.03, 12.04, "0:01"), (60.5, 120, "1:00"), (100.8, 3700, "1:00:00"), (5400, 7201, "0:30:01"), (.nan, 8, "0:08"),
        (-1, 8, "0:08"), (3, .nan, "0:00"),
    ])
    func left(position: Double, duration: Double, expected: String) {
        #expect(TimeText.left(at: position, of: duration) == expected)
    }

    @Test("the elapsed time and the time left add up to the length the clock shows", arguments: [0.0, 7.16, 7.5, 29.999, 60.01])
    func elapsedAndLeft(position: Double) {
        let elapsed = TimeText.format(position, within: 61.4), left = TimeText.left(at: position, of: 61.4)
        let seconds = { (text: String) in text.split(separator: ":").reduce(0) { $0 * 60 + Int($1)! } }
        #expect(seconds(elapsed) + seconds(left) == 61, "\(elapsed) + \(left)")
    }

    @Test("spoken names the non-zero parts, singular or plural", arguments: [
        (0.0, "0 seconds"), (1, "1 second"), (2, "2 seconds"), (59.9, "59 seconds"), (60, "1 minute"),
        (74, "1 minute 14 seconds"), (121, "2 minutes 1 second"), (3600, "1 hour"), (3605, "1 hour 5 seconds"),
        (7322, "2 hours 2 minutes 2 seconds"), (-4, "0 seconds"), (.nan, "0 seconds"),
    ])
    func spoken(seconds: Double, expected: String) {
        #expect(TimeText.spoken(seconds) == expected)
    }

    @Test("spokenPosition reads like the seed's scrubber value")
    func spokenPosition() {
        #expect(TimeText.spokenPosition(74, of: 120) == "1 minute 14 seconds of 2 minutes")
    }
}
