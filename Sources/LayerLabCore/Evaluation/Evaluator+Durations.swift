/// Duration rules and symbolic time resolution.
///
/// - A basic or keyframe animation without a duration lasts 0.25 s, as in Core Animation;
///   a non-sequence group's child without one spans its group (Core Animation's rule too).
/// - A spring without a duration lasts its settling duration.
/// - A group without a duration lasts until its last timed child ends (0.25 s if none is
///   timed); a group's duration clips its children.
/// - In a `sequence` group each child begins when the previous one ends, its own beginTime
///   adding a delay; an untimed child there lasts 0.25 s.
extension Evaluator {
    /// One child of a group placed in the group's time.
    package struct ChildSlot: Sendable {
        package var animation: Animation
        /// Where the child begins in its group's time.
        package var begin: Double
        /// The child's effective duration.
        package var duration: Double
    }

    /// The effective duration of an animation; `groupDuration` is the enclosing group's
    /// duration when it is a non-sequence child.
    package func duration(of a: Animation, groupDuration: Double?) -> Double {
        if let d = a.timing.duration, d > 0 { return d }
        switch a.body {
        case .basic, .keyframes:
            return groupDuration ?? MediaTiming.defaultDuration
        case .spring(let s):
            return settling[springSolver(s, duration: a.timing.duration)] ?? 1
        case .group(let g):
            return childExtent(g)
        }
    }

    /// Where the children of a group sit within a group of duration `d`.
    package func childSlots(_ g: Animation.Group, groupDuration d: Double) -> [ChildSlot] {
        var slots: [ChildSlot] = []
        var cursor = 0.0
        for c in g.children {
            let offset = beginValue(c.timing.beginTime)
            if g.sequence {
                let cd = duration(of: c, groupDuration: nil)
                let begin = cursor + offset
                slots.append(ChildSlot(animation: c, begin: begin, duration: cd))
                cursor = begin + clock(for: c, begin: begin, duration: cd, isChild: true).activeDurationInParent
            } else {
                slots.append(ChildSlot(animation: c, begin: offset, duration: duration(of: c, groupDuration: d)))
            }
        }
        return slots
    }

    /// The end of the last timed child (0.25 s when no child is timed).
    package func childExtent(_ g: Animation.Group) -> Double {
        var extent = 0.0
        var timed = false
        var cursor = 0.0
        for c in g.children {
            let offset = beginValue(c.timing.beginTime)
            let isTimed: Bool
            switch c.body {
            case .basic, .keyframes: isTimed = (c.timing.duration ?? 0) > 0 || g.sequence
            case .spring, .group: isTimed = true
            }
            let begin = g.sequence ? cursor + offset : offset
            if isTimed {
                let cd = duration(of: c, groupDuration: nil)
                let end = begin + clock(for: c, begin: begin, duration: cd, isChild: true).activeDurationInParent
                cursor = end
                if end.isFinite { extent = max(extent, end); timed = true }
            }
        }
        return timed ? extent : MediaTiming.defaultDuration
    }

    /// The CAMediaTiming clock of an animation placed at `begin` with duration `duration`.
    package func clock(for a: Animation, begin: Double, duration: Double, isChild: Bool) -> TimingClock {
        let t = a.timing
        return TimingClock(begin: begin, duration: duration, speed: t.speed, timeOffset: t.timeOffset,
                           repeatCount: t.repeatCount, repeatDuration: t.repeatDuration,
                           autoreverses: t.autoreverses, fillMode: t.fillMode,
                           keepsAfterEnd: isChild || !t.removedOnCompletion, timingFunction: t.timingFunction)
    }

    /// A begin-time expression's value; unknown names count as 0.
    package func beginValue(_ e: TimeExpr) -> Double {
        if let c = e.constant { return c }
        return Evaluator.value(e, in: intervals) ?? 0
    }

    /// `e` with the names it refers to looked up in `intervals`. (The table is handed in, not
    /// read through `self`: a closure reading `self.intervals` took a copy of the whole
    /// evaluator, two dozen references retained and released, at every lookup.)
    static func value(_ e: TimeExpr, in intervals: [String: (begin: Double, end: Double)]) -> Double? {
        e.evaluate { intervals[$0] }
    }

    /// When an event's effect ends: with `animated`, after the implicit animation; with a
    /// transition, after the transition (the longer of the two).
    static func eventEnd(_ e: Event, at t: Double) -> Double {
        var end = t
        if e.animated { end = t + implicitDuration }
        if let tr = e.transition { end = max(end, t + tr.activeDuration) }
        return end
    }

    /// Resolves every named animation's and event's begin and end, following references;
    /// a cycle (which editing refuses) resolves to 0.
    mutating func resolveIntervals() {
        intervals.reserveCapacity(document.animations.count + document.events.count)
        // Constant begin times (the common case) need no lookups: resolve those first.
        for a in document.animations {
            guard let begin = a.timing.beginTime.constant else { continue }
            intervals[a.name] = (begin, end(of: a, begin: begin))
        }
        for e in document.events {
            guard let t = e.time.constant else { continue }
            intervals[e.name] = (t, Evaluator.eventEnd(e, at: t))
        }
        var animationIndex: [String: Int] = [:]
        var eventIndex: [String: Int] = [:]
        for (i, a) in document.animations.enumerated() where intervals[a.name] == nil { animationIndex[a.name] = i }
        for (i, e) in document.events.enumerated() where intervals[e.name] == nil { eventIndex[e.name] = i }
        guard !animationIndex.isEmpty || !eventIndex.isEmpty else { return }
        // Depth first over references with an explicit stack (chains of thousands of `after`
        // references must not overflow the call stack). A name is evaluated once everything
        // it names is resolved or is itself on the stack (a cycle, which editing refuses):
        // those read as unknown, so the expression falls back to 0.
        var onStack: Set<String> = []
        func references(_ name: String) -> Set<String> {
            if let i = animationIndex[name] { return document.animations[i].timing.beginTime.references }
            if let i = eventIndex[name] { return document.events[i].time.references }
            return []
        }
        func evaluate(_ name: String) {
            if let i = animationIndex[name] {
                let a = document.animations[i]
                let begin = Evaluator.value(a.timing.beginTime, in: intervals) ?? 0
                intervals[name] = (begin, end(of: a, begin: begin))
            } else if let i = eventIndex[name] {
                let e = document.events[i]
                let t = Evaluator.value(e.time, in: intervals) ?? 0
                intervals[name] = (t, e.animated ? t + Evaluator.implicitDuration : t)
            }
        }
        func resolve(_ root: String) {
            guard intervals[root] == nil else { return }
            var stack: [(name: String, pending: [String])] = [(root, references(root).sorted())]
            onStack.insert(root)
            while !stack.isEmpty {
                if let d = stack[stack.count - 1].pending.popLast() {
                    if intervals[d] == nil, !onStack.contains(d), animationIndex[d] != nil || eventIndex[d] != nil {
                        onStack.insert(d)
                        stack.append((d, references(d).sorted()))
                    }
                    continue
                }
                let done = stack.removeLast().name
                evaluate(done)
                onStack.remove(done)
            }
        }
        for name in animationIndex.keys.sorted() { resolve(name) }
        for name in eventIndex.keys.sorted() { resolve(name) }
    }

    /// The end of a top-level animation's active interval when it begins at `begin`.
    private func end(of a: Animation, begin: Double) -> Double {
        let d = duration(of: a, groupDuration: nil)
        return begin + clock(for: a, begin: begin, duration: d, isChild: false).activeDurationInParent
    }
}
