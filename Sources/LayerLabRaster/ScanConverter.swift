import LayerLabCore

/// Turns polygons into anti-aliased coverage with exact area per pixel, no sub-scanlines.
///
/// Every edge adds, to the cells it crosses, the signed area it sweeps to its right (the
/// accumulation method of FreeType's "gray" rasterizer and font-rs): a cell gets the part of
/// the edge's height inside it times the fraction of the cell right of the edge, and the cell
/// after it the rest. A running sum along a row then gives each pixel's winding-weighted
/// covered area, and nonzero coverage is `min(|sum|, 1)`. The cost is linear in the edges and
/// the pixels of the shape's bounding box, and no sort is needed.
///
/// The sum counts twice where edges of overlapping parts share a pixel (FreeType's known
/// flaw), so shapes that may overlap themselves go to `SampledScanConverter`, which resolves
/// the winding exactly on sub-scanlines: even-odd fills, contours whose boxes overlap, and
/// contours marked `mayOverlap` (strokes whose pieces overlap at sharp joins). The stroker
/// meets inner joins at the offsets' crossing wherever it can, so smooth strokes stay here.
///
/// Edges are clipped to the surface (see `addEdge`), and only rows and columns of the clipped
/// bounding box are touched.
final class ScanConverter {
    typealias Edge = State.Edge
    typealias Run = State.Run

    let width: Int
    let height: Int
    /// All the converter's state, behind one pointer: each access to a stored property of a
    /// class pays a dynamic exclusivity check (a thread-local lookup), which a shape of a
    /// few pixels would pay dozens of times. (Internal so tests can read the edges.)
    let state: UnsafeMutablePointer<State>

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        state = .allocate(capacity: 1)
        state.initialize(to: State(width: width, height: height))
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Where edges visited and cells swept are counted (a task-local read per shape would
    /// cost more than a small shape's edges); the owner sets it for each frame.
    var counter: WorkCounter? {
        get { state.pointee.counter }
        set { state.pointee.counter = newValue }
    }

    var isEmpty: Bool { state.pointee.edgeCount == 0 }

    /// Shapes at most this many cells across are swept cell by cell, wider ones block by
    /// block; both give the same coverage (tests set it to compare them).
    var denseStride: Int {
        get { state.pointee.denseStride }
        set { state.pointee.denseStride = newValue }
    }

    func reset() { state.pointee.reset() }

    /// Adds contours mapped through `t`. With `normalize`, each contour's winding is made
    /// positive, so separately built pieces union under nonzero.
    func add(_ c: Contours, transform t: AffineTransform, normalize: Bool) {
        if c.mayOverlap { state.pointee.mayOverlap = true }
        state.pointee.add(points: c.points, ends: c.ends, transform: t, normalize: normalize)
    }

    /// Adds a path flattened in device space (through `t`, to `tolerance` pixels), as
    /// `add(Contours(flattened), transform: .identity, normalize: false)` would, each subpath
    /// turned into edges as it is flattened (`EdgeSink`): the per-shape cost of scenes with
    /// many small layers.
    func add(_ path: Path, tolerance: Double, transform t: AffineTransform) {
        state.pointee.add(path, tolerance: tolerance, transform: t)
    }

    /// Calls `body(y, x0, x1, coverage)` for each pixel row with coverage in `x0..<x1`;
    /// `coverage[x]` is 0…1 (absolute x). Edges are consumed; call `reset` before the next shape.
    func rasterize(evenOdd: Bool, _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
            for run in runs { State.fill(run, cover) }
            body(y, x0, x1, cover)
        }
    }

