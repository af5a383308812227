import CMpv
import Media
import System

extension PlayerState {
    /// Stores a property change from mpv where its row says; `MPV_FORMAT_NONE` (unavailable)
    /// becomes nil.
    mutating func update(_ property: PlayerProperty, from change: mpv_event_property) {
        let data = change.format == MPV_FORMAT_NONE ? nil : change.data
        switch property.reading {
        case .double(let land): land(&self, data.double)
        case .flag(let land): land(&self, data.flag)
        case .int64(let land): land(&self, data.int64)
        case .string(let land): land(&self, data.string)
        case .node(let land): land(&self, data.node)
        case .notification: break
        }
    }

    /// `dwidth` and `dheight`, which arrive one at a time.
    mutating func setVideoSize(width: Int64?, height: Int64?) {
        // dwidth and dheight arrive one at a time; keep a half-known size with a 0 for the other.
        switch (width, height) {
        case (nil, nil), (0?, 0?), (nil, 0?), (0?, nil): videoSize = nil
        default: videoSize = VideoSize(width: Int(width ?? 0), height: Int(height ?? 0))
        }
    }
}

extension Chapter {
    /// Reads `chapter-list`: an array of maps with `title` and `time`.
    static func list(from node: mpv_node) -> [Chapter] {
        node.mapEntries { fields in
            var title: String?
            var time: Double?
            for (key, value) in fields {
                switch key {
                case "title" where value.format == MPV_FORMAT_STRING:
                    title = value.u.string.map { String(cString: $0) }
                case "time" where value.format == MPV_FORMAT_DOUBLE:
                    time = value.u.double_
                case "time" where value.format == MPV_FORMAT_INT64:
                    time = Double(value.u.int64)
                default: break
                }
            }
            return time.map { Chapter(title: title, time: $0) }
        }
    }
}

extension Track {
    /// Reads `track-list`: an array of maps with `id`, `type`, `albumart`, `selected` and, for
    /// video, `demux-fps`.
    static func list(from node: mpv_node) -> [Track] {
        node.mapEntries { fields in
            var id: Int?
            var kind = Kind.other
            var isCoverArt = false, isSelected = false
            var frameRate: Double?
            var strings: [String: String] = [:], flags: [String: Bool] = [:], numbers: [String: Int] = [:]
            for (key, value) in fields {
                switch key {
                case "id" where value.format == MPV_FORMAT_INT64:
                    id = Int(value.u.int64)
                case "type" where value.format == MPV_FORMAT_STRING:
                    switch value.u.string.map({ String(cString: $0) }) {
                    case "video": kind = .video
                    case "audio": kind = .audio
                    case "sub": kind = .subtitles
                    default: kind = .other
                    }
                case "albumart" where value.format == MPV_FORMAT_FLAG:
                    isCoverArt = value.u.flag != 0
                case "selected" where value.format == MPV_FORMAT_FLAG:
                    isSelected = value.u.flag != 0
                case "demux-fps" where value.format == MPV_FORMAT_DOUBLE:
                    frameRate = value.u.double_ > 0 && value.u.double_.isFinite ? value.u.double_ : nil
                case _ where value.format == MPV_FORMAT_STRING:
                    strings[key] = value.u.string.map { String(cString: $0) }
                case _ where value.format == MPV_FORMAT_FLAG:
                    flags[key] = value.u.flag != 0
                case _ where value.format == MPV_FORMAT_INT64:
                    numbers[key] = Int(clamping: value.u.int64)
                default: break
                }
            }
            return id.map {
                var track = Track(id: $0, kind: kind, isCoverArt: isCoverArt, isSelected: isSelected, frameRate: frameRate,
                                  title: strings["title"], language: strings["lang"], codec: strings["codec"])
                track.isDefault = flags["default"] ?? false
                track.isForced = flags["forced"] ?? false
                track.isExternal = flags["external"] ?? false
                track.isImage = flags["image"] ?? false
                track.width = numbers["demux-w"].flatMap { $0 > 0 ? $0 : nil }
                track.height = numbers["demux-h"].flatMap { $0 > 0 ? $0 : nil }
                track.channelLayout = strings["demux-channels"].flatMap { $0.isEmpty ? nil : $0 }
                track.channelCount = numbers["demux-channel-count"].flatMap { $0 > 0 ? $0 : nil }
                track.sampleRate = numbers["demux-samplerate"].flatMap { $0 > 0 ? $0 : nil }
                track.streamIndex = numbers["ff-index"].flatMap { $0 >= 0 ? $0 : nil }
                track.externalFile = strings["external-filename"].flatMap { $0.isEmpty ? nil : $0 }
                return track
            }
        }
    }
}

