import CDBus

/// Between ``BusValue``s and libdbus's message iterators.
extension BusConnection {
    /// A message's arguments, up to the first of a type reel does not read.
    static func arguments(of message: OpaquePointer) -> [BusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        var values: [BusValue] = []
        repeat {
            guard let value = read(&iterator) else { break }
            values.append(value)
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    /// Appends `values` to a message; false when libdbus refused one (out of memory).
    static func append(_ values: [BusValue], to message: OpaquePointer) -> Bool {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        return values.allSatisfy { write($0, to: &iterator) }
    }

    private static func read(_ iterator: inout DBusMessageIter) -> BusValue? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case REEL_DBUS_TYPE_STRING: return readString(&iterator).map(BusValue.string)
        case REEL_DBUS_TYPE_OBJECT_PATH: return readString(&iterator).map(BusValue.objectPath)
        case REEL_DBUS_TYPE_BOOLEAN: return .boolean(readBasic(&iterator, dbus_bool_t(0)) != 0)
        case REEL_DBUS_TYPE_INT32: return .int32(readBasic(&iterator, Int32(0)))
        case REEL_DBUS_TYPE_UINT32: return .uint32(readBasic(&iterator, UInt32(0)))
        case REEL_DBUS_TYPE_INT64: return .int64(readBasic(&iterator, Int64(0)))
        case REEL_DBUS_TYPE_UINT64: return .uint64(readBasic(&iterator, UInt64(0)))
        case REEL_DBUS_TYPE_DOUBLE: return .double(readBasic(&iterator, Double(0)))
        case REEL_DBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return read(&inner).map(BusValue.variant)
        case REEL_DBUS_TYPE_ARRAY:
            return readArray(&iterator)
        default:
            return nil
        }
    }

    private static func readArray(_ iterator: inout DBusMessageIter) -> BusValue? {
        let element = dbus_message_iter_get_element_type(&iterator)
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inner)
        switch element {
        case REEL_DBUS_TYPE_STRING:
            var strings: [String] = []
            while dbus_message_iter_get_arg_type(&inner) == REEL_DBUS_TYPE_STRING {
                if let text = readString(&inner) { strings.append(text) }
                dbus_message_iter_next(&inner)
            }
            return .strings(strings)
        case REEL_DBUS_TYPE_DICT_ENTRY:
            var entries: [(key: String, value: BusValue)] = []
            while dbus_message_iter_get_arg_type(&inner) == REEL_DBUS_TYPE_DICT_ENTRY {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&inner, &entry)
                guard dbus_message_iter_get_arg_type(&entry) == REEL_DBUS_TYPE_STRING, let key = readString(&entry),
                      dbus_message_iter_next(&entry) != 0, let value = read(&entry) else { return nil }
                entries.append((key, value.unwrapped))
                dbus_message_iter_next(&inner)
            }
            return .dictionary(entries)
        default:
            return nil
        }
    }

    private static func readString(_ iterator: inout DBusMessageIter) -> String? {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    private static func readBasic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func write(_ value: BusValue, to iterator: inout DBusMessageIter) -> Bool {
        switch value {
        case .string(let text): return writeString(text, type: REEL_DBUS_TYPE_STRING, to: &iterator)
        case .objectPath(let path): return writeString(path, type: REEL_DBUS_TYPE_OBJECT_PATH, to: &iterator)
        case .boolean(let flag): return writeBasic(dbus_bool_t(flag ? 1 : 0), type: REEL_DBUS_TYPE_BOOLEAN, to: &iterator)
        case .int32(let number): return writeBasic(number, type: REEL_DBUS_TYPE_INT32, to: &iterator)
        case .uint32(let number): return writeBasic(number, type: REEL_DBUS_TYPE_UINT32, to: &iterator)
        case .int64(let number): return writeBasic(number, type: REEL_DBUS_TYPE_INT64, to: &iterator)
        case .uint64(let number): return writeBasic(number, type: REEL_DBUS_TYPE_UINT64, to: &iterator)
        case .double(let number): return writeBasic(number, type: REEL_DBUS_TYPE_DOUBLE, to: &iterator)
        case .strings(let strings):
            return writeContainer(REEL_DBUS_TYPE_ARRAY, signature: "s", to: &iterator) { inner in
                strings.allSatisfy { writeString($0, type: REEL_DBUS_TYPE_STRING, to: &inner) }
            }
        case .dictionary(let entries):
            return writeContainer(REEL_DBUS_TYPE_ARRAY, signature: "{sv}", to: &iterator) { array in
                entries.allSatisfy { entry in
                    writeContainer(REEL_DBUS_TYPE_DICT_ENTRY, signature: nil, to: &array) { pair in
                        writeString(entry.key, type: REEL_DBUS_TYPE_STRING, to: &pair)
                            && write(.variant(entry.value.unwrapped), to: &pair)
                    }
                }
            }
        case .variant(let inner):
            let content = inner.unwrapped
            return writeContainer(REEL_DBUS_TYPE_VARIANT, signature: content.signature, to: &iterator) { variant in
                write(content, to: &variant)
            }
        }
    }

    private static func writeString(_ text: String, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(&iterator, type, &pointer) != 0
        }
    }

    private static func writeBasic<T: BitwiseCopyable>(_ value: T, type: Int32, to iterator: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus_message_iter_append_basic(&iterator, type, &copy) != 0
    }

    /// Opens a container, fills it with `body`, and closes it (abandons it when `body` failed).
    private static func writeContainer(_ type: Int32, signature: String?, to iterator: inout DBusMessageIter,
                                       _ body: (inout DBusMessageIter) -> Bool) -> Bool {
        var inner = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner) != 0 }
        } else {
            opened = dbus_message_iter_open_container(&iterator, type, nil, &inner) != 0
        }
        guard opened else { return false }
        guard body(&inner) else {
            dbus_message_iter_abandon_container(&iterator, &inner)
            return false
        }
        return dbus_message_iter_close_container(&iterator, &inner) != 0
    }
}
