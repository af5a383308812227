import CMpv

extension PlayerState {
    /// Stores a property change from mpv; `MPV_FORMAT_NONE` (unavailable) becomes nil.
    mutating func update(_ property: PlayerProperty, from change: mpv_event_property) {
        let data = change.format == MPV_FORMAT_NONE ? nil : change.data
        switch property {
        case .position: position = data.double
        case .duration: duration = data.double
        case .volume: volume = data.double
        case .speed: speed = data.double
        case .isPaused: isPaused = data.flag
        case .isAtEnd: isAtEnd = data.flag
        case .isSeeking: isSeeking = data.flag
        case .isIdle: isIdle = data.flag
        case .isMuted: isMuted = data.flag
        case .title: title = data.string
        case .displayWidth: setVideoSize(width: data.int64, height: videoSize.map { Int64($0.height) })
        case .displayHeight: setVideoSize(width: videoSize.map { Int64($0.width) }, height: data.int64)
        case .chapters: chapters = data.node.map(Chapter.list(from:)) ?? []
        }
    }

    private mutating func setVideoSize(width: Int64?, height: Int64?) {
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
        guard node.format == MPV_FORMAT_NODE_ARRAY, let list = node.u.list?.pointee else { return [] }
        var chapters: [Chapter] = []
        for index in 0..<Int(max(list.num, 0)) {
            guard let entry = list.values?[index], entry.format == MPV_FORMAT_NODE_MAP,
                  let map = entry.u.list?.pointee else { continue }
            var title: String?
            var time: Double?
            for field in 0..<Int(max(map.num, 0)) {
                guard let keyPointer = map.keys?[field], let value = map.values?[field] else { continue }
                switch String(cString: keyPointer) {
                case "title" where value.format == MPV_FORMAT_STRING:
                    title = value.u.string.map { String(cString: $0) }
                case "time" where value.format == MPV_FORMAT_DOUBLE:
                    time = value.u.double_
                case "time" where value.format == MPV_FORMAT_INT64:
                    time = Double(value.u.int64)
                default: break
                }
            }
            if let time { chapters.append(Chapter(title: title, time: time)) }
        }
        return chapters
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
