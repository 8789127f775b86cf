import LayerLabCore

/// Closed polygons kept in one flat point list, so building thousands of stroke pieces
/// allocates nothing per piece.
struct Contours {
    var points: [Point] = []
    /// `ends[i]` is one past the last point of contour i.
    var ends: [Int] = []
    /// Whether contours may overlap themselves or each other (a stroke's pieces at sharp
    /// joins): the scan converter then resolves the winding exactly.
    var mayOverlap = false

    var isEmpty: Bool { ends.isEmpty }

    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        mayOverlap = false
    }

    mutating func add(_ p: Point) { points.append(p) }

    /// Ends the contour being built; contours of fewer than three points are dropped.
    mutating func close() {
        let start = ends.last ?? 0
        if points.count - start < 3 {
            points.removeSubrange(start...)
        } else {
            ends.append(points.count)
        }
    }

    /// Adds every polyline as a contour (open ones are closed implicitly, as fills do).
    mutating func add(_ lines: [Polyline]) {
        for line in lines {
            for p in line.points { points.append(p) }
            close()
        }
    }

    /// Adds every flattened polyline as a contour, as `add(_: [Polyline])` does.
    mutating func add(_ flat: FlatPolylines) {
        var start = 0
        for end in flat.ends {
            points.append(contentsOf: flat.points[start..<end])
            close()
            start = end
        }
    }

    /// Adds contours already in flat form.
    mutating func add(_ other: Contours) {
        let base = points.count
        points.append(contentsOf: other.points)
        for e in other.ends { ends.append(e + base) }
        if other.mayOverlap { mayOverlap = true }
    }
}

extension Contours {
    /// Every contour cut to `rect` (Sutherland–Hodgman, one side at a time). Cutting by a
    /// half-plane keeps the winding number of every point inside it, so fills of the result
    /// are exactly the fills of the original within the rectangle, overlaps included.
    func clipped(to rect: Rect) -> Contours {
        var out = Contours()
        out.mayOverlap = mayOverlap
        var a: [Point] = [], b: [Point] = []
        var start = 0
        for end in ends {
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: points[start..<end])
            start = end
            for side in 0..<4 {
                b.removeAll(keepingCapacity: true)
                Contours.cut(a, side: side, rect: rect, into: &b)
                swap(&a, &b)
                if a.isEmpty { break }
            }
            for p in a { out.add(p) }
            out.close()
        }
        return out
    }

    /// Keeps the part of a closed polygon inside one side of `rect` (0 left, 1 right, 2 top, 3 bottom).
    private static func cut(_ poly: [Point], side: Int, rect: Rect, into out: inout [Point]) {
        guard let last = poly.last else { return }
        func inside(_ p: Point) -> Bool {
            switch side {
            case 0: return p.x >= rect.minX
            case 1: return p.x <= rect.maxX
            case 2: return p.y >= rect.minY
            default: return p.y <= rect.maxY
            }
        }
        func crossing(_ p: Point, _ q: Point) -> Point {
            let t: Double
            switch side {
            case 0: t = (rect.minX - p.x) / (q.x - p.x)
            case 1: t = (rect.maxX - p.x) / (q.x - p.x)
            case 2: t = (rect.minY - p.y) / (q.y - p.y)
            default: t = (rect.maxY - p.y) / (q.y - p.y)
            }
            let p = p.lerp(q, t)
            switch side {
            case 0: return Point(rect.minX, p.y)
            case 1: return Point(rect.maxX, p.y)
            case 2: return Point(p.x, rect.minY)
            default: return Point(p.x, rect.maxY)
            }
        }
        var prev = last
        var prevIn = inside(prev)
        for p in poly {
            let pIn = inside(p)
            if pIn != prevIn { out.append(crossing(prev, p)) }
            if pIn { out.append(p) }
            prev = p; prevIn = pIn
        }
    }
}
