#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path prepared for CAKeyframeAnimation's `path`: the keyframe vertices (the first point and
/// the end of every line or curve), each segment as a cubic, and arc-length tables so a
/// position can be found by distance along a segment or along the whole path.
///
/// Move-tos are not keyframes: a segment after a move starts at the moved-to point, so the
/// motion jumps there. A close that returns to a point already reached adds nothing; one that
/// draws a real line back is a segment like any other.
package struct MotionPath: Sendable, Hashable {
    /// One drawn piece of the path as a cubic Bézier (lines and quadratics raised to cubics).
    package struct Segment: Sendable, Hashable {
        package var p0, c1, c2, p3: Point
        /// Arc length at the parameter samples 0, 1/n, …, 1 (n = count - 1).
        var table: [Double]
        package var length: Double { table.last ?? 0 }
    }

    /// The keyframe values: the first point, then each segment's end.
    package let vertices: [Point]
    package let segments: [Segment]
    /// Arc length from the start to each vertex.
    package let distances: [Double]

    package var totalLength: Double { distances.last ?? 0 }

    /// nil when the path has no point at all.
    package init?(_ path: Path) {
        var segs: [Segment] = []
        var first: Point?
        var start = Point.zero, pen = Point.zero, hasPen = false
        func add(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) {
            segs.append(Segment(p0: p0, c1: c1, c2: c2, p3: p3, table: MotionPath.table(p0, c1, c2, p3)))
        }
        func line(_ p: Point) { add(pen, pen.lerp(p, 1.0 / 3), pen.lerp(p, 2.0 / 3), p) }
        for e in path.elements {
            switch e {
            case .move(let p):
                start = p; pen = p; hasPen = true
                if first == nil { first = p }
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                guard hasPen else { start = p; pen = p; hasPen = true; first = first ?? p; continue }
                switch e {
                case .quad(let c, _): add(pen, pen + (2.0 / 3) * (c - pen), p + (2.0 / 3) * (c - p), p)
                case .cubic(let c1, let c2, _): add(pen, c1, c2, p)
                default: line(p)
                }
                pen = p
            case .close:
                if hasPen, pen.distance(to: start) > 1e-9 { line(start) }
                pen = start
            }
        }
        guard let first else { return nil }
        segments = segs
        vertices = [first] + segs.map(\.p3)
        var d = [0.0]
        for s in segs { d.append(d[d.count - 1] + s.length) }
        distances = d
    }

    /// Most parameter samples per curve for the arc-length table: one per 2 points of the
    /// control polygon, 8 to 64 (lines are exact with one), so long paths stay small.
    static let samples = 64

    private static func table(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> [Double] {
        let straight = c1 == p0.lerp(p3, 1.0 / 3) && c2 == p0.lerp(p3, 2.0 / 3)
        let polygon = p0.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p3)
        let n = straight ? 1 : (polygon < Double(samples * 2) ? max(8, clampedInt(polygon / 2, 0, samples)) : samples)
        var out = [0.0]
        out.reserveCapacity(n + 1)
        var prev = p0
        for i in 1...n {
            let p = cubicPoint(p0, c1, c2, p3, Double(i) / Double(n))
            out.append(out[i - 1] + prev.distance(to: p))
            prev = p
        }
        return out
    }

    /// The point and tangent angle (radians, clockwise on screen from +x) at arc fraction `s`
    /// (0…1) of segment `i`, found by arc length so the motion is even within the segment.
    /// A path of one point (no segment) gives that point; `i` is clamped to the segments.
    package func sample(segment i: Int, fraction s: Double) -> (point: Point, angle: Double) {
        guard !segments.isEmpty else { return (vertices[0], 0) }
        let seg = segments[max(0, min(segments.count - 1, i))]
        let t = seg.parameter(atFraction: min(1, max(0, s)))
        return (cubicPoint(seg.p0, seg.c1, seg.c2, seg.p3, t), seg.angle(at: t))
    }

    /// The point and tangent angle at distance `d` along the whole path.
    package func sample(atDistance d: Double) -> (point: Point, angle: Double) {
        guard !segments.isEmpty else { return (vertices[0], 0) }
        var i = 0
        while i < segments.count - 1 && d > distances[i + 1] { i += 1 }
        let len = segments[i].length
        return sample(segment: i, fraction: len > 0 ? (d - distances[i]) / len : 1)
    }

    /// The tangent angle arriving at vertex `k` (leaving it for the first vertex).
    package func angle(atVertex k: Int) -> Double {
        guard !segments.isEmpty else { return 0 }
        return k == 0 ? segments[0].angle(at: 0) : segments[min(k, segments.count) - 1].angle(at: 1)
    }
}

extension MotionPath.Segment {
    /// The Bézier parameter at arc fraction `s`, linear between the table's samples.
    func parameter(atFraction s: Double) -> Double {
        let n = table.count - 1, target = s * length
        guard length > 0 else { return s }
        var lo = 0, hi = n
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < target { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (target - table[lo]) / span : 0
        return (Double(lo) + f) / Double(n)
    }

    /// The direction of travel at parameter `t`; where the derivative vanishes (a control point
    /// on its end point) a nearby parameter, then the chord, gives the direction.
    func angle(at t: Double) -> Double {
        for probe in [t, t < 0.5 ? t + 1e-4 : t - 1e-4, t < 0.5 ? t + 1e-2 : t - 1e-2] {
            let d = derivative(probe)
            if d.length > 1e-9 { return atan2(d.y, d.x) }
        }
        let chord = p3 - p0
        return chord.length > 1e-12 ? atan2(chord.y, chord.x) : 0
    }

    func derivative(_ t: Double) -> Point {
        let u = 1 - t
        return 3 * u * u * (c1 - p0) + 6 * u * t * (c2 - c1) + 3 * t * t * (p3 - c2)
    }

    /// The part of the segment between arc fractions `a` and `b`, as a cubic (de Casteljau).
    package func part(from a: Double, to b: Double) -> (Point, Point, Point, Point) {
        let t0 = parameter(atFraction: a), t1 = parameter(atFraction: b)
        // Split at t1, keep the left part, then split that at t0 / t1 and keep the right part.
        let (l0, l1, l2, l3) = split(p0, c1, c2, p3, t1).left
        guard t1 > 0 else { return (l0, l0, l0, l0) }
        return split(l0, l1, l2, l3, t0 / t1).right
    }
}

private func split(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double)
    -> (left: (Point, Point, Point, Point), right: (Point, Point, Point, Point)) {
    let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
    let d = a.lerp(b, t), e = b.lerp(c, t), m = d.lerp(e, t)
    return ((p0, a, d, m), (m, e, c, p3))
}

func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    return (u * u * u) * p0 + (3 * u * u * t) * c1 + (3 * u * t * t) * c2 + (t * t * t) * p3
}
