import LayerLabCore

/// Lottie's own interpolation: a property's value at a frame, for values Core Animation cannot
/// animate directly (a rectangle's path from an animated size, a merged outline) and which are
/// therefore sampled frame by frame.
extension LottieProperty {
    /// The value at `frame` (in the property's layer time); nil when the property has none.
    func value(at frame: Double) -> LottieValue? {
        guard keyframes.count > 1 else { return keyframes.first?.start ?? value }
        let ks = keyframes
        if frame <= ks[0].time { return ks[0].start }
        guard let last = ks.last, frame < last.time else { return ks.last?.start }
        var i = 0
        while i + 1 < ks.count - 1 && frame >= ks[i + 1].time { i += 1 }
        let k = ks[i]
        guard let from = k.start else { return nil }
        if k.hold { return from }
        let to = k.end ?? ks[i + 1].start ?? from
        let span = ks[i + 1].time - k.time
        let f = span > 0 ? (frame - k.time) / span : 1
        switch (from, to) {
        case (.numbers(let a), .numbers(let b)):
            if let to = k.outTangent, let ti = k.inTangent, a.count >= 2, b.count >= 2,
               to.count >= 2, ti.count >= 2, to.contains(where: { $0 != 0 }) || ti.contains(where: { $0 != 0 }) {
                let e = k.easedProgress(f, dimension: 0)
                let p = Bezier(Point(a[0], a[1]), Point(a[0] + to[0], a[1] + to[1]),
                               Point(b[0] + ti[0], b[1] + ti[1]), Point(b[0], b[1])).point(atLengthFraction: e)
                return .numbers([p.x, p.y] + a.dropFirst(2).enumerated().map { d, v in
                    let w = b.count > d + 2 ? b[d + 2] : v
                    return v + (w - v) * e
                })
            }
            let n = min(a.count, b.count)
            return .numbers((0..<n).map { d in a[d] + (b[d] - a[d]) * k.easedProgress(f, dimension: d) })
        case (.shape(let a), .shape(let b)):
            guard a.vertices.count == b.vertices.count else { return .shape(a) }
            let e = k.easedProgress(f, dimension: 0)
            func mix(_ p: [[Double]], _ q: [[Double]]) -> [[Double]] {
                zip(p, q).map { u, v in [u[0] + (v[0] - u[0]) * e, u[1] + (v[1] - u[1]) * e] }
            }
            return .shape(LottieBezier(vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                                       outTangents: mix(a.outTangents, b.outTangents), closed: a.closed))
        default:
            return from
        }
    }

    /// The numbers at `frame`, or `fallback`.
    func numbers(at frame: Double, _ fallback: [Double]) -> [Double] {
        guard let v = value(at: frame)?.numbers, !v.isEmpty else { return fallback }
        return v
    }

    /// The first number at `frame`, or `fallback`.
    func number(at frame: Double, _ fallback: Double) -> Double { numbers(at: frame, [fallback])[0] }

    /// Every keyframe time, in order.
    var keyTimes: [Double] { keyframes.map(\.time) }
}

extension LottieKeyframe {
    /// The timing curve of the segment leaving this keyframe for dimension `d` (a list of
    /// handles gives one per dimension; a single one serves every dimension).
    func timingFunction(dimension d: Int) -> TimingFunction {
        guard let o = outEase, let i = inEase else { return .linear }
        func pick(_ a: [Double]) -> Double { a.isEmpty ? 0 : a[min(d, a.count - 1)] }
        let x1 = min(max(pick(o.x), 0), 1), x2 = min(max(pick(i.x), 0), 1)
        let y1 = pick(o.y), y2 = pick(i.y)
        if x1 == y1 && x2 == y2 { return .linear }
        return .cubic(x1, y1, x2, y2)
    }

    /// Whether every dimension eases alike.
    func easesAlike(dimensions n: Int) -> Bool {
        guard n > 1, let o = outEase, let i = inEase else { return true }
        if o.x.count <= 1 && o.y.count <= 1 && i.x.count <= 1 && i.y.count <= 1 { return true }
        let first = timingFunction(dimension: 0)
        return (1..<n).allSatisfy { timingFunction(dimension: $0) == first }
    }

    func easedProgress(_ f: Double, dimension d: Int) -> Double { timingFunction(dimension: d)(f) }
}

/// A cubic Bézier segment, for spatial keyframes (motion along a curve).
struct Bezier {
    var p0, p1, p2, p3: Point
    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) { self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3 }

    func point(at s: Double) -> Point {
        let u = 1 - s
        return p0 * (u * u * u) + p1 * (3 * u * u * s) + p2 * (3 * u * s * s) + p3 * (s * s * s)
    }

    /// The point `f` of the way along the curve by arc length (as Lottie moves along it).
    func point(atLengthFraction f: Double) -> Point {
        if f <= 0 { return p0 }
        if f >= 1 { return p3 }
        let steps = 64
        var lengths = [0.0]
        var prev = p0
        for k in 1...steps {
            let q = point(at: Double(k) / Double(steps))
            lengths.append(lengths[k - 1] + q.distance(to: prev))
            prev = q
        }
        let total = lengths[steps]
        guard total > 0 else { return point(at: f) }
        let target = f * total
        var k = 1
        while k < steps && lengths[k] < target { k += 1 }
        let seg = lengths[k] - lengths[k - 1]
        let s = (Double(k - 1) + (seg > 0 ? (target - lengths[k - 1]) / seg : 0)) / Double(steps)
        return point(at: s)
    }
}
