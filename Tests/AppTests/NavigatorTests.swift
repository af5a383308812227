@testable import App
@testable import Options
import Testing

/// Where a run starts: the places stacked at the start, bottom first (the scenes themselves need
/// the run's mpv, and are left to the end-to-end tests).
@Suite("Navigator")
struct NavigatorTests {
    @Test("the places a run starts on, bottom first", arguments: [
        // items, a folder or history, --list, --poster: the places
        (1, false, false, false, [Place.player(item: 0, reveal: false)]),
        (1, false, false, true, [.poster(item: 0)]),
        (3, false, false, false, [.list, .player(item: 0, reveal: false)]),
        (3, false, false, true, [.list, .poster(item: 0)]),
        (0, false, false, false, [.list]),
        (1, true, false, false, [.list]),
        (5, true, false, true, [.list]),
        (1, false, true, false, [.list]),
        (4, false, true, true, [.list]),
    ] as [(Int, Bool, Bool, Bool, [Place])])
    func startPlaces(items: Int, hasFolder: Bool, list: Bool, poster: Bool, places: [Place]) {
        var options = ReelOptions()
        options.list = list
        options.poster = poster
        #expect(Navigator.startPlaces(itemCount: items, hasFolder: hasFolder, options: options) == places)
    }

    @Test("a run never starts on a reveal, and only the list lies below the place on top")
    func revealNever() {
        for items in 0...3 {
            for options in [ReelOptions(), { var o = ReelOptions(); o.poster = true; return o }()] {
                let places = Navigator.startPlaces(itemCount: items, hasFolder: false, options: options)
                #expect(!places.contains(.player(item: 0, reveal: true)))
                #expect(places.dropLast().allSatisfy { $0 == .list })
            }
        }
    }
}
