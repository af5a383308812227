/// The decoder's shortcuts for a picture that is shown much smaller than it is.
///
/// reel shows a few hundred pixels across; a film is 1920 or 3840. Decoding it whole dominates
/// the CPU. When the source is at least ``factor`` times the picture's size each way, the
/// in-loop deblocking filter (`vd-lavc-skiploopfilter=all`) and libavcodec's non-exact
/// speed-ups (`vd-lavc-fast`) cost nothing that survives the downscale: the blocking they leave
/// is averaged away. A source close to the picture's size keeps exact decoding. AV1 (dav1d) has
/// no such switch and is unaffected. scripts/bench measures each option (docs/benchmarks.md).
public enum DecoderShortcuts {
    /// How many times larger than the picture, each way, a source must be.
    public static let factor = 2

    /// The per-file options for a source of `source` pixels shown at `picture` pixels; empty
    /// when the source is not that much larger, or either size is unknown.
    public static func options(source: (width: Int, height: Int)?, picture: (width: Int, height: Int)) -> [(String, String)] {
        guard let source, picture.width > 0, picture.height > 0,
              source.width >= factor * picture.width, source.height >= factor * picture.height else { return [] }
        return [("vd-lavc-skiploopfilter", "all"), ("vd-lavc-fast", "yes")]
    }
}
