import Controls
import Drawing
import Formatting
import ScreenParts

/// reel's own figures for the stats panel: how the picture reaches the terminal.
public struct TerminalFigures: Sendable, Equatable {
    /// The terminal's graphics (`blocks`, `kitty-shm`, `kitty-direct`, `sixel`).
    public var graphics = "blocks"
    /// The cells' blitter, when the picture is cells (`half`, `quadrant`, `sextant`, `octant`).
    public var blitter = ""
    /// The cell the sextant fit models, as ``CellModel`` describes it (`8x16 (assumed)`), or empty.
    public var cellModel = ""
    /// Why the picture is cells where the terminal has pixels (`sixel showed 44 % of the frames`), or empty.
    public var cellsBecause = ""
    /// What reel writes to the terminal, bytes a second over the last second or so.
    public var bytesPerSecond: Double?
    /// Composing, encoding and diffing a screen: the median, in milliseconds.
    public var screenMilliseconds: Double?
    /// mpv rendering a frame into reel's buffer: the median, in milliseconds.
    public var renderMilliseconds: Double?
    /// Frames drawn, and frames let go unrendered because the terminal was behind.
    public var framesShown = 0
    public var framesLetGo = 0
    /// The colour tolerance the byte budget or a slow terminal raised the renderer to (0: exact).
    public var tolerance = 0
    /// The link to the terminal as its answers measure it, while the screens are paced to them
    /// (nil when they are not: the terminal did not answer at start).
    public var link: LinkFigures?

    /// What the terminal's answers say of the link to it (``Controls/LinkPacer``).
    public struct LinkFigures: Sendable, Equatable {
        /// Bytes a second it carries, smoothed; nil until measured.
        public var rate: Double?
        /// The round trip of a question alone, in milliseconds; nil until measured.
        public var roundTripMilliseconds: Double?
        /// Bytes written and not yet answered for.
        public var bytesInFlight = 0
        /// The most a picture may take to cross the link in time; nil for no cap.
        public var frameBytes: Int?
        /// What a picture may spend on the link (``Controls/LinkLadder/Rung/name``), when the
        /// ladder has stepped down from today's pictures; nil at the top.
        public var rung: String?

        public init(rate: Double? = nil, roundTripMilliseconds: Double? = nil, bytesInFlight: Int = 0, frameBytes: Int? = nil,
                    rung: String? = nil) {
            self.rate = rate
            self.roundTripMilliseconds = roundTripMilliseconds
            self.bytesInFlight = bytesInFlight
            self.frameBytes = frameBytes
            self.rung = rung
        }
    }

    public init() {}
}

/// The stats panel (`i` shows it for a few seconds, `I` keeps it up): what mpv's stats show that
/// matters in a terminal, and what only reel knows, the cost of getting the picture there.
struct StatsPanel: Sendable, Equatable {
    /// How long `i` shows the panel.
    static let showing: Seconds = 5

    private(set) var shownUntil: Seconds?
    private(set) var isPinned = false
    var terminal = TerminalFigures()

    func isShown(at now: Seconds) -> Bool { isPinned || (shownUntil.map { now < $0 } ?? false) }

    /// When the panel goes by itself, if it will.
    var expiry: Seconds? { isPinned ? nil : shownUntil }

    mutating func show(now: Seconds) { shownUntil = now + Self.showing }

    /// Keeps the panel up, or takes it down; returns whether it is up now.
    mutating func toggle(now: Seconds) -> Bool {
        isPinned = !isShown(at: now)
        shownUntil = nil
        return isPinned
    }

    /// Takes the panel down (Esc), kept up or not.
    mutating func hide() {
        isPinned = false
        shownUntil = nil
    }

    /// Takes a panel that has had its time down; returns whether it went.
    mutating func expire(now: Seconds) -> Bool {
        guard !isPinned, let until = shownUntil, now >= until else { return false }
        shownUntil = nil
        return true
    }

