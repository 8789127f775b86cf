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

    /// Adds contours already in flat form.
    mutating func add(_ other: Contours) {
        let base = points.count
        points.append(contentsOf: other.points)
        for e in other.ends { ends.append(e + base) }
        if other.mayOverlap { mayOverlap = true }
    }
}
