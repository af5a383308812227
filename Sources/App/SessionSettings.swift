import History
import Options
import Playback
import Session

/// What a session is made with from the command line: the core's rules, mpv's network timeout
/// and youtube-dl format, and mpv's names for the options the core sets on an item.
enum SessionSettings {
    /// mpv's configuration for a session's mpv: the command line's, with the `--sub-file`s it
    /// can use (``SidecarGuard``), the picture's shape, and opening paused at its load hook; the
    /// notices for the subtitle files left out.
    static func mpvConfiguration(_ options: ReelOptions, pixelAspect: Double, supersampling: Int, pictureGrain: PictureGrain,
                                 videoHeight: Int) -> (PlayerConfiguration, notices: [String]) {
        var configuration = options.mpv
        let subtitleFiles = SidecarGuard.usableSubtitleFiles(options.mpv.tracks.subtitleFiles)
        configuration.tracks.subtitleFiles = subtitleFiles.kept
        configuration.pixelAspect = pixelAspect
        configuration.supersampling = supersampling
        configuration.pictureGrain = pictureGrain
        configuration.loadHook = true
        configuration.startPaused = true
        if options.ytdl { configuration.ytdlFormat = ytdlFormat(forHeight: videoHeight) }
        return (configuration, subtitleFiles.notices)
    }

    /// The core's rules from the command line: the playlist's, `--start`, and which of a resume
    /// record's choices the command line leaves to it.
    static func coreConfiguration(_ options: ReelOptions) -> SessionCore.Configuration {
        var configuration = SessionCore.Configuration()
        configuration.machine = options.playlist
        // `reel` alone lists what was watched (continue watching): that is no playlist, so its
        // items never offer one another as Up next.
        configuration.machine.isPlaylist = !options.paths.isEmpty
        configuration.hasStartOption = options.start != nil
        let tracks = options.mpv.tracks
        configuration.resumesAudioTrack = tracks.audio == .auto
        configuration.resumesSubtitleTrack = tracks.subtitles == .auto
        configuration.resumesSubtitleDelay = tracks.subtitleDelay == 0
        configuration.resumesAudioDelay = tracks.audioDelay == 0
        return configuration
    }

    /// The core of a session over `items`, in the order given. `--network-timeout`
    /// (mpv's default, 60 s, without it) is held for the whole stream, a second after FFmpeg
    /// should have: HLS fetches its parts with requests that may not.
    static func core(_ options: ReelOptions, items: [PlaylistItem]) -> PlaybackCore {
        PlaybackCore(session: SessionCore(configuration: coreConfiguration(options), itemCount: items.count),
                     silenceLimit: (options.mpv.networkTimeout ?? mpvNetworkTimeout) + 1, networkTimeoutGiven: options.mpv.networkTimeout != nil,
                     order: ListOrder(items.map(\.source.mpvName), shuffled: options.shuffle),
                     subtitlesVisible: options.mpv.tracks.subtitles != .none)
    }

    /// mpv's own `network-timeout`, when none is given.
    static let mpvNetworkTimeout = 60.0

    /// mpv's youtube-dl format for a picture `height` pixels tall: no more than the next common
    /// height up, since a terminal shows a few hundred pixels at most.
    static func ytdlFormat(forHeight height: Int) -> String {
        let cap = [144, 240, 360, 480, 720, 1080].first { $0 >= height } ?? 1080
        return "bestvideo[height<=?\(cap)]+bestaudio/best[height<=?\(cap)]"
    }

    /// mpv's name and value for an option of the item.
    static func mpvOption(_ option: SessionCore.ItemOption, start: String?) -> (String, String) {
        switch option {
        case .commandLineStart: ("start", start ?? "0")
        case .start(let position): ("start", ResumeRecord.decimal(position))
        case .audioTrack(let id): ("aid", String(id))
        case .subtitleTrack(let id): ("sid", id.map(String.init) ?? "no")
        case .subtitleDelay(let delay): ("sub-delay", ResumeRecord.decimal(delay))
        case .audioDelay(let delay): ("audio-delay", ResumeRecord.decimal(delay))
        }
    }
}
