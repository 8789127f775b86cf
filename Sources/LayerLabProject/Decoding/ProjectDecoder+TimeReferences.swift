import LayerLabCore

extension ProjectDecoder {
    /// Every name in a time expression must be a top-level animation or event, and no chain of
    /// references may lead back to where it started. The rules are the editor's
    /// (`Document.checkTimeReferences`), so a file loads exactly when the editor could have made
    /// it; this only finds the expression to point at.
    func checkTimeReferences(_ document: Document) throws(ProjectFileError) {
        do { try document.checkTimeReferences(edited: nil) } catch {
            switch error {
            case .unknownTimeReference(let name):
                guard let ref = timeReferences.first(where: { $0.expr.references.contains(name) }) else { break }
                var message = "the time expression names no animation or event \(JSONValue.quoted(name))"
                if let hint = Suggestion.nearest(name, in: timedNames.sorted()) { message += "; did you mean \(JSONValue.quoted(hint))?" }
                throw ProjectFileError(.danglingReference, at: ref.position, ref.path, message)
            case .timeCycle(let names):
                guard let first = names.first else { break }
                let next = names.count > 1 ? names[1] : first
                guard let ref = timeReferences.first(where: { $0.owner == first && $0.expr.references.contains(next) })
                        ?? timeReferences.first(where: { $0.owner == first }) else { break }
                let loop = (names + [first]).map { JSONValue.quoted($0) }.joined(separator: " → ")
                throw ProjectFileError(.cycle, at: ref.position, ref.path, "time expressions depend on each other in a loop: \(loop)")
            default: break
            }
            throw ProjectFileError(.invalidText, at: SourcePosition(line: 1, column: 1), .root, error.message)
        }
    }
}
