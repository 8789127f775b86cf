import LayerLabCore

/// Fills under a trim paths item. A trim cuts the outline itself, not only the stroke, so
/// Lottie players fill what it leaves: each kept stretch of an outline closed straight back to
/// where it starts. Core Animation's strokeStart/strokeEnd trim strokes only, so the trimmed
/// outline is computed here (flattened, cut by arc length) and sampled each frame when the
/// outline or the trim moves.
extension LottieConverter {
    /// How finely outlines are flattened before they are cut, in the layer's points.
    static let trimFlatness = 0.05

    /// Sets `path` of the fill layer `l` to what the one trim in `trims` leaves of `shapes`.
    mutating func trimmedFill(_ trims: [LottieShape], shapes: [LottieShape], into l: inout Layer, layer: LottieLayer,
                              rounding: LottieProperty?) {
        guard let t = trims.first, case .trim(let s, let e, let o, let individually) = t.item else { return }
        let who = display(layer.name)
        for p in [s, e, o].compactMap({ $0 }) { noteExpression(p, Source(layer: who, property: "tm")) }
        // Trimmed "simultaneously" each outline loses the same share of its own length;
        // "individually" the outlines are one length, in order.
        let groups = individually ? [shapes] : shapes.map { [$0] }
        func path(_ f: Double) -> Path {
            let (lo, hi) = Self.trimStretch(start: s, end: e, offset: o, at: f)
            var elements: [PathElement] = []
            for g in groups {
                let lines = Self.combinedPath(g, at: f, rounding: rounding).flattened(tolerance: Self.trimFlatness)
                var kept = lines.stroked(start: lo, end: min(hi, 1))
                if hi > 1 {
                    let rest = lines.stroked(start: 0, end: hi - 1)
                    if lines.count == 1, lines[0].closed, kept.count == 1, rest.count == 1 {
                        // A closed outline runs on through its start: one piece.
                        kept[0].points += rest[0].points.dropFirst()
                    } else {
                        kept += rest
                    }
                }
                for piece in kept where piece.points.count > 1 {
                    elements.append(.move(piece.points[0]))
                    for q in piece.points.dropFirst() { elements.append(.line(q)) }
                    elements.append(.close)
                }
            }
            return Path(elements)
        }
        // The outline's own animations give way to the sampled trimmed outline.
        for a in document.animations where a.layer == l.name && a.keyPath == "path" { provenance.removeValue(forKey: a.name) }
        document.animations.removeAll { $0.layer == l.name && $0.keyPath == "path" }
        let span = animatedSpan(shapes.flatMap(\.geometryProperties) + [rounding, s, e, o])
        l.properties["path"] = .path(path(span?.lowerBound ?? 0))
        if let span {
            addSampled(layer: l.name, "path", frames: span, Source(layer: who, property: "tm")) { f in .path(path(f)) }
        }
    }

    /// The kept stretch at frame `f` as fractions of the length: `lo` in 0..<1 and `hi` from
    /// `lo` up to `lo + 1` (past 1 it wraps round to the start). Start and end are percents,
    /// the offset degrees (a full turn is the whole length).
    static func trimStretch(start s: LottieProperty?, end e: LottieProperty?, offset o: LottieProperty?,
                            at f: Double) -> (Double, Double) {
        let a = (s?.number(at: f, 0) ?? 0) / 100, b = (e?.number(at: f, 100) ?? 100) / 100
        guard a.isFinite, b.isFinite else { return (0, 0) }
        let from = min(max(min(a, b), 0), 1), to = min(max(max(a, b), 0), 1)
        let span = to - from
        if span >= 1 - 1e-9 { return (0, 1) }
        var lo = from + (o?.number(at: f, 0) ?? 0) / 360
        guard lo.isFinite else { return (0, 0) }
        lo -= lo.rounded(.down)
        return (lo, lo + span)
    }
}
