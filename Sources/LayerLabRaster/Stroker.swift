#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// Builds a stroke's outline: for each subpath, the left offset forward, the end cap, the
/// right offset back and the start cap, as one contour (two for a closed subpath).
///
/// NB: at each join the outer side gets the join geometry and the inner side runs through
/// the vertex itself. That outline is exactly the sum of the boundaries of the stroke's
/// pieces (a quad per segment, a wedge per join, the caps), so under nonzero its winding
/// counts the pieces covering a point and the fill is their exact union, at any curvature.
/// Where the inner offsets meet within half of each neighbouring segment (every gentle
/// curve, and corners between long sides), the inner side takes that meeting point instead:
/// the same union without overlapping pieces, which area-coverage rasterizers count twice
/// where an overlap reaches an edge.
struct Stroker {
    var style: StrokeStyle
    /// Largest distance between an arc and its chords, in the polylines' units.
    var tolerance: Double

    /// Appends the outline of `lines` to `out`.
    func stroke(_ lines: [Polyline], into out: inout Contours) {
        let hw = style.halfWidth
        guard hw > 0, hw.isFinite else { return }
        var pts: [Point] = []
        var dirs: [Point] = []
        var lengths: [Double] = []
        var right: [Point] = []
        for line in lines {
            pts.removeAll(keepingCapacity: true)
            for p in line.points where pts.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { pts.append(p) }
            if line.closed, pts.count > 1, pts[0].distance(to: pts[pts.count - 1]) <= 1e-9 { pts.removeLast() }
            let n = pts.count
            if n == 1 { dot(pts[0], into: &out); continue }
            if n == 0 { continue }
            let closed = line.closed && n > 2
            let segCount = closed ? n : n - 1
            dirs.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            for i in 0..<segCount {
                let v = pts[(i + 1) % n] - pts[i]
                let l = v.length
                dirs.append(Point(v.x / l, v.y / l))
                lengths.append(l)
            }
            right.removeAll(keepingCapacity: true)
            if closed {
                let first = out.points.count
                for k in 0..<n {
                    let before = (k + segCount - 1) % segCount
                    join(at: pts[k], dirs[before], dirs[k], room: min(lengths[before], lengths[k]) / 2,
                         left: &out, right: &right)
                }
                // Both rings as one contour, joined by a bridge walked both ways (its edges
                // cancel): one contour tells the scan converter nothing overlaps.
                guard out.points.count > first, let innerStart = right.last else { continue }
                out.add(out.points[first])
                for p in right.reversed() { out.add(p) }
                out.add(innerStart)
                out.close()
            } else {
                let d0 = dirs[0], dl = dirs[segCount - 1]
                out.add(pts[0] + normal(d0))
                right.append(pts[0] - normal(d0))
                if n > 2 {
                    for k in 1..<(n - 1) {
                        join(at: pts[k], dirs[k - 1], dirs[k], room: min(lengths[k - 1], lengths[k]) / 2,
                             left: &out, right: &right)
                    }
                }
                out.add(pts[n - 1] + normal(dl))
                right.append(pts[n - 1] - normal(dl))
                cap(at: pts[n - 1], direction: dl, into: &out)
                for p in right.reversed() { out.add(p) }
                cap(at: pts[0], direction: Point(-d0.x, -d0.y), into: &out)
                out.close()
            }
        }
    }

    @inline(__always) private func normal(_ d: Point) -> Point {
        Point(-d.y * style.halfWidth, d.x * style.halfWidth)
    }

    /// Number of chords for a full circle of radius `r` within tolerance.
    private func circleSteps(_ r: Double) -> Int {
        guard r > tolerance else { return 8 }
        let step = 2 * acos(1 - tolerance / r)
        return clampedInt((2 * Double.pi / step).rounded(.up), 8, 512)
    }

    /// Adds arc points about `c` from angle `a0` sweeping by `sweep`, ends excluded.
    private func arcPoints(center c: Point, radius r: Double, from a0: Double, sweep: Double,
                           into out: inout [Point]) {
        let steps = clampedInt((abs(sweep) / (2 * Double.pi) * Double(circleSteps(r))).rounded(.up), 0, 512)
        if steps < 2 { return }
        for k in 1..<steps {
            let a = a0 + sweep * Double(k) / Double(steps)
            out.append(Point(c.x + r * cos(a), c.y + r * sin(a)))
        }
    }

