#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// Repeaters whose copies cannot be a CAReplicatorLayer.
///
/// Lottie players (After Effects, lottie-android, lottie-ios, rlottie) place copy `k` by the
/// repeater's transform with its values multiplied by `k + offset`: turned `k·r` and scaled
/// `s^k` about the anchor, then moved `k·p`. A CAReplicatorLayer compounds one step instead
/// (copy `k` is the step applied `k` times), which is the same only while the step does not
/// both move and turn (or scale): turning compounds the later moves along a curve. Such
/// repeaters are drawn as one layer a copy, each with its own transform.
extension LottieConverter {
    /// Copies drawn one layer each at most; beyond this the replicator's compounding is kept
    /// (and warned).
    static let maxExplicitRepeaterCopies = 64

    /// The step of a repeater's transform taken `k` times as Lottie players take it: `k·p`,
    /// `k·r`, `s^k` (written as steps: move, turn, scale — applied right to left).
    static func repeaterSteps(_ tr: LottieTransform, at f: Double, times k: Double) -> [TransformOp] {
        let p = tr.position?.numbers(at: f, [0, 0]) ?? [0, 0], sc = tr.scale?.numbers(at: f, [100, 100]) ?? [100, 100]
        let r = (tr.rotation?.number(at: f, 0) ?? 0) * .pi / 180
        let px = p.count > 1 ? p[0] : 0, py = p.count > 1 ? p[1] : 0
        let sx = max(sc[0], 0) / 100, sy = max(sc.count > 1 ? sc[1] : sc[0], 0) / 100
        func finite(_ v: Double, _ d: Double) -> Double { v.isFinite ? v : d }
        return [.translate(finite(px * k, 0), finite(py * k, 0), 0), .rotate(finite(r * k, 0), 0, 0, 1),
                .scale(finite(pow(sx, k), 1), finite(pow(sy, k), 1), 1)]
    }

    /// Whether compounding one step differs from multiplying the values: the step moves and
    /// also turns or scales at some frame.
    static func repeaterCompounds(_ tr: LottieTransform) -> Bool {
        func varies(_ p: LottieProperty?, _ rest: Double) -> Bool {
            guard let p else { return false }
            if p.isAnimated { return true }
            return p.numbers(at: 0, [rest]).contains { $0 != rest }
        }
        let moves = varies(tr.position, 0)
        return moves && (varies(tr.rotation, 0) || varies(tr.scale, 100))
    }

    /// The most copies the repeater draws at any frame (its count rounded, 0…1000).
    static func repeaterCount(_ copies: LottieProperty?, at f: Double) -> Double {
        max(0, min(1000, (copies?.number(at: f, 1) ?? 1).rounded()))
    }

    static func maxRepeaterCount(_ copies: LottieProperty?) -> Int {
        guard let copies, copies.isAnimated else { return Int(repeaterCount(copies, at: 0)) }
        var most = 0.0
        for k in copies.keyframes { most = max(most, repeaterCount(copies, at: k.time)) }
        return Int(most)
    }

    /// Makes `copy` copy number `index` of the repeater `s`: its transform about the anchor
    /// (`bounds` and `position` follow the anchor), its opacity between `so` and `eo`, hidden
    /// while the count is not above `index`; each sampled where it changes.
    mutating func repeaterCopy(_ s: LottieShape, index: Int, _ copy: inout Layer, layer: LottieLayer) {
        guard case .repeater(let copies, let offset, _, let tr) = s.item else { return }
        let src = Source(layer: display(layer.name), property: "\(s.name) rp")
        let k = Double(index)
        func anchor(_ f: Double) -> Point {
            let n = tr.anchor?.numbers(at: f, [0, 0]) ?? [0, 0]
            return n.count >= 2 ? Point(n[0], n[1]) : .zero
        }
        func steps(_ f: Double) -> [TransformOp] { Self.repeaterSteps(tr, at: f, times: k + (offset?.number(at: f, 0) ?? 0)) }
        func alpha(_ f: Double) -> Double {
            let so = (tr.startOpacity?.number(at: f, 100) ?? 100) / 100, eo = (tr.endOpacity?.number(at: f, 100) ?? 100) / 100
            let n = Self.repeaterCount(copies, at: f)
            let a = n > 1 ? so + (eo - so) * k / (n - 1) : so
            return a.isFinite ? min(1, max(0, a)) : 1
        }
        func shown(_ f: Double) -> Bool { k < Self.repeaterCount(copies, at: f) }
        let f0 = animatedSpan([copies, offset, tr.anchor, tr.position, tr.scale, tr.rotation, tr.startOpacity, tr.endOpacity])?.lowerBound ?? 0
        copy.properties["anchorPoint"] = .point(.zero)
        copy.properties["bounds"] = .rect(Rect(anchor(f0).x, anchor(f0).y, 0, 0))
        copy.properties["position"] = .point(anchor(f0))
        copy.properties["transform"] = .transform(steps(f0))
        if alpha(f0) != 1 { copy.properties["opacity"] = .number(alpha(f0)) }
        if !shown(f0) { copy.properties["hidden"] = .bool(true) }
        if let span = animatedSpan([tr.anchor]) {
            addSampled(layer: copy.name, "bounds", frames: span, src) { f in .rect(Rect(anchor(f).x, anchor(f).y, 0, 0)) }
            addSampled(layer: copy.name, "position", frames: span, src) { f in .point(anchor(f)) }
        }
        if let span = animatedSpan([offset, tr.position, tr.scale, tr.rotation]) {
            addSampled(layer: copy.name, "transform", frames: span, src) { f in .transform(steps(f)) }
        }
        if let span = animatedSpan([copies, tr.startOpacity, tr.endOpacity]) {
            addSampled(layer: copy.name, "opacity", frames: span, src) { f in .number(alpha(f)) }
        }
        if let span = animatedSpan([copies]) {
            addSampled(layer: copy.name, "hidden", frames: span, src) { f in .bool(!shown(f)) }
        }
    }
}
