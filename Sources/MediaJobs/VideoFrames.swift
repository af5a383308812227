import Controls
import Drawing
import Options
import Playback
import System

/// mpv's frames as the screens' pixels: renders a due frame at the size asked for, or lets it go
/// when the terminal is behind, and counts both for `--stats`.
///
/// A frame that comes due while the terminal is still taking the last screen waits for it up to
/// ``patience`` (less than a frame): mpv holds the frame meanwhile, and the loop wakes when the
/// terminal drains or the wait is over. Only then is it let go. Without the wait, one screen that
/// a busy terminal takes a few milliseconds more than a frame to read cost a frame, where mpv's
/// own terminal output, which blocks, shows it a little late (docs/benchmarks.md).
public final class VideoFrames {
    /// mpv's own buffer: for frames let go, and for a libmpv that turns packed RGB down (whose
    /// frames then come in rgb0, the format every libmpv takes, without asking for rgb24 again).
    private let frame = FrameBuffer(width: 2, height: 2, format: .rgb0)
    /// The latest picture, in the encoder's pixels.
    public private(set) var video: PixelBuffer?
    /// The picture before ``video``: the next frame is written over it. By then the screen and
    /// the graphics renderer have let it go, so it is written in place; ``video`` itself is still
    /// theirs, and writing over it would copy all of it first.
    private var spare: PixelBuffer?
    /// Whether mpv renders straight into the picture's pixels; false once this libmpv turns
    /// packed RGB down, and frames then go through ``frame``.
    private var rendersInPlace = true

    public init() {}

    public private(set) var rendered = 0
    public private(set) var skipped = 0
    /// Frames mpv has had for the item now open (drawn or let go).
    public private(set) var itemFrames = 0
    /// Whether frames were let go since the last one rendered: the picture is older than mpv's
    /// (or there is none yet), and a screen drawn now should render the current frame first (it
    /// costs one render, and spares the terminal a stale picture sent as if it were new).
    public private(set) var isBehind = false
    /// How long mpv took to render (scale and convert) each frame.
    public private(set) var renderTimes = DurationHistogram()
    /// Whether a new picture may not go to the terminal now (its answer for the last one is
    /// awaited, or `--terminal-max-fps` holds it): a screen of the controls drawn meanwhile keeps
    /// the picture it has instead of catching up with mpv's (``isBehind``).
    public var picturesHeld = false
    /// How long a due frame may wait for a busy terminal before it is let go, in seconds.
    public var patience = 0.0
    /// Since when the frame now due has been waiting for the terminal, or nil.
    private var waitingSince: Double?

    /// When the frame waiting for the terminal is let go, or nil when none waits.
    public var deadline: Double? { waitingSince.map { $0 + patience } }

    /// Forgets the picture (a new item is opening: the last one's frame must not show).
    public func clear() {
        video = nil
        spare = nil
        itemFrames = 0
    }

    /// Takes a due frame from mpv: renders it at `size` when `draw` is true, else lets it go once
    /// it has waited ``patience``. Returns true when a new picture is ready.
    public func take(from player: any Player, size: (width: Int, height: Int), draw: Bool, now: Double) -> Bool {
        guard player.frameIsDue() else {
            waitingSince = nil
            return false
        }
        frame.resize(width: size.width, height: size.height)
        if !draw {
            let since = waitingSince ?? now
            if now - since < patience {
                waitingSince = since
                return false
            }
            waitingSince = nil
            itemFrames += 1
            try? player.skipFrame(frame)
            skipped += 1
            // Also before the first picture: the first file's first frames go while reel waits
            // for it to open, before the terminal is set up (ReelApp.preflight), and the first
            // screen then renders mpv's current frame, the first, instead of waiting for the next.
            isBehind = true
            TraceLog.shared?.record("skip \(player.state.position ?? -1)")
            return false
        }
        waitingSince = nil
        itemFrames += 1
        return render(player, size: size)
    }

    /// Renders the current frame at `size` now, whether or not a new one is due: after a resize
    /// while paused, the picture must follow the new size.
    ///
    /// Pixels that are not square (cells that are not 1:2) need nothing here:
    /// the player letterboxes for them with a `setsar` filter, so mpv renders straight at `size`.
    @discardableResult
    public func render(_ player: any Player, size: (width: Int, height: Int)) -> Bool {
        let start = MonotonicClock.now()
        var pixels = spare ?? PixelBuffer(width: size.width, height: size.height)
        // One owner while it is written, so that the frame goes in place, not into a copy.
        spare = nil
        if rendersInPlace {
            // mpv writes the picture's own pixels (packed RGB, as PixelBuffer keeps them).
            pixels.resize(width: size.width, height: size.height)
            let (width, height) = (pixels.width, pixels.height)
            do {
                rendersInPlace = try pixels.pixels.withUnsafeMutableBytes {
                    try player.render(rgb24: $0, width: width, height: height)
                }
            } catch {
                spare = pixels
                return false
            }
        }
        if !rendersInPlace {
            // A libmpv without packed RGB: through the frame buffer, in the format it took.
            frame.resize(width: size.width, height: size.height)
            do { try player.render(into: frame) } catch {
                spare = pixels
                return false
            }
            switch frame.format {
            case .rgb0: pixels.load(rgb0: frame.baseAddress, width: frame.width, height: frame.height, stride: frame.stride)
            case .bgr0: pixels.load(bgr0: frame.baseAddress, width: frame.width, height: frame.height, stride: frame.stride)
            case .rgb24: pixels.load(rgb24: frame.baseAddress, width: frame.width, height: frame.height, stride: frame.stride)
            }
        }
        spare = video
        video = pixels
        rendered += 1
        isBehind = false
        TraceLog.shared?.record("frame \(player.state.position ?? -1)")
        renderTimes.record(milliseconds: (MonotonicClock.now() - start) * 1000)
        return true
    }

    /// The size with square pixels that covers what `size` pixels of shape `pixelAspect` (width
    /// over height) cover on screen: taller for narrow pixels, wider for wide ones. Stills are
    /// found at this size, with square pixels, and the screens scale them to their own.
    public static func squarePixelSize(_ size: (width: Int, height: Int), pixelAspect: Double) -> (width: Int, height: Int) {
        guard pixelAspect.isFinite, pixelAspect > 0 else { return size }
        if pixelAspect < 1 { return (size.width, Int((Double(size.height) / pixelAspect).rounded())) }
        return (Int((Double(size.width) * pixelAspect).rounded()), size.height)
    }
}
