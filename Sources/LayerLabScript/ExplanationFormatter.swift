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
    /// `origins`: where animations of an imported document came from, printed under each.
    static func format(_ x: Explanation, type: ValueType, origins: [String: ImportOrigin] = [:]) -> String {
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
                if let o = origins[s.name] { out.append("      " + origin(o, localTime: s.localTime)) }
            }
        }
        let source = x.winner.map { "from \(escapeForTerminal($0.name))" } ?? "the model value"
        out.append("  presentation value: \(v(x.presentationValue))  (\(source))")
        if let t = x.transition {
            let tr = t.transition
            let sub = tr.type == .fade ? "" : " " + tr.effectiveSubtype.rawValue
            out.append("  transition:         \(tr.type.rawValue)\(sub) from event \(escapeForTerminal(t.event)) at "
                       + "\(formatNumber(t.begin)), progress \(formatNumber(t.progress)) of "
                       + "\(formatNumber(tr.startProgress))…\(formatNumber(tr.endProgress)), "
                       + "duration \(formatNumber(tr.activeDuration)): drawn moving from the layer before the change")
        }
        return out.joined(separator: "\n")
    }

    /// "from Lottie Ball ks.p, keyframe 2 of 4 (frame 10) → 3 (frame 20)": the keyframes the
    /// animation's local time falls between, in the source's frames.
    static func origin(_ o: ImportOrigin, localTime: Double?) -> String {
        var text = "from \(escapeForTerminal(o.source))"
        guard let first = o.frames.first, let lt = localTime, o.frameRate > 0 else { return text }
        let f = first + lt * o.frameRate
        let n = o.frames.count
        let i = o.frames.lastIndex { $0 <= f + 1e-9 } ?? 0
        func k(_ j: Int) -> String { "keyframe \(j + 1) (frame \(formatNumber(o.frames[j])))" }
        text += ", at frame \(formatNumber(f)): " + (i + 1 < n ? "\(k(i)) → \(k(i + 1)) of \(n)" : "\(k(i)) of \(n), held")
        return text
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
