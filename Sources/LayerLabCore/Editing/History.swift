/// Undo and redo: the current document plus, for every step, only what the step changed.
///
/// A step stores, for each top-level list of the document (paths, layers, animations,
/// events), the run of elements it replaced and the run it put there (found by trimming the
/// common prefix and suffix), and the canvas when it changed. So memory grows with what the
/// commands changed, not with the size of the document times the number of steps: a script of
/// 20,000 `layer` lines keeps 20,000 one-layer steps, not 20,000 copies of a growing tree.
/// Undo and redo apply the steps backwards and forwards. At most `Limits.undoSteps` steps are
/// kept; the oldest are forgotten first.
package struct History: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        /// The command that produced this state (empty for the initial state).
        package var label: String
    }

    /// Labels of the reachable states, oldest first; `entries[0]` is the oldest state kept.
    package var entries: [Entry] {
        [Entry(label: "")] + labels[(base + 1)...].map { Entry(label: $0) }
    }
    /// Index of the current state in `entries`.
    package var position: Int { index - base }
    package private(set) var current: Document
    /// The most steps kept.
    package let capacity: Int

    /// Every state's label since the last compaction; `labels[0]` is the initial state's.
    private var labels: [String] = [""]
    /// `steps[i]` turns state `i` into state `i + 1`.
    private var steps: [Step] = []
    /// States before `base` are forgotten (dropped lazily, so recording stays O(1) amortized).
    private var base = 0
    /// The current state.
    private var index = 0

    package init(initial: Document = Document(), capacity: Int = Limits.undoSteps) {
        current = initial
        self.capacity = max(1, capacity)
    }

    package var canUndo: Bool { index > base }
    package var canRedo: Bool { index < labels.count - 1 }

    /// Records `document` as the new current state, labelled with the command that made it;
    /// a document equal to the current one records nothing (and returns false), though it
    /// becomes current: it may spell its values differently (`WrittenForm`).
    @discardableResult
    package mutating func record(_ label: String, _ document: Document) -> Bool {
        let step = Step(from: current, to: document)
        guard !step.isEmpty else { current = document; return false }
        current = document
        append(step, label)
        return true
    }

    /// Adds a step after the current state (dropping the redo states) and moves to it.
    private mutating func append(_ step: Step, _ label: String) {
        labels.removeSubrange((index + 1)...)
        steps.removeSubrange(index...)
        steps.append(step)
        labels.append(label)
        index += 1
        if index - base > capacity { base = index - capacity }
        if base >= capacity {
            labels.removeFirst(base)
            steps.removeFirst(base)
            index -= base
            base = 0
        }
    }

    /// Where an in-place edit (`modify`) may change the document: per list, the run of the
    /// current list it may replace (elements after the run may shift, but not change); nil
    /// leaves a list alone. The canvas is always compared.
    package struct Region: Sendable {
        package var paths: Range<Int>?
        package var layers: Range<Int>?
        package var animations: Range<Int>?
        package var events: Range<Int>?
        package init(paths: Range<Int>? = nil, layers: Range<Int>? = nil,
                    animations: Range<Int>? = nil, events: Range<Int>? = nil) {
            self.paths = paths; self.layers = layers; self.animations = animations; self.events = events
        }
    }

    /// Runs `edit` on the current document in place and records the result like `record`.
    ///
    /// NB: `record` takes a changed copy of the document: with thousands of layers, making that
    /// copy and comparing it with the current one costs O(document) for every command. Here the
    /// document is changed where it is (no other copy holds its lists, so nothing is copied) and
    /// the step keeps only `region`, copied before the edit: O(region) a command. An edit that
    /// throws must leave the lists outside `region` as they were; the region is put back.
    @discardableResult
    package mutating func modify<E: Error>(_ label: String, in region: Region,
                                          _ edit: (inout Document) throws(E) -> Void) throws(E) -> Bool {
        var doc = current
        current = Document()   // `doc` is now the only holder of the lists
        let before = Snapshot(doc, region)
        do {
            try edit(&doc)
        } catch {
            before.restore(&doc)
            current = doc
            throw error
        }
        let step = Step(from: before, to: doc)
        current = doc
        guard !step.isEmpty else { return false }
        append(step, label)
        return true
    }

    /// Steps back up to `n` states; returns the labels undone, most recent first.
    @discardableResult
    package mutating func undo(_ n: Int = 1) -> [String] {
        var undone: [String] = []
        while undone.count < n && canUndo {
            undone.append(labels[index])
            steps[index - 1].undo(&current)
            index -= 1
        }
        return undone
    }

    /// Steps forward up to `n` states; returns the labels redone, in order.
    @discardableResult
    package mutating func redo(_ n: Int = 1) -> [String] {
        var redone: [String] = []
        while redone.count < n && canRedo {
            steps[index].redo(&current)
            index += 1
            redone.append(labels[index])
        }
        return redone
    }
}

