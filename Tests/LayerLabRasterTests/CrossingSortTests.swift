import Testing
@testable import LayerLabRaster

/// A scanline through a long line of text crosses hundreds of thousands of glyph edges, in
/// no particular order (sorting them by insertion made a 10,000-character text layer take half
/// a minute a frame); a stroked path of 25,000 full-height zigzags crosses 50,000 edges on
/// every sub-scanline in nearly the same order (sorting each afresh took 24 s a frame).
struct CrossingSortTests {
    /// A row of crossings: x, winding (here: the arrival position, to see ties) and edge id.
    struct Row {
        var xs: [Double]
        var ids: [Int32]
        var ws: [Int32] { (0..<xs.count).map { Int32($0) } }
    }

    /// Sorts `row` with `order` (`same`: the same edges in the same arrival order as last
    /// time); returns the arrival positions in sorted order and the work.
    static func sort(_ row: Row, _ order: CrossingOrder, same: Bool = false) -> (positions: [Int], work: Int) {
        let n = row.xs.count
        let work = row.xs.withUnsafeBufferPointer { xs in
            row.ws.withUnsafeBufferPointer { ws in
                row.ids.withUnsafeBufferPointer { ids in
                    order.sort(xs.baseAddress!, ws.baseAddress!, edges: ids.baseAddress!, n, sameEdges: same)
                }
            }
        }
        for k in 1..<max(1, n) { #expect(order.sortedX[k - 1] <= order.sortedX[k]) }
        return ((0..<n).map { Int(order.sortedWinding[$0]) }, work)
    }

    /// The one sorted order: by x, ties in arrival order (what the insertion sort always gave).
    static func expected(_ xs: [Double]) -> [Int] {
        xs.enumerated().sorted { $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset) }
            .map(\.offset)
    }

    /// 300,000 crossings in reverse order with ties: insertion sort would need 4.5e10 moves (a
    /// hang); the sort must finish and keep ties in arrival order.
    @Test func manyCrossingsSortInNLogNAndKeepTies() {
        let n = 300_000
        let row = Row(xs: (0..<n).map { Double((n - 1 - $0) / 2) }, ids: (0..<n).map { Int32($0) })
        let order = CrossingOrder()
        order.begin(edgeCount: n)
        let (positions, work) = CrossingSortTests.sort(row, order)
        #expect(positions == CrossingSortTests.expected(row.xs))
        #expect(work < 30 * n, "\(work) steps for \(n) crossings")
    }

    /// Few crossings (insertion) and many (`CrossingOrder`) give the order insertion sort gave.
    @Test(arguments: [3, 17, 32, 33, 500])
    func sameOrderAsInsertionSort(_ n: Int) {
        var rng = SplitMix(seed: UInt64(n))
        let values = (0..<n).map { _ in Double(rng.next() % 50) / 4 }
        var positions: [Int]
        if n <= SampledScanConverter.fewCrossings {
            var xs = values, ws = (0..<n).map { Int32($0) }
            SampledScanConverter.sortFewCrossings(&xs, &ws, n)
            positions = ws.map { Int($0) }
        } else {
            let order = CrossingOrder()
            order.begin(edgeCount: n)
            positions = CrossingSortTests.sort(Row(xs: values, ids: (0..<n).map { Int32($0) }), order).positions
        }
        #expect(positions == CrossingSortTests.expected(values))
    }

    /// Sub-scanline after sub-scanline: edges drift, a few swap, some leave and others join,
    /// arriving in a scrambled order, with ties. Every row comes out exactly as a fresh sort
    /// would give it, and a row whose order barely changed costs a few steps a crossing.
    @Test func eachRowStartsFromTheLastAndMatchesAFreshSort() {
        let edges = 6_000
        var rng = SplitMix(seed: 7)
        var x = (0..<edges).map { _ in Double(rng.next() % 4_000) / 8 }
        let drift = (0..<edges).map { _ in (Double(rng.next() % 3) - 1) / 64 }
        var present = Set(0..<4_000)
        let order = CrossingOrder()
        order.begin(edgeCount: edges)
        for step in 0..<40 {
            for e in 0..<edges { x[e] += drift[e] }
            if step % 8 == 7 {
                // New edges join and old ones leave, as at a pixel row's start.
                for _ in 0..<300 { present.remove(Int(rng.next() % UInt64(edges))) }
                for _ in 0..<300 { present.insert(Int(rng.next() % UInt64(edges))) }
            }
            var ids = present.map { Int32($0) }
            ids.sort { ($0 &* 7_919) % 6_007 < ($1 &* 7_919) % 6_007 }   // arrival order unrelated to x
            let row = Row(xs: ids.map { x[Int($0)] }, ids: ids)
            // Rows with the same edges take the short way every other time (the caller may
            // not know); both must agree with a fresh sort.
            let same = step > 0 && step % 8 != 7
            let (positions, work) = CrossingSortTests.sort(row, order, same: same && step % 2 == 0)
            #expect(positions == CrossingSortTests.expected(row.xs), "row \(step)")
            if same {
                #expect(work < 5 * ids.count, "row \(step): \(work) steps for \(ids.count) crossings")
            }
        }
    }

    /// A row whose edges all changed places (a star's centre) is sorted afresh: a bounded
    /// number of moves first, never the square of the crossings.
    @Test func aRowOfManySwapsCostsAtMostAFreshSort() {
        let n = 20_000
        let order = CrossingOrder()
        order.begin(edgeCount: n)
        let ids = (0..<n).map { Int32($0) }
        _ = CrossingSortTests.sort(Row(xs: (0..<n).map { Double($0) }, ids: ids), order)
        let reversed = Row(xs: (0..<n).map { Double(n - $0) }, ids: ids)
        let (positions, work) = CrossingSortTests.sort(reversed, order, same: true)
        #expect(positions == CrossingSortTests.expected(reversed.xs))
        #expect(work < 30 * n, "\(work) steps for \(n) crossings")
        let (again, workAgain) = CrossingSortTests.sort(Row(xs: (0..<n).map { Double($0 % 100) }, ids: ids), order)
        #expect(again == CrossingSortTests.expected((0..<n).map { Double($0 % 100) }))
        #expect(workAgain < 30 * n, "\(workAgain) steps for \(n) crossings")
    }
}

private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
