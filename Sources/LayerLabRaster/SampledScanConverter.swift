import LayerLabCore

/// Coverage with the winding resolved exactly on 16 sub-scanlines a pixel row: for shapes
/// whose contours overlap or cross (text, dashes, even-odd stars), where summing signed area
/// per pixel (`ScanConverter`) would count an overlap twice.
///
/// On each sub-scanline the edge crossings are sorted and walked with the fill rule, and every
/// inside span adds its exact horizontal coverage to a difference row, so a row costs one
/// prefix sum. Edges are bucketed by start row with a counting sort. Sub-scanlines with many
/// crossings re-sort the previous one's order (`CrossingOrder`), which costs about the
/// crossings, not a sort of them.
final class SampledScanConverter {
    /// Sub-scanlines per pixel row.
    static let subsamples = 16

    struct Edge {
        var yTop: Double
        var yBot: Double
        var xTop: Double
        var dxdy: Double
        var winding: Int32
        /// Its index in `edges` (fills the struct's padding).
        var id: Int32
    }

    let width: Int
    let height: Int
    private var edges: [Edge] = []
    /// Scratch, sized to the edge count: active edges (copies: each sub-scanline reads them in
    /// a row), crossings with their windings and edges, edge order by start row. Raw buffers:
    /// the hot loop pays no uniqueness checks.
    private var capacity = 0
    private var active: UnsafeMutablePointer<Edge>
    private var xs: UnsafeMutablePointer<Double>
    private var ws: UnsafeMutablePointer<Int32>
    private var ids: UnsafeMutablePointer<Int32>
    private var order: UnsafeMutablePointer<Int32>
    private let crossingOrder = CrossingOrder()
    private var rowStarts: [Int32] = []
    private var delta: [Float]
    private var cover: [Float]
    /// A row's runs: at most one per `minRun` + 1 cells, plus one.
    private var runs: [ScanConverter.Run]
    private var minY = Double.infinity
    private var maxY = -Double.infinity

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        delta = [Float](repeating: 0, count: width + 2)
        cover = [Float](repeating: 0, count: width + 2)
        runs = [ScanConverter.Run](repeating: ScanConverter.Run(x0: 0, x1: 0, value: 0),
                                   count: (width + 2) / (ScanConverter.State.minRun + 1) + 2)
        active = .allocate(capacity: 1); xs = .allocate(capacity: 1)
        ws = .allocate(capacity: 1); ids = .allocate(capacity: 1); order = .allocate(capacity: 1)
    }

    deinit {
        active.deallocate(); xs.deallocate(); ws.deallocate(); ids.deallocate(); order.deallocate()
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        let c = max(n, capacity * 2, 64)
        active.deallocate(); xs.deallocate(); ws.deallocate(); ids.deallocate(); order.deallocate()
        active = .allocate(capacity: c); xs = .allocate(capacity: c)
        ws = .allocate(capacity: c); ids = .allocate(capacity: c); order = .allocate(capacity: c)
        capacity = c
    }

    /// Takes the scan converter's clipped edges.
    func load(_ source: UnsafeBufferPointer<ScanConverter.Edge>) {
        edges.removeAll(keepingCapacity: true)
        minY = .infinity; maxY = -.infinity
        for e in source {
            let down = e.y0 < e.y1
            let (tx, ty, bx, by) = down ? (e.x0, e.y0, e.x1, e.y1) : (e.x1, e.y1, e.x0, e.y0)
            let dxdy = (bx - tx) / (by - ty)
            guard dxdy.isFinite else { continue }
            edges.append(Edge(yTop: ty, yBot: by, xTop: tx, dxdy: dxdy, winding: down ? 1 : -1,
                              id: Int32(edges.count)))
            minY = min(minY, ty); maxY = max(maxY, by)
        }
    }

    /// Crossings up to this many a sub-scanline are sorted by insertion afresh; more go to
    /// `CrossingOrder`, which starts from the previous sub-scanline's order.
    static let fewCrossings = 32

    /// Sorts the first `n` (≤ `fewCrossings`) crossings by x, ties kept in arrival order.
    /// Returns the comparisons made (the work `WorkCounter` counts).
    @discardableResult
    static func sortFewCrossings(_ xs: UnsafeMutablePointer<Double>, _ ws: UnsafeMutablePointer<Int32>, _ n: Int) -> Int {
        var comparisons = 0
        for i in 1..<n {
            let x = xs[i], w = ws[i]
            var j = i
            while j > 0 && xs[j - 1] > x {
                xs[j] = xs[j - 1]; ws[j] = ws[j - 1]; j -= 1
            }
            comparisons += i - j + 1
            xs[j] = x; ws[j] = w
        }
        return comparisons
    }

    /// Calls `body(y, x0, x1, coverage)` for each pixel row with coverage in `x0..<x1`;
    /// `coverage[x]` is 0…1. Edges are consumed; call `reset` before the next shape.
    func rasterize(evenOdd: Bool, _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
            for run in runs { ScanConverter.State.fill(run, cover) }
            body(y, x0, x1, cover)
        }
    }

    /// As `rasterize`, but a row's stretches where no span starts or ends (a stroke's inside
    /// between its two sides, the gap between two shapes) come as runs of their one coverage
    /// (see `ScanConverter.rasterizeRuns`), so a solid paint fills or skips them whole.
    func rasterizeRuns(evenOdd: Bool,
                       _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<ScanConverter.Run>) -> Void) {
        guard !edges.isEmpty else { return }
        defer {
            edges.removeAll(keepingCapacity: true)
            minY = .infinity; maxY = -.infinity
        }
        let rowStart = clampedInt(minY.rounded(.down), 0, height)
        let rowEnd = clampedInt(maxY.rounded(.up), 0, height)
        guard rowStart < rowEnd else { return }
        let edgeCount = edges.count
        reserve(edgeCount)
        // Counting sort of edges by the row they start in.
        let rows = rowEnd - rowStart
        rowStarts.removeAll(keepingCapacity: true)
        rowStarts.append(contentsOf: repeatElement(0, count: rows + 1))
        // NB: scratch moves into locals: stored properties of a class would pay a dynamic
        // exclusivity check on every access in the loop.
        var delta = self.delta, cover = self.cover, starts = self.rowStarts, runs = self.runs
        self.delta = []; self.cover = []; self.rowStarts = []; self.runs = []
        defer { self.delta = delta; self.cover = cover; self.rowStarts = starts; self.runs = runs }
        let active = self.active, xs = self.xs, ws = self.ws, ids = self.ids, order = self.order
        let crossingOrder = self.crossingOrder
        crossingOrder.begin(edgeCount: edgeCount)
        let s = SampledScanConverter.subsamples
        let step = 1.0 / Double(s)
        let weight = Float(step)
        let widthD = Double(width)
        // Edges visited and crossings compared, for `WorkCounter` (tests check that a shape
        // of many edges costs O(crossings · log), never O(crossings²)).
        var work = edgeCount
        defer { WorkCounter.current?.add(work) }
        edges.withUnsafeBufferPointer { edges in
        starts.withUnsafeMutableBufferPointer { starts in
            @inline(__always) func row(_ e: Edge) -> Int {
                clampedInt(e.yTop.rounded(.down) - Double(rowStart), 0, rows - 1)
            }
            for e in edges { starts[row(e) + 1] += 1 }
            for r in 0..<rows { starts[r + 1] += starts[r] }
            for i in 0..<edgeCount {
                let r = row(edges[i])
                order[Int(starts[r])] = Int32(i)
                starts[r] += 1
            }
            // starts[r] is now the end of row r's bucket; row r begins at starts[r - 1].
        delta.withUnsafeMutableBufferPointer { delta in
        cover.withUnsafeMutableBufferPointer { cover in
        runs.withUnsafeMutableBufferPointer { runs in
            var activeCount = 0
            var next = 0
            // Whether the crossings may differ in edges or arrival order from the last sort's:
            // an edge joined or left, or one had not started yet then.
            var changed = true
            for py in rowStart..<rowEnd {
                let bucketEnd = Int(starts[py - rowStart])
                if next < bucketEnd { changed = true }
                while next < bucketEnd { active[activeCount] = edges[Int(order[next])]; activeCount += 1; next += 1 }
                if activeCount == 0 { continue }
                var rowMin = Int.max, rowMax = -1
                for sub in 0..<s {
                    let y = Double(py) + (Double(sub) + 0.5) * step
                    var n = 0
                    var i = 0
                    var waiting = false
                    work += activeCount
                    while i < activeCount {
                        let e = active[i]
                        if e.yBot <= y {
                            activeCount -= 1
                            active[i] = active[activeCount]
                            changed = true
                            continue
                        }
                        i += 1
                        if e.yTop > y { waiting = true; continue }
                        let x = e.xTop + (y - e.yTop) * e.dxdy
                        xs[n] = x; ws[n] = e.winding; ids[n] = e.id
                        n += 1
                    }
                    if n < 2 { continue }
                    let sx: UnsafeMutablePointer<Double>, sw: UnsafeMutablePointer<Int32>
                    if n <= SampledScanConverter.fewCrossings {
                        work += SampledScanConverter.sortFewCrossings(xs, ws, n)
                        crossingOrder.forget()
                        sx = xs; sw = ws
                    } else {
                        work += crossingOrder.sort(xs, ws, edges: ids, n, sameEdges: !changed)
                        sx = crossingOrder.sortedX; sw = crossingOrder.sortedWinding
                    }
                    changed = waiting
                    var wind: Int32 = 0
                    var spanStart = 0.0
                    for k in 0..<n {
                        let wasIn = evenOdd ? (wind & 1) != 0 : wind != 0
                        wind &+= sw[k]
                        let isIn = evenOdd ? (wind & 1) != 0 : wind != 0
                        if !wasIn && isIn {
                            spanStart = sx[k]
                        } else if wasIn && !isIn {
                            let xa = min(widthD, max(0, spanStart)), xb = min(widthD, max(0, sx[k]))
                            if xb <= xa { continue }
                            let ia = Int(xa), ib = Int(xb)
                            let fa = Float(xa - Double(ia)), fb = Float(xb - Double(ib))
                            delta[ia] += weight * (1 - fa); delta[ia + 1] += weight * fa
                            delta[ib] -= weight * (1 - fb); delta[ib + 1] -= weight * fb
                            rowMin = min(rowMin, ia); rowMax = max(rowMax, ib + 1)
                        }
                    }
                }
                guard rowMax >= rowMin else { continue }
                let x1 = min(width, rowMax + 1)
                var acc: Float = 0
                var runCount = 0
                var x = rowMin
                while x <= rowMax {
                    if delta[x] != 0 {
                        acc += delta[x]
                        delta[x] = 0
                        cover[x] = acc < 0 ? 0 : (acc > 1 ? 1 : acc)
                        x += 1
                        continue
                    }
                    // Cells with nothing added keep the sum, so their coverage is one value: a
                    // run when long enough (cut at the row's end), else written as before.
                    var e = x + 1
                    while e <= rowMax && delta[e] == 0 { e += 1 }
                    let v = acc < 0 ? 0 : (acc > 1 ? 1 : acc)
                    let end = min(e, x1)
                    if end - x >= ScanConverter.State.minRun && runCount < runs.count {
                        runs[runCount] = ScanConverter.Run(x0: Int32(x), x1: Int32(end), value: v)
                        runCount += 1
                        for c in end..<e { cover[c] = v }
                    } else {
                        for c in x..<e { cover[c] = v }
                    }
                    x = e
                }
                if x1 > rowMin { body(py, rowMin, x1, cover, UnsafeBufferPointer(rebasing: runs[0..<runCount])) }
            }
        }
        }
        }
        }
        }
    }
}
