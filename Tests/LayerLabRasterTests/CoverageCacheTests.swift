import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Shapes that hold still are blended from kept coverage: a cached frame must equal an
/// uncached one byte for byte, a shape that moves must be scan-converted afresh, and the
/// kept bytes must stay under the cap.
@Suite struct CoverageCacheTests {
    /// A still logo (fill, even-odd star, dashed and trimmed strokes) beside a dot at `x`.
    static func scene(dotAt x: Double, logoAt lx: Double = 0, alpha: Double = 1) -> Scene {
        var ring = Fixtures.shape("ring", .circle(center: Point(60 + lx, 60), radius: 35), fill: Color(0.2, 0.3, 0.9, alpha),
                                  stroke: Color(1, 0.5, 0, 0.8), lineWidth: 7)
        ring.extras.lineDashPattern = [9, 4]
        var star = Fixtures.shape("star", .polygon((0..<5).map { i in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(140 + lx + 40 * cos(a), 70 + 40 * sin(a))
        }), fill: .black, stroke: Fixtures.red, lineWidth: 3)
        star.fillRule = .evenOdd
        star.strokeEnd = 0.7
        let dot = Fixtures.shape("dot", .circle(center: Point(x, 100), radius: 9), fill: Fixtures.blue)
        return Scene(time: x, canvasSize: Size(200, 120), background: .clear, layers: [ring, star, dot])
    }

    /// A key is recorded the second time it comes, and what is remembered of a key seen once
    /// does not hold on to its path: an animated path's outlines are freed frame by frame.
    @Test func keysSeenOnceDoNotKeepTheirPaths() {
        let cache = CoverageCache(width: 10)
        var path = Path.circle(center: Point(5, 5), radius: 3)
        #expect(!cache.shouldRecord(.fill(path, .identity, evenOdd: false)), "first sight: not recorded")
        // Written in place only when nothing else holds the elements (copy on write).
        func address(_ p: Path) -> UnsafeRawPointer? { p.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let before = address(path)
        path.elements[0] = path.elements[0]
        #expect(address(path) == before, "the cache keeps no reference to the path's elements")
        #expect(cache.shouldRecord(.fill(path, .identity, evenOdd: false)), "second sight: recorded")
        #expect(!cache.shouldRecord(.fill(Path.circle(center: Point(5, 5), radius: 4), .identity, evenOdd: false)))
    }

    @Test func cachedFramesAreTheUncachedBytes() {
        let canvas = FrameCanvas(width: 200, height: 120)
        for (i, x) in [10.0, 30, 50, 70, 90, 110].enumerated() {
            // The logo fades on the fourth frame: colour is not part of what is kept.
            let scene = Self.scene(dotAt: x, alpha: i == 3 ? 0.5 : 1)
            let same = canvas.render(scene) == Rasterizer().render(scene, width: 200, height: 120)
            #expect(same, "frame \(i)")
        }
        // The logo's fill and strokes were recorded on the second frame and replayed after.
        #expect(canvas.context.coverageCache.recorded >= 4)
        #expect(canvas.context.coverageCache.hits >= 4 * 3)
    }

    @Test func aShapeThatMovesIsConvertedAfresh() {
        let canvas = FrameCanvas(width: 200, height: 120)
        for (i, x) in [10.0, 30, 50, 70, 90].enumerated() {
            let scene = Self.scene(dotAt: x, logoAt: Double(i) * 3)
            let same = canvas.render(scene) == Rasterizer().render(scene, width: 200, height: 120)
            #expect(same, "frame \(i)")
        }
        #expect(canvas.context.coverageCache.hits == 0)
        #expect(canvas.context.coverageCache.count == 0)
        // Held still again, it is kept from its second frame and replayed from its third.
        for x in [20.0, 40, 60] {
            let scene = Self.scene(dotAt: x, logoAt: 40)
            let same = canvas.render(scene) == Rasterizer().render(scene, width: 200, height: 120)
            #expect(same)
        }
        #expect(canvas.context.coverageCache.hits >= 4)
    }

    @Test func theKeptBytesStayUnderTheCapLeastRecentlyUsedFirst() {
        let cache = CoverageCache(width: 100, capacity: 20_000)
        var cover = [Float](repeating: 0.5, count: 102)
        func shape(rows: Int) -> CoverageCache.Shape {
            var s = CoverageCache.Shape()
            cover.withUnsafeMutableBufferPointer { c in
                for y in 0..<rows { s.add(y: y, x0: 0, x1: 100, cover: c, runs: UnsafeBufferPointer(start: nil, count: 0)) }
            }
            return s
        }
        let keys = (0..<12).map { CoverageCache.Key.fill(.circle(center: Point(Double($0), 0), radius: 1), .identity, evenOdd: false) }
        for (i, k) in keys.enumerated() {
            cache.store(k, shape(rows: 10))
            // The first key is used again and again, so it outlives the others.
            _ = cache.shape(keys[0])
            #expect(cache.bytes <= 20_000, "after \(i + 1) shapes")
        }
        #expect(cache.count < keys.count)
        #expect(cache.shape(keys[0]) != nil)
        #expect(cache.shape(keys[1]) == nil)
        // A shape larger than the cap is not kept at all.
        cache.store(.fill(.empty, .identity, evenOdd: true), shape(rows: 60))
        #expect(cache.shape(.fill(.empty, .identity, evenOdd: true)) == nil)
        #expect(cache.bytes <= 20_000)
        #expect(CoverageCache.capacity == 16 << 20)
    }

    @Test func keysMatchOnlyTheSameShape() {
        // The fingerprint makes look-ups cheap; a match is still the whole shape.
        typealias Key = CoverageCache.Key
        let p = Path.circle(center: Point(10, 10), radius: 5), q = Path.circle(center: Point(10, 10.000001), radius: 5)
        let t = AffineTransform.scale(2, 2)
        #expect(Key.fill(p, t, evenOdd: false) == Key.fill(p, t, evenOdd: false))
        #expect(Key.fill(p, t, evenOdd: false).hashValue == Key.fill(p, t, evenOdd: false).hashValue)
        #expect(Key.fill(p, t, evenOdd: false) != Key.fill(q, t, evenOdd: false))
        #expect(Key.fill(p, t, evenOdd: false) != Key.fill(p, t, evenOdd: true))
        #expect(Key.fill(p, t, evenOdd: false) != Key.fill(p, .scale(2, 2.5), evenOdd: false))
        func stroke(_ cap: LineCap, dashes: [Double] = []) -> Key {
            .stroke(p, t, .init(halfWidth: 2, cap: cap, join: .miter, miterLimit: 4, start: 0, end: 1, dashes: dashes, phase: 0))
        }
        #expect(stroke(.round) == stroke(.round))
        #expect(stroke(.round) != stroke(.butt))
        #expect(stroke(.round) != stroke(.round, dashes: [3, 1]))
        #expect(Key.fill(p, t, evenOdd: false) != stroke(.round))
        // A cache holding one finds it again and not its neighbour.
        let cache = CoverageCache(width: 40)
        cache.store(.fill(p, t, evenOdd: false), CoverageCache.Shape())
        #expect(cache.shape(.fill(p, t, evenOdd: false)) != nil)
        #expect(cache.shape(.fill(q, t, evenOdd: false)) == nil)
    }
}
