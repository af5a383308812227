/// What a paste adds to a filter's query: the list's filter and the jump to a subtitle line take
/// it alike.
public enum FilterText {
    /// `text` as one line: its line breaks go, since a query is one row and Enter is a key of
    /// its own. Any other control character stays in the query and is drawn as a visible stand-in
    /// (the ``Sanitizer`` draws every text), so a paste can neither run a command nor reach the
    /// terminal; the input decoder keeps at most 64 KiB of one paste.
    public static func pasted(_ text: String) -> String {
        text.filter { !$0.isNewline }
    }
}
