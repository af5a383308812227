@testable import Playback

/// Test support: a ``PreviewDecoding`` with no mpv. It records what it is asked and answers
/// with the outcomes a test queues for the next ``poll()``.
final class FakePreviewDecoder: PreviewDecoding {
    /// What it was made for: the item's name, the picture size and the pixels' shape.
    let made: (source: String, width: Int, height: Int, pixelAspect: Double)
    /// The times asked for, oldest first.
    var requests: [Double] = []
    /// The sizes it was given since, oldest first.
    var resizes: [[Int]] = []
    /// What the next ``poll()`` gives.
    var outcomes: [PreviewDecoder.Outcome] = []
    var wakeDescriptor: Int32 { 7 }

    init(source: MediaSource, width: Int, height: Int, pixelAspect: Double) {
        made = (source.mpvName, width, height, pixelAspect)
    }

    func resize(width: Int, height: Int) { resizes.append([width, height]) }
    func request(_ time: Double) { requests.append(time) }
    func poll() -> [PreviewDecoder.Outcome] {
        defer { outcomes.removeAll() }
        return outcomes
    }

    /// Queues the answer to the request for `requested`: the keyframe at `keyframe`, as a 2 × 1
    /// picture whose first byte is `shade`.
    func answer(_ requested: Double, keyframe: Double, shade: UInt8) {
        outcomes.append(.frame(.init(requested: requested, keyframe: keyframe, still: FakePreviewDecoder.still(shade))))
    }

    /// The picture ``answer(_:keyframe:shade:)`` gives.
    static func still(_ shade: UInt8) -> Still { Still(width: 2, height: 1, rgb: [shade, 0, 0, 0, 0, 0]) }
}

/// Test support: the decoders a ``ScrubPreview`` made (held weakly: one the preview let go of is
/// nil), and which items cannot be opened.
final class PreviewDecoderMaker {
    private struct Made { weak var decoder: FakePreviewDecoder? }
    private var made: [Made] = []
    /// The decoders made, oldest first; nil for one that is gone.
    var decoders: [FakePreviewDecoder?] { made.map(\.decoder) }
    /// The one made last, while it lives.
    var last: FakePreviewDecoder? { made.last?.decoder }
    /// The names of the items whose decoders cannot be made.
    var failing: Set<String> = []

    struct CannotOpen: Error {}

    func make(_ source: MediaSource, _ width: Int, _ height: Int, _ pixelAspect: Double) throws -> any PreviewDecoding {
        guard !failing.contains(source.mpvName) else { throw CannotOpen() }
        let decoder = FakePreviewDecoder(source: source, width: width, height: height, pixelAspect: pixelAspect)
        made.append(Made(decoder: decoder))
        return decoder
    }
}
