/// A value as it travels on D-Bus, typed, with no C in it.
///
/// reel needs few of D-Bus's types: the basic ones MPRIS uses, string arrays, and the
/// `a{sv}` dictionaries of properties and metadata (each value in a variant).
public indirect enum BusValue: Sendable, Equatable {
    case string(String)
    case objectPath(String)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    /// `as`.
    case strings([String])
    /// `a{sv}`, in the order given (properties and metadata keep a stable order on the wire).
    case dictionary([(key: String, value: BusValue)])
    /// `v`: a value of any type, as `Properties.Get` answers and `Properties.Set` takes.
    case variant(BusValue)

    /// The value's D-Bus type signature: `s`, `a{sv}`, `v`.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .strings: "as"
        case .dictionary: "a{sv}"
        case .variant: "v"
        }
    }

    /// The value inside a variant (itself for anything else).
    public var unwrapped: BusValue {
        if case .variant(let inner) = self { inner.unwrapped } else { self }
    }

    /// The value of `key` in a dictionary, if it has one.
    public subscript(key: String) -> BusValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    public static func == (lhs: BusValue, rhs: BusValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)), let (.objectPath(a), .objectPath(b)): a == b
        case let (.boolean(a), .boolean(b)): a == b
        case let (.int32(a), .int32(b)): a == b
        case let (.uint32(a), .uint32(b)): a == b
        case let (.int64(a), .int64(b)): a == b
        case let (.uint64(a), .uint64(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.strings(a), .strings(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case let (.variant(a), .variant(b)): a == b
        default: false
        }
    }
}
