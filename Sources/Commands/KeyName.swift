import Terminal

/// Key names as mpv's `input.conf` writes them (`SPACE`, `LEFT`, `PGDWN`, `Ctrl+LEFT`, `a`,
/// `Z`), and as the help shows them (`Space`, `←`, `PgDn`, `Ctrl+←`).
public enum KeyName {
    /// Named keys: mpv's name, reel's label.
    public static let named: [(name: String, key: Key, label: String)] = [
        ("SPACE", .character(" "), "Space"), ("ENTER", .enter, "Enter"), ("ESC", .escape, "Esc"),
        ("TAB", .tab, "Tab"), ("BS", .backspace, "Backspace"), ("LEFT", .left, "←"), ("RIGHT", .right, "→"),
        ("UP", .up, "↑"), ("DOWN", .down, "↓"), ("HOME", .home, "Home"), ("END", .end, "End"),
        ("PGUP", .pageUp, "PgUp"), ("PGDWN", .pageDown, "PgDn"), ("INS", .insert, "Ins"), ("DEL", .delete, "Del"),
        ("SHARP", .character("#"), "#"),
    ]

    /// Other spellings people write.
    public static let aliases: [String: String] = [
        "RETURN": "ENTER", "KP_ENTER": "ENTER", "ESCAPE": "ESC", "BACKSPACE": "BS", "PGDN": "PGDWN",
        "PAGEUP": "PGUP", "PAGEDOWN": "PGDWN", "INSERT": "INS", "DELETE": "DEL",
    ]

    /// Reads a key name such as `ctrl+up`, `Alt+x`, `PGDWN`, `>` or `F5`; nil when it names no key.
    public static func parse(_ text: String) -> KeyEvent? {
        var modifiers: Modifiers = []
        var rest = Substring(text)
        // Modifiers come first, each followed by "+"; a lone "+" is the key itself.
        while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex, rest.index(after: plus) != rest.endIndex {
            switch rest[..<plus].lowercased() {
            case "ctrl": modifiers.insert(.ctrl)
            case "alt", "meta": modifiers.insert(.alt)
            case "shift": modifiers.insert(.shift)
            default: return nil
            }
            rest = rest[rest.index(after: plus)...]
        }
        let name = String(rest)
        if name.count == 1, let character = name.first, !character.isWhitespace {
            if modifiers.contains(.ctrl), character.isLetter { return KeyEvent(.character(Character(character.lowercased())), modifiers) }
            return KeyEvent(.character(character), modifiers.subtracting(.shift))
        }
        let upper = name.uppercased()
        let canonical = aliases[upper] ?? upper
        if let entry = named.first(where: { $0.name == canonical }) { return KeyEvent(entry.key, modifiers) }
        if canonical.hasPrefix("F"), let number = Int(canonical.dropFirst()), (1...12).contains(number) {
            return KeyEvent(.function(number), modifiers)
        }
        return nil
    }

    /// mpv's name for a key, for config files and `--help`: `Ctrl+LEFT`, `SPACE`, `a`.
    public static func name(_ event: KeyEvent) -> String {
        prefix(event.modifiers) + baseName(event.key, label: false)
    }

    /// The label the help overlay shows: `Ctrl+←`, `Space`, `a`.
    public static func label(_ event: KeyEvent) -> String {
        // Ctrl+C, as keyboards and manuals write it.
        if event.modifiers.contains(.ctrl), case .character(let character) = event.key, character.isLetter {
            return prefix(event.modifiers) + character.uppercased()
        }
        return prefix(event.modifiers) + baseName(event.key, label: true)
    }

    private static func prefix(_ modifiers: Modifiers) -> String {
        (modifiers.contains(.ctrl) ? "Ctrl+" : "") + (modifiers.contains(.alt) ? "Alt+" : "")
            + (modifiers.contains(.shift) ? "Shift+" : "")
    }

    private static func baseName(_ key: Key, label: Bool) -> String {
        if let entry = named.first(where: { $0.key == key }) { return label ? entry.label : entry.name }
        switch key {
        case .character(let character): return String(character)
        case .function(let number): return "F\(number)"
        case .backTab: return label ? "Shift+Tab" : "Shift+TAB"
        default: return "?"
        }
    }

    /// The form a key event is matched in: Shift on a printable character is part of the
    /// character itself (`Z`, `>`), so it is dropped.
    static func normalized(_ event: KeyEvent) -> KeyEvent {
        guard case .character = event.key, event.modifiers.contains(.shift) else { return event }
        return KeyEvent(event.key, event.modifiers.subtracting(.shift))
    }
}
