/// Sorts one sub-scanline's edge crossings by x (ties by arrival), starting from the order
/// the same edges took on the sub-scanline before.
///
/// Sub-scanlines lie 1/16 pixel apart, so edges rarely change places between them: a path of
/// 25,000 full-height zigzags strokes into 50,000 crossings on every sub-scanline, and sorting
/// each afresh cost n log n · 16 · rows (24 s a frame). Re-sorting the last order by insertion
/// costs the crossings plus the swaps since then; when the swaps exceed a few per crossing
/// (a row where many edges cross), the row is sorted from scratch, so a row never costs more
/// than a constant times a fresh sort. Edges new to the row are sorted apart and merged in.
///
/// The key is (x, arrival position), a strict order, so the result is the one and only sorted
/// order: the same as any other sort of the row, pixel for pixel.
final class CrossingOrder {
    private var capacity = 0
    /// By edge: the serial of the last sub-scanline it crossed (high half) and its position
    /// there (low half): one load tells both.
    private var mark: UnsafeMutablePointer<UInt64>
    /// By crossing: the serial when placed from the previous order.
    private var seen: UnsafeMutablePointer<Int32>
    /// The last sub-scanline's crossings (arrival positions) in sorted order, and a spare.
    private var order: UnsafeMutablePointer<Int32>
    private var merged: UnsafeMutablePointer<Int32>
    /// The edges of the last sub-scanline matched up afresh, by arrival position.
    private var lastIds: UnsafeMutablePointer<Int32>
    private var previousCount = 0
    private var serial: Int32 = 0
    /// The sorted crossings of the last `sort`.
    private(set) var sortedX: UnsafeMutablePointer<Double>
    private(set) var sortedWinding: UnsafeMutablePointer<Int32>

    init() {
        mark = .allocate(capacity: 1)
        seen = .allocate(capacity: 1); order = .allocate(capacity: 1); merged = .allocate(capacity: 1)
        lastIds = .allocate(capacity: 1)
        sortedX = .allocate(capacity: 1); sortedWinding = .allocate(capacity: 1)
    }

    deinit {
        mark.deallocate(); seen.deallocate(); order.deallocate()
        merged.deallocate(); lastIds.deallocate(); sortedX.deallocate(); sortedWinding.deallocate()
    }

    /// Starts a shape of `edgeCount` edges (ids `0..<edgeCount`), forgetting any order.
    func begin(edgeCount: Int) {
        if edgeCount > capacity {
            let c = max(edgeCount, capacity * 2, 64)
            mark.deallocate(); seen.deallocate(); order.deallocate()
            merged.deallocate(); lastIds.deallocate(); sortedX.deallocate(); sortedWinding.deallocate()
            mark = .allocate(capacity: c)
            seen = .allocate(capacity: c); order = .allocate(capacity: c); merged = .allocate(capacity: c)
            lastIds = .allocate(capacity: c)
            sortedX = .allocate(capacity: c); sortedWinding = .allocate(capacity: c)
            capacity = c
        }
        mark.update(repeating: 0, count: edgeCount)
        seen.update(repeating: 0, count: edgeCount)
        serial = 0
        previousCount = 0
    }

    /// Forgets the last order (a sub-scanline was sorted another way).
    func forget() { previousCount = 0 }

    /// Sorts crossings `0..<n` (x, winding, edge id; at most one per edge, n ≤ the edge count)
    /// into `sortedX`/`sortedWinding`. With `sameEdges` the caller vouches that the crossings
    /// belong to the same edges in the same arrival order as at the last call (no edge joined,
    /// left or started since), which skips matching edges up. Returns the steps taken, for
    /// `WorkCounter`.
    func sort(_ xs: UnsafePointer<Double>, _ ws: UnsafePointer<Int32>, edges ids: UnsafePointer<Int32>,
              _ n: Int, sameEdges: Bool) -> Int {
        if sameEdges && n == previousCount, let work = resort(xs, ws, n) { return work }
        return sortAfresh(xs, ws, edges: ids, n)
    }

