import LayerLabCore

/// Coverage with the winding resolved exactly on 16 sub-scanlines a pixel row: for shapes
/// whose contours overlap or cross (text, dashes, even-odd stars), where summing signed area
/// per pixel (`ScanConverter`) would count an overlap twice.
///
/// On each sub-scanline the edge crossings are sorted and walked with the fill rule, and every
/// inside span adds its exact horizontal coverage to a difference row, so a row costs one
/// prefix sum. Edges are bucketed by start row with a counting sort.
final class SampledScanConverter {
    /// Sub-scanlines per pixel row.
    static let subsamples = 16

    struct Edge {
        var yTop: Double
        var yBot: Double
        var xTop: Double
        var dxdy: Double
        var winding: Int32
    }

    let width: Int
    let height: Int
    private var edges: [Edge] = []
    /// Scratch, sized to the edge count: active edge indices, crossings and their windings,
    /// edge order by start row. Raw buffers: the hot loop pays no uniqueness checks.
    private var capacity = 0
    private var active: UnsafeMutablePointer<Int32>
    private var xs: UnsafeMutablePointer<Double>
    private var ws: UnsafeMutablePointer<Int32>
    private var order: UnsafeMutablePointer<Int32>
    private var rowStarts: [Int32] = []
    private var delta: [Float]
    private var cover: [Float]
    private var minY = Double.infinity
    private var maxY = -Double.infinity

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        delta = [Float](repeating: 0, count: width + 2)
        cover = [Float](repeating: 0, count: width + 2)
        active = .allocate(capacity: 1); xs = .allocate(capacity: 1)
        ws = .allocate(capacity: 1); order = .allocate(capacity: 1)
    }

    deinit {
        active.deallocate(); xs.deallocate(); ws.deallocate(); order.deallocate()
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        let c = max(n, capacity * 2, 64)
        active.deallocate(); xs.deallocate(); ws.deallocate(); order.deallocate()
        active = .allocate(capacity: c); xs = .allocate(capacity: c)
        ws = .allocate(capacity: c); order = .allocate(capacity: c)
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
            edges.append(Edge(yTop: ty, yBot: by, xTop: tx, dxdy: dxdy, winding: down ? 1 : -1))
            minY = min(minY, ty); maxY = max(maxY, by)
        }
    }

    /// Calls `body(y, x0, x1, coverage)` for each pixel row with coverage in `x0..<x1`;
    /// `coverage[x]` is 0…1. Edges are consumed; call `reset` before the next shape.
    /// Sorts the first `n` crossings by x, ties kept in arrival order. Most rows hold a few
    /// crossings (insertion sort); a row through a long text line or a big polygon can hold
    /// hundreds of thousands, where insertion sort would be quadratic.
    /// Returns the comparisons made (the work `WorkCounter` counts).
    @discardableResult
    static func sortCrossings(_ xs: UnsafeMutablePointer<Double>, _ ws: UnsafeMutablePointer<Int32>, _ n: Int) -> Int {
        if n <= 32 {
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
        var pairs = (0..<n).map { (x: xs[$0], index: $0) }
        var comparisons = 0
        pairs.sort { comparisons += 1; return $0.x < $1.x || ($0.x == $1.x && $0.index < $1.index) }
        let windings = Array(UnsafeBufferPointer(start: ws, count: n))
        for (k, p) in pairs.enumerated() { xs[k] = p.x; ws[k] = windings[p.index] }
        return comparisons
    }

    func rasterize(evenOdd: Bool, _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>) -> Void) {
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
        var delta = self.delta, cover = self.cover, starts = self.rowStarts
        self.delta = []; self.cover = []; self.rowStarts = []
        defer { self.delta = delta; self.cover = cover; self.rowStarts = starts }
        let active = self.active, xs = self.xs, ws = self.ws, order = self.order
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
            var activeCount = 0
            var next = 0
            for py in rowStart..<rowEnd {
                let bucketEnd = Int(starts[py - rowStart])
                while next < bucketEnd { active[activeCount] = order[next]; activeCount += 1; next += 1 }
                if activeCount == 0 { continue }
                var rowMin = Int.max, rowMax = -1
                for sub in 0..<s {
                    let y = Double(py) + (Double(sub) + 0.5) * step
                    var n = 0
                    var i = 0
                    work += activeCount
                    while i < activeCount {
                        let e = edges[Int(active[i])]
                        if e.yBot <= y {
                            activeCount -= 1
                            active[i] = active[activeCount]
                            continue
                        }
                        i += 1
                        if e.yTop > y { continue }
                        let x = e.xTop + (y - e.yTop) * e.dxdy
                        xs[n] = x; ws[n] = e.winding
                        n += 1
                    }
                    if n < 2 { continue }
                    work += SampledScanConverter.sortCrossings(xs, ws, n)
                    var wind: Int32 = 0
                    var spanStart = 0.0
                    for k in 0..<n {
                        let wasIn = evenOdd ? (wind & 1) != 0 : wind != 0
                        wind &+= ws[k]
                        let isIn = evenOdd ? (wind & 1) != 0 : wind != 0
                        if !wasIn && isIn {
                            spanStart = xs[k]
                        } else if wasIn && !isIn {
                            let xa = min(widthD, max(0, spanStart)), xb = min(widthD, max(0, xs[k]))
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
                var acc: Float = 0
                for x in rowMin...rowMax {
                    acc += delta[x]
                    delta[x] = 0
                    cover[x] = acc < 0 ? 0 : (acc > 1 ? 1 : acc)
                }
                let x1 = min(width, rowMax + 1)
                if x1 > rowMin { body(py, rowMin, x1, cover) }
            }
        }
        }
        }
        }
    }
}
