import LayerLabCore

/// Rounded corners (`rd`) as Lottie players apply them to every outline in their scope, not
/// only rectangles: each sharp corner (a vertex whose incoming and outgoing handles both sit
/// on it) becomes two vertices, one on each side, `radius` away along the straight line to the
/// neighbouring vertex (at most half of that distance), joined by a cubic whose handles reach
/// a share `roundCornerHandle` of the way back to the corner. Smooth vertices, and the two ends
/// of an open outline, stay as they are.
enum LottieRoundedCorners {
    /// How far each handle reaches towards the corner it replaces (as lottie-web's `roundCorner`).
    static let roundCornerHandle = 0.5519

    /// One vertex of an outline: where it is and the handles arriving at and leaving it
    /// (absolute points; a handle on the vertex is none).
    struct Vertex: Equatable {
        var point: Point
        var inHandle: Point
        var outHandle: Point
        var isSharp: Bool { inHandle == point && outHandle == point }
    }

    /// `path` with every sharp corner rounded by `radius` (nothing changes for 0 or less).
    static func rounding(_ path: Path, radius: Double) -> Path {
        guard radius > 0, radius.isFinite else { return path }
        var out: [PathElement] = []
        for (vertices, closed) in subpaths(path) {
            out += elements(round(vertices, closed: closed, radius: radius), closed: closed)
        }
        return Path(out)
    }

    /// The path's subpaths as vertex lists. A closed subpath whose last segment comes back to
    /// its start does not list the start twice: that segment's handles become the last
    /// vertex's outgoing and the first vertex's incoming ones.
    static func subpaths(_ path: Path) -> [(vertices: [Vertex], closed: Bool)] {
        var result: [(vertices: [Vertex], closed: Bool)] = []
        var current: [Vertex] = []
        var closed = false
        func flush() {
            // (Within a rounding error: a star's last side ends where a full turn of sines lands.)
            if current.count > 1, closed, let first = current.first, let last = current.last,
               last.point.distance(to: first.point) <= 1e-9 * max(1, abs(first.point.x), abs(first.point.y)) {
                current[0].inHandle = last.inHandle
                current.removeLast()
            }
            if !current.isEmpty { result.append((current, closed)) }
            current = []; closed = false
        }
        func segment(to p: Point, _ c1: Point?, _ c2: Point?) {
            guard !current.isEmpty else { current = [Vertex(point: p, inHandle: p, outHandle: p)]; return }
            current[current.count - 1].outHandle = c1 ?? current[current.count - 1].point
            current.append(Vertex(point: p, inHandle: c2 ?? p, outHandle: p))
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                flush()
                current = [Vertex(point: p, inHandle: p, outHandle: p)]
            case .line(let p):
                segment(to: p, nil, nil)
            case .quad(let c, let p):
                // The same curve as a cubic: handles two thirds of the way to the control point.
                let from = current.last?.point ?? p
                segment(to: p, from + (c - from) * (2.0 / 3), p + (c - p) * (2.0 / 3))
            case .cubic(let c1, let c2, let p):
                segment(to: p, c1, c2)
            case .close:
                closed = true
                flush()
            }
        }
        flush()
        return result
    }

    /// The vertices with the sharp corners replaced by two vertices each.
    static func round(_ v: [Vertex], closed: Bool, radius: Double) -> [Vertex] {
        var out: [Vertex] = []
        let n = v.count
        for i in 0..<n {
            let corner = v[i]
            guard corner.isSharp, n > 1, closed || (i != 0 && i != n - 1) else { out.append(corner); continue }
            let previous = v[(i + n - 1) % n].point, next = v[(i + 1) % n].point
            let a = toward(corner.point, previous, radius), b = toward(corner.point, next, radius)
            out.append(Vertex(point: a, inHandle: a, outHandle: a + (corner.point - a) * roundCornerHandle))
            out.append(Vertex(point: b, inHandle: b + (corner.point - b) * roundCornerHandle, outHandle: b))
        }
        return out
    }

    /// The point `radius` from `corner` towards `other`, at most halfway there.
    private static func toward(_ corner: Point, _ other: Point, _ radius: Double) -> Point {
        let d = corner.distance(to: other)
        guard d > 0 else { return corner }
        return corner + (other - corner) * (min(d / 2, radius) / d)
    }

    /// Vertices back into path elements: a line where neither end has a handle, else a cubic.
    static func elements(_ v: [Vertex], closed: Bool) -> [PathElement] {
        guard let first = v.first else { return [] }
        var e: [PathElement] = [.move(first.point)]
        func join(_ a: Vertex, _ b: Vertex) {
            if a.outHandle == a.point && b.inHandle == b.point { e.append(.line(b.point)) }
            else { e.append(.cubic(a.outHandle, b.inHandle, b.point)) }
        }
        for (a, b) in zip(v, v.dropFirst()) { join(a, b) }
        if closed {
            if let last = v.last, v.count > 1 { join(last, first) }
            e.append(.close)
        }
        return e
    }
}