    /// The panel's lines: a label and its figures.
    static func lines(_ status: MediaStatus, _ terminal: TerminalFigures) -> [(label: String, value: String)] {
        var lines: [(String, String)] = []
        if let video = status.videoTracks.first {
            var parts = [TracksMenu.describeVideo(video)]
            if let rate = status.estimatedFrameRate { parts.append("\(number(rate, 2)) fps out") }
            lines.append(("Video", parts.joined(separator: " · ")))
            if let bitrate = status.videoBitrate { lines.append(("", bitrateText(bitrate))) }
        }
        if let audio = status.selectedAudio {
            var parts = [TracksMenu.describe(audio, of: status.audioTracks)]
            if let bitrate = status.audioBitrate { parts.append(bitrateText(bitrate)) }
            lines.append(("Audio", parts.joined(separator: " · ")))
        }
        lines.append(("Frames", "dropped \(status.droppedFrames ?? 0) · by the decoder \(status.decoderDroppedFrames ?? 0)"
                      + " · late \(status.delayedFrames ?? 0)"))
        if let buffered = status.bufferedSeconds {
            var cache = "\(number(buffered, 1)) s ahead"
            if let bytes = status.cacheBytes { cache += " · " + ByteCountText.format(bytes) }
            lines.append(("Cache", cache))
        }
        var picture = terminal.graphics == "blocks" ? "\(terminal.blitter) cells" : "pixels: \(terminal.graphics)"
        if terminal.graphics == "blocks", !terminal.cellModel.isEmpty { picture += " · cell model \(terminal.cellModel)" }
        if !terminal.cellsBecause.isEmpty { picture += " · \(terminal.cellsBecause)" }
        lines.append(("Picture", picture))
        var write = terminal.bytesPerSecond.map { ByteCountText.format(Int64($0)) + "/s" } ?? "–"
        if let screen = terminal.screenMilliseconds { write += " · a screen in \(number(screen, 2)) ms" }
        lines.append(("Terminal", write))
        if let link = terminal.link {
            var parts = [link.rate.map { ByteCountText.format(Int64($0)) + "/s" } ?? "–"]
            if let trip = link.roundTripMilliseconds { parts.append("round trip \(number(trip, 0)) ms") }
            parts.append("in flight " + ByteCountText.format(Int64(link.bytesInFlight)))
            if let cap = link.frameBytes { parts.append("cap " + ByteCountText.format(Int64(cap))) }
            lines.append(("Link", parts.joined(separator: " · ")))
            if let rung = link.rung { lines.append(("", "pictures: " + rung)) }
        }
        if let render = terminal.renderMilliseconds { lines.append(("Render", "mpv draws a frame in \(number(render, 2)) ms")) }
        lines.append(("Budget", "shown \(terminal.framesShown) · let go \(terminal.framesLetGo) · tolerance \(terminal.tolerance)"))
        return lines
    }

    /// Draws the panel at the top left of `canvas`, below `top`, as wide as its lines need and
    /// no wider than the canvas.
    static func draw(_ lines: [(label: String, value: String)], pinned: Bool, top: Int, into canvas: inout Canvas) {
        let labelWidth = 9
        let title = pinned ? "Stats · I hides" : "Stats · I keeps them up"
        let widest = max(lines.map { labelWidth + Sanitizer.displayWidth(of: $0.value) }.max() ?? 0, Sanitizer.displayWidth(of: title))
        let width = min(widest + 4, canvas.width - 2)
        let height = min(lines.count + 3, canvas.height - top)
        guard width > labelWidth + 6, height >= 4 else { return }
        let panel = Rect(x: 1, y: top, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, style: .bold)
        for (index, line) in lines.enumerated() {
            let y = inside.y + 1 + index
            guard y < inside.maxY else { break }
            canvas.drawText(line.label, x: inside.x, y: y, clip: inside, fg: Theme.dimText)
            let value = Sanitizer.truncated(line.value, toWidth: max(inside.width - labelWidth, 1))
            canvas.drawText(value, x: inside.x + labelWidth, y: y, clip: inside, fg: Theme.text)
        }
    }

    private static func number(_ value: Double, _ digits: Int) -> String {
        DecimalText.format(value, maximumFractionDigits: digits, minimumFractionDigits: digits)
    }

    /// "1.2 Mb/s", "96 kb/s".
    static func bitrateText(_ bits: Double) -> String {
        bits >= 1_000_000 ? "\(number(bits / 1_000_000, 1)) Mb/s" : "\(Int((bits / 1000).rounded())) kb/s"
    }
}
