import Formatting

/// The playback speeds `[` and `]` step through, as video sites offer them.
public enum SpeedSteps {
    /// The steps, slowest first.
    public static let all: [Double] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 3, 4]

    /// The step `steps` places away from `speed` (negative is slower), clamped to the ends. A
    /// speed between two steps (set with `--speed`) moves to the nearest step in that direction.
    public static func step(from speed: Double, by steps: Int) -> Double {
        guard steps != 0 else { return speed }
        let current = speed.isFinite && speed > 0 ? speed : 1
        if steps > 0 {
            guard let above = all.firstIndex(where: { $0 > current + 1e-9 }) else { return all[all.count - 1] }
            return all[min(above + steps - 1, all.count - 1)]
        }
        guard let below = all.lastIndex(where: { $0 < current - 1e-9 }) else { return all[0] }
        return all[max(below + steps + 1, 0)]
    }

    /// The badge next to the time, such as "1.5×", or nil at normal speed.
    public static func badge(_ speed: Double) -> String? {
        guard speed.isFinite, abs(speed - 1) > 1e-6 else { return nil }
        return number(speed) + "×"
    }

    /// A speed as a short number: "0.25", "1.5", "2".
    public static func number(_ speed: Double) -> String {
        DecimalText.format(speed, maximumFractionDigits: 2)
    }
}
