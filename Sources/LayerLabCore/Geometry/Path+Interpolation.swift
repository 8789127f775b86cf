/// Path morphing, point by point.
///
/// Core Animation interpolates paths with the same structure point by point and leaves other
/// pairs undefined. LayerLab first promotes lines and quadratics to cubics (a line's controls at
/// 1/3 and 2/3, so a line → curve morph is smooth), then, where segment or subpath counts still
/// differ, splits the longest segments of the shorter path (and adds degenerate subpaths) until
/// both have the same structure.
extension Path {
    /// The path between `a` (t = 0) and `b` (t = 1); t is not clamped.
    package static func morph(_ a: Path, _ b: Path, _ t: Double) -> Path {
        if t == 0 { return a }
        if t == 1 { return b }
        if a.sameStructure(as: b) { return lerpSameStructure(a, b, t) }
        var sa = a.cubicSubpaths(), sb = b.cubicSubpaths()
        matchSubpathCounts(&sa, &sb)
        var out: [PathElement] = []
        for (x, y) in zip(sa, sb) {
            var x = x, y = y
            while x.segments.count < y.segments.count { x.splitLongest() }
            while y.segments.count < x.segments.count { y.splitLongest() }
            out.append(.move(x.start.lerp(y.start, t)))
            for (s, r) in zip(x.segments, y.segments) {
                out.append(.cubic(s.c1.lerp(r.c1, t), s.c2.lerp(r.c2, t), s.end.lerp(r.end, t)))
            }
            if x.closed || y.closed { out.append(.close) }
        }
        return Path(out)
    }

    /// Whether both paths have the same element kinds in the same order.
    func sameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (x, y) in zip(elements, other.elements) {
            switch (x, y) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    private static func lerpSameStructure(_ a: Path, _ b: Path, _ t: Double) -> Path {
        Path(zip(a.elements, b.elements).map { x, y in
            switch (x, y) {
            case (.move(let p), .move(let q)): return .move(p.lerp(q, t))
            case (.line(let p), .line(let q)): return .line(p.lerp(q, t))
            case (.quad(let c, let p), .quad(let d, let q)): return .quad(c.lerp(d, t), p.lerp(q, t))
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                return .cubic(c1.lerp(d1, t), c2.lerp(d2, t), p.lerp(q, t))
            default: return x
            }
        })
    }

    /// One cubic segment: controls and end point (its start is the previous end).
    struct CubicSegment { var c1, c2, end: Point }

    /// A subpath as cubics only.
    struct CubicSubpath {
        var start: Point
        var segments: [CubicSegment]
        var closed: Bool

        /// Splits the segment with the longest control polygon in two at its middle.
        mutating func splitLongest() {
            guard !segments.isEmpty else {
                segments.append(CubicSegment(c1: start, c2: start, end: start)); return
            }
            var best = 0, bestLength = -1.0, prev = start
            var starts: [Point] = []
            for (i, s) in segments.enumerated() {
                starts.append(prev)
                let len = prev.distance(to: s.c1) + s.c1.distance(to: s.c2) + s.c2.distance(to: s.end)
                if len > bestLength { bestLength = len; best = i }
                prev = s.end
            }
            let p0 = starts[best], s = segments[best]
            let ab = p0.lerp(s.c1, 0.5), bc = s.c1.lerp(s.c2, 0.5), cd = s.c2.lerp(s.end, 0.5)
            let abc = ab.lerp(bc, 0.5), bcd = bc.lerp(cd, 0.5), mid = abc.lerp(bcd, 0.5)
            segments[best] = CubicSegment(c1: ab, c2: abc, end: mid)
            segments.insert(CubicSegment(c1: bcd, c2: cd, end: s.end), at: best + 1)
        }
    }

    /// The path as subpaths of cubics; a close whose start differs from the current point
    /// becomes an explicit closing segment.
    func cubicSubpaths() -> [CubicSubpath] {
        var result: [CubicSubpath] = []
        var current: CubicSubpath?
        var point = Point.zero
        func lineSeg(_ a: Point, _ b: Point) -> CubicSegment {
            CubicSegment(c1: a.lerp(b, 1.0 / 3), c2: a.lerp(b, 2.0 / 3), end: b)
        }
        for e in elements {
            switch e {
            case .move(let p):
                if let c = current { result.append(c) }
                current = CubicSubpath(start: p, segments: [], closed: false)
                point = p
            case .line(let p):
                if current == nil { current = CubicSubpath(start: point, segments: [], closed: false) }
                current!.segments.append(lineSeg(point, p)); point = p
            case .quad(let c, let p):
                if current == nil { current = CubicSubpath(start: point, segments: [], closed: false) }
                current!.segments.append(CubicSegment(c1: point.lerp(c, 2.0 / 3), c2: p.lerp(c, 2.0 / 3), end: p))
                point = p
            case .cubic(let c1, let c2, let p):
                if current == nil { current = CubicSubpath(start: point, segments: [], closed: false) }
                current!.segments.append(CubicSegment(c1: c1, c2: c2, end: p)); point = p
            case .close:
                if var c = current {
                    if point != c.start { c.segments.append(lineSeg(point, c.start)) }
                    c.closed = true
                    result.append(c)
                    point = c.start
                    current = nil
                }
            }
        }
        if let c = current { result.append(c) }
        return result
    }

    /// Pads the shorter list with degenerate subpaths at the other's start points.
    static func matchSubpathCounts(_ a: inout [CubicSubpath], _ b: inout [CubicSubpath]) {
        while a.count < b.count {
            let p = a.last?.segments.last?.end ?? a.last?.start ?? b[a.count].start
            a.append(CubicSubpath(start: p, segments: [], closed: b[a.count].closed))
        }
        while b.count < a.count {
            let p = b.last?.segments.last?.end ?? b.last?.start ?? a[b.count].start
            b.append(CubicSubpath(start: p, segments: [], closed: a[b.count].closed))
        }
    }
}
