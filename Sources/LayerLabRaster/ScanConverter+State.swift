import LayerLabCore

extension ScanConverter {
    /// The converter's edges, bounds and scratch. Raw buffers it owns and reuses: a shape of
    /// a few pixels costs little more than its edges (arrays here would pay exclusivity and
    /// uniqueness checks at every access).
    ///
    /// Invariants, checked by `_checkInvariants()` in debug builds (release builds pay nothing):
    /// - `edges[0..<edgeCount]` are initialized, `edgeCount ≤ edgeCapacity`;
    /// - every stored edge has finite ends, is not horizontal, and lies within `0...width`
    ///   across (clipped) and within the bounds `minX…maxX`, `minY…maxY`;
    /// - `boxes[0..<boxCount]` hold one box per contour added since `reset`;
    /// - between shapes, every cell of `area`, `cover` and `marks` is zero (each sweep clears
    ///   what its edges wrote, so a shape never pays to clear what it did not touch).
    struct State {
        /// An edge in device pixels, clipped to `0...width` across.
        struct Edge {
            var x0: Double, y0: Double, x1: Double, y1: Double
        }

        let width: Int
        let height: Int
        var counter: WorkCounter?
        /// The shape's edges, `edges[0..<edgeCount]`.
        var edges: UnsafeMutablePointer<Edge>
        var edgeCount = 0
        var edgeCapacity = 16
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        /// Each contour's device bounding box (x0, y0, x1, y1), `boxes[0..<boxCount]`:
        /// overlapping ones need sub-rows.
        var boxes = Scratch<(Double, Double, Double, Double)>(fill: nil)
        var boxCount = 0
        /// Set by `add` for contours marked as overlapping themselves.
        var mayOverlap = false
        /// One contour in device pixels: the subpath of a fill being flattened (see `EdgeSink`),
        /// or a contour mapped by `add(points:…)`.
        var subpath = Scratch<Point>(fill: nil)
        lazy var sampled = SampledScanConverter(width: width, height: height)
        /// Accumulated signed area, one cell per pixel of a band of the bounding box (plus two
        /// spill columns), zero between shapes.
        var area = Scratch<Float>(fill: 0)
        /// Per band row: first and one-past-last cell an edge touched.
        var rowLo = Scratch<Int32>(fill: nil)
        var rowHi = Scratch<Int32>(fill: nil)
        /// Per band row, one bit per block of 8 cells an edge touched (`markWords` words a row):
        /// the sweep visits only those, and the stretches between them are runs of one coverage.
        var marks = Scratch<UInt64>(fill: 0)
        /// One row of coverage, indexed by absolute x (`width + 2` cells), handed to the caller.
        var cover = Scratch<Float>(fill: 0)
        /// One row's constant runs, handed to the caller.
        var runs = Scratch<Run>(fill: nil)
        /// Shapes at most this many cells across (box plus the spill column) are swept whole:
        /// keeping each row's touched span and blocks would cost more per edge than it saves.
        var denseStride = 16
        /// Cells a band may hold: bounds the scratch memory for huge shapes.
        static let bandCells = 1 << 20

        init(width: Int, height: Int) {
            self.width = width; self.height = height
            edges = .allocate(capacity: edgeCapacity)
            cover.reserve(width + 2)
        }

        func free() {
            edges.deallocate()
            area.free(); rowLo.free(); rowHi.free(); marks.free(); cover.free(); runs.free(); boxes.free()
            subpath.free()
        }

        mutating func reset() {
            edgeCount = 0
            boxCount = 0
            mayOverlap = false
            minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
        }

        /// Room for `n` edges (clipping makes at most three of each).
        mutating func reserveEdges(_ n: Int) {
            guard n > edgeCapacity else { return }
            let c = max(n, edgeCapacity * 2)
            let grown = UnsafeMutablePointer<Edge>.allocate(capacity: c)
            grown.moveInitialize(from: edges, count: edgeCount)
            edges.deallocate()
            edges = grown; edgeCapacity = c
        }

        /// Whether summed area would be wrong somewhere: even-odd (the self-crossing shapes),
        /// contours marked as overlapping, or two of the contour `boxes` overlapping.
        /// NB: static over the boxes, not a method: called from a mutating method, a
        /// non-mutating method of `State` is handed a copy of the whole state, for every shape.
        static func needsExactWinding(evenOdd: Bool, mayOverlap: Bool,
                                      boxes: UnsafeBufferPointer<(Double, Double, Double, Double)>) -> Bool {
            if evenOdd || mayOverlap { return true }
            guard boxes.count > 1 else { return false }
            if boxes.count > 64 { return true }
            for i in 1..<boxes.count {
                let a = boxes[i]
                for j in 0..<i {
                    let b = boxes[j]
                    if a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3 { return true }
                }
            }
            return false
        }

