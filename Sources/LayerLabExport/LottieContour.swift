import LayerLabCore
import LayerLabLottie

/// One Lottie path (`sh`): vertices with in and out tangents relative to them, open or closed.
struct LottieContour: Hashable, Sendable {
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []
    var closed = false

    /// The contour as the number vector that keyframe sampling compares and interpolates:
    /// closed flag, then vertices, in tangents and out tangents.
    var vector: [Double] {
        var v = [closed ? 1.0 : 0.0]
        for list in [vertices, inTangents, outTangents] { for p in list { v.append(p.x); v.append(p.y) } }
        return v
    }

    /// The contour back from `vector`.
    init(vector v: [Double]) {
        closed = (v.first ?? 0) > 0.5
        let n = (v.count - 1) / 6
        func points(_ k: Int) -> [Point] {
            (0..<n).map { Point(v[1 + (k * n + $0) * 2], v[2 + (k * n + $0) * 2]) }
        }
        vertices = points(0); inTangents = points(1); outTangents = points(2)
    }

    init() {}

    /// The contour as the model's Bézier outline (a shape value).
    var bezier: LottieBezier {
        func list(_ ps: [Point]) -> [[Double]] { ps.map { [$0.x, $0.y] } }
        return LottieBezier(vertices: list(vertices), inTangents: list(inTangents), outTangents: list(outTangents), closed: closed)
    }

    /// The subpaths of a path, curves as cubic tangents (quadratics raised to cubics), as
    /// UIBezierPath draws them; subpaths with no segment are dropped.
    static func contours(of path: Path) -> [LottieContour] {
        var out: [LottieContour] = []
        var c = LottieContour()
        var start = Point.zero
        var pen = Point.zero
        func finish() {
            if c.vertices.count > 1 { out.append(c) }
            c = LottieContour()
        }
        func begin(_ p: Point) {
            c.vertices = [p]; c.inTangents = [.zero]; c.outTangents = [.zero]
        }
        func append(_ p: Point, inTangent: Point) {
            if c.vertices.isEmpty { begin(pen) }
            c.vertices.append(p); c.inTangents.append(inTangent); c.outTangents.append(.zero)
            pen = p
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                finish()
                begin(p); start = p; pen = p
            case .line(let p):
                append(p, inTangent: .zero)
            case .quad(let q, let p):
                let p0 = pen
                let c1 = p0 + (q - p0) * (2.0 / 3.0), c2 = p + (q - p) * (2.0 / 3.0)
                if c.vertices.isEmpty { begin(p0) }
                c.outTangents[c.outTangents.count - 1] = c1 - p0
                append(p, inTangent: c2 - p)
            case .cubic(let c1, let c2, let p):
                if c.vertices.isEmpty { begin(pen) }
                c.outTangents[c.outTangents.count - 1] = c1 - pen
                append(p, inTangent: c2 - p)
            case .close:
                guard c.vertices.count > 1 else { c = LottieContour(); pen = start; continue }
                c.closed = true
                // A last vertex on the first (UIBezierPath's ovals) merges into it.
                if let last = c.vertices.last, last.distance(to: c.vertices[0]) < 1e-9 {
                    c.inTangents[0] = c.inTangents[c.inTangents.count - 1]
                    c.vertices.removeLast(); c.inTangents.removeLast(); c.outTangents.removeLast()
                }
                finish()
                pen = start
            }
        }
        finish()
        return out
    }

    /// Open straight-segment contours from polylines (text strokes); a dot keeps two equal
    /// vertices so round caps still draw it.
    static func contours(of polylines: [Polyline]) -> [LottieContour] {
        polylines.compactMap { pl in
            guard let first = pl.points.first else { return nil }
            var c = LottieContour()
            c.vertices = pl.points.count == 1 ? [first, first] : pl.points
            c.inTangents = Array(repeating: .zero, count: c.vertices.count)
            c.outTangents = c.inTangents
            c.closed = pl.closed
            return c
        }
    }

    /// `count` points spread evenly along a path's subpaths, for morphs between paths of
    /// different structure (Lottie interpolates only vertex by vertex).
    static func resampled(_ path: Path, contours k: Int, points m: Int) -> [LottieContour] {
        let lines = path.flattened(tolerance: 0.1)
        var out: [LottieContour] = []
        for i in 0..<k {
            var c = LottieContour()
            if i < lines.count {
                c.vertices = evenlySpaced(lines[i], m)
                c.closed = lines[i].closed
            } else {
                let p = lines.last?.points.last ?? .zero
                c.vertices = Array(repeating: p, count: m)
                c.closed = true
            }
            c.inTangents = Array(repeating: .zero, count: m)
            c.outTangents = c.inTangents
            out.append(c)
        }
        return out
    }

    static func evenlySpaced(_ line: Polyline, _ m: Int) -> [Point] {
        var pts = line.points
        if line.closed, let f = pts.first { pts.append(f) }
        guard pts.count > 1 else { return Array(repeating: pts.first ?? .zero, count: m) }
        var cumulative = [0.0]
        for i in 1..<pts.count { cumulative.append(cumulative[i - 1] + pts[i - 1].distance(to: pts[i])) }
        let total = cumulative.last ?? 0
        let steps = line.closed ? m : m - 1
        var out: [Point] = []
        var seg = 1
        for k in 0..<m {
            let d = steps > 0 ? total * Double(k) / Double(steps) : 0
            while seg < pts.count - 1 && cumulative[seg] < d { seg += 1 }
            let a = cumulative[seg - 1], b = cumulative[seg]
            out.append(pts[seg - 1].lerp(pts[seg], b > a ? (d - a) / (b - a) : 0))
        }
        return out
    }
}
