/// A flattened subpath: straight segments through `points`, closed or open.
///
/// Rasterizing, stroking and trimming by arc length all work on polylines, so curves are
/// approximated once, to a tolerance that suits the output resolution.
public struct Polyline: Hashable, Sendable {
    public var points: [Point]
    /// A closed polyline has an implicit last segment back to its first point.
    public var closed: Bool

    public init(_ points: [Point], closed: Bool) { self.points = points; self.closed = closed }

    /// Length in points, the closing segment included.
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        if closed { total += points[points.count - 1].distance(to: points[0]) }
        return total
    }
}

extension Path {
    /// The path as polylines, each curve split until no point strays more than `tolerance`
    /// from the true curve (Wang's bound on uniform subdivision).
    ///
    /// Subpaths that only move are dropped; a subpath whose segments all have zero length
    /// stays as a single point, so round and square caps can still draw a dot, as Core
    /// Graphics does.
    public func flattened(tolerance: Double) -> [Polyline] {
        let tol = max(tolerance, 1e-6)
        var out: [Polyline] = []
        var current: [Point] = []
        var drew = false
        var start = Point.zero
        var pen = Point.zero
        var hasPen = false

        func finish(closed: Bool) {
            if drew, !current.isEmpty {
                if closed, current.count > 1, current[current.count - 1].distance(to: current[0]) < 1e-9 {
                    current.removeLast()
                }
                out.append(Polyline(current, closed: closed && current.count > 1))
            }
            current = []
            drew = false
        }
        func add(_ p: Point) {
            if let last = current.last, last.distance(to: p) < 1e-9 { return }
            current.append(p)
        }
        func begin() {
            if current.isEmpty { current.append(pen) }
        }

        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = p; pen = p; hasPen = true
                current = [p]
            case .line(let p):
                if !hasPen { start = p; pen = p; hasPen = true; current = [p]; continue }
                begin(); add(p); drew = true; pen = p
            case .quad(let c, let p):
                if !hasPen { start = p; pen = p; hasPen = true; current = [p]; continue }
                begin()
                let dd = (pen - 2 * c + p).length
                let n = segmentCount((0.25 * dd / tol).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    add(u * u * pen + 2 * u * t * c + t * t * p)
                }
                drew = true; pen = p
            case .cubic(let c1, let c2, let p):
                if !hasPen { start = p; pen = p; hasPen = true; current = [p]; continue }
                begin()
                let dd = max((pen - 2 * c1 + c2).length, (c1 - 2 * c2 + p).length)
                let n = segmentCount((0.75 * dd / tol).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                    add(a * pen + b * c1 + cc * c2 + d * p)
                }
                drew = true; pen = p
            case .close:
                if hasPen { finish(closed: true) }
                pen = start
                current = [start]
            }
        }
        finish(closed: false)
        return out
    }

    /// The path's length in points: curves measured on a fine flattening, closing segments
    /// included, as `strokeStart`/`strokeEnd` measure it.
    public var length: Double {
        flattened(tolerance: 0.001).reduce(0) { $0 + $1.length }
    }
}

/// Segments for a curve: `raw` rounded up into 1…1000 (NaN and infinities included).
private func segmentCount(_ raw: Double) -> Int {
    guard raw > 1 else { return 1 }
    guard raw < 1000 else { return 1000 }
    return Int(raw.rounded(.up))
}
