import LayerLabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a stroke's outline as pieces (a quad per segment, a wedge per join, a cap at each
/// open end) that the scan converter unions under nonzero with normalized windings.
///
/// NB: separate pieces instead of one offset outline: the union is exact whatever the
/// curvature, with no special cases for inner joins.
struct Stroker {
    var style: StrokeStyle
    /// Largest distance between an arc and its chords, in the polylines' units.
    var tolerance: Double

    /// Appends the outline pieces of `lines` to `out`.
    func stroke(_ lines: [Polyline], into out: inout Contours) {
        let hw = style.halfWidth
        guard hw > 0, hw.isFinite else { return }
        for line in lines {
            let pts = line.points
            if pts.count == 1 {
                dot(pts[0], into: &out)
                continue
            }
            let n = pts.count
            let segCount = line.closed ? n : n - 1
            for i in 0..<segCount {
                let a = pts[i], b = pts[(i + 1) % n]
                guard let d = unit(b - a) else { continue }
                let nv = Point(-d.y * hw, d.x * hw)
                out.add(a + nv); out.add(b + nv); out.add(b - nv); out.add(a - nv); out.close()
            }
            if line.closed {
                for i in 0..<n {
                    join(at: pts[i], from: pts[(i + n - 1) % n], to: pts[(i + 1) % n], into: &out)
                }
            } else {
                if n > 2 {
                    for i in 1..<(n - 1) { join(at: pts[i], from: pts[i - 1], to: pts[i + 1], into: &out) }
                }
                if let d = unit(pts[0] - pts[1]) { cap(at: pts[0], direction: d, into: &out) }
                if let d = unit(pts[n - 1] - pts[n - 2]) { cap(at: pts[n - 1], direction: d, into: &out) }
            }
        }
    }

    private func unit(_ v: Point) -> Point? {
        let l = v.length
        return l > 1e-12 ? Point(v.x / l, v.y / l) : nil
    }

    /// Number of chords for a full circle of radius `r` within tolerance.
    private func circleSteps(_ r: Double) -> Int {
        guard r > tolerance else { return 8 }
        let step = 2 * acos(1 - tolerance / r)
        return min(512, max(8, Int((2 * Double.pi / step).rounded(.up))))
    }

    /// Adds arc points about `c` from angle `a0` sweeping by `sweep` (ends excluded).
    private func arcPoints(center c: Point, radius r: Double, from a0: Double, sweep: Double,
                           into out: inout Contours) {
        let steps = max(1, Int((abs(sweep) / (2 * Double.pi) * Double(circleSteps(r))).rounded(.up)))
        if steps < 2 { return }
        for k in 1..<steps {
            let a = a0 + sweep * Double(k) / Double(steps)
            out.add(Point(c.x + r * cos(a), c.y + r * sin(a)))
        }
    }

    private func join(at p: Point, from prev: Point, to next: Point, into out: inout Contours) {
        guard let d0 = unit(p - prev), let d1 = unit(next - p) else { return }
        let hw = style.halfWidth
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-9 && dot > 0 { return }
        let s: Double = cross > 0 ? -1 : 1
        let n0 = Point(-d0.y * hw * s, d0.x * hw * s)
        let n1 = Point(-d1.y * hw * s, d1.x * hw * s)
        let o0 = p + n0, o1 = p + n1
        switch style.join {
        case .bevel:
            out.add(p); out.add(o0); out.add(o1); out.close()
        case .miter:
            let ratio = 1 / ((1 + dot) / 2).squareRoot()
            out.add(p); out.add(o0)
            if dot > -0.999999, ratio <= style.miterLimit {
                out.add(p + (n0 + n1) * (1 / (1 + dot)))
            }
            out.add(o1); out.close()
        case .round:
            out.add(p); out.add(o0)
            let a0 = atan2(n0.y, n0.x)
            var sweep = atan2(n1.y, n1.x) - a0
            if sweep > Double.pi { sweep -= 2 * Double.pi }
            if sweep < -Double.pi { sweep += 2 * Double.pi }
            arcPoints(center: p, radius: hw, from: a0, sweep: sweep, into: &out)
            out.add(o1); out.close()
        }
    }

    /// A cap at an open end `p`; `d` points away from the line.
    private func cap(at p: Point, direction d: Point, into out: inout Contours) {
        let hw = style.halfWidth
        let nv = Point(-d.y * hw, d.x * hw)
        switch style.cap {
        case .butt:
            return
        case .square:
            let e = d * hw
            out.add(p + nv); out.add(p + nv + e); out.add(p - nv + e); out.add(p - nv); out.close()
        case .round:
            out.add(p + nv)
            arcPoints(center: p, radius: hw, from: atan2(nv.y, nv.x), sweep: -Double.pi, into: &out)
            out.add(p - nv); out.close()
        }
    }

    /// A zero-length subpath: a disc with round caps, a square with square caps.
    private func dot(_ p: Point, into out: inout Contours) {
        let hw = style.halfWidth
        switch style.cap {
        case .butt:
            return
        case .square:
            out.add(Point(p.x - hw, p.y - hw)); out.add(Point(p.x + hw, p.y - hw))
            out.add(Point(p.x + hw, p.y + hw)); out.add(Point(p.x - hw, p.y + hw)); out.close()
        case .round:
            let steps = circleSteps(hw)
            for k in 0..<steps {
                let a = 2 * Double.pi * Double(k) / Double(steps)
                out.add(Point(p.x + hw * cos(a), p.y + hw * sin(a)))
            }
            out.close()
        }
    }
}
