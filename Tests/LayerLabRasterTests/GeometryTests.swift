import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Geometry checked against exact areas and lengths, not against pictures.
@Suite struct GeometryTests {
    /// Total coverage in pixels: the sum of alpha over a transparent background.
    static func coverage(_ layers: [PresentedLayer], size: Int = 200) -> Double {
        let scene = Scene(time: 0, canvasSize: Size(Double(size), Double(size)), background: .clear, layers: layers)
        let bmp = Rasterizer().render(scene, width: size, height: size)
        var sum = 0
        for i in stride(from: 3, to: bmp.pixels.count, by: 4) { sum += Int(bmp.pixels[i]) }
        return Double(sum) / 255
    }

    static func shape(_ path: Path, fill: Color = .black, stroke: Color = .clear, width: Double = 1) -> PresentedLayer {
        Fixtures.shape("s", path, fill: fill, stroke: stroke, lineWidth: width)
    }

    @Test(arguments: [10.0, 37.5, 80.0])
    func filledCircleCoversPiRSquared(radius: Double) {
        let area = Self.coverage([Self.shape(.circle(center: Point(100.3, 99.6), radius: radius))])
        let exact = Double.pi * radius * radius
        #expect(abs(area - exact) / exact < 0.005, "coverage \(area) vs \(exact)")
    }

    @Test(arguments: [LineJoin.miter, .bevel, .round])
    func strokedSquareCoversItsExactArea(join: LineJoin) {
        var l = Self.shape(.rect(Rect(40.25, 40.5, 120, 120)), fill: .clear, stroke: .black, width: 10)
        l.lineJoin = join
        let area = Self.coverage([l])
        // Outer square minus inner, then corners: miter keeps them, bevel cuts a triangle
        // of 12.5 each, round a (1 - π/4)·25 each.
        var exact = 130.0 * 130 - 110 * 110
        if join == .bevel { exact -= 4 * 12.5 }
        if join == .round { exact -= 4 * (25 - Double.pi * 25 / 4) }
        #expect(abs(area - exact) / exact < 0.01, "coverage \(area) vs \(exact)")
    }

