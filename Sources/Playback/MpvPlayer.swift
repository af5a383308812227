import CMpv
import Formatting
import Media
import System

/// One mpv player: a file, its playback state, its commands and its video frames.
///
/// An `MpvPlayer` is used from one thread, the program's main loop. mpv's own threads only write to
/// ``wake``; the loop polls ``wakeupDescriptor``, then calls ``drainEvents()`` (the one place
/// that reads mpv's events) and, when ``frameIsDue()``, ``render(into:)``.
///
/// Dropping the player shuts mpv down in order: the render context first, then the core.
public final class MpvPlayer {
    /// The pipe mpv's callbacks write to.
    public let wake: WakeSignal
    /// What mpv last reported.
    public private(set) var state = PlayerState()
    /// The configuration the player was made with (its pixel aspect as last set: ``setPixelAspect(_:)``).
    public internal(set) var configuration: PlayerConfiguration

    let handle: MpvHandle
    var renderContext: RenderContext?
    let log: LogSink
    private var nextRequestID: UInt64 = 1
    /// The screenshots asked for and not yet handed back (``requestScreenshot(subtitles:)``).
    var screenshotRequests: Set<UInt64> = []
    /// Text subtitles were shown for the screenshots asked for: hidden again after the last.
    var showsSubtitlesForShots = false
    /// Events read ahead of ``drainEvents()`` (by a render that looked for the video's shape),
    /// handed out by its next call.
    var pendingEvents: [PlayerEvent] = []
    /// How many playlist entries ``readPlaylist()`` has read in all: the work the playlist costs,
    /// for a test of how it scales.
    public internal(set) var playlistEntriesRead = 0
    /// The zimg scaler set for rendering (see ``chooseScaler(width:height:)``).
    var scaler = Scaler.bicubic
    /// Whether reel picks the scaler: not when the user gave one, or their mpv.conf may.
    let choosesScaler: Bool
    /// Renders half-block pictures larger and averages them back, and puts quadrant, sextant
    /// and octant pictures on whole cells, or nil (see ``PlayerConfiguration/supersampling`` and
    /// ``PlayerConfiguration/pictureGrain``).
    let supersampler: Supersampler?
    /// The audio outputs asked for (mpv's `ao`: reel's `--no-audio`, an option, mpv.conf) name
    /// mpv's null output, so silence is what was asked for.
    private var asksForNullAudio = false

    /// Creates and starts an mpv core with `configuration`, ready to ``load(_:start:)`` a file.
    public init(configuration: PlayerConfiguration = PlayerConfiguration()) throws {
        self.configuration = configuration
        choosesScaler = MpvPlayer.choosesScaler(configuration)
        supersampler = MpvPlayer.supersampler(for: configuration)
        wake = try WakeSignal()
        handle = try MpvHandle(wake: wake)
        log = try LogSink(path: configuration.logFile)
        try applyOptions(configuration)
        try handle.initialize()
        asksForNullAudio = (handle.string("ao") ?? "").split(separator: ",").contains { $0.hasPrefix("null") }
        // Always listen down to mpv's verbose lines: a failed load can say why, and an opening
        // stream can say when its server answered (``isReadingStream``); the file gets them all.
        let level = configuration.logFile == nil ? "v" : configuration.logLevel
        try MpvError.check(mpv_request_log_messages(handle.raw, level), "request log messages")
        for (index, property) in PlayerProperty.all.enumerated() {
            try handle.observe(property.name, format: property.format, id: UInt64(index + 1))
        }
        if configuration.loadHook {
            try MpvError.check(mpv_hook_add(handle.raw, MpvPlayer.loadHookID, "on_load", 0), "add the on_load hook")
        }
        if configuration.video {
            try MpvError.check(mpv_hook_add(handle.raw, MpvPlayer.preloadedHookID, "on_preloaded", 0), "add the on_preloaded hook")
            renderContext = try RenderContext(handle: handle)
        }
    }

    deinit {
        // The render context must go before the core; `handle` is released after this body.
        renderContext = nil
    }

    /// Sound plays into mpv's null output though none was asked for: there is no sound device,
    /// and mpv fell back to silence (`audio-fallback-to-null`). Never so with `--no-audio`.
    public var hasNoSoundDevice: Bool { state.audioOutput == "null" && !asksForNullAudio }

    /// The descriptor to poll for readability: mpv has events or a frame for the loop.
    public var wakeupDescriptor: Int32 { wake.fileDescriptor }

