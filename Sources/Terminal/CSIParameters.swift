/// The parameters of one CSI sequence, parsed without allocating: an optional private marker
/// (`<`, `=`, `>`, `?`) and up to eight numbers (missing ones read as 0, sub-parameters ignored).
struct CSIParameters {
    /// The private marker byte, or 0 when there is none.
    private(set) var marker: UInt8 = 0
    /// How many parameters there are.
    private(set) var count = 0
    /// False when the body holds intermediate bytes or a misplaced marker: not a sequence we know.
    private(set) var isValid = true
    private var values: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The largest value kept; bigger numbers are clamped so they cannot overflow.
    static let maxValue = 100_000

    /// Parses the bytes between `ESC [` and the final byte.
    init(_ body: ArraySlice<UInt8>) {
        var index = body.startIndex
        if let first = body.first, (0x3C...0x3F).contains(first) {
            marker = first
            index += 1
        }
        guard index < body.endIndex else { return }
        var value = 0
        var inSubParameter = false
        count = 1
        while index < body.endIndex {
            let b = body[index]
            switch b {
            case 0x30...0x39:
                if !inSubParameter { value = min(value * 10 + Int(b - 0x30), CSIParameters.maxValue) }
            case 0x3B:
                set(count - 1, value)
                value = 0
                inSubParameter = false
                count += 1
            case 0x3A:
                inSubParameter = true
            default:
                isValid = false
                return
            }
            index += 1
        }
        set(count - 1, value)
        count = min(count, 8)
    }

    /// Parameters given directly.
    init(values first: Int, _ second: Int, _ third: Int) {
        values = (first, second, third, 0, 0, 0, 0, 0)
        count = 3
    }

    private mutating func set(_ k: Int, _ value: Int) {
        switch k {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        case 4: values.4 = value
        case 5: values.5 = value
        case 6: values.6 = value
        case 7: values.7 = value
        default: break
        }
    }

    /// Parameter `k` (0-based), or 0 when absent.
    subscript(k: Int) -> Int {
        guard k < count else { return 0 }
        switch k {
        case 0: return values.0
        case 1: return values.1
        case 2: return values.2
        case 3: return values.3
        case 4: return values.4
        case 5: return values.5
        case 6: return values.6
        default: return values.7
        }
    }
}