    @Test func strokeEndHalfCoversHalfTheLength() {
        // An asymmetric open path with butt caps: coverage is length × width.
        let path = Path.polyline([Point(20, 30), Point(180, 30), Point(180, 70)])
        var half = Self.shape(path, fill: .clear, stroke: .black, width: 8)
        half.strokeEnd = 0.5
        let covered = Self.coverage([half])
        #expect(abs(covered - 100 * 8) / 800 < 0.01, "coverage \(covered)")
        #expect(abs(path.length - 200) < 1e-9)

        // An oval starts at 3 o'clock and runs clockwise on screen: its first half is the bottom.
        var ring = Self.shape(.circle(center: Point(100, 100), radius: 60), fill: .clear, stroke: .black, width: 10)
        let full = Self.coverage([ring])
        ring.strokeEnd = 0.5
        let scene = Scene(time: 0, canvasSize: Size(200, 200), background: .clear, layers: [ring])
        let bmp = Rasterizer().render(scene, width: 200, height: 200)
        var top = 0.0, bottom = 0.0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = Double(bmp.pixels[(y * 200 + x) * 4 + 3]) / 255
                if y < 100 { top += a } else { bottom += a }
            }
        }
        #expect(abs((top + bottom) / full - 0.5) < 0.01)
        #expect(top < 0.02 * bottom)
    }

    @Test func rotationByHalfPiMatchesPreRotatedShape() {
        // An L-shaped polygon, rotated by the layer, against the same polygon rotated by hand.
        let points = [Point(-40, -50), Point(10, -50), Point(10, 20), Point(45, 20), Point(45, 50), Point(-40, 50)]
        var rotated = Self.shape(.polygon(points), fill: Fixtures.red)
        rotated.position = Point(100, 100)
        rotated.rotation = Double.pi / 2
        // Rotation by +π/2 (clockwise on screen): (x, y) → (−y, x).
        var drawn = Self.shape(.polygon(points.map { Point(-$0.y, $0.x) }), fill: Fixtures.red)
        drawn.position = Point(100, 100)
        let r = Rasterizer()
        let a = r.render(Fixtures.scene([rotated]), width: 200, height: 200)
        let b = r.render(Fixtures.scene([drawn]), width: 200, height: 200)
        var worst = 0
        for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        #expect(worst <= 1)
    }

    @Test func pathTrimAndDashMeasureArcLength() {
        let lines = Path.rect(Rect(0, 0, 100, 50)).flattened(tolerance: 0.01)
        #expect(lines.count == 1 && lines[0].closed)
        #expect(abs(lines.totalLength - 300) < 1e-9)
        let trimmed = lines.stroked(start: 0.25, end: 0.5)
        #expect(abs(trimmed.totalLength - 75) < 1e-9)
        #expect(trimmed[0].points.first == Point(75, 0))
        let dashed = lines.stroked(start: 0, end: 1, dashes: [10, 20])
        #expect(dashed.count == 10)
        #expect(abs(dashed.totalLength - 100) < 1e-9)
        // Phase shifts the pattern: starting 5 into a dash leaves a 5-long first dash.
        let phased = lines.stroked(start: 0, end: 1, dashes: [10, 20], phase: 5)
        #expect(abs(phased[0].length - 5) < 1e-9)
        #expect(lines.stroked(start: 0.6, end: 0.4).isEmpty)
    }

    @Test func zeroLengthSubpathDrawsDotWithRoundCap() {
        var dot = Self.shape(Path([.move(Point(100, 100)), .line(Point(100, 100))]), fill: .clear,
                             stroke: .black, width: 20)
        dot.lineCap = .round
        let area = Self.coverage([dot])
        #expect(abs(area - Double.pi * 100) / (Double.pi * 100) < 0.01)
        dot.lineCap = .butt
        #expect(Self.coverage([dot]) == 0)
    }

    @Test func groupOpacityCompositesTheSubtreeOnce() {
        // Two overlapping opaque squares in a half-transparent group: the overlap is not darker.
        var group = PresentedLayer(name: "g", kind: .layer)
        group.opacity = 0.5
        group.sublayers = [Fixtures.box("a", Rect(20, 20, 100, 100), color: .black),
                           Fixtures.box("b", Rect(80, 80, 100, 100), color: .black)]
        let scene = Scene(time: 0, canvasSize: Size(200, 200), background: .clear, layers: [group])
        let bmp = Rasterizer().render(scene, width: 200, height: 200)
        #expect(bmp[50, 50].a == bmp[100, 100].a)
        #expect(abs(bmp[100, 100].a - 0.5) < 0.01)
    }

    /// A layer of one drawing under one filled or stroked mask is drawn through the mask's
    /// coverage instead of offscreen: the picture is the offscreen composite's, up to the
    /// rounding of the two offscreen pictures to bytes (the same layer isolated, which must go
    /// offscreen).
    @Test(arguments: [false, true])
    func aMaskedSingleDrawingMatchesTheOffscreenComposite(stroked: Bool) {
        var g = PresentedLayer(name: "g", kind: .gradient)
        g.bounds = Rect(0, 0, 160, 160); g.position = Point(100, 100); g.opacity = 0.6
        g.extras.gradientColors = ColorList([Color(1, 0, 0, 0.9), Color(0, 0.4, 1, 0.3)])
        g.extras.gradientLocations = [0, 1]
        var mask = stroked
            ? Self.shape(.circle(center: Point(70, 90), radius: 50), fill: .clear, stroke: Color(0, 0, 0, 0.7), width: 24)
            : Self.shape(.circle(center: Point(70, 90), radius: 60), fill: Color(0, 0, 0, 0.7))
        if stroked {
            mask.strokeEnd = 0.8; mask.lineCap = .round
            mask.extras.lineDashPattern = [40, 12]
        }
        mask.opacity = 0.8
        mask.position = Point(10, -5)
        g.extras.mask = [mask]
        var parent = Fixtures.box("p", Rect(30, 20, 150, 170), color: .clear)
        parent.masksToBounds = true
        parent.cornerRadius = 30
        parent.sublayers = [g]
        func render(_ layer: PresentedLayer) -> Bitmap {
            var p = parent
            p.sublayers = [layer]
            return Rasterizer().render(Scene(time: 0, canvasSize: Size(200, 200), background: Color(0.9, 0.9, 0.2, 1),
                                             layers: [p]), width: 200, height: 200)
        }
        var isolated = g
        isolated.extras.isolatesBlending = true
        let direct = render(g), offscreen = render(isolated)
        var worst = 0, total = 0, drawn = 0
        for i in direct.pixels.indices {
            let d = abs(Int(direct.pixels[i]) - Int(offscreen.pixels[i]))
            worst = max(worst, d); total += d
            if i % 4 == 0 && direct.pixels[i] != 230 { drawn += 1 }
        }
        #expect(drawn > 5000, "the masked gradient shows")
        #expect(worst <= 2, "largest difference \(worst)")
        #expect(Double(total) / Double(direct.pixels.count) < 0.2)
        // And it took no offscreen surface, where the isolated layer took two.
        func offscreens(_ layer: PresentedLayer) -> Int {
            var p = parent
            p.sublayers = [layer]
            let canvas = FrameCanvas(width: 200, height: 200)
            _ = canvas.render(Scene(time: 0, canvasSize: Size(200, 200), background: .white, layers: [p]))
            return canvas.context.offscreensBorrowed
        }
        #expect(offscreens(g) == 0)
        #expect(offscreens(isolated) == 2)   // the layer and its mask
    }

    /// A mask that holds still while other layers move is kept in the coverage cache and
    /// replayed: the frames are the very bytes of drawing each afresh.
    @Test(arguments: [false, true])
    func aStillMaskIsReplayedWithTheSameBytes(stroked: Bool) {
        var g = PresentedLayer(name: "g", kind: .gradient)
        g.bounds = Rect(0, 0, 160, 160); g.position = Point(100, 100)
        g.extras.gradientColors = ColorList([Color(1, 0, 0, 1), Color(0, 0.4, 1, 0.5)])
        g.extras.gradientLocations = [0, 1]
        g.extras.mask = [stroked
            ? Self.shape(.circle(center: Point(80, 80), radius: 50), fill: .clear, stroke: .black, width: 20)
            : Self.shape(.circle(center: Point(80, 80), radius: 60), fill: Color(0, 0, 0, 0.8))]
        func scene(_ t: Double) -> Scene {
            Scene(time: t, canvasSize: Size(200, 200), background: .white,
                  layers: [g, Fixtures.box("moving", Rect(10 + 20 * t, 170, 20, 20), color: .black)])
        }
        let canvas = FrameCanvas(width: 200, height: 200)
        for t in 0..<4 {
            let kept = canvas.render(scene(Double(t)))
            let fresh = Rasterizer().render(scene(Double(t)), width: 200, height: 200)
            #expect(kept.pixels == fresh.pixels, "frame \(t)")
        }
        #expect(canvas.context.coverageCache.hits > 0, "the mask was replayed")
    }

    @Test func maskUsesCoverageOfMaskLayer() {
        var l = Fixtures.box("m", Rect(0, 0, 200, 200), color: .black)
        var mask = Self.shape(.rect(Rect(0, 0, 100, 200)), fill: Color(0, 0, 0, 0.5))
        mask.position = .zero
        l.extras.mask = [mask]
        let scene = Scene(time: 0, canvasSize: Size(200, 200), background: .clear, layers: [l])
        let bmp = Rasterizer().render(scene, width: 200, height: 200)
        #expect(abs(bmp[50, 100].a - 0.5) < 0.01)
        #expect(bmp[150, 100].a == 0)
    }
}
