/// The continue-watching list: what was watched, most recent first, with the rule for finished
/// items, and forgetting with one step of undo.
///
/// It is a value that takes wall-clock time (seconds since the Unix epoch) as an argument and
/// returns what the caller must do (``Action``): the caller deletes and restores the records.
///
/// **The finished-items rule.** An item watched to the end (or past 95 %) stays in the list for
/// ``finishedLingers`` (three days) after it was last watched, so that the episode just finished
/// can still be found, and then leaves the list. Its record is kept: the file still starts from
/// the beginning and shows ✓ in a folder's list. Items not finished stay until forgotten.
public struct ContinueWatching: Sendable, Equatable {
    /// One thing watched, as its record says.
    public struct Entry: Sendable, Equatable {
        /// The record's key: a path or a URL.
        public var key: String
        /// When it was last watched, in seconds since the Unix epoch.
        public var lastWatched: Int64
        /// Watched to the end, or past 95 %.
        public var isFinished: Bool

        public init(key: String, lastWatched: Int64, isFinished: Bool) {
            self.key = key
            self.lastWatched = lastWatched
            self.isFinished = isFinished
        }
    }

    /// What the list asks of its caller.
    public enum Action: Sendable, Equatable {
        /// Nothing to do.
        case none
        /// Delete this entry's record (it can come back with ``Event/undo``).
        case delete(Entry)
        /// Write this entry's record again: the forget was undone.
        case restore(Entry)
        /// Delete every one of these records: the history was cleared.
        case deleteAll([Entry])
    }

    /// What happens to the list.
    public enum Event: Sendable, Equatable {
        /// Forget the entry with this key.
        case forget(key: String)
        /// Bring the last forgotten entry back.
        case undo
        /// Forget every entry (after the user confirmed it).
        case forgetAll
    }

    /// How long a finished item stays in the list after it was last watched.
    public static let finishedLingers: Int64 = 3 * 86_400

    /// The entries the list shows, most recent first.
    public private(set) var entries: [Entry]
    /// The entry forgotten last, which ``Event/undo`` brings back, and where it was.
    public private(set) var lastForgotten: (entry: Entry, index: Int)?

    /// The list of `all` records at `now`: finished items older than ``finishedLingers`` left out,
    /// the rest most recent first (ties by key, so the order is stable).
    public init(_ all: [Entry], now: Int64) {
        entries = all.filter { Self.isListed($0, now: now) }.sorted { a, b in
            a.lastWatched != b.lastWatched ? a.lastWatched > b.lastWatched : a.key < b.key
        }
    }

    /// Whether `entry` belongs in the list at `now`.
    public static func isListed(_ entry: Entry, now: Int64) -> Bool {
        !entry.isFinished || now - entry.lastWatched < finishedLingers
    }

    /// Applies `event`; returns what the caller must do to the records.
    public mutating func event(_ event: Event) -> Action {
        switch event {
        case .forget(let key):
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return .none }
            let entry = entries.remove(at: index)
            lastForgotten = (entry, index)
            return .delete(entry)
        case .undo:
            guard let (entry, index) = lastForgotten else { return .none }
            lastForgotten = nil
            entries.insert(entry, at: min(index, entries.count))
            return .restore(entry)
        case .forgetAll:
            let all = entries
            entries = []
            lastForgotten = nil
            return all.isEmpty ? .none : .deleteAll(all)
        }
    }

    public static func == (a: ContinueWatching, b: ContinueWatching) -> Bool {
        a.entries == b.entries && a.lastForgotten?.entry == b.lastForgotten?.entry && a.lastForgotten?.index == b.lastForgotten?.index
    }
}
