import CMpv

extension MpvPlayer {
    /// Asks mpv for the frame showing now, without waiting: it comes back as
    /// ``PlayerEvent/screenshot(id:frame:error:)`` with the id returned, as mpv's
    /// `screenshot-raw` hands it over, with the video's own size (what mpv's `screenshot video`
    /// writes) to scale it to (``ScreenshotFrame/still()``, off the loop), and the subtitles
    /// drawn on it when `subtitles` (mpv's `screenshot subtitles`). mpv converts it on its core's
    /// thread, not the caller's: at 4K a fraction of a second, spent scaling to the display size
    /// (a call that must wait for mpv's core, such as a property read, waits for it meanwhile).
    ///
    /// Two of reel's own settings stand in the way: text subtitles are not drawn by mpv
    /// (`sub-visibility=no`, reel draws them as text), so they are shown until the last shot
    /// asked for comes back; and the `setsar` filter that lays the picture out for the terminal's
    /// cells stretches what mpv hands back to those cells' shape, so the picture is to be scaled
    /// back to the video's own shape.
    public func requestScreenshot(subtitles: Bool) throws(MpvError) -> UInt64 {
        let shows = subtitles && !showsSubtitlesForShots && handle.flag("sub-visibility") == false
        if shows { try handle.setProperty("sub-visibility", true) }
        let id = makeRequestID()
        do {
            try handle.commandAsync(["screenshot-raw", subtitles ? "subtitles" : "video"], id: id)
        } catch {
            if shows { try? handle.setProperty("sub-visibility", false) }
            throw error
        }
        showsSubtitlesForShots = showsSubtitlesForShots || shows
        screenshotRequests.insert(id)
        return id
    }

    /// The reply to a ``requestScreenshot(subtitles:)``: its frame, read out of mpv's node
    /// before the node is freed; the subtitles hidden again after the last one.
    func screenshotReply(_ event: mpv_event) -> PlayerEvent {
        let id = event.reply_userdata
        screenshotRequests.remove(id)
        if screenshotRequests.isEmpty, showsSubtitlesForShots {
            showsSubtitlesForShots = false
            try? handle.setProperty("sub-visibility", false)
        }
        guard event.error >= 0 else {
            return .screenshot(id: id, frame: nil, error: MpvError(code: event.error, operation: "screenshot-raw"))
        }
        guard let result = event.data?.assumingMemoryBound(to: mpv_event_command.self).pointee.result,
              let raw = Self.rawImage(result) else {
            return .screenshot(id: id, frame: nil, error: MpvError(code: MPV_ERROR_COMMAND.rawValue, operation: "screenshot-raw",
                                                                   detail: "no picture to take"))
        }
        let own = ownSize(shown: (raw.width, raw.height))
        return .screenshot(id: id, frame: ScreenshotFrame(width: raw.width, height: raw.height, stride: raw.stride, bytes: raw.bytes,
                                                          ownWidth: own.width, ownHeight: own.height), error: nil)
    }

    /// The video's own display size, from the size mpv hands back: the pixel-aspect filter's
    /// stretch undone (``pixelAspectFilter(_:)`` divides the sample aspect by the cells' shape).
    func ownSize(shown: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard let filter = Self.pixelAspectFilter(configuration.pixelAspect), !filter.isEmpty,
              let width = handle.int64("video-out-params/w"), let height = handle.int64("video-out-params/h"),
              let par = handle.double("video-out-params/par"), par > 0 else { return shown }
        let own = par * configuration.pixelAspect
        if own > 1 { return (Int((Double(width) * own).rounded()), Int(height)) }
        if own < 1 { return (Int(width), Int((Double(height) / own).rounded())) }
        return (Int(width), Int(height))
    }

    /// `screenshot-raw`'s map: its size, row stride and `bgr0` bytes.
    static func rawImage(_ node: mpv_node) -> (width: Int, height: Int, stride: Int, bytes: [UInt8])? {
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee else { return nil }
        var width = 0, height = 0, stride = 0, format = "", bytes: [UInt8] = []
        for index in 0..<Int(max(map.num, 0)) {
            guard let key = map.keys?[index], let value = map.values?[index] else { continue }
            switch (String(cString: key), value.format) {
            case ("w", MPV_FORMAT_INT64): width = Int(value.u.int64)
            case ("h", MPV_FORMAT_INT64): height = Int(value.u.int64)
            case ("stride", MPV_FORMAT_INT64): stride = Int(value.u.int64)
            case ("format", MPV_FORMAT_STRING): format = value.u.string.map { String(cString: $0) } ?? ""
            case ("data", MPV_FORMAT_BYTE_ARRAY):
                if let array = value.u.ba?.pointee, let data = array.data {
                    // One copy of mpv's bytes (a 4K frame is 33 MB, twice that stretched for
                    // the cells): element by element, it cost the loop a quarter of a second.
                    bytes = [UInt8](unsafeUninitializedCapacity: array.size) { buffer, count in
                        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: data, count: array.size))
                        count = array.size
                    }
                }
            default: break
            }
        }
        guard format == "bgr0", width > 0, height > 0, stride >= width * 4, bytes.count >= stride * height else { return nil }
        return (width, height, stride, bytes)
    }
}
