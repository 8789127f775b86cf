import LayerLabCore

/// Edges being added to a `ScanConverter`, with their bounds; room for every edge pushed
/// was made beforehand.
struct EdgeList {
    let edges: UnsafeMutablePointer<ScanConverter.Edge>
    var count: Int
    let width: Double, height: Double
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    /// Whether edges are added the other way round (a contour whose winding is normalized).
    var reversed = false

    /// Adds the contour `points[0..<count]` (count ≥ 3, device pixels): the closing edge
    /// first, then the others in order. Returns its box (x0, y0, x1, y1).
    ///
    /// A contour inside the surface (nearly every small shape) needs no clipping: its edges
    /// are stored as they are, horizontal ones left out, and the bounds grow by its box,
    /// which is exactly the stored edges' bounds when every point ends a stored edge.
    @inline(__always)
    mutating func addContour(_ points: UnsafePointer<Point>, count: Int) -> (Double, Double, Double, Double) {
        var prev = points[count - 1]
        var box = (prev.x, prev.y, prev.x, prev.y)
        // NB: v - v is 0 for a finite v and NaN otherwise, and a NaN stays in the sum.
        var probe = prev.x - prev.x + (prev.y - prev.y)
        for i in 0..<count {
            let p = points[i]
            box = (min(box.0, p.x), min(box.1, p.y), larger(p.x, box.2), larger(p.y, box.3))
            probe += p.x - p.x + (p.y - p.y)
        }
        let first = self.count
        if probe == 0 && box.0 >= 0 && box.2 <= width && box.1 >= 0 && box.3 <= height {
            // Whether the point before `prev` is on a stored edge; a point on none (between
            // two horizontal edges) may lie outside the stored edges' bounds.
            var before = points[count - 2]
            var covered = true
            for i in 0..<count {
                let p = points[i]
                let stored = prev.y != p.y
                if stored {
                    let (a, b) = reversed ? (p, prev) : (prev, p)
                    (edges + self.count).initialize(to: ScanConverter.Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y))
                    self.count += 1
                } else if before.y == prev.y {
                    covered = false
                }
                before = prev
                prev = p
            }
            if covered {
                if self.count > first {
                    minX = min(minX, box.0); maxX = max(maxX, box.2)
                    minY = min(minY, box.1); maxY = max(maxY, box.3)
                }
                return box
            }
        } else {
            for i in 0..<count {
                let p = points[i]
                addEdge(prev, p)
                prev = p
            }
        }
        // NB: as `min(minX, x0, x1)`, without the variadic call.
        for e in UnsafeBufferPointer(start: edges + first, count: self.count - first) {
            minX = min(min(minX, e.x0), e.x1); maxX = max(max(maxX, e.x0), e.x1)
            minY = min(min(minY, e.y0), e.y1); maxY = max(max(maxY, e.y0), e.y1)
        }
        return box
    }

    /// Adds an edge, split where it leaves the surface across: parts left of it run down
    /// x = 0 and parts right of it down x = width (a spill column nobody reads), which leaves
    /// the coverage inside exactly as the whole edge gives it.
    @inline(__always) mutating func addEdge(_ p: Point, _ q: Point) {
        let (a, b) = reversed ? (q, p) : (p, q)
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let h = height, w = width
        if (a.y <= 0 && b.y <= 0) || (a.y >= h && b.y >= h) { return }
        if a.x >= 0 && a.x <= w && b.x >= 0 && b.x <= w { push(a.x, a.y, b.x, b.y); return }
        if a.x <= 0 && b.x <= 0 { push(0, a.y, 0, b.y); return }
        if a.x >= w && b.x >= w { push(w, a.y, w, b.y); return }
        // Cut where it crosses x = 0 and x = width; clamp each piece into the surface.
        let dx = b.x - a.x
        var t0 = (0 - a.x) / dx, t1 = (w - a.x) / dx
        if !(t0 > 0 && t0 < 1) { t0 = 1 }
        if !(t1 > 0 && t1 < 1) { t1 = 1 }
        if t0 > t1 { swap(&t0, &t1) }
        var from = a
        func piece(to: Point) {
            let mid = (from.x + to.x) / 2
            let x0 = mid <= 0 ? 0 : (mid >= w ? w : min(w, max(0, from.x)))
            let x1 = mid <= 0 ? 0 : (mid >= w ? w : min(w, max(0, to.x)))
            push(x0, from.y, x1, to.y)
            from = to
        }
        if t0 < 1 { piece(to: Point(a.x + dx * t0, a.y + (b.y - a.y) * t0)) }
        if t1 < 1 && t1 > t0 { piece(to: Point(a.x + dx * t1, a.y + (b.y - a.y) * t1)) }
        piece(to: b)
    }

    /// Stores an edge (its bounds are taken when the contour is done).
    @inline(__always) mutating func push(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        (edges + count).initialize(to: ScanConverter.Edge(x0: x0, y0: y0, x1: x1, y1: y1))
        count += 1
    }
}

/// A fill's path being flattened straight into a scan converter's edges: each subpath's
/// points gather in scratch the converter keeps, and become edges when the subpath ends
/// (`State.addPolygon`), the same edges in the same order as flattening into lists and
/// adding those (fills treat every subpath as closed).
struct EdgeSink: PolylineSink {
    let state: UnsafeMutablePointer<ScanConverter.State>
    var points: ScanConverter.State.Scratch<Point>
    var pendingCount = 0

    init(state: UnsafeMutablePointer<ScanConverter.State>, points: ScanConverter.State.Scratch<Point>) {
        self.state = state; self.points = points
    }

    var firstPending: Point { points.base[0] }
    var lastPending: Point { points.base[pendingCount - 1] }

    @inline(__always) mutating func appendPending(_ p: Point) {
        if pendingCount == points.count { points.grow(max(16, 2 * points.count), keeping: pendingCount) }
        (points.base + pendingCount).initialize(to: p)
        pendingCount += 1
    }

    mutating func dropPending(_ n: Int) { pendingCount -= n }

    mutating func keepPending(closed _: Bool) {
        state.pointee.addPolygon(points.base, count: pendingCount)
        pendingCount = 0
    }
}
