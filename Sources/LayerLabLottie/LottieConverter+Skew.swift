#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// Skew (`sk`, `sa`) in a layer's or a group's transform.
///
/// Lottie players build a transform as: about the anchor, scale, skew, rotate, then move to
/// the position. Core Animation has no skew property, but a CATransform3D holds any affine
/// map, so a skewed layer keeps its anchor (`bounds`) and `position` and says the rest in its
/// `transform`: `rotate(r) matrix(skew) scale(sx, sy)` (steps apply right to left), with
/// `transform.scale` and `transform.rotation` left at their defaults. Anything of the four
/// that is keyframed is sampled each frame, so the steps interpolate as Lottie's values do.
extension LottieConverter {
    /// After Effects limits skew to ±85°; beyond that the shear's tangent runs off to infinity.
    static let maxSkewDegrees = 85.0

    /// Whether `t` skews at some moment. After Effects writes rounding noise (a millionth of
    /// a degree) into many transforms; a skew that small changes no pixel and is not one.
    static func skews(_ t: LottieTransform) -> Bool {
        guard let sk = t.skew else { return false }
        return sk.isAnimated || abs(sk.number(at: 0, 0)) > 1e-3
    }

    /// The skew as a matrix: turn by the axis `sa`, shear x by y·tan(−sk), turn back. A shear
    /// by tan repeats every 180°, so the angle is first brought into ±90° (180° is no skew,
    /// 100° is −80°) and only then held within ±85°.
    static func skewMatrix(skew: Double, axis: Double) -> AffineTransform {
        let folded = skew.isFinite ? skew.remainder(dividingBy: 180) : 0
        let k = min(max(folded, -maxSkewDegrees), maxSkewDegrees) * .pi / 180
        let a = axis.isFinite ? axis * .pi / 180 : 0
        return AffineTransform.rotation(a)
            .concatenating(AffineTransform(a: 1, b: 0, c: tan(-k), d: 1, tx: 0, ty: 0))
            .concatenating(.rotation(-a))
    }

    /// The steps of a skewed transform at frame `f`: scale, then skew, then rotation.
    static func skewSteps(_ t: LottieTransform, at f: Double) -> [TransformOp] {
        let s = t.scale?.numbers(at: f, [100, 100]) ?? [100, 100]
        let sx = s[0] / 100, sy = (s.count > 1 ? s[1] : s[0]) / 100
        let r = (t.rotation?.number(at: f, 0) ?? 0) * .pi / 180
        let k = Transform3D(skewMatrix(skew: t.skew?.number(at: f, 0) ?? 0, axis: t.skewAxis?.number(at: f, 0) ?? 0))
        return [.rotate(r.isFinite ? r : 0, 0, 0, 1), .matrix(k), .scale(sx.isFinite ? sx : 1, sy.isFinite ? sy : 1, 1)]
    }

    /// Sets `transform` on a skewed layer (fixed, or sampled over the frames where scale,
    /// rotation, skew or its axis change).
    mutating func applySkew(_ t: LottieTransform, to node: inout Layer, _ source: Source) {
        let props = [t.scale, t.rotation, t.skew, t.skewAxis]
        for p in props.compactMap({ $0 }) { noteExpression(p, source) }
        let span = animatedSpan(props)
        node.properties["transform"] = .transform(Self.skewSteps(t, at: span?.lowerBound ?? 0))
        if let span {
            addSampled(layer: node.name, "transform", frames: span, source) { f in .transform(Self.skewSteps(t, at: f)) }
        }
    }
}
