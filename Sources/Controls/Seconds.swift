/// Seconds on the caller's monotonic clock, or a span of seconds.
///
/// Every engine in Controls takes time as an argument (`now:`) and never reads a clock,
/// so the same inputs always give the same state.
public typealias Seconds = Double
