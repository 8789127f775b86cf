import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Area coverage: what the scan converter promises, checked against exact areas.
@Suite struct CoverageTests {
    /// Black on white: a pixel's coverage is how dark it is.
    static func covered(_ path: Path, width: Int, height: Int, evenOdd: Bool = false) -> Double {
        var s = Fixtures.shape("p", path, fill: .black)
        s.fillRule = evenOdd ? .evenOdd : .nonZero
        let b = Rasterizer().render(Fixtures.scene([s], size: Size(Double(width), Double(height))),
                                    width: width, height: height)
        var sum = 0.0
        for i in stride(from: 0, to: b.pixels.count, by: 4) { sum += Double(255 - Int(b.pixels[i])) / 255 }
        return sum
    }

    /// The polygon clipped to a rectangle (Sutherland–Hodgman), then its area (shoelace).
    static func clippedArea(_ pts: [Point], width: Double, height: Double) -> Double {
        var poly = pts
        let planes: [(Point) -> Double] = [{ $0.x }, { width - $0.x }, { $0.y }, { height - $0.y }]
        for inside in planes {
            var out: [Point] = []
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { out.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    out.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
                }
            }
            poly = out
        }
        var area = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        return abs(area) / 2
    }

    @Test(arguments: [
        [Point(-20, 5), Point(70, 12), Point(13, 55)],           // off the left, right and bottom
        [Point(3.3, 2.7), Point(41.9, 8.1), Point(20.2, 33.6)],  // inside, at fractional positions
        [Point(25, -30), Point(90, 20), Point(-40, 35)],         // off three sides
    ])
    func coverageIsTheExactClippedArea(_ triangle: [Point]) {
        let got = Self.covered(.polygon(triangle), width: 50, height: 40)
        let want = Self.clippedArea(triangle, width: 50, height: 40)
        // Bytes round each pixel by at most half a level.
        let tolerance: Double = 50 * 40 * 0.5 / 255
        #expect(abs(got - want) <= tolerance, "covered \(got), exact \(want)")
    }

    @Test func shapesWiderThanTheSurfaceFillToItsEdges() {
        let got = Self.covered(.rect(Rect(-100, 10, 1000, 5)), width: 50, height: 40)
        #expect(got == 250)
    }

    @Test func overlappingSubpathsUnionUnderNonzero() {
        let one = Self.covered(.circle(center: Point(25, 20), radius: 12.3), width: 50, height: 40)
        var twice = Path.circle(center: Point(25, 20), radius: 12.3)
        twice.elements += Path.circle(center: Point(25, 20), radius: 12.3).elements
        // Counting the overlap twice would darken the whole rim (about 30 pixels' worth).
        #expect(abs(Self.covered(twice, width: 50, height: 40) - one) < 0.5)
    }

    @Test func selfCrossingStarFollowsEvenOdd() {
        let star = (0..<5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        }
        let nonzero = Self.covered(.polygon(star), width: 100, height: 100)
        let evenOdd = Self.covered(.polygon(star), width: 100, height: 100, evenOdd: true)
        // The inner pentagon (winding 2) is filled under nonzero and empty under even-odd.
        let r = 40 * cos(2 * Double.pi / 5) / cos(Double.pi / 5)   // inner pentagon circumradius
        let pentagon = 2.5 * r * r * sin(2 * Double.pi / 5)
        #expect(abs((nonzero - evenOdd) - pentagon) < 2, "difference \(nonzero - evenOdd), pentagon \(pentagon)")
    }
}