        /// The stated invariants (see the type's comment); traps with the one broken. Only in
        /// debug builds: release builds compile an empty function.
        func _checkInvariants() {
            #if DEBUG
            precondition(edgeCount >= 0 && edgeCount <= edgeCapacity, "scan: edge count \(edgeCount) past capacity \(edgeCapacity)")
            precondition(boxCount >= 0 && boxCount <= boxes.count, "scan: box count \(boxCount) past its scratch")
            for i in 0..<edgeCount {
                let e = edges[i]
                precondition(e.x0.isFinite && e.y0.isFinite && e.x1.isFinite && e.y1.isFinite, "scan: edge \(i) not finite")
                precondition(e.y0 != e.y1, "scan: edge \(i) is horizontal")
                precondition(e.x0 >= 0 && e.x0 <= Double(width) && e.x1 >= 0 && e.x1 <= Double(width),
                             "scan: edge \(i) not clipped to 0...\(width)")
                precondition(min(e.x0, e.x1) >= minX && max(e.x0, e.x1) <= maxX
                             && min(e.y0, e.y1) >= minY && max(e.y0, e.y1) <= maxY,
                             "scan: edge \(i) outside the bounds")
            }
            #endif
        }

        /// Between shapes every scratch cell a sweep uses is zero: `cells` of `area`, the
        /// band's `markWords` of `marks`, and the whole coverage row. Debug builds only.
        func _checkCleared(cells: Int, markWords: Int) {
            #if DEBUG
            for c in 0..<min(cells, area.count) { precondition(area.base[c] == 0, "scan: area cell \(c) left at \(area.base[c])") }
            for w in 0..<min(markWords, marks.count) { precondition(marks.base[w] == 0, "scan: mark word \(w) left set") }
            #endif
        }
    }
}

extension ScanConverter.State {
    /// Adds a path flattened through `t` to `tolerance` pixels, a subpath at a time.
    mutating func add(_ path: Path, tolerance: Double, transform t: AffineTransform) {
        // NB: the subpath scratch moves into the sink and back; the sink reaches the rest
        // of the state through a pointer, so no list is copied or checked per point.
        withUnsafeMutablePointer(to: &self) { me in
            var sink = EdgeSink(state: me, points: me.pointee.subpath)
            path.flatten(tolerance: tolerance, transform: t, sink: &sink)
            me.pointee.subpath = sink.points
        }
    }

    /// Adds the polygon `points[0..<count]`, in device pixels, as `add(points:ends:…)` adds
    /// each of its contours (untransformed, not normalized): the closing edge first, then
    /// the others in order, and its box. Fewer than three points draw nothing.
    mutating func addPolygon(_ points: UnsafePointer<Point>, count: Int) {
        guard count >= 3 else { return }
        reserveEdges(edgeCount + 3 * count)
        if boxCount + 1 > boxes.count { boxes.grow(max(boxCount + 1, 2 * boxes.count), keeping: boxCount) }
        var list = EdgeList(edges: edges, count: edgeCount, width: Double(width), height: Double(height),
                            minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        boxes.base[boxCount] = list.addContour(points, count: count)
        boxCount += 1
        edgeCount = list.count
        minX = list.minX; maxX = list.maxX; minY = list.minY; maxY = list.maxY
    }

    /// Adds the polygons `points[ends[i-1]..<ends[i]]` mapped through `t`; fewer than three
    /// points draw nothing.
    mutating func add(points: [Point], ends: [Int], transform t: AffineTransform, normalize: Bool) {
        // Clipping makes at most three edges of each, so pushing needs no capacity check.
        reserveEdges(edgeCount + 3 * points.count)
        if boxCount + ends.count > boxes.count {
            boxes.grow(max(boxCount + ends.count, 2 * boxes.count), keeping: boxCount)
        }
        // The edge list in locals while adding (stores through `edges` could alias `self`).
        var list = EdgeList(edges: edges, count: edgeCount, width: Double(width), height: Double(height),
                            minX: minX, maxX: maxX, minY: minY, maxY: maxY)
        points.withUnsafeBufferPointer { points in
            var start = 0
            for end in ends {
                defer { start = end }
                let count = end - start
                guard count >= 3 else { continue }
                // Each contour mapped into device pixels once, in the subpath scratch.
                if count > subpath.count { subpath.grow(count, keeping: 0) }
                let mapped = subpath.base
                for i in 0..<count { (mapped + i).initialize(to: t.apply(points[start + i])) }
                list.reversed = normalize && Self.signedArea(mapped, count: count) < 0
                boxes.base[boxCount] = list.addContour(mapped, count: count)
                boxCount += 1
            }
        }
        edgeCount = list.count
        minX = list.minX; maxX = list.maxX; minY = list.minY; maxY = list.maxY
    }

    /// Twice the signed area of the polygon `points[0..<count]` (shoelace).
    static func signedArea(_ points: UnsafePointer<Point>, count: Int) -> Double {
        var a = 0.0
        var prev = points[count - 1]
        for i in 0..<count {
            let p = points[i]
            a += prev.x * p.y - p.x * prev.y
            prev = p
        }
        return a
    }
}
