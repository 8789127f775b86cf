/// The graph that symbolic time expressions form: every name must exist and no chain of
/// `NAME.begin` / `NAME.end` may lead back to where it started.
extension Document {
    /// Throws `unknownTimeReference` or `timeCycle`. `edited` (the name the current command
    /// defines or changes) is where a reported cycle starts, so the message reads from the
    /// user's point of view.
    package func checkTimeReferences(edited: String?) throws(EditError) {
        let known = Set(timeReferenceNames)
        var deps: [String: [String]] = [:]
        var order: [String] = []
        for a in animations {
            let refs = a.timeReferences
            for r in refs where !known.contains(r) { throw .unknownTimeReference(r) }
            deps[a.name] = refs
            order.append(a.name)
        }
        for e in events {
            let refs = e.time.references.sorted()
            for r in refs where !known.contains(r) { throw .unknownTimeReference(r) }
            deps[e.name] = refs
            order.append(e.name)
        }
        for r in (canvas.duration?.references ?? []).sorted() where !known.contains(r) {
            throw .unknownTimeReference(r)
        }
        // Depth-first search with three colours; the grey stack is the cycle when we meet grey.
        // Iterative (an explicit stack of names and next-dependency indices): chains of
        // thousands of `after` references must not overflow the call stack.
        var state: [String: Int] = [:]   // 1 visiting, 2 done
        func visit(_ root: String) -> [String]? {
            var stack: [(name: String, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let ds = deps[top.name] ?? []
                guard top.next < ds.count else {
                    state[top.name] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let d = ds[top.next]
                if state[d] == 1, let start = stack.firstIndex(where: { $0.name == d }) {
                    return stack[start...].map(\.name)
                }
                if state[d] == nil {
                    state[d] = 1
                    stack.append((d, 0))
                }
            }
            return nil
        }
        let starts = (edited.map { [$0] } ?? []) + order
        for n in starts where state[n] == nil && deps[n] != nil {
            if var cycle = visit(n) {
                if let edited, let i = cycle.firstIndex(of: edited) {
                    cycle = Array(cycle[i...] + cycle[..<i])
                }
                throw .timeCycle(cycle)
            }
        }
    }

    /// `checkTimeReferences(edited: name)` after adding a top-level animation or event called
    /// `name` whose timing names `references` (sorted), in O(references × names) instead of
    /// O(document): every other time reference already names something that exists (every
    /// edit and the project reader keep it so), so none names the newcomer, and the only cycle
    /// it can close is naming itself.
    func checkTimeReferences(ofNew name: String, _ references: [String]) throws(EditError) {
        for r in references where r != name {
            if !isTimeReference(r) { throw .unknownTimeReference(r) }
        }
        if references.contains(name) { throw .timeCycle([name]) }
    }

    /// Who (in words) takes a time from `name`, if anyone.
    func timeUser(of name: String) -> String? {
        for a in animations where a.timeReferences.contains(name) { return "the beginTime of '\(a.name)'" }
        for e in events where e.time.references.contains(name) { return "the time of the event '\(e.name)'" }
        if canvas.duration?.references.contains(name) == true { return "the canvas duration" }
        return nil
    }
}

extension Animation {
    /// Names this animation's timing depends on: its beginTime and its children's (a group's
    /// extent depends on its children).
    var timeReferences: [String] {
        var refs = timing.beginTime.references
        if case .group(let g) = body {
            for c in g.children { refs.formUnion(c.timeReferences) }
        }
        return refs.sorted()
    }
}

extension TimeExpr {
    /// The expression with every reference to `old` now naming `new`.
    package func renaming(_ old: String, to new: String) -> TimeExpr {
        switch self {
        case .number: return self
        case .begin(let n): return .begin(n == old ? new : n)
        case .end(let n): return .end(n == old ? new : n)
        case .add(let a, let b): return .add(a.renaming(old, to: new), b.renaming(old, to: new))
        case .subtract(let a, let b): return .subtract(a.renaming(old, to: new), b.renaming(old, to: new))
        case .multiply(let a, let b): return .multiply(a.renaming(old, to: new), b.renaming(old, to: new))
        case .divide(let a, let b): return .divide(a.renaming(old, to: new), b.renaming(old, to: new))
        case .negate(let a): return .negate(a.renaming(old, to: new))
        }
    }
}
