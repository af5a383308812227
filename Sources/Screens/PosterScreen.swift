import ScreenParts
import Commands
import Controls
import Drawing

/// The poster card: a still in a rounded frame with a ▶ button, which opens into the playing
/// video through a growing circle, after which the frame grows until the player has the terminal.
///
/// It is a value: the app feeds it input (``handle(_:now:)``), mpv's state
/// (``update(_:now:)``), the picture once it is made (``setArt(_:)``) and the clock
/// (``tick(now:)``), performs the ``PosterAction``s it returns, renders the video at
/// ``videoArea(at:)``'s size while it shows, and hands input to the player screen while
/// ``phase(at:)`` is ``PosterStage/Phase/player``. ``close(now:)`` brings it back from the player.
///
/// How the frame becomes the player: the circle opens the video inside the card's frame; when it
/// has covered the frame, the frame grows to the whole terminal over 0.3 s while its corners
/// straighten and the text under it fades, so the video ends exactly where the player draws it.
/// Closing shrinks the frame back, then closes the circle. With reduce-motion the video fades in
/// within the frame, then the player appears at once; closing fades the video out in the frame.
public struct PosterScreen: Sendable {
    /// Choices made on the command line.
    public struct Configuration: Sendable, Equatable {
        /// The frame's width over its height; nil, not finite or not above 0 means 16:9.
        /// nil follows the video's own shape (see ``PosterScreen/setVideoAspect(_:)``), 16:9 until known.
        public var aspectRatio: Double? = 16.0 / 9.0
        /// The frame's corner radius, in cells.
        public var cornerRadius = PosterLayout.standardCornerRadius
        public var reduceMotion = false
        /// Whether Esc goes back to what opened the poster (a library) instead of quitting.
        public var canClose = false
        /// The name shown when the file has no title tag.
        public var fileName = ""
        /// Cell width over height: 0.5 for the usual 1:2 cells.
        public var cellAspect = 0.5
        /// How long the circle takes to open (the seed's 0.6 s).
        public var revealDuration = RevealTransition.Configuration.standardDuration
        /// How long the frame takes to grow to the terminal.
        public var growDuration: Seconds = 0.3
        /// The keys.
        public var commands = CommandTable.standard()

        public init() {}
    }

    /// Columns kept clear on each side of the frame, when the terminal is wide enough.
    static let sideMargin = 2
    /// Rows under the frame: a gap, the title and the line under it.
    static let textRows = 3

    public let configuration: Configuration
    /// The picture in the frame.
    public internal(set) var art = PosterArt.loading
    public private(set) var status = MediaStatus()
    /// Where the card is between the poster and the player.
    public internal(set) var stage: PosterStage
    /// The card's frame, button and ✕, in the screen's cells.
    public private(set) var layout: PosterLayout
    /// Set when something visible changed; cleared by ``draw(video:encoder:into:now:)``.
    public internal(set) var needsRedraw = true
    /// The `?` list of keys, while it is up.
    var help = KeysHelp()
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The picture scaled to the frame's pixels, kept from one draw to the next.
    var scaledArt: PixelBuffer?
    /// The video's own width over height, once known.
    public private(set) var videoAspect: Double?

    public init(configuration: Configuration, columns: Int, rows: Int) {
        self.configuration = configuration
        stage = PosterStage(configuration: .init(revealDuration: configuration.revealDuration,
                                                 growDuration: configuration.growDuration,
                                                 reduceMotion: configuration.reduceMotion))
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        layout = Self.makeLayout(configuration, aspect: nil, columns: self.columns, rows: self.rows)
    }

    /// Lays the card out again for a new terminal size.
    public mutating func resize(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        layout = Self.makeLayout(configuration, aspect: videoAspect, columns: self.columns, rows: self.rows)
        needsRedraw = true
    }

    /// The video's own width over height: with no `--aspect`, the card takes its shape (a
    /// portrait video gets a portrait card). Only while the card is at rest, so that no frame
    /// jumps mid-animation. Returns whether the frame changed.
    @discardableResult
    public mutating func setVideoAspect(_ aspect: Double?, now: Seconds) -> Bool {
        guard configuration.aspectRatio == nil, aspect != videoAspect, !stage.isAnimating(at: now), !stage.isOpen else { return false }
        videoAspect = aspect
        let old = layout.frame
        layout = Self.makeLayout(configuration, aspect: aspect, columns: columns, rows: rows)
        scaledArt = nil
        needsRedraw = true
        return layout.frame != old
    }

    /// Shows `art` in the frame from now on.
    public mutating func setArt(_ art: PosterArt) {
        self.art = art
        scaledArt = nil
        needsRedraw = true
    }

    /// Takes mpv's latest state (for the title and the duration).
    public mutating func update(_ newStatus: MediaStatus, now: Seconds) {
        if newStatus != status { needsRedraw = true }
        status = newStatus
    }

    /// Brings the stage up to `now`.
    public mutating func tick(now: Seconds) {
        let before = stage.phase(at: now)
        stage.tick(now: now)
        if stage.phase(at: now) != before { needsRedraw = true }
    }

    /// The player asked to close: run back to the poster from `now`.
    public mutating func close(now: Seconds) {
        stage.close(now: now)
        needsRedraw = true
    }

    /// Where the card is at `now`.
    public func phase(at now: Seconds) -> PosterStage.Phase { stage.phase(at: now) }

    /// The cells the video fills at `now` (render mpv's frame at their pixel size), or nil while
    /// no video shows.
    public func videoArea(at now: Seconds) -> Rect? {
        guard stage.reveal(at: now).isVideoShown(at: now) else { return nil }
        return frameArea(growth: stage.growth(at: now))
    }

    /// The earliest time the app must wake up for this screen, or nil to sleep until input.
    public var nextDeadline: Seconds? { stage.nextDeadline }

    /// Whether the reveal or the growth runs, so the app redraws at the frame rate.
    public func isAnimating(at now: Seconds) -> Bool { stage.isAnimating(at: now) }

    /// The title as shown: the tag, or the file name.
    public var displayTitle: String {
        if let title = status.title, !title.isEmpty { return title }
        return configuration.fileName
    }

    // MARK: Geometry

    /// The card's frame on screen.
    var cardFrame: Rect { layout.frame }

    /// The frame's cells when it has grown by `growth` (0 the card … 1 the whole terminal).
    func frameArea(growth: Double) -> Rect {
        let card = cardFrame
        guard growth > 0 else { return card }
        func mix(_ from: Int, _ to: Int) -> Int { Int((Double(from) + (Double(to) - Double(from)) * growth).rounded()) }
        let left = mix(card.x, 0), top = mix(card.y, 0)
        return Rect(x: left, y: top, width: mix(card.maxX, columns) - left, height: mix(card.maxY, rows) - top)
    }

    /// The card fitted to the terminal with room for the text under it, the frame and the text
    /// centred together.
    static func makeLayout(_ configuration: Configuration, aspect: Double?, columns: Int, rows: Int) -> PosterLayout {
        let margin = columns >= 40 ? sideMargin : 0
        let text = rows >= 8 ? textRows : 0
        let fitted = PosterLayout(columns: columns - 2 * margin, rows: rows - text - (text > 0 ? 1 : 0),
                                  aspectRatio: configuration.aspectRatio ?? aspect, cellAspect: configuration.cellAspect,
                                  cornerRadius: configuration.cornerRadius)
        let top = max((rows - fitted.frame.height - text) / 2, 0)
        return fitted.moved(columns: margin, rows: top - fitted.frame.y)
    }
}
