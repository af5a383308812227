import Controls
import Drawing
import Formatting
import Library
import Options
import Playback
import System

/// The player scene's scrub preview: the requests engine (``PreviewRequests``) and the preview
/// decoder (``PreviewDecoder``) of the item playing, made at the first hover and replaced when
/// the item changes (a new card size resizes it). With no one scrubbing, it does nothing: the
/// decoder is a paused core, and nothing polls it but its descriptor.
///
/// The decoder comes from a ``DecoderMaker`` (the real one by default), so that tests give a fake
/// and follow every request and answer with numbers.
public final class ScrubPreview {
    /// Makes a decoder for an item at a picture size (pixels) and pixel shape; throws when the
    /// item cannot be opened a second time.
    public typealias DecoderMaker = (_ source: MediaSource, _ width: Int, _ height: Int, _ pixelAspect: Double) throws -> any PreviewDecoding

    private var requests = PreviewRequests<PixelBuffer>(configuration: .init(capacity: ScrubPreview.cacheFrames))
    private var decoder: (any PreviewDecoding)?
    private let makeDecoder: DecoderMaker
    /// What the decoder was made for: the item's name for mpv, and the picture's size.
    private var made: (source: String, width: Int, height: Int)?
    /// The item that could not be opened a second time.
    private var failedSource: String?
    private let usesYtdl: Bool
    /// When the pointer last moved, and to what time: the latency runs from there to the frame.
    private var pointerMovedAt: Double?
    /// From the pointer stopping to its frame showing, for `--stats`.
    public private(set) var latencies = DurationHistogram()

    /// How many frames the cache keeps: a card is 24 × 7 cells, 48 × 28 pixels in cells (5 KiB
    /// each) or about 240 × 140 in a terminal's own pixels (130 KiB): at most about 4 MiB.
    static let cacheFrames = 32

    /// A preview for items opened with yt-dlp when `usesYtdl`, drawn with `blitter` (its pictures
    /// are supersampled and placed as the main picture's are), the decoders' mpv log going to
    /// `logFile`; `makeDecoder` replaces the real decoder (tests).
    public init(usesYtdl: Bool, logFile: FilePath?, blitter: FrameEncoder.Blitter = .half, makeDecoder: DecoderMaker? = nil) {
        self.usesYtdl = usesYtdl
        self.makeDecoder = makeDecoder ?? { source, width, height, pixelAspect in
            try PreviewDecoder(source: source, width: width, height: height, pixelAspect: pixelAspect,
                               supersampling: blitter.supersampling, pictureGrain: PictureGrain(blitter.pictureGrain),
                               logFile: logFile)
        }
    }

    /// The descriptor to wake for while the decoder works.
    public var wakeDescriptors: [Int32] { decoder.map { [$0.wakeDescriptor] } ?? [] }

    /// Whether frames can come for `source` of length `duration`: files and http(s), with a
    /// length and seekable; not standard input, pages through yt-dlp, or live streams.
    public func isAvailable(for source: MediaSource?, duration: Double?, seekable: Bool?) -> Bool {
        guard let source, PreviewDecoder.canPreview(source, usesYtdl: usesYtdl), source.mpvName != failedSource else { return false }
        return (duration ?? 0) > 0 && seekable != false
    }

    /// The pointer is at `time` (nil: it left) over `source`, for a picture of `size` pixels of
    /// shape `pixelAspect`. Returns the frame to show when the cache has it.
    public func pointer(at time: Double?, source: MediaSource, size: (width: Int, height: Int), pixelAspect: Double, now: Double) -> PixelBuffer? {
        guard let time else {
            pointerMovedAt = nil
            return apply(requests.event(.leave), now: now)
        }
        prepare(source: source, size: size, pixelAspect: pixelAspect)
        pointerMovedAt = now
        return apply(requests.event(.pointer(at: time)), now: now)
    }

    /// Takes what the decoder has done; returns a frame for the card when one is to show.
    public func pump(now: Double) -> PixelBuffer? {
        guard let decoder else { return nil }
        var shown: PixelBuffer?
        for outcome in decoder.poll() {
            switch outcome {
            case .frame(let frame):
                TraceLog.shared?.record("preview frame \(frame.requested) keyframe \(frame.keyframe)", now: now)
                if frame.requested == requests.pointer, let moved = pointerMovedAt {
                    latencies.record(milliseconds: (now - moved) * 1000)
                    TraceLog.shared?.record("preview latency \(DecimalText.format((now - moved) * 1000, maximumFractionDigits: 2, minimumFractionDigits: 2))", now: now)
                }
                let picture = PixelBuffer(frame.still)
                shown = apply(requests.event(.decoded(requested: frame.requested, keyframe: frame.keyframe, frame: picture)), now: now) ?? shown
            case .failed(let time):
                TraceLog.shared?.record("preview failed \(time)", now: now)
                shown = apply(requests.event(.failed(requested: time)), now: now) ?? shown
            case .unavailable(let reason):
                TraceLog.shared?.record("preview unavailable \(reason)", now: now)
                failedSource = made?.source
            }
        }
        return shown
    }

    /// Makes the decoder for `source` at `size`, unless the one there is for them; a new size
    /// alone (the terminal was resized) keeps the decoder's core and forgets the frames cached at
    /// the old size. A core opened again on every resize cost a whole mpv each time, and memory
    /// that glibc did not give back (the soak's RSS climbed 19 MB in 10 minutes of resizes).
    private func prepare(source: MediaSource, size: (width: Int, height: Int), pixelAspect: Double) {
        let name = source.mpvName
        if let made, made.source == name, let decoder {
            guard made.width != size.width || made.height != size.height else { return }
            _ = requests.event(.reset)
            decoder.resize(width: size.width, height: size.height)
            self.made = (name, size.width, size.height)
            TraceLog.shared?.record("preview decoder \(size.width)x\(size.height) resized")
            return
        }
        decoder = nil
        _ = requests.event(.reset)
        made = (name, size.width, size.height)
        decoder = try? makeDecoder(source, size.width, size.height, pixelAspect)
        if decoder == nil { failedSource = name }
        TraceLog.shared?.record("preview decoder \(size.width)x\(size.height)\(decoder == nil ? " failed" : "")")
    }

    /// Carries out the engine's actions; returns the frame to show, if any.
    private func apply(_ actions: [PreviewRequests<PixelBuffer>.Action], now: Double) -> PixelBuffer? {
        var shown: PixelBuffer?
        for action in actions {
            switch action {
            case .decode(let time):
                TraceLog.shared?.record("preview request \(time)", now: now)
                decoder?.request(time)
            case .show(let frame, _): shown = frame
            case .hide: shown = nil
            }
        }
        return shown
    }
}
