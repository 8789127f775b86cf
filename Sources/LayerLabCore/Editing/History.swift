/// Undo and redo as a list of whole-document snapshots.
///
/// `Document` is a value type with copy-on-write storage, so keeping every state is cheap and
/// trivially correct: undo moves back along the list, redo forward, and recording a new state
/// drops whatever had been undone.
public struct History: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// The command that produced `document` (empty for the initial state).
        public var label: String
        public var document: Document
    }

    public private(set) var entries: [Entry]
    /// Index of the current state in `entries`.
    public private(set) var position: Int

    public init(initial: Document = Document()) {
        entries = [Entry(label: "", document: initial)]
        position = 0
    }

    public var current: Document { entries[position].document }
    public var canUndo: Bool { position > 0 }
    public var canRedo: Bool { position < entries.count - 1 }

    /// Records `document` as the new current state, labelled with the command that made it.
    public mutating func record(_ label: String, _ document: Document) {
        entries.removeSubrange((position + 1)...)
        entries.append(Entry(label: label, document: document))
        position += 1
    }

    /// Steps back up to `n` states; returns the labels undone, most recent first.
    @discardableResult
    public mutating func undo(_ n: Int = 1) -> [String] {
        var undone: [String] = []
        while undone.count < n && canUndo {
            undone.append(entries[position].label)
            position -= 1
        }
        return undone
    }

    /// Steps forward up to `n` states; returns the labels redone, in order.
    @discardableResult
    public mutating func redo(_ n: Int = 1) -> [String] {
        var redone: [String] = []
        while redone.count < n && canRedo {
            position += 1
            redone.append(entries[position].label)
        }
        return redone
    }
}
