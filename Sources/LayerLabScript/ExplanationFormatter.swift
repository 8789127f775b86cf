import LayerLabCore

/// `explain` output: the stored value, the events that changed the model, the model value,
/// each animation on the key path (bottom to top) with its phase and local time, and the winner.
///
///     oval.path at t=2.2 (layer time 2.2)
///       stored:        M 50 50 C …
///       model:         M 50 50 C …
///       animations, bottom to top:
///         oval.path      animate  after    filling forwards            → M 2.5 65 …
///         wobble/0       animate  active   local 0.1 of 0.3            → …
///         contract       animate  active   local 0.1 of 0.3   (wins)   → …
///       presentation:  M …
enum ExplanationFormatter {
    static func format(_ x: Explanation, type: ValueType) -> String {
        func v(_ value: Value) -> String { ValueFormatter.format(value, type: type) }
        var out = ["\(escapeForTerminal(x.layer)).\(x.keyPath) at t=\(formatNumber(x.sceneTime))"
                   + (x.layerTime == x.sceneTime ? "" : " (layer time \(formatNumber(x.layerTime)))")]
        out.append("  stored value:       \(v(x.storedValue))")
        for e in x.events {
            out.append("  event \(escapeForTerminal(e.name)) at \(formatNumber(e.time)):"
                       + " \(v(e.value))\(e.animated ? " (animated)" : "")")
        }
        out.append("  model value:        \(v(x.modelValue))")
        if x.animations.isEmpty {
            out.append("  no animations on \(x.keyPath)")
        } else {
            out.append("  animations, bottom to top:")
            let winner = x.winner
            let nameWidth = min(24, x.animations.map { $0.name.count }.max() ?? 0)
            for s in x.animations {
                var line = "    " + pad(escapeForTerminal(s.name), nameWidth) + "  " + pad(s.kind, 9) + "  "
                    + pad(s.phase.rawValue, 6) + "  "
                if let lt = s.localTime {
                    line += "local \(formatNumber(lt)) of \(formatNumber(s.duration))"
                } else {
                    line += "duration \(formatNumber(s.duration))"
                }
                if !s.note.isEmpty && s.note != s.phase.rawValue { line += ", " + s.note }
                if s.additive { line += ", additive" }
                if let value = s.value, s.applies { line += "  → " + v(value) }
                if s == winner { line += "  (wins)" }
                out.append(line)
            }
        }
        let source = x.winner.map { "from \(escapeForTerminal($0.name))" } ?? "the model value"
        out.append("  presentation value: \(v(x.presentationValue))  (\(source))")
        return out.joined(separator: "\n")
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
