import Testing
@testable import Controls

@Suite("MediaTime clamps")
struct MediaTimeTests {
    @Test("duration: nil and non-finite are 0, the rest is clamped to 0…360000", arguments: [
        (nil, 0.0), (.nan, 0), (.infinity, 0), (-.infinity, 0), (-5, 0), (0, 0),
        (120, 120), (359_999.5, 359_999.5), (360_000, 360_000), (360_000.01, 360_000), (1e12, 360_000),
    ] as [(Double?, Double)])
    func safeDuration(input: Double?, expected: Double) {
        #expect(MediaTime.safeDuration(input) == expected)
    }

    @Test("position: nil and non-finite are 0, the rest is clamped to 0…duration", arguments: [
        (nil, 0.0), (.nan, 0), (.infinity, 0), (-.infinity, 0), (-1, 0), (0, 0), (34, 34), (120, 120), (120.4, 120), (1e9, 120),
    ] as [(Double?, Double)])
    func positionWithDuration(input: Double?, expected: Double) {
        #expect(MediaTime.position(input, duration: 120) == expected)
    }

    @Test("position: the duration is sanitised first")
    func positionSanitisesDuration() {
        #expect(MediaTime.position(400_000, duration: 1e9) == 360_000)
        #expect(MediaTime.position(50, duration: -3) == 50)
    }

    @Test("position with an unknown duration (0) keeps a known position, capped at 360000", arguments: [
        (nil, nil, 0.0), (12.5, nil, 12.5), (12.5, 0, 12.5), (12.5, .nan, 12.5), (-1, 0, 0), (1e9, 0, 360_000), (.nan, 0, 0),
    ] as [(Double?, Double?, Double)])
    func positionWithUnknownDuration(position: Double?, duration: Double?, expected: Double) {
        #expect(MediaTime.position(position, duration: duration) == expected)
    }

    @Test("seekTarget clamps to the file and ignores a non-finite delta", arguments: [
        (50.0, 10.0, 60.0), (5, -10, 0), (115, 10, 120), (50, .nan, 50), (50, .infinity, 50),
    ])
    func seekTarget(position: Double, delta: Double, expected: Double) {
        #expect(MediaTime.seekTarget(from: position, by: delta, duration: 120) == expected)
    }
}
