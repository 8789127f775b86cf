import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Hostile values draw something or nothing, but never crash or hang.
@Suite struct RobustnessTests {
    static let hostile: [Double] = [0, -1, 1e-300, 1e300, -1e300, .infinity, -.infinity, .nan]

    @Test func extremeValuesNeverCrash() {
        let r = Rasterizer()
        for v in Self.hostile {
            var s = Fixtures.shape("s", .circle(center: Point(v, 50), radius: abs(v) < 1e6 ? 40 : v),
                                   fill: Color(v, 0.5, 0.5, 1), stroke: .black, lineWidth: v)
            s.strokeEnd = v; s.extras.lineDashPattern = [v, 1]; s.extras.miterLimit = v
            s.scaleX = v; s.rotation = v; s.opacity = v
            var b = Fixtures.box("b", Rect(0, 0, v, 40), color: .black)
            b.cornerRadius = v; b.extras.borderWidth = v; b.position = Point(100, v); b.masksToBounds = true
            var t = PresentedLayer(name: "t", kind: .text)
            t.extras.string = "Hi\u{1B}[31m\u{0}é"; t.extras.fontSize = v; t.bounds = Rect(0, 0, v, v)
            var i = PresentedLayer(name: "i", kind: .image)
            i.extras.contents = "checker"; i.bounds = Rect(0, 0, v, 10); i.extras.contentsGravity = .resizeAspectFill
            i.extras.contentsRect = Rect(v, 0.5, v, abs(v))
            let scene = Fixtures.scene([s, b, t, i], size: Size(v, 200))
            _ = Rasterizer(images: Fixtures.images).render(scene, width: 64, height: 48)
            _ = r.render(Fixtures.scene([s, b, t]), width: 64, height: 48)
            _ = FrameRenderer.render(scene: scene, options: FrameOptions(columns: 20, rows: 10, mode: .braille))
        }
    }

    @Test func microscopicDashesFallBackToSolid() {
        var s = Fixtures.shape("s", .rect(Rect(10, 10, 180, 180)), fill: .clear, stroke: .black, lineWidth: 4)
        s.extras.lineDashPattern = [1e-9, 1e-9]
        let bmp = Rasterizer().render(Fixtures.scene([s]), width: 50, height: 50)
        #expect(bmp.width == 50)
    }

    @Test func degenerateSizesGiveEmptyOrTinyBitmaps() {
        let scene = Fixtures.all[0].1
        #expect(Rasterizer().render(scene, width: 0, height: 10).pixels.isEmpty)
        #expect(Rasterizer().render(scene, width: -5, height: -5).pixels.isEmpty)
        #expect(Rasterizer().render(scene, width: 1, height: 1).pixels.count == 4)
        let grid = FrameRenderer.grid(scene: scene, options: FrameOptions(columns: 0, rows: 0, mode: .blocks))
        #expect(grid.columns >= 1 && grid.rows >= 1)
    }
}
