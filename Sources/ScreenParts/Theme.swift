import Drawing

/// The colours of reel's interface.
public enum Theme {
    /// Text and icons over video.
    public static let text = RGB(255, 255, 255)
    /// Secondary text: totals, hints, chapter names.
    public static let dimText = RGB(200, 200, 205)
    /// The played part of the scrubber, and highlights.
    public static let accent = RGB(255, 78, 69)
    /// The unplayed part of the scrubber.
    public static let track = RGB(95, 95, 100)
    /// What is buffered ahead on the scrubber.
    public static let buffered = RGB(150, 150, 156)
    /// The A-B loop's stretch of the scrubber, and its A and B.
    public static let abLoop = RGB(196, 120, 40)
    /// The box behind subtitles: dark enough for white text over any picture.
    public static let captionBackground = RGB(8, 8, 10)
    /// A disabled scrubber.
    public static let disabledTrack = RGB(60, 60, 64)
    /// Panels: help, toasts, status line.
    public static let panel = RGB(24, 24, 28)
    /// Panel borders.
    public static let border = RGB(90, 90, 98)
    /// The screen behind letterboxing and empty areas.
    public static let background = RGB(0, 0, 0)
    /// The still panel shown for sound-only files.
    public static let audioPanelTop = RGB(38, 30, 64)
    public static let audioPanelBottom = RGB(12, 10, 22)
    /// The poster screen's backdrop, from the top row to the bottom one.
    public static let posterBackdropTop = RGB(28, 28, 32)
    public static let posterBackdropBottom = RGB(0, 0, 0)
    /// The poster's frame while its picture is being made.
    public static let posterLoading = RGB(36, 36, 42)
    /// The card made for a sound file with no cover, from its top to its bottom.
    public static let posterCardTop = RGB(96, 40, 86)
    public static let posterCardBottom = RGB(20, 14, 40)
    /// The discs behind ▶ and ✕ on the poster, laid over the picture at this opacity.
    public static let posterButtonShade = RGB(0, 0, 0)
    public static let posterButtonShadeOpacity = 0.5
    /// The library's selection.
    public static let selection = RGB(52, 56, 78)
    /// Files mpv cannot play.
    public static let unplayable = RGB(120, 120, 126)
    /// The library's thumbnail before it is known, or when there is none.
    public static let placeholder = RGB(34, 34, 40)
}
