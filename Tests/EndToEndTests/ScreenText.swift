import Foundation

/// Test support: the text a person would read on a screenshot, as tesseract (Debian's
/// tesseract-ocr) reads it.
///
/// The screenshot is read several times: scaled up three times, in grey, thresholded at a few
/// levels and inverted (reel's controls are light text on a darker picture; tesseract reads dark
/// text on light), each as sparse text. What any of the readings found counts.
enum ScreenText {
    /// Whether tesseract, its English data and ImageMagick are there (scripts/setup installs them).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
            && FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata")
    }

    /// The grey levels (percent) the picture is cut at: text on a light picture needs a high one,
    /// on a dark picture a lower one.
    static let thresholds = [45, 60, 75]

    /// Every reading of `shot`, joined (`folder` holds the files on the way).
    static func read(_ shot: Screenshot, folder: URL) throws -> String {
        let stem = folder.appendingPathComponent("ocr-\(UInt32.random(in: 0...UInt32.max))").path
        let image = stem + ".ppm"
        var ppm = Data("P6\n\(shot.width) \(shot.height)\n255\n".utf8)
        ppm.append(contentsOf: shot.bytes)
        try ppm.write(to: URL(fileURLWithPath: image))
        defer { unlink(image) }
        var readings: [String] = []
        for level in thresholds {
            let cut = stem + "-\(level).png"
            defer { unlink(cut) }
            try Subprocess.run("/usr/bin/convert", [image, "-colorspace", "Gray", "-resize", "300%", "-threshold", "\(level)%",
                                                    "-negate", cut], captureOutput: false)
            readings.append(try Subprocess.run("/usr/bin/env", ["OMP_THREAD_LIMIT=1", "/usr/bin/tesseract", cut, "stdout",
                                                                "--psm", "11", "-l", "eng"]))
        }
        return readings.joined(separator: "\n")
    }

    /// What a person must be able to read of the player's controls in `text`: the title's
    /// `words`, a skip button's "10" and a time (m:ss); the names of those missing.
    static func missingControls(in text: String, title words: [String]) -> [String] {
        var missing: [String] = []
        for word in words where !contains(word, in: text) { missing.append("the title's \"\(word)\"") }
        if text.range(of: #"(^|[^0-9])10([^0-9]|$)"#, options: .regularExpression) == nil { missing.append("a skip button's 10") }
        if text.range(of: #"[0-9]:[0-5][0-9]"#, options: .regularExpression) == nil { missing.append("a time") }
        return missing
    }

    /// Whether `text` has `word`, in any case, or a word of its length one letter off it
    /// (tesseract reads a light "Film" over a picture as "Bilm" now and then; the word is there
    /// for a person all the same).
    static func contains(_ word: String, in text: String) -> Bool {
        if text.localizedCaseInsensitiveContains(word) { return true }
        let target = Array(word.lowercased())
        guard target.count >= 4 else { return false }
        let tokens = text.lowercased().split { !$0.isLetter }
        return tokens.contains { token in
            let letters = Array(token)
            return letters.count == target.count && zip(letters, target).filter { $0 != $1 }.count == 1
        }
    }
}
