import CMpv

extension MpvPlayer {
    /// The id the `on_preloaded` hook is registered with (``applyRotation()``).
    static let preloadedHookID: UInt64 = (1 << 62) + 1

    /// The video filter that turns a picture `degrees` clockwise (mpv's `demux-rotation`, the
    /// file's rotation metadata), or nil for none or an angle that is not a quarter turn.
    ///
    /// libmpv 0.35's software renderer cannot rotate: given a rotated video it aborts in
    /// `mp_image_crop` (an assertion), so a phone's upright video crashed reel. mpv leaves the
    /// turn to a video output that says it can, as the render API does, so reel sets
    /// `video-rotate=no` and turns the picture with FFmpeg's `transpose` instead, in the filter
    /// chain, before the pixel-aspect filter (which then sees the turned picture's shape).
    static func rotationFilter(_ degrees: Int) -> String? {
        switch ((degrees % 360) + 360) % 360 {
        case 90: "lavfi=[transpose=clock]"
        case 180: "lavfi=[hflip,vflip]"
        case 270: "lavfi=[transpose=cclock]"
        default: nil
        }
    }

    /// The whole filter chain for a file turned `degrees`: the turn, then the pixel aspect's
    /// filter (``pixelAspectFilter(_:)``); nil when neither is needed.
    static func videoFilters(rotation degrees: Int, pixelAspect: Double) -> String? {
        let filters = [rotationFilter(degrees), pixelAspectFilter(pixelAspect)].compactMap { $0 }
        return filters.isEmpty ? nil : filters.joined(separator: ",")
    }

    /// The rotation of the first video track that is not cover art, in degrees clockwise, from
    /// the file mpv has just opened (during the `on_preloaded` hook).
    func openedFileRotation() -> Int {
        let count = Int(handle.int64("track-list/count") ?? 0)
        for index in 0..<max(count, 0) where handle.string("track-list/\(index)/type") == "video"
            && handle.flag("track-list/\(index)/albumart") != true {
            return Int(handle.int64("track-list/\(index)/demux-rotation") ?? 0)
        }
        return 0
    }

    /// At `on_preloaded`, before mpv builds the file's decoders: a rotated video gets its turn as
    /// a filter for this file only (`file-local-options/vf`), and the file goes on opening.
    ///
    /// Every file gets its chain so, the pixel aspect's filter of the moment included: mpv puts
    /// the filters back as they were before a file with filters of its own once it ends, so a
    /// shape set during a rotated video (``setPixelAspect(_:)``, when `auto` steps down to cells)
    /// was lost for the files after it, laid out for square pixels on cells again.
    func applyRotation(hook id: UInt64) {
        let chain = MpvPlayer.videoFilters(rotation: openedFileRotation(), pixelAspect: configuration.pixelAspect)
        try? handle.setProperty("file-local-options/vf", chain ?? "")
        _ = mpv_hook_continue(handle.raw, id)
    }
}
