import Testing
@testable import Session

@Suite("TrackSwitchGuard")
struct TrackSwitchGuardTests {
    @Test("a refresh that lands on a later keyframe while paused is put back where the switch was made")
    func putsBack() {
        var guardian = TrackSwitchGuard()
        guardian.switched(position: 2.0, isPaused: true, now: 10)
        #expect(guardian.check(position: 4.0, isPaused: true, now: 10.1) == nil, "not before mpv has restarted")
        guardian.playbackRestarted()
        #expect(guardian.check(position: 4.0, isPaused: true, now: 10.2) == 2.0)
        #expect(guardian.check(position: 4.0, isPaused: true, now: 10.3) == nil, "only once")
    }

    @Test("in a burst of switches the place is the one before the first")
    func burstKeepsFirst() {
        var guardian = TrackSwitchGuard()
        guardian.switched(position: 2.0, isPaused: true, now: 10)
        guardian.playbackRestarted()
        guardian.switched(position: 2.5, isPaused: true, now: 10.06)
        guardian.switched(position: 2.5, isPaused: true, now: 10.12)
        guardian.playbackRestarted()
        #expect(guardian.check(position: 4.0, isPaused: true, now: 10.3) == 2.0)
    }

    @Test("a refresh that lands where it was changes nothing")
    func samePlace() {
        var guardian = TrackSwitchGuard()
        guardian.switched(position: 2.0, isPaused: true, now: 10)
        guardian.playbackRestarted()
        #expect(guardian.check(position: 2.02, isPaused: true, now: 10.2) == nil)
    }

    @Test("playing, a seek of reel's own, or a late restart is not guarded",
          arguments: ["playing", "seek", "late", "unknown position"])
    func notGuarded(case name: String) {
        var guardian = TrackSwitchGuard()
        guardian.switched(position: name == "unknown position" ? nil : 2.0, isPaused: name != "playing", now: 10)
        if name == "seek" { guardian.cancel() }
        guardian.playbackRestarted()
        let now = name == "late" ? 10 + TrackSwitchGuard.window + 0.1 : 10.2
        #expect(guardian.check(position: 4.0, isPaused: true, now: now) == nil)
        #expect(guardian == TrackSwitchGuard())
    }
}
