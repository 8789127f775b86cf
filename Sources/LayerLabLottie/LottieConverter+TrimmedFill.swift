import LayerLabCore

/// What trims paths items share. A trim cuts the outline itself, not only the stroke, so Lottie
/// players fill what it leaves: each kept stretch of an outline closed straight back to where
/// it starts. Core Animation's strokeStart/strokeEnd trim strokes only, so a trimmed fill's
/// outline is computed (LottieConverter+NestedTrims: flattened, cut by arc length) and sampled
/// each frame when the outline or the trim moves.
extension LottieConverter {
    /// How finely outlines are flattened before they are cut, in the layer's points.
    static let trimFlatness = 0.05

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