/// What one command changed: the canvas (when it did) and one splice per list.
private struct Step: Hashable, Sendable {
    var canvas: (before: Canvas, after: Canvas)?
    var paths: Splice<NamedPath>?
    var layers: Splice<Layer>?
    var animations: Splice<Animation>?
    var events: Splice<Event>?

    init(from a: Document, to b: Document) {
        canvas = a.canvas == b.canvas ? nil : (a.canvas, b.canvas)
        paths = Splice(from: a.paths, to: b.paths)
        layers = Splice(from: a.layers, to: b.layers)
        animations = Splice(from: a.animations, to: b.animations)
        events = Splice(from: a.events, to: b.events)
    }

    /// The step from `before` (the region of a document before an in-place edit) to `b`.
    init(from before: Snapshot, to b: Document) {
        canvas = before.canvas == b.canvas ? nil : (before.canvas, b.canvas)
        paths = before.paths.flatMap { Splice(replacing: $0, in: b.paths, oldCount: before.counts.paths) }
        layers = before.layers.flatMap { Splice(replacing: $0, in: b.layers, oldCount: before.counts.layers) }
        animations = before.animations.flatMap { Splice(replacing: $0, in: b.animations, oldCount: before.counts.animations) }
        events = before.events.flatMap { Splice(replacing: $0, in: b.events, oldCount: before.counts.events) }
    }

    var isEmpty: Bool { canvas == nil && paths == nil && layers == nil && animations == nil && events == nil }

    func undo(_ d: inout Document) {
        if let c = canvas { d.canvas = c.before }
        paths?.undo(&d.paths); layers?.undo(&d.layers)
        animations?.undo(&d.animations); events?.undo(&d.events)
    }

    func redo(_ d: inout Document) {
        if let c = canvas { d.canvas = c.after }
        paths?.redo(&d.paths); layers?.redo(&d.layers)
        animations?.redo(&d.animations); events?.redo(&d.events)
    }

    static func == (x: Step, y: Step) -> Bool {
        x.canvas?.before == y.canvas?.before && x.canvas?.after == y.canvas?.after && x.paths == y.paths
            && x.layers == y.layers && x.animations == y.animations && x.events == y.events
    }

    func hash(into h: inout Hasher) {
        h.combine(canvas?.after); h.combine(paths); h.combine(layers); h.combine(animations); h.combine(events)
    }
}

/// The elements at `offset` that one list had (`removed`) and the other has (`inserted`);
/// everything before and after is shared.
private struct Splice<Element: Hashable & Sendable>: Hashable, Sendable {
    var offset: Int
    var removed: [Element]
    var inserted: [Element]

    /// nil when the lists are equal.
    init?(from a: [Element], to b: [Element]) {
        let shorter = min(a.count, b.count)
        let prefix = commonRun(a, b, count: shorter) { ($0, $0) }
        if prefix == a.count && prefix == b.count { return nil }
        let suffix = commonRun(a, b, count: shorter - prefix) { (a.count - 1 - $0, b.count - 1 - $0) }
        offset = prefix
        removed = Array(a[prefix..<(a.count - suffix)])
        inserted = Array(b[prefix..<(b.count - suffix)])
    }

