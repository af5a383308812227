#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Terminal

/// reel's claim on a tmux pane's `allow-passthrough`, and what undoing it does: the value before
/// goes back only while the pane still has reel's `on` and the claim is that reel's.
@Suite("PassthroughClaim: what to put back, and when")
struct PassthroughClaimTests {
    @Test("the claim reads back as written: the process and the pane's own value, - for none",
          arguments: [PassthroughClaim(process: 4242, own: nil), PassthroughClaim(process: 7, own: "off"),
                      PassthroughClaim(process: 1, own: "all")])
    func roundTrip(claim: PassthroughClaim) {
        #expect(PassthroughClaim(text: claim.text) == claim)
    }

    @Test("a value that is not a claim is none", arguments: ["", "4242", ":-", "0:-", "-3:-", "x:-", "42:", "42:o n", "42:on;x"])
    func notAClaim(text: String) {
        #expect(PassthroughClaim(text: text) == nil)
    }

    @Test("undo: put back while the pane has reel's on; only forget when its value changed since; nothing for another's claim or none",
          arguments: [
              ("on", PassthroughClaim(process: 42, own: nil), PassthroughClaim.Undo.putBack(own: nil)),
              ("1", PassthroughClaim(process: 42, own: "off"), .putBack(own: "off")),
              ("off", PassthroughClaim(process: 42, own: nil), .forget),
              ("all", PassthroughClaim(process: 42, own: nil), .forget),
              (nil, PassthroughClaim(process: 42, own: "off"), .forget),
              ("on", PassthroughClaim(process: 43, own: nil), .nothing),
              ("on", nil, .nothing),
          ] as [(String?, PassthroughClaim?, PassthroughClaim.Undo)])
    func undo(current: String?, found: PassthroughClaim?, expected: PassthroughClaim.Undo) {
        #expect(PassthroughClaim.undo(current: current, found: found, owner: 42) == expected)
    }

    @Test("the commands: on with the claim; back to the own value or unset, with the claim removed; forget removes the claim alone")
    func commands() {
        let claim = PassthroughClaim(process: 42, own: nil)
        #expect(claim.claimCommands(pane: "%3") == ["set-option", "-p", "-t", "%3", "allow-passthrough", "on", ";",
                                                    "set-option", "-p", "-t", "%3", "@reel-passthrough", "42:-"])
        #expect(PassthroughClaim.commands(.putBack(own: nil), pane: "%3")
            == ["set-option", "-p", "-u", "-t", "%3", "allow-passthrough", ";", "set-option", "-p", "-u", "-t", "%3", "@reel-passthrough"])
        #expect(PassthroughClaim.commands(.putBack(own: "off"), pane: "%3")
            == ["set-option", "-p", "-t", "%3", "allow-passthrough", "off", ";", "set-option", "-p", "-u", "-t", "%3", "@reel-passthrough"])
        #expect(PassthroughClaim.commands(.forget, pane: "%3") == ["set-option", "-p", "-u", "-t", "%3", "@reel-passthrough"])
        #expect(PassthroughClaim.commands(.nothing, pane: "%3").isEmpty)
    }

    @Test("the pane's state is read from show-options' lines; what is unset has no line")
    func paneState() {
        let both = PassthroughClaim.paneState(lines: ["allow-passthrough on", "@reel-passthrough 4242:off"])
        #expect(both.own == "on" && both.claim == PassthroughClaim(process: 4242, own: "off"))
        let none = PassthroughClaim.paneState(lines: [])
        #expect(none.own == nil && none.claim == nil)
        #expect(PassthroughClaim.query(pane: "%3") == ["show-options", "-p", "-q", "-t", "%3", "allow-passthrough", ";",
                                                       "show-options", "-p", "-q", "-t", "%3", "@reel-passthrough"])
    }
}

/// What a reel killed outright left in `/dev/shm`, removed by its exit guard: its own objects
/// and no one else's.
@Suite("SharedMemoryLeftovers: a process's objects in /dev/shm, and only its")
struct SharedMemoryLeftoversTests {
    @Test("a name is the process's when it is reel-<pid>-<digits>", arguments: [
        ("reel-12-1", true), ("reel-12-64", true), ("reel-12-", false), ("reel-123-1", false), ("reel-1-2", false),
        ("reel-12-1x", false), ("xreel-12-1", false), ("reel-12-1.tmp", false),
    ])
    func name(entry: String, isOwn: Bool) {
        #expect(SharedMemoryLeftovers.isName(entry, madeBy: 12) == isOwn)
        #expect(SharedMemoryLeftovers.name(process: 12, number: 5) == "/reel-12-5")
    }

    @Test("remove unlinks the process's objects in /dev/shm and leaves the others")
    func remove() throws {
        // A process id no process has (above the kernel's largest), and one next to it.
        let gone: Int32 = 2_000_000_007, other: Int32 = 200_000_000
        let mine = ["/reel-\(gone)-1", "/reel-\(gone)-17"], theirs = ["/reel-\(other)-1", "/reel-\(gone)-x"]
        for name in mine + theirs {
            let descriptor = shm_open(name, O_CREAT | O_RDWR, 0o600)
            try #require(descriptor >= 0, "shm_open \(name)")
            close(descriptor)
        }
        defer { for name in mine + theirs { shm_unlink(name) } }
        #expect(SharedMemoryLeftovers.remove(madeBy: gone) == 2)
        for name in mine { #expect(access("/dev/shm" + name, F_OK) != 0, "\(name) removed") }
        for name in theirs { #expect(access("/dev/shm" + name, F_OK) == 0, "\(name) left alone") }
    }
}
