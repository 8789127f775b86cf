import LayerLabCore

/// Outlines under more than one trim paths item. A trim cuts the outlines listed above it in
/// its group and in the groups nested there; when several cover an outline, After Effects and
/// lottie-web apply them all, the nearest first, each keeping its stretch of what the ones
/// before it left. strokeStart/strokeEnd hold one stretch only, so the cut outline is
/// computed here (flattened, cut by arc length) and sampled each frame when anything moves.
extension LottieConverter {
    /// Sets `path` of the stroke or fill layer `l` to `shapes` cut by every one of `trims`
    /// (nearest first). A fill (`closed`) closes each kept piece straight back to its start.
    mutating func nestedTrims(_ trims: [LottieShape], shapes: [LottieShape], into l: inout Layer, layer: LottieLayer,
                              rounding: LottieProperty?, closed: Bool) {
        let who = display(layer.name)
        var moving = shapes.flatMap(\.geometryProperties) + [rounding]
        for t in trims {
            guard case .trim(let s, let e, let o, _) = t.item else { continue }
            for p in [s, e, o].compactMap({ $0 }) { noteExpression(p, Source(layer: who, property: "tm")) }
            moving += [s, e, o]
        }
        func path(_ f: Double) -> Path {
            let outlines = shapes.map { Self.geometry($0, at: f, rounding: rounding).flattened(tolerance: Self.trimFlatness) }
            return Self.polylinePath(Self.cut(outlines, by: trims, at: f).flatMap { $0 }, closingPieces: closed)
        }
        for a in document.animations where a.layer == l.name && a.keyPath == "path" { provenance.removeValue(forKey: a.name) }
        document.animations.removeAll { $0.layer == l.name && $0.keyPath == "path" }
        let span = animatedSpan(moving)
        l.properties["path"] = .path(path(span?.lowerBound ?? 0))
        if let span {
            addSampled(layer: l.name, "path", frames: span, Source(layer: who, property: "tm")) { f in .path(path(f)) }
        }
    }

    /// Each shape's flattened outline cut by `trims` in order. A trim applied
    /// "simultaneously" keeps the same stretch of each shape's own length; "individually",
    /// of all the shapes' pieces taken as one length, in order.
    static func cut(_ outlines: [[Polyline]], by trims: [LottieShape], at f: Double) -> [[Polyline]] {
        var shapes = outlines
        for t in trims {
            guard case .trim(let s, let e, let o, let individually) = t.item else { continue }
            let (lo, hi) = trimStretch(start: s, end: e, offset: o, at: f)
            if individually {
                let owners = shapes.indices.flatMap { i in Array(repeating: i, count: shapes[i].count) }
                var next = Array(repeating: [Polyline](), count: shapes.count)
                for (k, line) in stretch(shapes.flatMap { $0 }, from: lo, to: hi) { next[owners[k]].append(line) }
                shapes = next
            } else {
                shapes = shapes.map { lines in stretch(lines, from: lo, to: hi).map(\.line) }
            }
        }
        return shapes
    }

    /// The pieces of `lines` between the fractions `lo` and `hi` of their total length (`hi`
    /// past 1 wraps round to the start), each with the index of the line it came from. A
    /// closed outline kept across its start stays one piece.
    static func stretch(_ lines: [Polyline], from lo: Double, to hi: Double) -> [(source: Int, line: Polyline)] {
        let lengths = lines.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0, hi > lo else { return [] }
        if hi - lo >= 1 - 1e-9 { return lines.enumerated().map { ($0.offset, $0.element) } }
        func keep(_ a: Double, _ b: Double) -> [(source: Int, line: Polyline)] {
            var out: [(source: Int, line: Polyline)] = []
            var offset = 0.0
            for (i, line) in lines.enumerated() {
                let len = lengths[i]
                defer { offset += len }
                let x = max(0, a * total - offset), y = min(len, b * total - offset)
                guard len > 0, y > x else { continue }
                out.append((i, x <= 0 && y >= len && line.closed ? line : line.extract(from: x, to: y)))
            }
            return out
        }
        var kept = keep(lo, min(hi, 1))
        guard hi > 1 else { return kept }
        let rest = keep(0, hi - 1)
        if lines.count == 1, lines[0].closed, kept.count == 1, rest.count == 1 {
            // The stretch runs on through the closed outline's start: one piece.
            kept[0].line.points += rest[0].line.points.dropFirst()
            return kept
        }
        return kept + rest
    }

    /// Polylines as a path; a fill's pieces are closed straight back to their start.
    static func polylinePath(_ lines: [Polyline], closingPieces: Bool) -> Path {
        var elements: [PathElement] = []
        for line in lines where line.points.count > 1 {
            elements.append(.move(line.points[0]))
            for q in line.points.dropFirst() { elements.append(.line(q)) }
            if line.closed || closingPieces { elements.append(.close) }
        }
        return Path(elements)
    }
}
