extension InputDecoder {
    /// Decodes an escape sequence (or Alt+key) starting with the ESC at `i`.
    mutating func decodeEscape(_ bytes: [UInt8], at i: Int, into events: inout [InputEvent]) -> Step {
        guard i + 1 < bytes.count else { return .incomplete }
        let b = bytes[i + 1]
        switch b {
        case 0x5B:  // [
            return decodeCSI(bytes, at: i, into: &events)
        case 0x4F:  // O
            return decodeSS3(bytes, at: i, into: &events)
        case 0x5F, 0x50, 0x5D:  // _ P ]: APC, DCS, OSC, read up to their terminator
            string = []
            stringKind = b
            return .next(i + 2)
        case 0x1B:
            events.append(.key(KeyEvent(.escape)))
            return .next(i + 1)
        case 0x00..<0x20, 0x7F:
            var key = InputDecoder.controlKey(b)
            key.modifiers.insert(.alt)
            events.append(.key(key))
            return .next(i + 2)
        default:
            switch decodeScalar(bytes, at: i + 1) {
            case .scalar(let scalar, let length):
                events.append(.key(KeyEvent(.character(Character(scalar)), .alt)))
                return .next(i + 1 + length)
            case .invalid:
                events.append(.key(KeyEvent(.escape)))
                return .next(i + 1)
            case .incomplete:
                return .incomplete
            }
        }
    }

    /// Decodes `ESC O` sequences: F1–F4, arrows, Home/End and keypad Enter, with an optional
    /// modifier parameter (`ESC O 5 P`).
    func decodeSS3(_ bytes: [UInt8], at i: Int, into events: inout [InputEvent]) -> Step {
        var j = i + 2
        var parameter = 0
        while j < bytes.count {
            let b = bytes[j]
            if (0x30...0x39).contains(b) {
                parameter = min(parameter * 10 + Int(b - 0x30), 1000)
            } else if b == 0x3B {
                parameter = 0
            } else if (0x40...0x7E).contains(b) {
                let modifiers = Modifiers(xtermParameter: parameter)
                if let key = InputDecoder.letterKey(b) { events.append(.key(KeyEvent(key, modifiers))) }
                return .next(j + 1)
            } else {
                return .next(j)  // not an SS3 sequence after all: drop ESC O
            }
            j += 1
            if j - i > InputDecoder.maxSequenceLength { return .next(j) }
        }
        return .incomplete
    }