extension PlayerState {
    /// Reads `metadata`: a map of strings; keys are lower-cased, the first of a duplicate wins.
    static func tags(from node: mpv_node) -> [String: String] {
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee else { return [:] }
        var tags: [String: String] = [:]
        for index in 0..<Int(max(map.num, 0)) {
            guard let key = map.keys?[index], let value = map.values?[index], value.format == MPV_FORMAT_STRING,
                  let text = value.u.string else { continue }
            let name = String(cString: key).lowercased()
            if tags[name] == nil { tags[name] = String(cString: text) }
        }
        return tags
    }
}

extension CacheState {
    /// Reads `demuxer-cache-state`: a map with `seekable-ranges` (maps of `start` and `end`),
    /// `cache-end`, `fw-bytes`, `total-bytes`, `eof` and `raw-input-rate`.
    init(node: mpv_node) {
        self.init()
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee else { return }
        var ranges: [ClosedRange<Double>] = []
        for index in 0..<Int(max(map.num, 0)) {
            guard let key = map.keys?[index], let value = map.values?[index] else { continue }
            switch String(cString: key) {
            case "seekable-ranges":
                ranges = value.mapEntries { fields in
                    var start: Double?, end: Double?
                    for (name, number) in fields where number.format == MPV_FORMAT_DOUBLE {
                        if name == "start" { start = number.u.double_ }
                        if name == "end" { end = number.u.double_ }
                    }
                    guard let start, let end, start.isFinite, end.isFinite, end >= start else { return nil }
                    return start...end
                }
            case "cache-end" where value.format == MPV_FORMAT_DOUBLE:
                self.end = value.u.double_.isFinite ? value.u.double_ : nil
            case "fw-bytes" where value.format == MPV_FORMAT_INT64:
                forwardBytes = value.u.int64
            case "raw-input-rate" where value.format == MPV_FORMAT_INT64:
                inputRate = value.u.int64
            case "total-bytes" where value.format == MPV_FORMAT_INT64:
                totalBytes = value.u.int64
            case "eof" where value.format == MPV_FORMAT_FLAG:
                reachedEndOfStream = value.u.flag != 0
            default: break
            }
        }
        seekableRanges = CacheState.merged(ranges)
    }
}

extension mpv_node {
    /// For an array of maps, `entry`'s answer for each map's (key, value) pairs, skipping nils and
    /// anything that is not a map.
    func mapEntries<T>(_ entry: ([(String, mpv_node)]) -> T?) -> [T] {
        guard format == MPV_FORMAT_NODE_ARRAY, let list = u.list?.pointee else { return [] }
        var results: [T] = []
        for index in 0..<Int(max(list.num, 0)) {
            guard let item = list.values?[index], item.format == MPV_FORMAT_NODE_MAP,
                  let map = item.u.list?.pointee else { continue }
            var fields: [(String, mpv_node)] = []
            for field in 0..<Int(max(map.num, 0)) {
                guard let key = map.keys?[field], let value = map.values?[field] else { continue }
                fields.append((String(cString: key), value))
            }
            if let result = entry(fields) { results.append(result) }
        }
        return results
    }
}

private extension Optional where Wrapped == UnsafeMutableRawPointer {
    var double: Double? { self?.load(as: Double.self) }
    var flag: Bool? { self.map { $0.load(as: Int32.self) != 0 } }
    var int64: Int64? { self?.load(as: Int64.self) }
    var string: String? {
        guard let pointer = self?.load(as: UnsafePointer<CChar>?.self) else { return nil }
        return String(cString: pointer)
    }
    var node: mpv_node? { self?.load(as: mpv_node.self) }
}