    /// The join at `p` from direction `d0` to `d1`: the outer side gets the join, the inner
    /// side meets at the offsets' crossing when that lies within `room` of `p` along both
    /// segments, else passes through `p`. `right` collects the right side in forward order.
    private func join(at p: Point, _ d0: Point, _ d1: Point, room: Double, left: inout Contours,
                      right: inout [Point]) {
        let n0 = normal(d0), n1 = normal(d1)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && dot > 0 {
            left.add(p + n0); right.append(p - n0)
            return
        }
        // cross > 0 turns towards +n: the outer side is the right (−n) one.
        let outerIsRight = cross > 0
        // Distance from p along each segment to where the inner offsets cross: hw·tan(θ/2).
        let reach = style.halfWidth * abs(cross) / max(1e-12, 1 + dot)
        let meet: Point? = dot > -0.999999 && reach <= room
            ? (outerIsRight ? n0 + n1 : Point(-(n0.x + n1.x), -(n0.y + n1.y))) * (1 / (1 + dot)) : nil
        if outerIsRight {
            if let meet { left.add(p + meet) } else { left.add(p + n0); left.add(p); left.add(p + n1); left.mayOverlap = true }
            outerJoin(at: p, Point(-n0.x, -n0.y), Point(-n1.x, -n1.y), dot: dot, into: &right)
        } else {
            var extra: [Point] = []
            outerJoin(at: p, n0, n1, dot: dot, into: &extra)
            for q in extra { left.add(q) }
            if let meet {
                right.append(p + meet)
            } else {
                right.append(p - n0); right.append(p); right.append(p - n1); left.mayOverlap = true
            }
        }
    }

    /// The outer side of a join from offset `o0` to `o1` (relative to `p`), both included.
    private func outerJoin(at p: Point, _ o0: Point, _ o1: Point, dot: Double, into out: inout [Point]) {
        out.append(p + o0)
        switch style.join {
        case .bevel:
            break
        case .miter:
            let ratio = 1 / max(1e-12, (1 + dot) / 2).squareRoot()
            if dot > -0.999999, ratio <= style.miterLimit {
                out.append(p + (o0 + o1) * (1 / (1 + dot)))
            }
        case .round:
            let a0 = atan2(o0.y, o0.x)
            var sweep = atan2(o1.y, o1.x) - a0
            if sweep > Double.pi { sweep -= 2 * Double.pi }
            if sweep < -Double.pi { sweep += 2 * Double.pi }
            arcPoints(center: p, radius: style.halfWidth, from: a0, sweep: sweep, into: &out)
        }
        out.append(p + o1)
    }

    /// The cap at open end `p`, from the left offset to the right one; `d` points away
    /// from the line. Only the points between are added.
    private func cap(at p: Point, direction d: Point, into out: inout Contours) {
        let hw = style.halfWidth
        let nv = normal(d)
        switch style.cap {
        case .butt:
            return
        case .square:
            let e = d * hw
            out.add(p + nv + e); out.add(p - nv + e)
        case .round:
            var arc: [Point] = []
            arcPoints(center: p, radius: hw, from: atan2(nv.y, nv.x), sweep: -Double.pi, into: &arc)
            for q in arc { out.add(q) }
        }
    }

    /// A zero-length subpath: a disc with round caps, a square with square caps, wound like
    /// the outlines (negative area with y down) so overlaps still union.
    private func dot(_ p: Point, into out: inout Contours) {
        let hw = style.halfWidth
        switch style.cap {
        case .butt:
            return
        case .square:
            out.add(Point(p.x - hw, p.y - hw)); out.add(Point(p.x - hw, p.y + hw))
            out.add(Point(p.x + hw, p.y + hw)); out.add(Point(p.x + hw, p.y - hw)); out.close()
        case .round:
            let steps = circleSteps(hw)
            for k in 0..<steps {
                let a = -2 * Double.pi * Double(k) / Double(steps)
                out.add(Point(p.x + hw * cos(a), p.y + hw * sin(a)))
            }
            out.close()
        }
    }
}