    /// The key named by the final letter of a CSI or SS3 key sequence.
    static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: return .up  // A
        case 0x42: return .down  // B
        case 0x43: return .right  // C
        case 0x44: return .left  // D
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x50: return .function(1)  // P
        case 0x51: return .function(2)  // Q
        case 0x52: return .function(3)  // R
        case 0x53: return .function(4)  // S
        case 0x4D: return .enter  // M (keypad Enter, SS3 only)
        default: return nil
        }
    }

    /// Decodes a CSI sequence `ESC [ params final` starting at `i`.
    mutating func decodeCSI(_ bytes: [UInt8], at i: Int, into events: inout [InputEvent]) -> Step {
        var j = i + 2
        while j < bytes.count {
            let b = bytes[j]
            if (0x20...0x3F).contains(b) {
                j += 1
                if j - i > InputDecoder.maxSequenceLength {
                    discarding = true
                    return .next(j)
                }
                continue
            }
            guard (0x40...0x7E).contains(b) else { return .next(j) }  // broken off: drop it
            let start = i + 2
            if j == start {
                switch b {
                case 0x5B:  // ESC [ [ A…E: the Linux console's F1–F5
                    guard j + 1 < bytes.count else { return .incomplete }
                    let c = bytes[j + 1]
                    if (0x41...0x45).contains(c) {
                        events.append(.key(KeyEvent(.function(Int(c - 0x40)))))
                        return .next(j + 2)
                    }
                    return .next(j + 1)
                case 0x4D:  // ESC [ M b x y: a legacy X10 mouse report
                    guard j + 3 < bytes.count else { return .incomplete }
                    if let event = InputDecoder.legacyMouse(bytes[j + 1], bytes[j + 2], bytes[j + 3]) {
                        events.append(.mouse(event))
                    }
                    return .next(j + 4)
                default:
                    break
                }
            }
            interpretCSI(bytes[start..<j], final: b, into: &events)
            return .next(j + 1)
        }
        return .incomplete
    }

    /// Turns a complete CSI sequence into events (or nothing when it is unknown).
    mutating func interpretCSI(_ body: ArraySlice<UInt8>, final: UInt8, into events: inout [InputEvent]) {
        if let reply = InputDecoder.reply(csi: body, final: final) {
            events.append(.reply(reply))
            return
        }
        let parameters = CSIParameters(body)
        guard parameters.isValid else { return }
        switch parameters.marker {
        case 0x3C:  // <
            if (final == 0x4D || final == 0x6D), parameters.count == 3,
               let event = InputDecoder.sgrMouse(parameters, release: final == 0x6D) {
                events.append(.mouse(event))
            }
            return
        case 0:
            break
        default:
            return
        }
        let modifiers = Modifiers(xtermParameter: parameters[1])
        switch final {
        case 0x7E:  // ~
            switch parameters[0] {
            case 200:
                paste = []
            case 201:
                break
            default:
                if let key = InputDecoder.tildeKey(parameters[0]) { events.append(.key(KeyEvent(key, modifiers))) }
            }
        case 0x5A:  // Z
            events.append(.key(KeyEvent(.backTab)))
        case 0x49:  // I
            events.append(.focus(true))
        case 0x4F:  // O
            events.append(.focus(false))
        case 0x75:  // u: kitty keyboard protocol
            if let key = InputDecoder.unicodeKey(parameters[0]) { events.append(.key(KeyEvent(key, modifiers))) }
        case 0x4D:  // M is keypad Enter only in SS3
            break
        default:
            if let key = InputDecoder.letterKey(final) { events.append(.key(KeyEvent(key, modifiers))) }
        }
    }

    /// The key of `CSI n ~`.
    static func tildeKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(n - 10)
        case 17...21: return .function(n - 11)
        case 23, 24: return .function(n - 12)
        default: return nil
        }
    }

    /// The key of kitty's `CSI code u`.
    static func unicodeKey(_ code: Int) -> Key? {
        switch code {
        case 9: return .tab
        case 13: return .enter
        case 27: return .escape
        case 127: return .backspace
        case 0x20...0x10FFFF:
            guard let scalar = Unicode.Scalar(UInt32(code)), scalar.value != 0x7F, !(0x80...0x9F).contains(scalar.value) else { return nil }
            return .character(Character(scalar))
        default: return nil
        }
    }

    /// The event of an SGR mouse report `CSI < b ; x ; y M|m`.
    static func sgrMouse(_ p: CSIParameters, release: Bool) -> MouseEvent? {
        let b = p[0]
        let column = max(p[1] - 1, 0), row = max(p[2] - 1, 0)
        var modifiers: Modifiers = []
        if b & 4 != 0 { modifiers.insert(.shift) }
        if b & 8 != 0 { modifiers.insert(.alt) }
        if b & 16 != 0 { modifiers.insert(.ctrl) }
        let low = b & 3
        let button: MouseButton? = low == 0 ? .left : low == 1 ? .middle : low == 2 ? .right : nil
        let action: MouseAction
        if b & 128 != 0 {
            return nil  // buttons 8–11
        } else if b & 64 != 0 {
            if release { return nil }
            action = [MouseAction.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else if b & 32 != 0 {
            action = button.map { .drag($0) } ?? .move
        } else if let button {
            action = release ? .release(button) : .press(button)
        } else {
            return nil
        }
        return MouseEvent(action, column: column, row: row, modifiers: modifiers)
    }

    /// The event of a legacy X10 mouse report `CSI M b x y` (each byte offset by 32). A release
    /// there does not say which button; it is reported as the left one.
    static func legacyMouse(_ cb: UInt8, _ cx: UInt8, _ cy: UInt8) -> MouseEvent? {
        guard cb >= 32, cx >= 33, cy >= 33 else { return nil }
        let b = Int(cb - 32)
        let release = b & 3 == 3 && b & (64 | 32) == 0
        let button = release ? b & ~3 : b  // the release names no button: report the left one
        return sgrMouse(CSIParameters(values: button, Int(cx) - 32, Int(cy) - 32), release: release)
    }
}
