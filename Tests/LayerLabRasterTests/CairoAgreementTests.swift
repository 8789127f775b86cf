import LayerLabCore
import PeerLibraries
import Testing
@testable import LayerLabRaster

/// LayerLab's rasterizer beside cairo on one reference scene: fills, a translucent polygon,
/// a trimmed stroke with round caps and a thin diagonal. Both use exact area coverage, so
/// the pictures must agree closely pixel by pixel.
@Suite struct CairoAgreementTests {
    static let cairo = Cairo()

    static let width = 300, height = 150
    static let crimson = Color(bytes: 220, 20, 60)

    static var scene: Scene {
        var ring = Fixtures.shape("ring", .circle(center: Point(230, 100), radius: 30), fill: .clear,
                                  stroke: crimson, lineWidth: 8)
        ring.lineCap = .round; ring.strokeEnd = 0.6
        return Fixtures.scene([
            Fixtures.shape("dot", .circle(center: Point(70, 75), radius: 50), fill: Fixtures.red,
                           stroke: Color(bytes: 0, 0, 128), lineWidth: 6),
            Fixtures.shape("tri", .polygon([Point(150, 20), Point(280, 60), Point(180, 130)]),
                           fill: Color(0, 0.6, 0, 0.7)),
            ring,
            Fixtures.shape("hair", .polyline([Point(10, 140), Point(290, 10)]), fill: .clear,
                           stroke: .black, lineWidth: 1.5),
        ], size: Size(Double(width), Double(height)))
    }

    static func cairoPixels(_ cairo: Cairo) -> [UInt8] {
        let canvas = cairo.canvas(width: width, height: height)
        canvas.draw([
            .clear(r: 1, g: 1, b: 1, a: 1),
            .arc(cx: 70, cy: 75, radius: 50, start: 0, end: 2 * Double.pi),
            .fill(r: 209 / 255, g: 42 / 255, b: 24 / 255, a: 1, keepPath: true),
            .stroke(r: 0, g: 0, b: 128 / 255, a: 1, width: 6, cap: 0, join: 0),
            .polygon([(150, 20), (280, 60), (180, 130)]),
            .fill(r: 0, g: 0.6, b: 0, a: 0.7, keepPath: false),
            .arc(cx: 230, cy: 100, radius: 30, start: 0, end: 0.6 * 2 * Double.pi),
            .stroke(r: 220 / 255, g: 20 / 255, b: 60 / 255, a: 1, width: 8, cap: 1, join: 0),
            .polyline([(10, 140), (290, 10)]),
            .stroke(r: 0, g: 0, b: 0, a: 1, width: 1.5, cap: 0, join: 0),
        ])
        return canvas.rgba()
    }

    @Test(.enabled(if: cairo != nil, "libcairo is not installed"))
    func referenceSceneAgreesWithCairo() throws {
        let ours = Rasterizer().render(Self.scene, width: Self.width, height: Self.height).pixels
        let theirs = Self.cairoPixels(try #require(Self.cairo))
        #expect(ours.count == theirs.count)
        var sum = 0, worstPixel = 0, differing = 0
        for i in stride(from: 0, to: min(ours.count, theirs.count), by: 4) {
            var d = 0
            for k in 0..<3 { d = max(d, abs(Int(ours[i + k]) - Int(theirs[i + k]))) }
            sum += d; worstPixel = max(worstPixel, d)
            if d > 0 { differing += 1 }
        }
        let mean = Double(sum) / Double(Self.width * Self.height) / 255
        #expect(mean < 0.01, "mean error \(mean * 100) % (worst pixel \(worstPixel), \(differing) pixels differ)")
        // Agreement means the same shapes, not a blank picture on both sides.
        #expect(theirs[(75 * Self.width + 70) * 4] == 209)
    }

    /// An axial and a radial gradient layer (opaque stops, so straight and premultiplied
    /// blending agree) beside cairo's linear and radial patterns with padded ends.
    @Test(.enabled(if: cairo?.hasGradients == true, "libcairo with gradient patterns is not installed"))
    func gradientsAgreeWithCairo() throws {
        let cairo = try #require(Self.cairo)
        let stops: [(Double, Color)] = [(0.1, Color(bytes: 255, 149, 0)), (0.6, Color(bytes: 47, 95, 179)), (0.9, Color(bytes: 20, 20, 20))]
        var axial = PresentedLayer(name: "axial", kind: .gradient)
        axial.bounds = Rect(0, 0, 140, 130); axial.position = Point(80, 75)
        axial.extras.gradientColors = ColorList(stops.map(\.1)); axial.extras.gradientLocations = stops.map(\.0)
        axial.extras.startPoint = Point(0, 0.2); axial.extras.endPoint = Point(1, 0.8)
        var radial = PresentedLayer(name: "radial", kind: .gradient)
        radial.bounds = Rect(0, 0, 120, 120); radial.position = Point(225, 75)
        radial.extras.gradientColors = axial.extras.gradientColors; radial.extras.gradientLocations = axial.extras.gradientLocations
        radial.extras.gradientType = .radial; radial.extras.startPoint = Point(0.5, 0.5); radial.extras.endPoint = Point(1, 1)
        let scene = Fixtures.scene([axial, radial], size: Size(Double(Self.width), Double(Self.height)))
        let ours = Rasterizer().render(scene, width: Self.width, height: Self.height).pixels
        let canvas = cairo.canvas(width: Self.width, height: Self.height)
        let cairoStops = stops.map { ($0.0, $0.1.r, $0.1.g, $0.1.b, 1.0) }
        canvas.draw([
            .clear(r: 1, g: 1, b: 1, a: 1),
            .polygon([(10, 10), (150, 10), (150, 140), (10, 140)]),
            .gradientFill(x0: 10, y0: 36, x1: 150, y1: 114, radius: 0, stops: cairoStops),
            .polygon([(165, 15), (285, 15), (285, 135), (165, 135)]),
            .gradientFill(x0: 225, y0: 75, x1: 0, y1: 0, radius: 60, stops: cairoStops),
        ])
        let theirs = canvas.rgba()
        var sum = 0, worst = 0
        for i in stride(from: 0, to: min(ours.count, theirs.count), by: 4) {
            var d = 0
            for k in 0..<3 { d = max(d, abs(Int(ours[i + k]) - Int(theirs[i + k]))) }
            sum += d; worst = max(worst, d)
        }
        let mean = Double(sum) / Double(Self.width * Self.height) / 255
        #expect(mean < 0.005 && worst <= 12, "mean error \(mean * 100) %, worst pixel \(worst)")
        // Not blank on either side: the axial start colour at its left edge.
        #expect(abs(Int(theirs[(20 * Self.width + 12) * 4]) - 255) < 3 && abs(Int(ours[(20 * Self.width + 12) * 4]) - 255) < 3)
    }
}
