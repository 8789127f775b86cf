import Testing
@testable import LayerLabRaster

/// A scanline through a long line of text crosses hundreds of thousands of glyph edges, in
/// no particular order; sorting them by insertion made a 10,000-character text layer take
/// half a minute a frame.
struct CrossingSortTests {
    /// 300,000 crossings in reverse order: insertion sort would need 4.5e10 moves (a hang);
    /// the sort must finish and keep ties in arrival order, as the insertion sort did.
    @Test func manyCrossingsSortInNLogNAndKeepTies() {
        let n = 300_000
        let xs = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let ws = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer { xs.deallocate(); ws.deallocate() }
        for i in 0..<n { xs[i] = Double((n - 1 - i) / 2); ws[i] = Int32(i) }
        SampledScanConverter.sortCrossings(xs, ws, n)
        for k in 1..<n {
            #expect(xs[k - 1] <= xs[k])
            if xs[k - 1] == xs[k] { #expect(ws[k - 1] < ws[k], "ties keep arrival order") }
            if xs[k - 1] > xs[k] { break }
        }
    }

    /// Small and large rows give exactly the order the old insertion sort gave.
    @Test(arguments: [3, 17, 32, 33, 500])
    func sameOrderAsInsertionSort(_ n: Int) {
        var rng = SplitMix(seed: UInt64(n))
        let values = (0..<n).map { _ in Double(rng.next() % 50) / 4 }
        let xs = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let ws = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        defer { xs.deallocate(); ws.deallocate() }
        for i in 0..<n { xs[i] = values[i]; ws[i] = Int32(i) }
        SampledScanConverter.sortCrossings(xs, ws, n)
        let expected = values.enumerated().sorted { $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset) }
        #expect((0..<n).map { Int(ws[$0]) } == expected.map(\.offset))
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
