import LayerLabCore

/// `tree` and `timeline`: the document at a glance.
extension Session {
    /// The canvas, named paths, then the layer tree with each layer's set properties, its
    /// animations (`~`) and scheduled events (`@`).
    func treeText() -> String {
        let doc = document
        let ev = Evaluator(document: doc)
        let e = escapeForTerminal
        var out: [String] = []
        let duration = doc.canvas.duration.map { $0.description } ?? "auto (\(formatNumber(ev.sceneDuration)))"
        out.append("canvas \(ValueFormatter.format(.size(doc.canvas.size))) background=\(doc.canvas.background.hex) duration=\(e(duration))")
        for p in doc.paths { out.append("path \(e(p.name)) = " + short(p.path.svgData, 60)) }
        func walk(_ layers: [Layer], _ prefix: String) {
            for (i, l) in layers.enumerated() {
                let last = i == layers.count - 1
                let branch = prefix + (last ? "└─ " : "├─ ")
                let inner = prefix + (last ? "   " : "│  ")
                let props = PropertyTable.all.compactMap { spec -> String? in
                    guard let v = l.properties[spec.name] else { return nil }
                    return "\(spec.name)=" + short(ValueFormatter.format(v, type: spec.type))
                }
                out.append(branch + "\(e(l.name)) (\(l.kind.rawValue))" + (props.isEmpty ? "" : " " + props.joined(separator: " ")))
                for a in doc.animations where a.layer == l.name {
                    out.append(inner + (l.sublayers.isEmpty ? "  " : "│ ") + "~ " + animationLine(a))
                }
                for ev in doc.events where ev.layer == l.name {
                    let sets = ev.assignments.map { "\($0.keyPath)=" + short(ValueFormatter.format($0.value)) }
                    out.append(inner + (l.sublayers.isEmpty ? "  " : "│ ") + "@ \(e(ev.name)): at \(e(ev.time.description)) set "
                               + sets.joined(separator: " ") + (ev.animated ? " animated" : ""))
                }
                walk(l.sublayers, inner)
            }
        }
        if doc.layers.isEmpty { out.append("(no layers)") }
        walk(doc.layers, "")
        return out.joined(separator: "\n")
    }

    func animationLine(_ a: Animation) -> String {
        let e = escapeForTerminal
        var s = "\(e(a.name)): \(a.kindName)"
        if let kp = a.keyPath { s += " \(kp)" }
        var attrs: [String] = []
        let t = a.timing
        if t.beginTime != .zero { attrs.append("beginTime=\(e(t.beginTime.description))") }
        if let d = t.duration { attrs.append("duration=\(formatNumber(d))") }
        if t.repeatCount != 0 { attrs.append("repeatCount=\(formatNumber(t.repeatCount))") }
        if t.autoreverses { attrs.append("autoreverses=true") }
        if t.fillMode != .removed { attrs.append("fillMode=\(t.fillMode.rawValue)") }
        if !t.removedOnCompletion { attrs.append("removedOnCompletion=false") }
        if let f = t.timingFunction { attrs.append("timingFunction=\(f)") }
        if case .group(let g) = a.body {
            if g.sequence { attrs.append("sequence") }
            attrs.append("{ " + g.children.map { c in
                (c.name.isEmpty ? "" : e(c.name) + ": ") + c.kindName + " " + (c.keyPath ?? "")
            }.joined(separator: "; ") + " }")
        }
        return attrs.isEmpty ? s : s + " " + attrs.joined(separator: " ")
    }

    func short(_ s: String, _ n: Int = 40) -> String { s.count > n ? String(s.prefix(n - 3)) + "…" : s }

    /// A chart of every animation and event over scene time, 48 columns wide.
    func timelineText() -> String {
        let doc = document
        let ev = Evaluator(document: doc)
        let total = max(ev.sceneDuration, 0.001)
        let width = 48
        let e = escapeForTerminal
        let names = doc.animations.map(\.name) + doc.events.map(\.name)
        guard !names.isEmpty else { return "(no animations or events)" }
        let nameWidth = min(28, names.map(\.count).max() ?? 0)
        func col(_ t: Double) -> Int { max(0, min(width - 1, Int((t / total * Double(width)).rounded(.down)))) }
        var out = [String(repeating: " ", count: nameWidth + 2) + "0" + String(repeating: " ", count: width - 1)
                   + formatNumber(total) + " s"]
        for name in names {
            guard let iv = ev.interval(of: name) else { continue }
            var row = Array(repeating: Character(" "), count: width)
            let isEvent = doc.eventIndex(named: name) != nil
            if isEvent {
                if iv.begin >= 0 && iv.begin <= total { row[col(iv.begin)] = "^" }
            } else if iv.end > 0 && iv.begin < total {
                let a = col(max(0, iv.begin)), b = iv.end.isFinite ? max(a, col(min(iv.end, total) - 1e-9)) : width - 1
                for i in a...b { row[i] = "=" }
                if !iv.end.isFinite || iv.end > total { row[width - 1] = ">" }
            }
            let span = isEvent ? "at \(formatNumber(iv.begin))"
                : "\(formatNumber(iv.begin)) – \(iv.end.isFinite ? formatNumber(iv.end) : "inf")"
            let label = e(name).count > nameWidth ? String(e(name).prefix(nameWidth - 1)) + "…" : e(name)
            out.append(label.padding(nameWidth) + " |" + String(row) + "| " + span)
        }
        return out.joined(separator: "\n")
    }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