    /// The splice an in-place edit made: `old` is the run it was allowed to change, copied
    /// before; the list had `oldCount` elements then. nil when the run came out the same.
    init?(replacing old: Run<Element>, in list: [Element], oldCount: Int) {
        let end = old.range.upperBound + list.count - oldCount
        guard end >= old.range.lowerBound, end <= list.count else {
            assertionFailure("an in-place edit removed more than its region")
            return nil
        }
        let new = list[old.range.lowerBound..<end]
        WorkCounter.current?.add(old.elements.count + new.count)
        if new.elementsEqual(old.elements) { return nil }
        offset = old.range.lowerBound
        removed = old.elements
        inserted = Array(new)
    }

    func undo(_ list: inout [Element]) {
        list.replaceSubrange(offset..<(offset + inserted.count), with: removed)
    }

    func redo(_ list: inout [Element]) {
        list.replaceSubrange(offset..<(offset + removed.count), with: inserted)
    }
}

/// How many elements from the start (`index` maps a step to the positions compared) the two
/// lists share, up to `count`.
///
/// NB: a step usually changes one element of a list of thousands, and the unchanged ones are
/// copies of the same values, so runs of them are first compared as bytes (`StorageBytes`),
/// 64 elements at a time; `==` decides only where the bytes differ. Without this, recording
/// each of n commands costs n deep comparisons (`==` on a layer is ~25 times a byte compare).
private func commonRun<Element: Equatable>(_ a: [Element], _ b: [Element], count: Int,
                                           _ index: (Int) -> (Int, Int)) -> Int {
    WorkCounter.current?.add(count)
    guard MemoryLayout<Element>.stride > 0 else { return count }
    return a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            let x = StorageBytes(pa), y = StorageBytes(pb)
            var n = 0
            let block = 64
            while x.blocksComparable, n + block <= count {
                // A whole block at once: the same bytes in both lists, in the same order.
                let (x0, y0) = index(n), (x1, y1) = index(n + block - 1)
                let (xa, ya) = x1 > x0 ? (x0, y0) : (x1, y1)
                guard x.bytesEqual(xa, y, ya, elements: block) else { break }
                n += block
            }
            while n < count {
                let (i, j) = index(n)
                guard x.isCopy(i, of: y, j) || pa[i] == pb[j] else { break }
                n += 1
            }
            return n
        }
    }
}

/// A run of a list before an in-place edit: where it was and what it held.
private struct Run<Element: Sendable>: Sendable {
    var range: Range<Int>
    var elements: [Element]
    init(_ list: [Element], _ range: Range<Int>) {
        self.range = range.clamped(to: 0..<list.count)
        elements = Array(list[self.range])
    }
}

/// What `History.modify` keeps of the document before an edit: the canvas, the runs of its
/// region and the lists' lengths.
private struct Snapshot {
    var canvas: Canvas
    var counts: (paths: Int, layers: Int, animations: Int, events: Int)
    var paths: Run<NamedPath>?
    var layers: Run<Layer>?
    var animations: Run<Animation>?
    var events: Run<Event>?

    init(_ d: Document, _ region: History.Region) {
        canvas = d.canvas
        counts = (d.paths.count, d.layers.count, d.animations.count, d.events.count)
        paths = region.paths.map { Run(d.paths, $0) }
        layers = region.layers.map { Run(d.layers, $0) }
        animations = region.animations.map { Run(d.animations, $0) }
        events = region.events.map { Run(d.events, $0) }
    }

    /// Puts the region back after an edit that threw.
    func restore(_ d: inout Document) {
        d.canvas = canvas
        func put<E: Equatable>(_ run: Run<E>?, _ list: inout [E], _ oldCount: Int) {
            guard let run else { return }
            let end = run.range.upperBound + list.count - oldCount
            guard end >= run.range.lowerBound, end <= list.count else { return }
            if list.count == oldCount, list[run.range].elementsEqual(run.elements) { return } // unchanged
            list.replaceSubrange(run.range.lowerBound..<end, with: run.elements)
        }
        if paths != nil { put(paths, &d.paths, counts.paths) }
        if layers != nil { put(layers, &d.layers, counts.layers) }
        if animations != nil { put(animations, &d.animations, counts.animations) }
        if events != nil { put(events, &d.events, counts.events) }
    }
}