    /// Reads every pending mpv event, updates ``state`` and returns the events in order.
    ///
    /// This is the only caller of `mpv_wait_event` in reel. It does not wait for events, except
    /// after a failed load: then it waits up to 100 ms for mpv's log to give the reason, so that
    /// the error can name it.
    public func drainEvents() -> [PlayerEvent] {
        wake.drain()
        var events = pendingEvents + readQueuedEvents()
        pendingEvents.removeAll()
        guard events.contains(where: \.isFailedLoad) else { return events }
        // mpv hands out log lines after the queued events, sometimes a moment after the failure
        // itself; give the reason up to 100 ms to arrive, on this rare path only.
        let deadline = MonotonicClock.now() + 0.1
        while !log.hasConclusiveExplanation, case let remaining = deadline - MonotonicClock.now(), remaining > 0 {
            var entries = [PollEntry(wake.fileDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: remaining + 0.001)
            wake.drain()
            events += readQueuedEvents()
        }
        return events.map { event in
            guard case .endFile(.error(var error)) = event, error.detail == nil else { return event }
            error.detail = log.bestExplanation
            return .endFile(.error(error))
        }
    }

    func readQueuedEvents() -> [PlayerEvent] {
        var events: [PlayerEvent] = []
        while let event = mpv_wait_event(handle.raw, 0), event.pointee.event_id != MPV_EVENT_NONE {
            if let decoded = decode(event.pointee) { events.append(decoded) }
        }
        return events
    }

    /// The line of mpv's log that best explains a problem with the file playing now, if any.
    public var lastProblem: String? { log.bestExplanation }

    /// The demuxer's cache as it is now, read from mpv rather than from its change notices, which
    /// may stop coming before the last change (a stream read to its end while mpv pauses on it).
    public func currentCacheState() -> CacheState? { handle.node("demuxer-cache-state", CacheState.init(node:)) }

    /// The bytes the server sent and the length it announced, when it closed the stream of the
    /// file playing early (and FFmpeg did not reconnect).
    public var streamCutShort: (received: Int64, announced: Int64)? {
        guard let words = log.streamCutShort else { return nil }
        // "at 433468, should be 1083671"
        let numbers = words.split { !$0.isNumber }.compactMap { Int64($0) }
        guard numbers.count == 2 else { return nil }
        return (numbers[0], numbers[1])
    }

    /// The playlist entries refused since the last call, mpv's refusals and reel's (``leaveOut(_:)``).
    public func takeRefusals() -> [String] { log.takeRefusals() }
    /// Counts `entry` as left out (reel refused it), once however often it is asked for.
    public func leaveOut(_ entry: String) { log.leaveOut("Playing: " + entry) }
    /// Forgets the entries refused so far, so that a new playlist's are counted afresh.
    public func forgetRefusedEntries() { log.forgetRefusedEntries() }
    /// How mpv's reason for a remote playlist's local entry that it refused begins.
    public static var refusalText: String { LogSink.refusalText }
    /// How many parts of the stream (HLS segments) FFmpeg could not fetch and went past, since
    /// the last call: mpv only logs them, and the picture just jumps.
    public func takeSkippedParts() -> Int { log.takeSkippedParts() }
    /// Whether the item opening is being read: for a stream, the server answered and data is
    /// arriving, though mpv reports no cache until it knows the format.
    public var isReadingStream: Bool { log.isReading }

    /// Makes a new id for an asynchronous command, whose reply comes back as an event.
    func makeRequestID() -> UInt64 {
        defer { nextRequestID &+= 1 }
        return nextRequestID | (1 << 63)
    }

    // MARK: Setup

    private func applyOptions(_ configuration: PlayerConfiguration) throws(MpvError) {
        var options: [(String, String)] = [
            // Nothing of mpv's may reach the terminal or read from it.
            ("terminal", "no"), ("input-terminal", "no"), ("input-default-bindings", "no"),
            ("input-vo-keyboard", "no"), ("osc", "no"), ("osd-level", "0"),
            ("load-scripts", configuration.loadUserConfig ? "yes" : "no"), ("ytdl", "no"),
            // mpv's built-in Lua scripts (stats, console, auto-profiles) run even with
            // load-scripts=no: a Lua state and a thread each, for keys reel never passes on. A
            // script still starting when its player is destroyed leaks in mpv (LeakSanitizer
            // showed it when a file opened from the library was closed at once). Auto-profiles
            // serve a user's mpv.conf, so they stay with --mpv-config.
            ("load-stats-overlay", "no"), ("load-osd-console", "no"),
            ("load-auto-profiles", configuration.loadUserConfig ? "auto" : "no"),
            // With keep-open=always mpv stops on the last frame of every file and never moves on
            // by itself: what comes next (an Up next card, the list, quitting) is the app's call.
            ("idle", "yes"), ("keep-open", configuration.keepOpen ? "always" : "no"), ("hr-seek", "yes"),
            // A picture stays up until it is closed, instead of "playing" for a second.
            ("image-display-duration", "inf"),
            // PgUp more than 2 s into a chapter goes to its start, as a CD player's back button.
            ("chapter-seek-threshold", "2"),
            // The demuxer reads 10 s ahead (mpv's default is 1 s) even while paused, so that the
            // next subtitle line is known to sub-seek (Ctrl+→), which finds only lines already read.
            ("demuxer-readahead-secs", "10"),
            // Frames are handed over at display time, so rendering never waits for it.
            ("video-timing-offset", "0"),
            // No random dither in the scaler's output: it is noise a terminal cannot show well, it
            // makes still parts of the picture differ from frame to frame (bytes for nothing), and
            // it costs fidelity (scripts/bench: 8 % fewer bytes and +0.6 dB on smooth gradients).
            ("zimg-dither", "no"),
            // Bicubic scaling of luma and chroma: closer to the source than the default lanczos
            // luma and bilinear chroma at terminal sizes (+0.2 dB), and cheaper. A picture larger
            // than the video is enlarged with lanczos (MpvPlayer+Scaler.swift).
            ("zimg-scaler", scaler.rawValue), ("zimg-scaler-chroma", scaler.rawValue),
            ("pause", configuration.startPaused ? "yes" : "no"),
            // When decoding falls behind (a 4K file on two cores), frames are dropped before they
            // are decoded, not only after: the picture keeps time with the sound.
            ("framedrop", "decoder+vo"),
        ]
        if configuration.loadUserConfig { options.append(("config", "yes")) } else { options.append(("config", "no")) }
        if let filter = MpvPlayer.pixelAspectFilter(configuration.pixelAspect) { options.append(("vf", filter)) }
        // A picture reel places has the video's shape already (Supersampler): mpv
        // stretches the frame over all of it. Set once, as an option: changed while playing, it
        // made mpv draw the frame again, a frame too many for a player that counts them.
        if supersampler != nil { options.append(("keepaspect", "no")) }
        options.append(configuration.video ? ("vo", "libmpv") : ("vid", "no"))
        // The software renderer cannot rotate (it aborts): reel turns the picture itself.
        if configuration.video { options.append(("video-rotate", "no")) }
        if !configuration.video { options.append(("vo", "null")) }
        // Without sound, audio still decodes into ao=null: a sound-only file then still plays, with
        // its clock, instead of failing with "no streams selected" as mpv's --no-audio would.
        if !configuration.audio { options.append(("ao", "null")) }
        // With no sound device, play on silently with the clock running rather than end a
        // sound-only file at once.
        options.append(("audio-fallback-to-null", "yes"))
        if let volume = configuration.volume { options.append(("volume", formatNumber(volume))) }
        if configuration.mute { options.append(("mute", "yes")) }
        if configuration.loop { options.append(("loop-file", "inf")) }
        if let speed = configuration.speed { options.append(("speed", formatNumber(speed))) }
        if configuration.loopPlaylist { options.append(("loop-playlist", "inf")) }
        // Resuming is the app's, from its own records (see ``PlayerConfiguration/loadHook``):
        // mpv's watch-later files are whole option files, which must never be obeyed.
        options.append(("resume-playback", "no"))
        options += configuration.tracks.options
        if let timeout = configuration.networkTimeout { options.append(("network-timeout", formatNumber(timeout))) }
        if let format = configuration.ytdlFormat {
            options.append(("ytdl", "yes"))
            options.append(("ytdl-format", format))
        }
        for (name, value) in configuration.extraOptions.sorted(by: { $0.key < $1.key }) {
            options.append((name, value))
        }
        for (name, value) in options {
            try handle.setOption(name, value)
        }
        // The path's own bytes, so that a name that is not UTF-8 is the socket mpv makes.
        if let path = configuration.ipcServer {
            let code = path.withCString { mpv_set_option_string(handle.raw, "input-ipc-server", $0) }
            try MpvError.check(code, "option input-ipc-server")
        }
        // A list of paths, given as a list so that no character in a name is read as a separator.
        if !configuration.tracks.subtitleFiles.isEmpty {
            try handle.setOption("sub-files", list: configuration.tracks.subtitleFiles.map(\.text))
        }
    }

    // MARK: Events

    private func decode(_ event: mpv_event) -> PlayerEvent? {
        switch event.event_id {
        case MPV_EVENT_LOG_MESSAGE:
            guard let message = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee else { return nil }
            let wasReading = log.isReading
            let prefix = String(cString: message.prefix), text = String(cString: message.text)
            log.record(prefix: prefix, level: String(cString: message.level), text: text)
            followVideoShape(prefix: prefix, text: text)
            return log.isReading && !wasReading ? .reading : nil
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let change = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee,
                  let property = PlayerProperty.observed(id: event.reply_userdata)
            else { return nil }
            state.update(property, from: change)
            // sub-text-ass sends no changes of its own; it changes exactly when sub-text does.
            if property == .subtitleText { state.subtitleASS = handle.string("sub-text-ass") }
            if property == .playlist { state.playlist = readPlaylist() }
            return .propertyChanged(property)
        case MPV_EVENT_START_FILE:
            log.clearProblems()
            let entry = event.data?.assumingMemoryBound(to: mpv_event_start_file.self).pointee.playlist_entry_id ?? -1
            return .startFile(entryID: Int(clamping: entry))
        case MPV_EVENT_FILE_LOADED:
            return .fileLoaded
        case MPV_EVENT_PLAYBACK_RESTART:
            return .playbackRestart
        case MPV_EVENT_END_FILE:
            guard let end = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee else { return nil }
            return .endFile(endReason(end))
        case MPV_EVENT_IDLE:
            return .idle
        case MPV_EVENT_COMMAND_REPLY where screenshotRequests.contains(event.reply_userdata):
            return screenshotReply(event)
        case MPV_EVENT_COMMAND_REPLY:
            let error = event.error < 0 ? MpvError(code: event.error, operation: "command") : nil
            return .commandReply(id: event.reply_userdata, error: error)
        case MPV_EVENT_VIDEO_RECONFIG:
            return .videoReconfigured
        case MPV_EVENT_SHUTDOWN:
            return .shutdown
        case MPV_EVENT_CLIENT_MESSAGE:
            guard let message = event.data?.assumingMemoryBound(to: mpv_event_client_message.self).pointee,
                  let arguments = message.args else { return nil }
            let words = (0..<Int(max(message.num_args, 0))).compactMap { arguments[$0].map { String(cString: $0) } }
            return .clientMessage(words)
        case MPV_EVENT_HOOK:
            guard let hook = event.data?.assumingMemoryBound(to: mpv_event_hook.self).pointee else { return nil }
            if event.reply_userdata == MpvPlayer.preloadedHookID {
                applyRotation(hook: hook.id)
                return nil
            }
            return .loadHook(id: hook.id)
        default:
            return nil
        }
    }

    private func endReason(_ end: mpv_event_end_file) -> EndReason {
        switch end.reason {
        case MPV_END_FILE_REASON_EOF: return .endOfFile
        case MPV_END_FILE_REASON_STOP: return .stopped
        case MPV_END_FILE_REASON_QUIT: return .quit
        case MPV_END_FILE_REASON_REDIRECT: return .redirect
        default:
            return .error(MpvError(code: end.error, operation: "load"))
        }
    }
}

extension PlayerEvent {
    var isFailedLoad: Bool { if case .endFile(.error) = self { true } else { false } }
}

extension TrackOptions {
    /// The options for mpv, by mpv's names (`sub-files` is set apart, as a list).
    var options: [(String, String)] {
        var options = [("aid", audio.optionValue), ("sid", subtitles.optionValue),
                       ("secondary-sid", secondarySubtitles.optionValue),
                       ("sub-delay", formatNumber(subtitleDelay)), ("audio-delay", formatNumber(audioDelay))]
        if !audioLanguages.isEmpty { options.append(("alang", audioLanguages.joined(separator: ","))) }
        if !subtitleLanguages.isEmpty { options.append(("slang", subtitleLanguages.joined(separator: ","))) }
        return options
    }
}


/// Formats a number for an mpv option or command: plain decimal with up to 6 decimals, never
/// exponent notation (which mpv would not read).
func formatNumber(_ value: Double) -> String { DecimalText.format(value, maximumFractionDigits: 6) }
