import LayerLabCore
import Testing
@testable import LayerLabRaster

/// The edges a contour leaves in the scan converter, and the bounds the rows and columns it
/// sweeps come from. A contour inside the surface takes a shortcut (no clipping, bounds from
/// its box): it must store what the general rule stores — every edge but the horizontal
/// ones, closing edge first — with the bounds of exactly those edges.
struct ScanConverterEdgeTests {
    typealias Edge = ScanConverter.Edge

    /// The general rule for a contour inside the surface, written out plainly.
    static func expectedEdges(_ points: [Point], reversed: Bool = false) -> [Edge] {
        var out: [Edge] = []
        var prev = points[points.count - 1]
        for p in points {
            let (a, b) = reversed ? (p, prev) : (prev, p)
            if a.y != b.y { out.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y)) }
            prev = p
        }
        return out
    }

    static func stored(_ scan: ScanConverter) -> (edges: [Edge], bounds: [Double]) {
        let s = scan.state.pointee
        let edges = Array(UnsafeBufferPointer(start: s.edges, count: s.edgeCount))
        return (edges, [s.minX, s.minY, s.maxX, s.maxY])
    }

    static func bounds(of edges: [Edge]) -> [Double] {
        [edges.map { min($0.x0, $0.x1) }.min()!, edges.map { min($0.y0, $0.y1) }.min()!,
         edges.map { max($0.x0, $0.x1) }.max()!, edges.map { max($0.y0, $0.y1) }.max()!]
    }

    static func same(_ a: [Edge], _ b: [Edge]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.x0 == $1.x0 && $0.y0 == $1.y0 && $0.x1 == $1.x1 && $0.y1 == $1.y1
        }
    }

    static let inside: [(String, [Point])] = [
        ("triangle", [Point(1.5, 2.25), Point(9.75, 4), Point(3, 11.5)]),
        ("triangle wound the other way", [Point(3, 11.5), Point(9.75, 4), Point(1.5, 2.25)]),
        ("rectangle on the surface's edges", [Point(0, 0), Point(40, 0), Point(40, 30), Point(0, 30)]),
        // The points between the two horizontal edges reach past every stored edge.
        ("horizontal spikes", [Point(10, 5), Point(20, 5), Point(2, 5), Point(15, 5), Point(15, 12),
                               Point(30, 20), Point(31, 20), Point(36, 20), Point(12, 14)]),
    ]

    @Test(arguments: inside.map(\.0), [false, true])
    func insideContoursStoreTheirNonHorizontalEdgesWithTheirBounds(_ name: String, reversed: Bool) {
        let points = Self.inside.first { $0.0 == name }!.1
        let scan = ScanConverter(width: 40, height: 30)
        // A normalized contour is added the other way round when it winds negatively.
        var c = Contours()
        for p in points { c.add(p) }
        c.close()
        let area = zip(points, points.dropFirst() + [points[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
        scan.add(c, transform: .identity, normalize: reversed)
        let expected = Self.expectedEdges(points, reversed: reversed && area < 0)
        let got = Self.stored(scan)
        #expect(Self.same(got.edges, expected), "\(name)")
        #expect(got.bounds == Self.bounds(of: expected), "\(name)")
    }

    @Test func aContourWithNoEdgeToStoreLeavesTheBoundsAlone() {
        let scan = ScanConverter(width: 40, height: 30)
        var c = Contours()
        for p in [Point(3, 4), Point(9, 4), Point(6, 4)] { c.add(p) }
        c.close()
        scan.add(c, transform: .identity, normalize: false)
        let got = Self.stored(scan)
        #expect(got.edges.isEmpty)
        #expect(got.bounds == [.infinity, .infinity, -.infinity, -.infinity])
    }

    /// A point that is not finite drops the edges through it, as the clipping path does.
    @Test func pointsThatAreNotFiniteDropTheirEdges() {
        for bad in [Double.nan, .infinity] {
            let points = [Point(2, 2), Point(12, 3), Point(bad, 9), Point(4, 8)]
            let scan = ScanConverter(width: 40, height: 30)
            var c = Contours()
            for p in points { c.add(p) }
            c.close()
            scan.add(c, transform: .identity, normalize: false)
            let expected = [Edge(x0: 4, y0: 8, x1: 2, y1: 2), Edge(x0: 2, y0: 2, x1: 12, y1: 3)]
            let got = Self.stored(scan)
            #expect(Self.same(got.edges, expected), "\(bad)")
            #expect(got.bounds == Self.bounds(of: expected), "\(bad)")
        }
    }
}
