import Testing
@testable import Playback

/// The properties reel observes are one table: each row's name, format and where it lands.
@Suite("The table of player properties")
struct PlayerPropertyTests {
    @Test("every property is one row: no name twice, and each id reads back its row")
    func rows() {
        let names = PlayerProperty.all.map(\.name)
        #expect(names.count == Set(names).count, "a name twice in the table")
        for (index, property) in PlayerProperty.all.enumerated() {
            #expect(PlayerProperty.observed(id: UInt64(index + 1)) == property)
            #expect(property.id == UInt64(index + 1))
        }
        #expect(PlayerProperty.observed(id: 0) == nil && PlayerProperty.observed(id: UInt64(names.count + 1)) == nil)
        for property in [PlayerProperty.playlist, .tracks, .subtitleTrack, .subtitleText] {
            #expect(PlayerProperty.all.contains(property), "\(property) is observed")
        }
        #expect(PlayerProperty.playlist != PlayerProperty.tracks && PlayerProperty.subtitleTrack.name == "sid")
    }
}
