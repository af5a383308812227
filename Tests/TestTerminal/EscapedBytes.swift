/// Escape sequences written readably in the tests of TerminalTests and GraphicsTests.

/// `text` as bytes, with `⎋` standing for ESC so expectations stay readable.
public func esc(_ text: String) -> [UInt8] {
    Array(text.replacing("⎋", with: "\u{1B}").utf8)
}

/// `bytes` as text with ESC shown as `⎋`, for readable failure messages.
public func show(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacing("\u{1B}", with: "⎋")
}
