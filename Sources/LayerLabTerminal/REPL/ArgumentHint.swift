import LayerLabScript

/// The rest of the command's synopsis, shown dim while typing, as redis-cli does.
///
/// Once the command word is complete, the hint is what the synopsis still expects: positional
/// parts not yet typed and attributes not yet given, bracketed as in `help`.
///
///     ArgumentHint(context).hint(for: "animate box ")    // "KEYPATH [from=V] [to=V] … [as NAME]"
///     ArgumentHint(context).hint(for: "seek")            // " T"
package struct ArgumentHint: Sendable {
    package var context: CompletionContext

    package init(_ context: CompletionContext) { self.context = context }

    /// The hint for `line` with the cursor at its end; nil when there is nothing to show.
    package func hint(for line: String) -> String? {
        let a = InputAnalysis(line: line, cursor: line.count, context: context)
        // Inside a value function's parentheses: its signature (`path=rect(` → `rect(x, y, w, h)`).
        if let f = ValueFunction.openCall(in: a.current.text) {
            return (line.last == " " ? "" : " ") + f.signature
        }
        guard let syntax = a.syntax, !a.words.isEmpty || a.current.text == syntax.command else {
            return wholeCommandHint(a)
        }
        // The word being typed counts as filling its part.
        var b = a
        if !a.current.text.isEmpty && !a.words.isEmpty {
            b = InputAnalysis(line: line + " ", cursor: line.count + 1, context: context)
        }
        // Inside `at TIME …` before `set`, the time is the one positional typed.
        let consumed = b.inAtTime ? min(1, b.words.count - 1) : b.nextPositional
        var parts: [(element: Grammar.Element, group: Int?)] = []
        var positionalIndex = 0
        for (element, group) in zip(syntax.elements, syntax.groups) {
            switch element {
            case .literal, .placeholder, .choice:
                if positionalIndex >= consumed { parts.append((element, group)) }
                positionalIndex += 1
            case .attribute(let key, _):
                if !b.givenAttributes.contains(key) { parts.append((element, group)) }
            case .timing, .properties, .block:
                parts.append((element, group))
            }
        }
        let text = Grammar.render(parts)
        guard !text.isEmpty else { return nil }
        return (line.last == " " ? "" : " ") + text
    }

    /// While the command word is still being typed: nothing (as redis-cli), unless it is already
    /// a whole command name.
    private func wholeCommandHint(_ a: InputAnalysis) -> String? {
        guard a.words.isEmpty, let c = context.command(a.current.text) else { return nil }
        let rest = c.grammar.rest
        return rest.isEmpty ? nil : " " + rest
    }
}
