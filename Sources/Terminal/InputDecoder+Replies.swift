extension InputDecoder {
    /// Collects a string sequence's body from `i` up to its terminator (ST `ESC \` or BEL), and
    /// emits what it means when it ends. CAN or SUB, or an ESC that starts something else,
    /// abandon it. Returns where to continue, or nil when the bytes end on an ESC that may be
    /// the start of ST.
    mutating func collectString(_ bytes: [UInt8], from i: Int, into events: inout [InputEvent]) -> Int? {
        var j = i
        while j < bytes.count {
            let b = bytes[j]
            switch b {
            case 0x07:
                appendString(bytes[i..<j])
                finishString(into: &events)
                return j + 1
            case 0x18, 0x1A:
                string = nil
                return j + 1
            case 0x1B:
                guard j + 1 < bytes.count else {
                    appendString(bytes[i..<j])
                    return j == i ? nil : j
                }
                appendString(bytes[i..<j])
                if bytes[j + 1] == 0x5C {
                    finishString(into: &events)
                    return j + 2
                }
                string = nil  // not ST: the ESC begins a sequence of its own
                return j
            default:
                j += 1
            }
        }
        appendString(bytes[i..<j])
        return j
    }

    /// Adds `content` to the string sequence's body, keeping at most ``maxStringBytes``.
    private mutating func appendString(_ content: ArraySlice<UInt8>) {
        InputDecoder.append(content, to: &string, limit: InputDecoder.maxStringBytes)
    }

    /// Ends the string sequence: a kitty graphics reply (APC) or an XTVERSION answer (DCS)
    /// becomes an event, anything else is dropped.
    private mutating func finishString(into events: inout [InputEvent]) {
        defer { string = nil }
        guard let body = string else { return }
        let reply: TerminalReply?
        switch stringKind {
        case 0x5F: reply = InputDecoder.kittyReply(body[...])
        case 0x50: reply = InputDecoder.versionReply(body[...])
        default: reply = nil
        }
        if let reply { events.append(.reply(reply)) }
    }

    /// XTVERSION's answer `> | text` (the DCS body), or nil for any other DCS. The text must be
    /// 1 to ``maxVersionLength`` bytes of printable ASCII: anything else is not a name and
    /// version a terminal would send, and a shortened one could name the wrong version, so it
    /// is dropped whole rather than cleaned up.
    static func versionReply(_ body: ArraySlice<UInt8>) -> TerminalReply? {
        guard body.starts(with: [0x3E, 0x7C]) else { return nil }  // > |
        let text = body.dropFirst(2)
        guard !text.isEmpty, text.count <= maxVersionLength,
              text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return .terminalVersion(String(decoding: text, as: UTF8.self))
    }

    /// kitty's answer `G key=value,… ; message`, or nil for any other APC.
    static func kittyReply(_ body: ArraySlice<UInt8>) -> TerminalReply? {
        guard body.first == 0x47 else { return nil }  // G
        let keysEnd = body.firstIndex(of: 0x3B) ?? body.endIndex
        var image: Int?, placement: Int?
        for pair in body[(body.startIndex + 1)..<keysEnd].split(separator: 0x2C) {
            guard pair.count >= 3, pair[pair.startIndex + 1] == 0x3D,
                  let value = number(pair[(pair.startIndex + 2)...]) else { continue }
            switch pair[pair.startIndex] {
            case 0x69: image = value  // i
            case 0x70: placement = value  // p
            default: break
            }
        }
        let messageBytes = keysEnd < body.endIndex ? body[(keysEnd + 1)...] : []
        let printable = messageBytes.prefix(maxReplyMessageLength).map { (0x20...0x7E).contains($0) ? $0 : 0x3F }
        return .kittyGraphics(image: image, placement: placement, message: String(decoding: printable, as: UTF8.self))
    }

    /// A whole decimal number of at most nine digits, or nil.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    /// The reply a CSI sequence carries, or nil when it is not one (a key, a mouse report).
    static func reply(csi body: ArraySlice<UInt8>, final: UInt8) -> TerminalReply? {
        switch final {
        case 0x63:  // c: DA1
            guard body.first == 0x3F, let values = numbers(body.dropFirst()), !values.isEmpty else { return nil }
            return .deviceAttributes(values)
        case 0x53:  // S: XTSMGRAPHICS
            guard body.first == 0x3F, let values = numbers(body.dropFirst()), values.count >= 2 else { return nil }
            return .graphicsAttribute(item: values[0], status: values[1], values: Array(values.dropFirst(2)))
        case 0x74:  // t: a window report
            guard let values = numbers(body), values.count == 3, [4, 6, 8].contains(values[0]) else { return nil }
            return .windowSize(kind: values[0], height: values[1], width: values[2])
        case 0x6E:  // n: a status report, `0` or `3` (never a key: no key ends in `n`)
            guard let values = numbers(body), values.count == 1, values[0] == 0 || values[0] == 3 else { return nil }
            return .status(values[0])
        case 0x79:  // y: DECRPM, `? mode ; state $`
            guard body.first == 0x3F, body.last == 0x24, let values = numbers(body.dropFirst().dropLast()),
                  values.count == 2 else { return nil }
            return .modeReport(mode: values[0], state: values[1])
        default:
            return nil
        }
    }

    /// Numbers separated by `;` (an empty one reads as 0), or nil when anything else is there.
    static func numbers(_ body: ArraySlice<UInt8>) -> [Int]? {
        var values: [Int] = []
        var value = 0
        for b in body {
            switch b {
            case 0x30...0x39: value = min(value * 10 + Int(b - 0x30), CSIParameters.maxValue)
            case 0x3B:
                values.append(value)
                value = 0
            default: return nil
            }
        }
        if !body.isEmpty { values.append(value) }
        return values
    }
}
