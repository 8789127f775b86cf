import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Shapes of many edges whose scanlines cross thousands of them, in scrambled order: sorting
/// the crossings by insertion made a path of 25,000 segments take 23 s a frame (twice as many:
/// 93 s) and a random 4,000-point polygon 8.9 s at 200x200. The scan converters' work (edges
/// visited, cells swept, crossings compared: counted by `WorkCounter`) must grow as n log n
/// at most: doubling the edges may not much more than double it (insertion sort quadruples
/// it). Both fill rules: even-odd takes the exact-winding converter, which sorts crossings.
@Suite(.serialized) struct BoundedRasterWorkTests {
    /// The work of drawing `path` filled at `size`x`size`.
    static func work(_ path: Path, size: Int, evenOdd: Bool) -> Int {
        var shape = Fixtures.shape("p", path)
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        let scene = Fixtures.scene([shape], size: Size(Double(size), Double(size)))
        let counter = WorkCounter()
        _ = WorkCounter.$current.withValue(counter) { Rasterizer().render(scene, width: size, height: size) }
        return counter.steps
    }

    /// `n` points scattered over a `size` square, deterministically.
    static func scatter(_ n: Int, _ size: Double, band: ClosedRange<Double>? = nil, seed: UInt64) -> [Point] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<n).map { i in
            let y = band.map { $0.lowerBound + next() * ($0.upperBound - $0.lowerBound) } ?? next() * size
            return Point(band == nil ? next() * size : size * Double(i) / Double(n), y)
        }
    }

    @Test(arguments: [false, true])
    func aRandomPolygonOf4000PointsIsNLogN(evenOdd: Bool) {
        // Even-odd sorts ~1,300 crossings on each of 16 subscanlines a row: at 50x50 (a
        // debug build sorts slowly; the rows cross as many edges as at 200x200).
        let size = evenOdd ? 50 : 200
        let half = BoundedRasterWorkTests.work(.polygon(BoundedRasterWorkTests.scatter(2_000, Double(size), seed: 1)),
                                               size: size, evenOdd: evenOdd)
        let full = BoundedRasterWorkTests.work(.polygon(BoundedRasterWorkTests.scatter(4_000, Double(size), seed: 2)),
                                               size: size, evenOdd: evenOdd)
        #expect(half > 2_000)   // it did draw
        #expect(Double(full) / Double(half) < 2.6, "2,000 points: \(half) steps, 4,000: \(full)")
    }

    /// A path of 25,000 segments zigzagging through a band two pixels high: every subscanline
    /// of the band crosses about a third of them.
    @Test(arguments: [false, true])
    func aPathOf25000SegmentsIsNLogN(evenOdd: Bool) {
        func zigzag(_ n: Int) -> Path { .polygon(BoundedRasterWorkTests.scatter(n, 200, band: 99...101, seed: UInt64(n))) }
        let half = BoundedRasterWorkTests.work(zigzag(12_500), size: 200, evenOdd: evenOdd)
        let full = BoundedRasterWorkTests.work(zigzag(25_000), size: 200, evenOdd: evenOdd)
        #expect(half > 12_500)
        #expect(Double(full) / Double(half) < 2.6, "12,500 segments: \(half) steps, 25,000: \(full)")
    }

    /// A zigzag of `n` segments from the top of a `width`x`height` canvas to the bottom and
    /// back, closed along the top: filled black and stroked 1 px red.
    static func fullHeightZigzag(_ n: Int, width: Double, height: Double) -> PresentedLayer {
        var points = (0...n).map { Point(width * Double($0) / Double(n), $0 % 2 == 0 ? 0 : height) }
        points.append(Point(width, 0))
        return Fixtures.shape("z", .polygon(points), fill: .black, stroke: Color(1, 0, 0), lineWidth: 1)
    }

    /// Full-height zigzags, filled and stroked: the stroke's outline crosses every sub-scanline
    /// about twice a segment, in nearly the same order from one sub-scanline to the next.
    /// Sorting each sub-scanline afresh (n log n: ~17 comparisons a crossing at 25,000
    /// segments) took 24 s a frame at 200x200; starting from the last order costs a few steps
    /// a crossing, whatever the count.
    @Test(arguments: [6_250, 25_000])
    func fullHeightZigzagsCostAFewStepsACrossing(segments: Int) {
        let (width, height) = (100, 8)
        let layer = BoundedRasterWorkTests.fullHeightZigzag(segments, width: Double(width), height: Double(height))
        let scene = Fixtures.scene([layer], size: Size(Double(width), Double(height)))
        let counter = WorkCounter()
        let bitmap = WorkCounter.$current.withValue(counter) { Rasterizer().render(scene, width: width, height: height) }
        // Two stroke edges a segment on each of 16 sub-scanlines a row.
        let crossings = 2 * segments * SampledScanConverter.subsamples * height
        let perCrossing = Double(counter.steps) / Double(crossings)
        #expect(perCrossing > 1, "it did draw: \(counter.steps) steps")
        #expect(perCrossing < 6, "\(counter.steps) steps for \(crossings) crossings")
        // Drawn as it should be: the stroke covers the band, the middle is red over black.
        let mid = bitmap[width / 2, height / 2]
        #expect(mid.r > 0.98 && mid.g < 0.02 && mid.b < 0.02 && mid.a > 0.98, "\(mid)")
    }
}
