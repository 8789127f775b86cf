import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// CAGradientLayer's geometry: where each type puts its colours, and how stops blend.
@Suite struct GradientRenderTests {
    static func render(_ type: GradientType, colors: [Color], locations: [Double] = [],
                       start: Point, end: Point, focalOffset: Point = .zero) -> Bitmap {
        var g = PresentedLayer(name: "g", kind: .gradient)
        g.bounds = Rect(0, 0, 100, 100)
        g.position = Point(50, 50)
        g.extras.gradientColors = ColorList(colors)
        g.extras.gradientLocations = locations
        g.extras.gradientType = type
        g.extras.startPoint = start
        g.extras.endPoint = end
        g.extras.focalOffset = focalOffset
        return Rasterizer().render(Fixtures.scene([g], size: Size(100, 100), background: .black), width: 100, height: 100)
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * b.width + x) * 4
        return b.pixels[i..<i + 4].map { Int($0) }
    }

    static func near(_ a: [Int], _ b: [Int], _ tol: Int = 2) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tol } }

    @Test func axialDefaultsRunTopToBottomEvenlySpaced() {
        // Default startPoint (0.5, 0) and endPoint (0.5, 1); three colours at 0, 0.5, 1.
        let b = Self.render(.axial, colors: [.white, Color(1, 0, 0), .black], start: Point(0.5, 0), end: Point(0.5, 1))
        #expect(Self.near(Self.pixel(b, 10, 0), [255, 253, 253, 255]))
        #expect(Self.near(Self.pixel(b, 90, 49), [255, 3, 3, 255], 3))   // pixel centre 49.5: just before red
        #expect(Self.near(Self.pixel(b, 50, 74), [128, 0, 0, 255], 3))   // half way from red to black
        // Constant across the axis.
        #expect(Self.pixel(b, 0, 30) == Self.pixel(b, 99, 30))
    }

    @Test func locationsPlaceStopsAndTheEndColoursContinue() {
        let b = Self.render(.axial, colors: [Color(1, 0, 0), Color(0, 0, 1)], locations: [0.4, 0.6],
                            start: Point(0, 0.5), end: Point(1, 0.5))
        #expect(Self.pixel(b, 10, 50) == [255, 0, 0, 255])
        #expect(Self.pixel(b, 90, 50) == [0, 0, 255, 255])
        #expect(Self.near(Self.pixel(b, 49, 50), [134, 0, 121, 255], 3))
    }

    @Test func clearStopsBlendThroughTransparentBlack() {
        // Straight (not premultiplied) blending, as CGGradient: white to clear is grey half way.
        let stops = GradientStops.stops([.white, .clear], [])
        #expect(GradientStops.color(stops, 0.5) == Color(0.5, 0.5, 0.5, 0.5))
    }

    @Test func radialReachesTheLastColourAtTheEllipseThroughEndPoint() {
        let b = Self.render(.radial, colors: [.white, .black], start: Point(0.5, 0.5), end: Point(1, 1))
        #expect(Self.near(Self.pixel(b, 50, 50), [255, 255, 255, 255], 5))
        #expect(Self.near(Self.pixel(b, 74, 49), [128, 128, 128, 255], 4))  // half the radius out
        #expect(Self.pixel(b, 99, 99) == [0, 0, 0, 255])                     // beyond the edge
    }

    /// LayerLab's focal point (Lottie's radial highlight): the first colour sits there, and the
    /// gradient still ends on the same ellipse, so the centre is a third of the way when the
    /// focus is half the radius out.
    @Test func radialFocalOffsetMovesWhereTheGradientStarts() {
        let b = Self.render(.radial, colors: [.white, .black], start: Point(0.5, 0.5), end: Point(1, 1), focalOffset: Point(0.5, 0))
        #expect(Self.near(Self.pixel(b, 75, 49), [255, 255, 255, 255], 8))
        #expect(Self.near(Self.pixel(b, 50, 49), [170, 170, 170, 255], 6))
        #expect(Self.near(Self.pixel(b, 1, 49), [0, 0, 0, 255], 8))       // the rim on the far side
        #expect(Self.pixel(b, 99, 99) == [0, 0, 0, 255])
        // A focus on or past the rim is kept just inside it: nothing undefined is drawn.
        let edge = Self.render(.radial, colors: [.white, .black], start: Point(0.5, 0.5), end: Point(1, 1), focalOffset: Point(3, 0))
        #expect(edge.pixels.count == 100 * 100 * 4)
        #expect(Self.near(Self.pixel(edge, 97, 49), [255, 255, 255, 255], 40))
    }

    @Test func conicTurnsClockwiseFromEndPoint() {
        let b = Self.render(.conic, colors: [.black, .white], start: Point(0.5, 0.5), end: Point(1, 0.5))
        // Angle 0 points right; a quarter turn clockwise (down on screen) is a quarter of the way.
        #expect(Self.near(Self.pixel(b, 50, 95), [64, 64, 64, 255], 4))
        #expect(Self.near(Self.pixel(b, 5, 50), [128, 128, 128, 255], 4))
        #expect(Self.near(Self.pixel(b, 50, 5), [191, 191, 191, 255], 4))
    }

    @Test func noColoursDrawNothing() {
        let b = Self.render(.axial, colors: [], start: Point(0.5, 0), end: Point(0.5, 1))
        #expect(Self.pixel(b, 50, 50) == [0, 0, 0, 255])
    }
}
