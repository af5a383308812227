import Controls
import Drawing
import History
import Session
import Playback
import Screens

/// The screens' ``MediaStatus``, built from mpv's state and the session's core.
extension PlaybackSession {
    /// Rebuilds ``status`` from mpv's state and the core, and learns the item's title.
    func refreshStatus() {
        if let item = currentItem, items.indices.contains(item) {
            playback.titleReported(player.state.title, of: items[item].source.mpvName, defaultName: PlaylistItem.defaultName(of: items[item].source))
        }
        status = MediaStatus(player.state, session: self)
        if let duration = status.duration, let frame = status.frameDuration, frame > 0, duration.isFinite, duration > 0 {
            sourceFrameCount = Int(min(duration / frame, 1e12).rounded())
        }
    }
}

extension MediaStatus {
    /// The screens' status from mpv's state and the session.
    init(_ state: PlayerState, session: PlaybackSession) {
        self.init()
        position = state.position
        duration = state.duration
        isPaused = state.isPaused ?? true
        eofReached = state.isAtEnd ?? false
        isAtEnd = session.core.isAtEnd
        runEnd = session.core.runEnd
        isSeeking = state.isSeeking ?? false
        phase = session.core.phase
        // While an item opens (or fails to), mpv's media-title is still the last item's until the
        // new file is loaded and mpv sends the new title (which may come after its path and its
        // file-loaded): until then the item's own name is shown ("Opening Talk…" stood while
        // demo.mp4 opened).
        let current = session.currentPlaylistItem
        title = session.playback.shownTitle(state.title)
        // Until mpv lists the tracks, a picture is assumed, so that none is thrown away.
        let kinds = state.tracks.kinds
        pictureOff = Self.reasonPictureIsOff(state)
        hasVideo = (state.tracks.isEmpty || kinds.video || kinds.coverArt) && pictureOff == nil
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        isImage = video?.isImage == true && !(video?.isCoverArt ?? false) && !kinds.audio
        // The file's own size (mpv's display size follows the terminal's pixel shape).
        videoWidth = video?.width ?? state.videoSize?.width
        videoHeight = video?.height ?? state.videoSize?.height
        volume = state.volume
        isMuted = state.isMuted ?? false
        hasNoSoundDevice = session.player.hasNoSoundDevice
        chapters = state.chapters.map { ChapterMark(time: $0.time, title: $0.title) }
        chapterIndex = state.chapter
        isLoaded = session.isReady && state.isIdle != true
        frameDuration = video?.frameRate.map { 1 / $0 }
        artist = state.metadata["artist"]
        album = state.metadata["album"]
        if let item = session.currentItem {
            itemName = session.name(of: item)
            playlistIndex = item
        }
        playlistCount = session.items.count
        if let upNext = session.core.machine.upNext { upNextName = session.name(of: upNext.item) }
        if phase.isOpening {
            if state.isPausedForCache == true || (state.bufferingPercent ?? 0) > 0 {
                opening = .buffering(percent: state.bufferingPercent, bytes: state.cache?.forwardBytes)
            } else if session.fileLoaded {
                opening = .starting
            } else if session.player.isReadingStream {
                // The server answered and data is arriving: no longer "Connecting…".
                opening = .reading
            } else {
                opening = .connecting
            }
        }
        let subtitle = session.playback.subtitleHold.shown(SubtitleHold.Lines(text: state.subtitleText, ass: state.subtitleASS))
        subtitleText = subtitle.text
        subtitleASS = subtitle.ass
        secondarySubtitleText = state.secondarySubtitleText
        subtitlesVisible = session.subtitlesVisible
        audioTracks = state.tracks.filter { $0.kind == .audio }.map(TrackInfo.init)
        subtitleTracks = state.tracks.filter { $0.kind == .subtitles }.map(TrackInfo.init)
        videoTracks = state.tracks.filter { $0.kind == .video && !$0.isCoverArt }.map(TrackInfo.init)
        if case .id(let id)? = state.audioTrack { audioTrack = id } else { audioTrack = state.tracks.first { $0.kind == .audio && $0.isSelected }?.id }
        if case .id(let id)? = state.subtitleTrack { subtitleTrack = id } else if state.subtitleTrack == .auto {
            subtitleTrack = state.tracks.first { $0.kind == .subtitles && $0.isSelected }?.id
        }
        if case .id(let id)? = state.secondarySubtitleTrack { secondarySubtitleTrack = id }
        subtitleDelay = state.subtitleDelay ?? 0
        audioDelay = state.audioDelay ?? 0
        speed = state.speed ?? 1
        loopsFile = state.loopsFile ?? false
        abLoop = ABLoop(a: state.abLoopA, b: state.abLoopB)
        droppedFrames = state.droppedFrames
        decoderDroppedFrames = state.decoderDroppedFrames
        delayedFrames = state.delayedFrames
        videoBitrate = state.videoBitrate
        audioBitrate = state.audioBitrate
        estimatedFrameRate = state.estimatedFrameRate
        bufferedSeconds = state.cache?.end.map { max($0 - (state.position ?? 0), 0) }
        cacheBytes = state.cache?.forwardBytes
        bufferedRanges = state.cache?.seekableRanges ?? []
        isBuffering = state.isPausedForCache ?? false
        bufferingPercent = state.bufferingPercent
        // Until mpv says, a URL is taken to come over the network.
        if case .url? = current?.source { isNetworkStream = state.isNetworkStream ?? true } else { isNetworkStream = state.isNetworkStream ?? false }
    }

    /// Why mpv shows reel no picture of a file that has one: a client of the IPC socket set
    /// `vid` to `no`, or `vo` to an output other than reel's (`null`). reel plays the sound on,
    /// under the sound-only card, rather than end the item because no picture comes.
    static func reasonPictureIsOff(_ state: PlayerState) -> String? {
        let kinds = state.tracks.kinds
        if state.videoTrack == TrackChoice.none, kinds.video || kinds.coverArt { return "video is off (vid=no)" }
        if let output = state.videoOutput, output != "libmpv" {
            return "mpv's video output is \(output.isEmpty ? "its own choice" : Sanitizer.truncated(output, toWidth: 20)) (vo), not reel's"
        }
        return nil
    }
}

extension TrackInfo {
    init(_ track: Track) {
        self.init(id: track.id, title: track.title, language: track.language, codec: track.codec)
        isDefault = track.isDefault
        isForced = track.isForced
        isExternal = track.isExternal
        channelLayout = track.channelLayout
        channelCount = track.channelCount
        sampleRate = track.sampleRate
        width = track.width
        height = track.height
        frameRate = track.frameRate
        streamIndex = track.streamIndex
        isPictureSubtitle = track.isBitmapSubtitle
        externalFile = track.externalFile
    }
}
