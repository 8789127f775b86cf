/// A flattened subpath: straight segments through `points`, closed or open.
///
/// Rasterizing, stroking and trimming by arc length all work on polylines, so curves are
/// approximated once, to a tolerance that suits the output resolution.
package struct Polyline: Hashable, Sendable {
    package var points: [Point]
    /// A closed polyline has an implicit last segment back to its first point.
    package var closed: Bool

    package init(_ points: [Point], closed: Bool) { self.points = points; self.closed = closed }

    /// Length in points, the closing segment included.
    package var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        if closed { total += points[points.count - 1].distance(to: points[0]) }
        return total
    }
}

/// Polylines in one flat point list, so a renderer can flatten thousands of paths a frame
/// into the same buffers without allocating per path.
package struct FlatPolylines: Sendable {
    package var points: [Point] = []
    /// `ends[i]` is one past the last point of polyline i.
    package var ends: [Int] = []
    /// Whether polyline i is closed.
    package var closed: [Bool] = []

    package init() {}

    /// Empties the lists, keeping their storage.
    package mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        // NB: most paths are one subpath; `removeAll(keepingCapacity:)` goes through the
        // generic `replaceSubrange`, several times dearer than one `removeLast()`.
        if ends.count == 1 { ends.removeLast(); closed.removeLast() } else {
            ends.removeAll(keepingCapacity: true)
            closed.removeAll(keepingCapacity: true)
        }
    }
}

extension Path {
    /// The path as polylines, each curve split until no point strays more than `tolerance`
    /// from the true curve (Wang's bound on uniform subdivision).
    ///
    /// Subpaths that only move are dropped; a subpath whose segments all have zero length
    /// stays as a single point, so round and square caps can still draw a dot, as Core
    /// Graphics does.
    package func flattened(tolerance: Double) -> [Polyline] {
        var flat = FlatPolylines()
        flatten(tolerance: tolerance, transform: nil, into: &flat)
        var start = 0
        return flat.ends.indices.map { i in
            defer { start = flat.ends[i] }
            return Polyline(Array(flat.points[start..<flat.ends[i]]), closed: flat.closed[i])
        }
    }

    /// Appends `flattened(tolerance:)` of the path mapped through `transform` (nil: as it is)
    /// to `out`: the same points, bit for bit, as flattening `applying(transform)`.
    package func flatten(tolerance: Double, transform: AffineTransform?, into out: inout FlatPolylines) {
        flatten(tolerance: tolerance, transform: transform, sink: &out)
    }

    /// `flatten(tolerance:transform:into:)` into any sink: the same points, handed over a
    /// polyline at a time, so a renderer can take a fill's edges as each subpath ends rather
    /// than from lists (inlinable, so it is specialized for the sink).
    @inlinable
    package func flatten<Sink: PolylineSink>(tolerance: Double, transform: AffineTransform?, sink: inout Sink) {
        let tol = max(tolerance, 1e-6)
        // NB: zeros spelled out: `Point.zero` is a global, checked at each use.
        var start = Point(0, 0)
        var pen = Point(0, 0)
        var hasPen = false
        /// Whether the subpath has drawn a segment.
        var drew = false
        func map(_ p: Point) -> Point { transform?.apply(p) ?? p }
        let table = cubicWeights

        for element in elements {
            switch element {
            case .move(let p0):
                let p = map(p0)
                sink.finishSubpath(closed: false, drew: drew); drew = false
                start = p; pen = p; hasPen = true
                sink.restart(at: p)
            case .line(let p0):
                let p = map(p0)
                if !hasPen { start = p; pen = p; hasPen = true; sink.restart(at: p); continue }
                sink.begin(at: pen); sink.addPoint(p); drew = true; pen = p
            case .quad(let c0, let p0):
                let c = map(c0), p = map(p0)
                if !hasPen { start = p; pen = p; hasPen = true; sink.restart(at: p); continue }
                sink.begin(at: pen)
                let dd = (pen - 2 * c + p).length
                let n = segmentCount((0.25 * dd / tol).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    sink.addPoint(u * u * pen + 2 * u * t * c + t * t * p)
                }
                drew = true; pen = p
            case .cubic(let c10, let c20, let p0):
                let c1 = map(c10), c2 = map(c20), p = map(p0)
                if !hasPen { start = p; pen = p; hasPen = true; sink.restart(at: p); continue }
                sink.begin(at: pen)
                // NB: max(√a, √b) as √max(a, b): the root is monotonic, so the same number
                // (NaN included) with one root instead of two.
                let e1 = pen - 2 * c1 + c2, e2 = c1 - 2 * c2 + p
                let dd = max(e1.x * e1.x + e1.y * e1.y, e2.x * e2.x + e2.y * e2.y).squareRoot()
                let n = segmentCount((0.75 * dd / tol).squareRoot())
                if n <= maxTabledSegments {
                    // NB: by index into one flat table (iterating an inner array retains it).
                    let first = n * (n - 1) / 2
                    for i in first..<(first + n) {
                        let w = table[i]
                        sink.addPoint(w.x * pen + w.y * c1 + w.z * c2 + w.w * p)
                    }
                } else {
                    for i in 1...n {
                        let w = cubicWeight(i, n)
                        sink.addPoint(w.x * pen + w.y * c1 + w.z * c2 + w.w * p)
                    }
                }
                drew = true; pen = p
            case .close:
                if hasPen { sink.finishSubpath(closed: true, drew: drew); drew = false }
                pen = start
                sink.restart(at: start)
            }
        }
        sink.finishSubpath(closed: false, drew: drew)
    }

