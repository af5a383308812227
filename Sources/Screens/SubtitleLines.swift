import Drawing

/// The subtitle lines showing now, split by where they go: signs placed at the top, dialogue at
/// the bottom.
///
/// mpv's `sub-text-ass` joins every event showing now with line breaks, each as its ASS "Text"
/// field: override blocks (`{\an8}`, `{\pos(320,40)}`, `{\i1}`) and `\N` breaks included. This
/// reads the placement from the tags and strips every bit of styling, so none of it shows.
public struct SubtitleLines: Sendable, Equatable {
    /// Lines placed at the top (`\an7`–`\an9`, or `\pos` in the upper half).
    public var top: [String] = []
    /// Everything else, shown at the bottom.
    public var bottom: [String] = []

    public init(top: [String] = [], bottom: [String] = []) {
        self.top = top
        self.bottom = bottom
    }

    public var isEmpty: Bool { top.isEmpty && bottom.isEmpty }

    /// The lines from mpv's `sub-text` and `sub-text-ass`. The ASS form is used when there is one
    /// (it has the placement); else the plain text goes at the bottom. `referenceHeight` is the
    /// script's height that `\pos` counts in (its PlayResY; 288 when unknown).
    public init(text: String?, ass: String?, referenceHeight: Double = 288) {
        self.init(untruncatedText: text, ass: ass, referenceHeight: referenceHeight)
        // mpv 0.35 gives at most 499 bytes of a cue (`sub-text` and `sub-text-ass` alike), cut
        // anywhere, mid-word included: a cue that long was cut, and says so. One that begins
        // with more line breaks than that arrives as breaks alone: "…" shows that a cue is there.
        let cut = max(text?.utf8.count ?? 0, ass?.utf8.count ?? 0) >= Self.mpvTextLimit
        guard cut else { return }
        if let last = bottom.indices.last {
            bottom[last] += "…"
        } else if let last = top.indices.last {
            top[last] += "…"
        } else {
            bottom = ["…"]
        }
    }

    /// How many bytes of a cue mpv 0.35 passes on at most (found: a 3000-word SRT cue gives a
    /// 499-byte `sub-text`, ending mid-word; a cue after 2000 line breaks gives breaks only).
    public static let mpvTextLimit = 498

    private init(untruncatedText text: String?, ass: String?, referenceHeight: Double) {
        if let ass, !ass.isEmpty {
            for event in ass.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
                let parsed = SubtitleLines.parseEvent(String(event), referenceHeight: referenceHeight)
                guard !parsed.lines.isEmpty else { continue }
                if parsed.atTop { top += parsed.lines } else { bottom += parsed.lines }
            }
            if !isEmpty { return }
        }
        if let text, !text.isEmpty {
            bottom = SubtitleLines.withoutBlankRuns(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
        }
    }

    /// `lines` without blank lines at either end, and each run of blank lines inside as one: a
    /// cue that starts with 2000 line breaks shows its text, not 2000 empty rows.
    static func withoutBlankRuns(_ lines: [String]) -> [String] {
        var out: [String] = []
        for line in lines {
            let blank = line.trimmedSpaces.isEmpty
            if blank, out.last.map({ $0.trimmedSpaces.isEmpty }) ?? true { continue }
            out.append(line)
        }
        while out.last?.trimmedSpaces.isEmpty == true { out.removeLast() }
        return out
    }

    /// `lines` wrapped to `width` columns in at most `maxRows` rows; when they do not all fit, the
    /// last row ends in "…", so a cue is never cut off mid-word without a sign.
    public static func rows(_ lines: [String], width: Int, maxRows: Int) -> [String] {
        guard maxRows > 0, width > 0 else { return [] }
        let all = lines.flatMap { Sanitizer.wrapped($0, width: width, maxLines: maxRows + 1) }
        guard all.count > maxRows else { return all }
        let rest = all[(maxRows - 1)...].joined(separator: " ")
        return Array(all[..<(maxRows - 1)]) + Sanitizer.wrapped(rest + " …", width: width, maxLines: 1)
    }

    /// The lines as one plain line for a screen reader: signs first, then dialogue.
    public static func plainText(text: String?, ass: String?) -> String {
        let lines = SubtitleLines(text: text, ass: ass)
        return (lines.top + lines.bottom).map(\.trimmedSpaces).filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// One event's text lines and whether it is placed at the top.
    static func parseEvent(_ event: String, referenceHeight: Double) -> (lines: [String], atTop: Bool) {
        var text = ""
        var atTop = false
        var drawing = false
        var index = event.startIndex
        while index < event.endIndex {
            let character = event[index]
            if character == "{", let close = event[index...].firstIndex(of: "}") {
                let block = event[event.index(after: index)..<close]
                for tag in block.split(separator: "\\") {
                    if let alignment = numberAfter("an", in: tag) {
                        atTop = (7...9).contains(alignment)
                    } else if let legacy = numberAfter("a", in: tag), !tag.hasPrefix("alpha") {
                        atTop = (5...7).contains(legacy)
                    } else if tag.hasPrefix("pos("), let y = positionY(tag) {
                        atTop = y < max(referenceHeight, 1) / 2
                    } else if tag.hasPrefix("p"), let level = Int(tag.dropFirst()) {
                        drawing = level > 0
                    }
                }
                index = event.index(after: close)
                continue
            }
            if character == "\\", event.index(after: index) < event.endIndex {
                let next = event[event.index(after: index)]
                switch next {
                case "N": if !drawing { text.append("\n") }; index = event.index(index, offsetBy: 2); continue
                case "n", "h": if !drawing { text.append(" ") }; index = event.index(index, offsetBy: 2); continue
                default: break
                }
            }
            if !drawing { text.append(character) }
            index = event.index(after: index)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(\.trimmedSpaces)
            .filter { !$0.isEmpty }
        return (lines, atTop)
    }

    /// The number right after `name` in a tag such as `an8`, when the tag is exactly that.
    private static func numberAfter(_ name: String, in tag: Substring) -> Int? {
        guard tag.hasPrefix(name) else { return nil }
        let rest = tag.dropFirst(name.count).trimmedSpaces
        guard !rest.isEmpty, rest.allSatisfy(\.isNumber) else { return nil }
        return Int(rest)
    }

    /// The y of `pos(x,y)`.
    private static func positionY(_ tag: Substring) -> Double? {
        guard let open = tag.firstIndex(of: "("), let close = tag.firstIndex(of: ")"), open < close else { return nil }
        let numbers = tag[tag.index(after: open)..<close].split(separator: ",")
        guard numbers.count == 2 else { return nil }
        return Double(numbers[1].trimmedSpaces)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmedSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
