import Testing
@testable import Session

@Suite("SubtitleHold")
struct SubtitleHoldTests {
    static let line = SubtitleHold.Lines(text: "The first line.", ass: "The first line.")
    static let none = SubtitleHold.Lines(text: "", ass: "")

    @Test("across a frame step back, mpv's empty text shows the line held, until mpv reports the text after the restart")
    func holdsUntilTheNewText() {
        var hold = SubtitleHold()
        #expect(hold.shown(Self.none) == Self.none, "nothing is held before a step")
        hold.begin(Self.line)
        #expect(hold.shown(Self.line) == Self.line)
        hold.textChanged()
        #expect(hold.shown(Self.none) == Self.line, "the seek empties mpv's text: the line stays")
        #expect(hold.shown(SubtitleHold.Lines(text: nil, ass: nil)) == Self.line)
        #expect(hold.deadline == nil, "no deadline before the restart")
        hold.restarted(now: 5)
        #expect(hold.shown(Self.none) == Self.line, "the restart may come before the new frame's text")
        hold.textChanged()
        #expect(!hold.isHolding)
        #expect(hold.shown(Self.none) == Self.none, "mpv's text after the restart is the frame's")
    }

    @Test("with no report after the restart (the new frame has no line either), the hold runs out after its grace")
    func graceRunsOut() {
        var hold = SubtitleHold()
        hold.begin(Self.line)
        hold.restarted(now: 5)
        #expect(hold.deadline == 5 + SubtitleHold.grace)
        let early = hold.expire(now: 5.1)
        #expect(!early)
        #expect(hold.shown(Self.none) == Self.line)
        let expired = hold.expire(now: 5 + SubtitleHold.grace)
        #expect(expired)
        #expect(hold.shown(Self.none) == Self.none)
        #expect(hold.deadline == nil)
        let again = hold.expire(now: 9)
        #expect(!again)
    }

    @Test("a new line from mpv during the step shows as it is")
    func newLine() {
        var hold = SubtitleHold()
        hold.begin(Self.line)
        let other = SubtitleHold.Lines(text: "Two lines:", ass: nil)
        #expect(hold.shown(other) == other)
    }

    @Test("a step with no line on screen holds nothing, and another item ends a hold")
    func nothingToHold() {
        var hold = SubtitleHold()
        hold.begin(Self.none)
        #expect(!hold.isHolding)
        hold.restarted(now: 1)
        #expect(hold.deadline == nil)
        hold.begin(Self.line)
        hold.end()
        #expect(hold.shown(Self.none) == Self.none)
    }
}