    /// The path's length in points: curves measured on a fine flattening, closing segments
    /// included, as `strokeStart`/`strokeEnd` measure it.
    package var length: Double {
        flattened(tolerance: 0.001).reduce(0) { $0 + $1.length }
    }
}

/// Where `Path.flatten` puts its polylines, a point at a time. The points of the polyline
/// being built are "pending" until it is kept (a closed subpath without its repeated last
/// point) or dropped (a subpath that only moved).
@usableFromInline package protocol PolylineSink {
    /// How many points are pending.
    var pendingCount: Int { get }
    /// The first and the last pending point (asked only when some are pending).
    var firstPending: Point { get }
    var lastPending: Point { get }
    /// Adds a pending point.
    mutating func appendPending(_ p: Point)
    /// Forgets the last `n` pending points (`n` ≤ `pendingCount`).
    mutating func dropPending(_ n: Int)
    /// Keeps the pending points as a polyline, closed or open, and starts the next.
    mutating func keepPending(closed: Bool)
}

/// The pending points are those after the last polyline's end.
extension FlatPolylines: PolylineSink {
    package var pendingCount: Int { points.count - (ends.last ?? 0) }
    package var firstPending: Point { points[ends.last ?? 0] }
    package var lastPending: Point { points[points.count - 1] }
    package mutating func appendPending(_ p: Point) { points.append(p) }

    package mutating func dropPending(_ n: Int) {
        // NB: nearly always the one point a closed subpath restarts from; `removeLast(_:)`
        // goes through the generic `replaceSubrange`, several times dearer than `removeLast()`.
        if n == 1 { points.removeLast() } else if n > 1 { points.removeLast(n) }
    }

    package mutating func keepPending(closed isClosed: Bool) {
        ends.append(points.count)
        closed.append(isClosed)
    }
}

/// How `Path.flatten` builds a subpath in a sink: repeated points dropped, the pen's start,
/// kept or dropped at the subpath's end.
extension PolylineSink {
    /// Ends the subpath: kept if it `drew` (a closed one without its repeated last point),
    /// dropped otherwise.
    @inlinable mutating func finishSubpath(closed: Bool, drew: Bool) {
        let count = pendingCount
        if drew, count > 0 {
            if closed, count > 1, nearlyEqual(lastPending, firstPending) { dropPending(1) }
            keepPending(closed: closed && pendingCount > 1)
        } else if count > 0 {
            dropPending(count)
        }
    }

    /// Appends `p` unless it repeats the last point.
    @inlinable @inline(__always) mutating func addPoint(_ p: Point) {
        if pendingCount > 0, nearlyEqual(lastPending, p) { return }
        appendPending(p)
    }

    /// Starts a subpath at the pen if none is started.
    @inlinable @inline(__always) mutating func begin(at pen: Point) {
        if pendingCount == 0 { appendPending(pen) }
    }

    /// Starts the subpath over at `p` (what the pen did before a first point is dropped).
    @inlinable mutating func restart(at p: Point) {
        let count = pendingCount
        if count > 0 { dropPending(count) }
        appendPending(p)
    }
}

/// `a.distance(to: b) < 1e-9` without the square root: 1e-9 · 1e-9 is the smallest double
/// whose correctly rounded root reaches 1e-9, so the comparisons agree everywhere.
@inlinable @inline(__always) func nearlyEqual(_ a: Point, _ b: Point) -> Bool {
    let d = a - b
    return d.x * d.x + d.y * d.y < 1e-9 * 1e-9
}

/// A cubic's four Bernstein weights at one t: of the start, the two controls and the end.
/// (Four doubles, not a `SIMD4<Double>`: that type's first use in a process has the runtime
/// scan every conformance record in the binary for `Double: SIMDScalar`, 0.14 M instructions
/// of every start that draws a curve.)
@usableFromInline struct CubicWeights: Sendable {
    @usableFromInline let x: Double, y: Double, z: Double, w: Double

    @inlinable init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
}

/// The cubic's Bernstein weights at t = i/n.
@usableFromInline func cubicWeight(_ i: Int, _ n: Int) -> CubicWeights {
    let t = Double(i) / Double(n), u = 1 - t
    return CubicWeights(u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
}

/// Segment counts up to this take their weights from `cubicWeights`.
@usableFromInline let maxTabledSegments = 32

/// `cubicWeight(i, n)` for i in 1...n, for the segment counts small curves get: the same
/// numbers without a division and ten products a point. The weights for n segments start
/// at n(n - 1)/2.
@usableFromInline let cubicWeights: [CubicWeights] = {
    // NB: into one array, not an array per count flattened: this runs at every start.
    var weights: [CubicWeights] = []
    weights.reserveCapacity(maxTabledSegments * (maxTabledSegments + 1) / 2)
    for n in 1...maxTabledSegments {
        for i in 1...n { weights.append(cubicWeight(i, n)) }
    }
    return weights
}()

/// Segments for a curve: `raw` rounded up into 1…1000 (NaN and infinities included).
@inlinable func segmentCount(_ raw: Double) -> Int {
    guard raw > 1 else { return 1 }
    guard raw < 1000 else { return 1000 }
    // NB: `raw.rounded(.up)` without a libm call (raw is in 1…1000 here).
    let n = truncatedInt(raw)
    return Double(n) < raw ? n + 1 : n
}
