import LayerLabCore
import Synchronization

/// Laid-out texts kept across frames: a text layer whose string, font, size and width stay
/// the same is laid out once however many frames draw it (layout is linear in the string,
/// but a 10,000-character label would otherwise pay for it every frame).
///
/// A memo of a pure function, so results never depend on what is cached; shared by the
/// threads that render frames, hence the lock.
final class TextLayoutCache: Sendable {
    static let shared = TextLayoutCache()

    /// Entries kept; the least recently used goes first.
    let capacity: Int
    private struct State {
        var entries: [TextLayout.Key: (layout: TextLayout, used: UInt64)] = [:]
        var clock: UInt64 = 0
        var layoutsMade = 0
    }
    private let state = Mutex(State())

    init(capacity: Int = 64) { self.capacity = max(1, capacity) }

    /// How many layouts were computed rather than found (for tests that count work).
    var layoutsMade: Int { state.withLock { $0.layoutsMade } }

    func layout(_ key: TextLayout.Key) -> TextLayout {
        if let found = state.withLock({ s -> TextLayout? in
            s.clock += 1
            guard let e = s.entries[key] else { return nil }
            s.entries[key] = (e.layout, s.clock)
            return e.layout
        }) { return found }
        let made = TextLayout(key)
        state.withLock { s in
            s.layoutsMade += 1
            if s.entries.count >= capacity, let oldest = s.entries.min(by: { $0.value.used < $1.value.used })?.key {
                s.entries[oldest] = nil
            }
            s.entries[key] = (made, s.clock)
        }
        return made
    }
}
