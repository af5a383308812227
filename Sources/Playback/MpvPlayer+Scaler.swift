import Media

extension MpvPlayer {
    /// A scaler of zimg's, as mpv's `zimg-scaler` names it.
    enum Scaler: String, Sendable, Equatable {
        /// For a picture smaller than the video: closer to the source at terminal sizes than
        /// lanczos (+0.2 dB, scripts/bench), and cheaper. reel's default.
        case bicubic
        /// For a picture larger than the video (pixel output in a big window): against the truth
        /// (a photograph reduced to the box's size), lanczos enlarges 480x270 to 900x540 about
        /// 1 dB closer than bicubic and 2 dB closer than bilinear, for about 4 % more of mpv's CPU.
        case lanczos
    }

    /// The scaler for a video of `video`'s display size rendered into `width` × `height`
    /// pixels (letterboxed): lanczos when the picture comes out larger than the video, bicubic
    /// otherwise or while the size is unknown.
    static func scaler(video: VideoSize?, width: Int, height: Int) -> Scaler {
        guard let video, video.width > 0, video.height > 0, width > 0, height > 0 else { return .bicubic }
        let scale = min(Double(width) / Double(video.width), Double(height) / Double(video.height))
        return scale > 1 ? .lanczos : .bicubic
    }

    /// Whether reel picks the scaler for `configuration`: not when it loads the user's mpv.conf,
    /// or gives a scaler as an mpv option.
    static func choosesScaler(_ configuration: PlayerConfiguration) -> Bool {
        !configuration.loadUserConfig && configuration.extraOptions["zimg-scaler"] == nil
            && configuration.extraOptions["zimg-scaler-chroma"] == nil
    }

    /// Sets zimg's luma and chroma scalers for a render at `width` × `height`, when the choice
    /// changes. mpv rebuilds its scaler only when the size or the options change, so this costs
    /// nothing frame to frame. A scaler the user chose (an mpv option, or their mpv.conf) stays.
    /// `video` is the video's size when the caller knows it better than the observed properties.
    func chooseScaler(width: Int, height: Int, video: VideoSize? = nil) throws(MpvError) {
        guard choosesScaler else { return }
        let choice = MpvPlayer.scaler(video: video ?? state.videoSize, width: width, height: height)
        guard choice != scaler else { return }
        try handle.setProperty("zimg-scaler", choice.rawValue)
        try handle.setProperty("zimg-scaler-chroma", choice.rawValue)
        scaler = choice
    }
}