    /// Whether crossing `p` at `x` goes before crossing `q` at `xq`.
    @inline(__always) private static func before(_ x: Double, _ p: Int32, _ xq: Double, _ q: Int32) -> Bool {
        x < xq || (x == xq && p < q)
    }

    /// The same crossings as last time: gathers them in last time's order and insertion-sorts
    /// as it goes. Nil when the moves pass the budget (`order` is still a permutation).
    private func resort(_ xs: UnsafePointer<Double>, _ ws: UnsafePointer<Int32>, _ n: Int) -> Int? {
        let order = self.order, sx = sortedX, sw = sortedWinding
        let budget = 4 * n + 64
        var moves = 0
        for i in 0..<n {
            let p = order[i]
            let x = xs[Int(p)], w = ws[Int(p)]
            var j = i
            while j > 0 && CrossingOrder.before(x, p, sx[j - 1], order[j - 1]) {
                sx[j] = sx[j - 1]; sw[j] = sw[j - 1]; order[j] = order[j - 1]
                j -= 1
            }
            sx[j] = x; sw[j] = w; order[j] = p
            moves += i - j
            if moves > budget { return nil }
        }
        return 2 * n + moves
    }

    /// Matches last time's edges to this time's crossings, insertion-sorts those in last
    /// time's order (within a budget of moves, else sorts all afresh), sorts the new ones
    /// apart and merges them in.
    private func sortAfresh(_ xs: UnsafePointer<Double>, _ ws: UnsafePointer<Int32>, edges ids: UnsafePointer<Int32>,
                            _ n: Int) -> Int {
        serial &+= 1
        let serial = self.serial
        let seen = self.seen, mark = self.mark, lastIds = self.lastIds
        let stamp = UInt64(UInt32(bitPattern: serial)) << 32
        @inline(__always) func before(_ a: Int32, _ b: Int32) -> Bool {
            CrossingOrder.before(xs[Int(a)], a, xs[Int(b)], b)
        }
        for k in 0..<n { mark[Int(ids[k])] = stamp | UInt64(k) }
        // The edges that crossed last time, in last time's order, then the new ones.
        var order = merged
        var m = 0
        for j in 0..<previousCount {
            let b = mark[Int(lastIds[Int(self.order[j])])]
            if b & 0xFFFF_FFFF_0000_0000 == stamp {
                let p = Int32(truncatingIfNeeded: b)
                order[m] = p; seen[Int(p)] = serial; m += 1
            }
        }
        let kept = m
        for p in 0..<n where seen[p] != serial { order[m] = Int32(p); m += 1 }
        lastIds.update(from: ids, count: n)
        var work = 2 * n + previousCount
        // Insertion sort of the kept run, within a budget of moves.
        let budget = 4 * kept + 64
        var moves = 0
        var i = 1
        while i < kept {
            let p = order[i]
            var j = i
            while j > 0 && before(p, order[j - 1]) { order[j] = order[j - 1]; j -= 1 }
            order[j] = p
            moves += i - j
            if moves > budget { break }
            i += 1
        }
        work += moves
        var spare = self.order
        var comparisons = 0
        if moves > budget {
            // Too many edges changed places: sort the whole row afresh.
            var all = UnsafeMutableBufferPointer(start: order, count: n)
            all.sort { comparisons += 1; return before($0, $1) }
        } else if kept < n {
            var new = UnsafeMutableBufferPointer(start: order + kept, count: n - kept)
            new.sort { comparisons += 1; return before($0, $1) }
            if kept > 0 {
                var a = 0, b = kept, k = 0
                while a < kept && b < n {
                    if before(order[b], order[a]) { spare[k] = order[b]; b += 1 } else { spare[k] = order[a]; a += 1 }
                    k += 1
                }
                while a < kept { spare[k] = order[a]; a += 1; k += 1 }
                while b < n { spare[k] = order[b]; b += 1; k += 1 }
                swap(&order, &spare)
                work += n
            }
        }
        work += comparisons
        for k in 0..<n {
            let p = Int(order[k])
            sortedX[k] = xs[p]; sortedWinding[k] = ws[p]
        }
        self.order = order; merged = spare
        previousCount = n
        return work + n
    }
}