    /// As `rasterize`, but a row's stretches of constant coverage come as runs (ascending,
    /// within `x0..<x1`) and `coverage` holds values only outside them, so interiors and
    /// holes cost nothing per pixel here. Rows from the exact-winding path have no runs.
    @inline(__always)
    func rasterizeRuns(evenOdd: Bool,
                       _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<Run>) -> Void) {
        state.pointee.rasterizeRuns(evenOdd: evenOdd, body)
    }

    /// The converter's edges, bounds and scratch, and the work on them.
    struct State {
        /// An edge in device pixels, clipped to `0...width` across.
        struct Edge {
            var x0: Double, y0: Double, x1: Double, y1: Double
        }

        let width: Int
        let height: Int
        var counter: WorkCounter?
        /// The shape's edges, `edges[0..<edgeCount]`. This and the scratch below are raw buffers
        /// the converter owns and reuses: a shape of a few pixels costs little more than its edges
        /// (arrays in a class would pay exclusivity and uniqueness checks at every access).
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

        /// A raw buffer kept across shapes, grown to the largest size asked for and filled with
        /// `fill` when given (users of filled ones leave them so; the others write before reading).
        struct Scratch<T> {
            var base: UnsafeMutablePointer<T>
            var count = 0
            let fill: T?

            init(fill: T?) { base = .allocate(capacity: 0); self.fill = fill }

            mutating func reserve(_ n: Int) {
                guard n > count else { return }
                base.deallocate()
                count = n
                base = .allocate(capacity: count)
                if let fill { base.initialize(repeating: fill, count: count) }
            }

            /// Room for `n` elements, keeping the first `kept` (of a trivial type).
            mutating func grow(_ n: Int, keeping kept: Int) {
                guard n > count else { return }
                let grown = UnsafeMutablePointer<T>.allocate(capacity: n)
                grown.moveInitialize(from: base, count: kept)
                base.deallocate()
                base = grown; count = n
            }

            func free() { base.deallocate() }

            var buffer: UnsafeMutableBufferPointer<T> { UnsafeMutableBufferPointer(start: base, count: count) }
        }

        mutating func reset() {
            edgeCount = 0
            boxCount = 0
            mayOverlap = false
            minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
        }

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
                    var flip = false
                    if normalize {
                        var a = 0.0
                        var prev = mapped[count - 1]
                        for i in 0..<count {
                            let p = mapped[i]
                            a += prev.x * p.y - p.x * prev.y
                            prev = p
                        }
                        flip = a < 0
                    }
                    list.reversed = flip
                    boxes.base[boxCount] = list.addContour(mapped, count: count)
                    boxCount += 1
                }
            }
            edgeCount = list.count
            minX = list.minX; maxX = list.maxX; minY = list.minY; maxY = list.maxY
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
        /// contours marked as overlapping, or two contours whose boxes overlap.
        /// NB: `mutating` only so the state is read where it is: called from a mutating
        /// method, a non-mutating one got a copy of the whole state, for every shape.
        mutating func needsExactWinding(evenOdd: Bool) -> Bool {
            if evenOdd || mayOverlap { return true }
            guard boxCount > 1 else { return false }
            if boxCount > 64 { return true }
            for i in 1..<boxCount {
                let a = boxes.base[i]
                for j in 0..<i {
                    let b = boxes.base[j]
                    if a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3 { return true }
                }
            }
            return false
        }


        /// A stretch of a row where no edge passes, so every pixel has the same coverage: a
        /// shape's interior (coverage 1) or a hole (0), which solid paints fill or skip whole.
        struct Run {
            var x0: Int32, x1: Int32
            var value: Float
        }

        /// Writes a run's value into `cover` over its pixels.
        @inline(__always) static func fill(_ run: Run, _ cover: UnsafeMutableBufferPointer<Float>) {
            (cover.baseAddress! + Int(run.x0)).update(repeating: run.value, count: Int(run.x1 - run.x0))
        }

        /// Cells per mark bit: an edge marks the blocks it writes to, and only those are swept.
        static let block = 8
        /// log2 of `block`.
        static let blockShift = 3

        /// As `rasterize`, but a row's stretches of constant coverage come as runs (ascending,
        /// within `x0..<x1`) and `coverage` holds values only outside them, so interiors and
        /// holes cost nothing per pixel here. Rows from the exact-winding path have no runs.
        mutating func rasterizeRuns(evenOdd: Bool,
                                    _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<Run>) -> Void) {
            guard edgeCount > 0 else { return }
            defer { reset() }
            let rowStart = State.floorIndex(minY, height), rowEnd = State.ceilIndex(maxY, height)
            let colStart = State.floorIndex(minX, width), colEnd = State.ceilIndex(maxX, width)
            guard rowStart < rowEnd else { return }
            if needsExactWinding(evenOdd: evenOdd) {
                sampled.load(UnsafeBufferPointer(start: edges, count: edgeCount))
                let none = UnsafeBufferPointer<Run>(start: nil, count: 0)
                sampled.rasterize(evenOdd: evenOdd) { y, x0, x1, cover in body(y, x0, x1, cover, none) }
                return
            }
            // Cells from colStart to colEnd inclusive, plus one spill column.
            let stride = colEnd - colStart + 2
            let bandRows = max(1, min(rowEnd - rowStart, State.bandCells / stride))
            area.reserve(stride * bandRows)
            rowHi.reserve(bandRows)
            let edges = UnsafeBufferPointer(start: self.edges, count: edgeCount)
            let area = self.area.buffer, hi = rowHi.buffer
            let cover = self.cover.buffer
            let xOrigin = Double(colStart)
            // Edges visited and cells swept, for `WorkCounter` (tests check that it grows with
            // the edges and pixels, as the method promises).
            var work = 0
            defer { counter?.add(work) }
            var bandTop = rowStart
            if stride <= denseStride {
                // A narrow shape: every cell of every row is swept, so edges keep no spans.
                // NB: its own band loop: one loop for both sweeps, deciding per row and per
                // edge row, cost 2 % more instructions on the 1,000-layer frame.
                let none = UnsafeBufferPointer<Run>(start: nil, count: 0)
                while bandTop < rowEnd {
                    let bandBottom = min(rowEnd, bandTop + bandRows)
                    for r in 0..<(bandBottom - bandTop) { hi[r] = 0 }
                    let top = Double(bandTop), bottom = Double(bandBottom)
                    work += edges.count
                    for e in edges {
                        State.accumulate(e, xOrigin: xOrigin, topRow: bandTop, top: top, bottom: bottom, stride: stride,
                                         area: area, hi: hi, spans: nil)
                    }
                    for r in 0..<(bandBottom - bandTop) {
                        let h = min(stride, Int(hi[r]))
                        work += h
                        State.sweepAll(area.baseAddress! + r * stride, count: h, cover: cover.baseAddress! + colStart)
                        // Uncovered cells trimmed from both ends.
                        var x0 = colStart, x1 = min(width, colStart + h)
                        while x0 < x1 && cover[x0] == 0 { x0 += 1 }
                        while x1 > x0 && cover[x1 - 1] == 0 { x1 -= 1 }
                        if x1 > x0 { body(bandTop + r, x0, x1, cover, none) }
                    }
                    bandTop = bandBottom
                }
                return
            }
            // The wide sweep's own scratch: each row's first cell and marked blocks, its runs.
            rowLo.reserve(bandRows)
            let words = (stride + 64 * State.block - 1) / (64 * State.block)
            marks.reserve(words * bandRows)
            // A row has at most one run per `minRun` + 1 cells, plus one.
            runs.reserve(stride / (State.minRun + 1) + 2)
            let lo = rowLo.buffer, marks = self.marks.buffer, runs = self.runs.buffer
            while bandTop < rowEnd {
                let bandBottom = min(rowEnd, bandTop + bandRows)
                for r in 0..<(bandBottom - bandTop) { lo[r] = Int32(stride); hi[r] = 0 }
                let top = Double(bandTop), bottom = Double(bandBottom)
                work += edges.count
                let spans = Spans(lo: lo, marks: marks.baseAddress!, words: words)
                for e in edges {
                    State.accumulate(e, xOrigin: xOrigin, topRow: bandTop, top: top, bottom: bottom, stride: stride,
                                     area: area, hi: hi, spans: spans)
                }
                for r in 0..<(bandBottom - bandTop) {
                    let l = Int(lo[r]), h = min(stride, Int(hi[r]))
                    guard l < h else { continue }
                    work += h - l
                    var n = State.sweep(area.baseAddress! + r * stride, from: l, to: h,
                                                marks: marks.baseAddress! + r * words,
                                                cover: cover.baseAddress! + colStart, runs: runs, colStart: colStart)
                    // Trim the row's end: runs of zero, then uncovered cells.
                    let x0 = colStart + l
                    var x1 = colStart + h
                    while true {
                        if n > 0 && Int(runs[n - 1].x1) >= x1 {
                            guard runs[n - 1].value == 0 else { break }
                            x1 = Int(runs[n - 1].x0); n -= 1
                        } else if x1 > x0 && cover[x1 - 1] == 0 {
                            x1 -= 1
                        } else {
                            break
                        }
                    }
                    x1 = min(width, x1)
                    while n > 0 && Int(runs[n - 1].x0) >= x1 { n -= 1 }
                    if n > 0 && Int(runs[n - 1].x1) > x1 { runs[n - 1].x1 = Int32(x1) }
                    if x1 > x0 {
                        body(bandTop + r, x0, x1, cover, UnsafeBufferPointer(start: runs.baseAddress, count: n))
                    }
                }
                bandTop = bandBottom
            }
        }

        /// One row's running sum over its first `count` cells (up to the last an edge touched):
        /// writes `cover[c]` (relative to the box) for each and zeroes the cells. The same values
        /// `sweep` gives: the cells it skips hold zeros, which leave the sum as it is.
        @inline(__always)
        static func sweepAll(_ area: UnsafeMutablePointer<Float>, count: Int, cover: UnsafeMutablePointer<Float>) {
            var acc: Float = 0
            for c in 0..<count {
                acc += area[c]
                area[c] = 0
                cover[c] = min(1, abs(acc))
            }
        }

        /// Where a wide shape's edges record what they touched, per band row: the first cell
        /// (`lo`) and the marked blocks (`words` words a row).
        struct Spans {
            let lo: UnsafeMutableBufferPointer<Int32>
            let marks: UnsafeMutablePointer<UInt64>
            let words: Int
        }

        /// One row's running sum over cells `l..<h`, visiting only the blocks marked in `marks`
        /// (and clearing them), from each one's first to its last cell with area: writes
        /// `cover[c]` (relative to the box) there and zeroes the cells. Each stretch between, where
        /// the coverage stays what it was, goes to `runs` in absolute x (or, when short, to
        /// `cover`). Returns the run count.
        @inline(__always)
        static func sweep(_ area: UnsafeMutablePointer<Float>, from l: Int, to h: Int,
                                  marks: UnsafeMutablePointer<UInt64>, cover: UnsafeMutablePointer<Float>,
                                  runs: UnsafeMutableBufferPointer<Run>, colStart: Int) -> Int {
            var acc: Float = 0, v: Float = 0
            var n = 0
            var next = l
            @inline(__always) func constant(to s: Int) {
                guard s > next else { return }
                if s - next >= minRun && n < runs.count {
                    runs[n] = Run(x0: Int32(colStart + next), x1: Int32(colStart + s), value: v)
                    n += 1
                } else {
                    (cover + next).update(repeating: v, count: s - next)
                }
            }
            let bitsPerWord = 64 * block
            for w in (l / bitsPerWord)...((h - 1) / bitsPerWord) {
                var bits = marks[w]
                marks[w] = 0
                while bits != 0 {
                    let b = w * 64 + bits.trailingZeroBitCount
                    bits &= bits - 1
                    // NB: cells are compared as bits (a -0.0 just takes the per-cell path).
                    var s = max(l, b * block), e = min(h, b * block + block)
                    while s < e && area[s].bitPattern == 0 { s += 1 }
                    while e > s && area[e - 1].bitPattern == 0 { e -= 1 }
                    guard s < e else { continue }
                    constant(to: s)
                    for c in s..<e {
                        acc += area[c]
                        area[c] = 0
                        v = min(1, abs(acc))
                        cover[c] = v
                    }
                    next = e
                }
            }
            constant(to: h)
            return n
        }

        /// `clampedInt(v.rounded(.down), 0, n)` without a libm call: truncation is the floor
        /// wherever the clamp does not decide.
        @inline(__always) static func floorIndex(_ v: Double, _ n: Int) -> Int { clampedInt(v, 0, n) }

        /// `clampedInt(v.rounded(.up), 0, n)` without a libm call.
        @inline(__always) static func ceilIndex(_ v: Double, _ n: Int) -> Int {
            let c = clampedInt(v, 0, n)
            return c < n && v > Double(c) ? c + 1 : c
        }

        /// Stretches shorter than this go to `cover` instead of `runs`.
        static let minRun = 4

        /// Adds one edge's signed area to the band's cells (rows `top..<bottom`; `top` is
        /// `Double(topRow)`), raising each row's `hi` past the last cell it wrote, and recording
        /// the rest of what it touched in `spans` when given.
        @inline(__always)
        static func accumulate(_ e: Edge, xOrigin: Double, topRow: Int, top: Double, bottom: Double, stride: Int,
                               area: UnsafeMutableBufferPointer<Float>, hi: UnsafeMutableBufferPointer<Int32>,
                               spans: Spans?) {
            let down = e.y0 < e.y1
            let dir: Double = down ? 1 : -1
            let (ax, ay, bx, by) = down ? (e.x0, e.y0, e.x1, e.y1) : (e.x1, e.y1, e.x0, e.y0)
            guard by > top, ay < bottom else { return }
            let dxdy = (bx - ax) / (by - ay)
            let yFirst = larger(ay, top), yLast = min(by, bottom)
            let maxCell = Double(stride - 2)
            var y = yFirst
            var x = min(maxCell, larger(ax + (yFirst - ay) * dxdy - xOrigin, 0))
            // NB: yFirst ≥ top ≥ 0 and x ≥ 0 below, so truncation is floor (no libm call), and
            // both are bounded (by the band and by `maxCell`; a NaN clamps to 0), so they convert
            // unchecked. Row and cell arithmetic wraps (`&+`, `&*`): every index lies inside the
            // band, at most `bandCells` cells, so overflow checks could never fire.
            var row = truncatedInt(yFirst) &- topRow
            while y < yLast {
                let yNext = min(yLast, top + Double(row &+ 1))
                let dy = yNext - y
                // NB: the last row's x comes from the edge's end, so no error builds up.
                var xNext = yNext == by ? bx - xOrigin : x + dxdy * dy
                xNext = min(maxCell, larger(xNext, 0))
                let d = Float(dy * dir)
                let base = row &* stride
                let (l, r) = x < xNext ? (x, xNext) : (xNext, x)
                let li = truncatedInt(l)
                let lf = Double(li)
                // The last cell the edge reaches (r rounded up): li or li + 1 when it stays
                // within one cell, as it nearly always does in small shapes.
                let ri: Int
                if r <= lf + 1 {
                    ri = r > lf ? li &+ 1 : li
                    // Within one cell: the part right of the edge's mean x.
                    let xm = Float((x + xNext) * 0.5 - lf)
                    area[base &+ li] += d - d * xm
                    area[base &+ li &+ 1] += d * xm
                } else {
                    let rt = truncatedInt(r)
                    ri = Double(rt) < r ? rt &+ 1 : rt
                    let rc = Double(ri)
                    // Across cells: a trapezoid spread by the edge's slope (font-rs's formula).
                    let s = Float(1 / (r - l))
                    let lfrac = Float(l - lf)
                    let a0 = 0.5 * s * (1 - lfrac) * (1 - lfrac)
                    let rfrac = Float(r - rc + 1)
                    let am = 0.5 * s * rfrac * rfrac
                    area[base &+ li] += d * a0
                    if ri == li &+ 2 {
                        area[base &+ li &+ 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - lfrac)
                        area[base &+ li &+ 1] += d * (a1 - a0)
                        var c = li + 2
                        while c < ri - 1 { area[base + c] += d * s; c += 1 }
                        let a2 = a1 + Float(ri - li - 3) * s
                        area[base + ri - 1] += d * (1 - a2 - am)
                    }
                    area[base &+ ri] += d * am
                }
                // NB: cells are below `stride`, far inside Int32.
                if Int32(truncatingIfNeeded: ri &+ 1) > hi[row] { hi[row] = Int32(truncatingIfNeeded: ri &+ 1) }
                if let spans {
                    let lo = spans.lo, marks = spans.marks, words = spans.words
                    if Int32(truncatingIfNeeded: li) < lo[row] { lo[row] = Int32(truncatingIfNeeded: li) }
                    // The blocks of cells li...ri + 1 (the within-cell case writes li + 1 ≤ ri + 1):
                    // one mask when they share a word, as they nearly always do.
                    // NB: cells are never negative, so a shift divides (`/` on a signed Int also
                    // fixes up negative values, a few instructions per edge row).
                    let bFirst = li &>> blockShift, bLast = min(ri + 1, stride - 1) &>> blockShift
                    if bFirst >> 6 == bLast >> 6 {
                        let bits = (UInt64.max << UInt64(bFirst & 63)) & (UInt64.max >> UInt64(63 - (bLast & 63)))
                        marks[row * words + bFirst >> 6] |= bits
                    } else {
                        for b in bFirst...bLast { marks[row * words + b >> 6] |= 1 << UInt64(b & 63) }
                    }
                }
                x = xNext; y = yNext; row &+= 1
            }
        }

    }
}

/// Edges being added to a `ScanConverter`, with their bounds; room for every edge pushed
/// was made beforehand.
private struct EdgeList {
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
private struct EdgeSink: PolylineSink {
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
