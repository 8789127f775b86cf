import LayerLabCore

/// `emitterCells.NAME.KEY` on an emitter: Core Animation's key path for a property of one of
/// its cells (`emitterCells.a.emitterCells.b.KEY` for a cell's cell). LayerLab stores cells as
/// children of the emitter, so the key path names the cell `NAME` and its key path `KEY`.
extension Session {
    /// The cell and key path that `keyPath` names on `owner`, or nil when it does not start
    /// with `emitterCells.`; throws when it names no cell of `owner`.
    func cellTarget(_ owner: Name, _ keyPath: Name, in doc: Document? = nil) throws(ScriptError) -> (cell: Name, keyPath: Name)? {
        let prefix = "emitterCells."
        guard keyPath.text.hasPrefix(prefix), var holder = (doc ?? document).layer(named: owner.text),
              holder.kind == .emitter || holder.kind == .emitterCell else { return nil }
        var rest = Substring(keyPath.text)
        var column = keyPath.range.start.column
        while rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            column += prefix.count
            let name = rest.prefix { $0 != "." }
            let cells = holder.sublayers.filter { $0.kind == .emitterCell }
            let start = SourceLocation(line: keyPath.range.start.line, column: column)
            let end = SourceLocation(line: start.line, column: column + name.count)
            guard let cell = cells.first(where: { $0.name == name }) else {
                throw .unknown(what: "cell", name: String(name), SourceRange(start, end),
                               suggestion: Suggestion.nearest(String(name), in: cells.map(\.name)))
            }
            holder = cell
            rest = rest.dropFirst(name.count)
            guard rest.hasPrefix(".") else {
                throw .unexpected(found: "end of key path", expected: "emitterCells.\(name).KEY", keyPath.range)
            }
            rest = rest.dropFirst()
            column += name.count + 1
            if !rest.hasPrefix(prefix) {
                let restStart = SourceLocation(line: start.line, column: column)
                return (Name(text: holder.name, range: SourceRange(start, end)),
                        Name(text: String(rest), range: SourceRange(restStart, keyPath.range.end)))
            }
        }
        return nil
    }
}
