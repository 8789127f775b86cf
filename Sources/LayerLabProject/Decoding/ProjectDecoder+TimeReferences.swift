import LayerLabCore

extension ProjectDecoder {
    /// Every name in a time expression must be an animation or event, and no chain of
    /// references may lead back to where it started (`a` begins at `b.end`, `b` at `a.end`).
    ///
    /// As in the editor, only top-level animations and events can be named, and a group's
    /// timing depends on its children's, so a child's references count as its group's.
    func checkTimeReferences() throws(ProjectFileError) {
        var edges: [String: [(String, TimeReference)]] = [:]
        for ref in timeReferences {
            for name in ref.expr.references.sorted() {
                guard timedNames.contains(name) else {
                    var message = "the time expression names no animation or event \(JSONWriter.quoted(name))"
                    if let hint = Suggestion.nearest(name, in: timedNames.sorted()) { message += "; did you mean \(JSONWriter.quoted(hint))?" }
                    throw ProjectFileError(.danglingReference, at: ref.position, ref.path, message)
                }
                if let owner = ref.owner { edges[owner, default: []].append((name, ref)) }
            }
        }
        // Depth-first search; a name met again while still on the stack closes a cycle.
        var state: [String: Bool] = [:] // false: on the stack, true: done
        var stack: [(String, TimeReference?)] = []
        func visit(_ node: String) -> (cycle: [String], at: TimeReference)? {
            state[node] = false
            for (next, ref) in edges[node] ?? [] {
                stack.append((node, ref))
                if state[next] == false {
                    let start = stack.firstIndex { $0.0 == next }!
                    let names = stack[start...].map(\.0) + [next]
                    return (names, stack[start].1!)
                }
                if state[next] == nil, let found = visit(next) { return found }
                stack.removeLast()
            }
            state[node] = true
            return nil
        }
        for ref in timeReferences {
            guard let owner = ref.owner, state[owner] == nil else { continue }
            if let (names, at) = visit(owner) {
                throw ProjectFileError(.cycle, at: at.position, at.path,
                                       "time expressions depend on each other in a loop: \(names.map { JSONWriter.quoted($0) }.joined(separator: " → "))")
            }
        }
    }
}
