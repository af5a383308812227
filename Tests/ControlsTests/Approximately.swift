/// Whether two doubles agree to within `tolerance` (absolute).
func approximately(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
