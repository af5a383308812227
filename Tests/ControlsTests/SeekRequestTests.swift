import Testing
@testable import Controls

@Suite("SeekRequest")
struct SeekRequestTests {
    @Test("then merges requests into one with the same result", arguments: [
        (SeekRequest.by(10), SeekRequest.by(10), SeekRequest.by(20)),
        (.by(10), .by(-10), .by(0)),
        (.to(30, exact: true), .by(10), .to(40, exact: true)),
        (.to(30, exact: false), .by(-5), .to(25, exact: false)),
        (.by(10), .to(5, exact: false), .to(5, exact: false)),
        (.to(30, exact: false), .to(50, exact: true), .to(50, exact: true)),
    ])
    func then(first: SeekRequest, second: SeekRequest, merged: SeekRequest) {
        #expect(first.then(second) == merged)
    }
}
