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
                               + sets.joined(separator: " ")
                               + (ev.transition.map { " " + ScriptWriter.transitionWords($0).joined(separator: " ") } ?? "")
                               + (ev.animated ? " animated" : ""))
                }
                walk(l.sublayers, inner)
            }
        }
        if doc.layers.isEmpty { out.append("(no layers)") }
        walk(doc.layers, "")
        return out.joined(separator: "\n")
    }

    /// `{ animate opacity; inner: group { … } }`: a group's children, nested groups included.
    func childList(_ g: Animation.Group) -> String {
        "{ " + g.children.map { c in
            let name = c.name.isEmpty ? "" : escapeForTerminal(c.name) + ": "
            if case .group(let inner) = c.body { return name + "group " + childList(inner) }
            return name + c.kindName + " " + (c.keyPath ?? "")
        }.joined(separator: "; ") + " }"
    }

    func animationLine(_ a: Animation) -> String {
        let e = escapeForTerminal
        var s = "\(e(a.name)): \(a.kindName)"
        if let kp = a.keyPath { s += " \(kp)" }
        var attrs: [String] = []
        if case .keyframes(let k) = a.body, let path = k.path {
            attrs.append("path=" + (path.pathRefName.map(e) ?? "svg(…)"))
            if let mode = k.rotationMode { attrs.append("rotationMode=\(mode.rawValue)") }
        }
        for attribute in MediaTiming.attributes {
            if let v = attribute.value(in: a.timing) { attrs.append("\(attribute.name)=\(ValueFormatter.format(v))") }
        }
        if case .group(let g) = a.body {
            if g.sequence { attrs.append("sequence") }
            attrs.append(childList(g))
        }
        return attrs.isEmpty ? s : s + " " + attrs.joined(separator: " ")
    }

    func short(_ s: String, _ n: Int = 40) -> String { s.count > n ? String(s.prefix(n - 3)) + "…" : s }

    /// A chart of every animation and event over scene time (see `TimelineChart`).
    func timelineText() -> String { TimelineChart.render(document, now: time, columns: settings.columns) }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
