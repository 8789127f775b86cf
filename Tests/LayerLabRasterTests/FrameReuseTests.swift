import LayerLabCore
import Testing
import TestSupport
@testable import LayerLabRaster

/// What a `FrameCanvas` keeps between frames (converted bytes, clip buffers, gradient tables)
/// and the composite's shortcut for masked-out pixels must not change a byte: every frame
/// equals a fresh `Rasterizer.render` of the same scene.
@Suite struct FrameReuseTests {
    /// A rounded clipping layer holding a clipping child, moved by `dx`, `dy`, beside a gradient.
    static func scene(_ dx: Double, _ dy: Double, colors: [Color] = [.white, Color(0, 0, 1, 0.5)]) -> Scene {
        var outer = Fixtures.box("o", Rect(20 + dx, 10 + dy, 90, 70), color: Color(0.9, 0.8, 0.1, 0.7))
        outer.cornerRadius = 18; outer.masksToBounds = true
        var inner = Fixtures.box("i", Rect(30, 20 - dy, 70, 60), color: Color(0.1, 0.6, 0.3, 0.8))
        inner.cornerRadius = 9; inner.masksToBounds = true
        inner.sublayers = [Fixtures.shape("c", .circle(center: Point(30, 30), radius: 28 + dx / 4), fill: Fixtures.red)]
        outer.sublayers = [inner]
        var g = PresentedLayer(name: "g", kind: .gradient)
        g.bounds = Rect(0, 0, 60, 40); g.position = Point(140 - dx, 90)
        g.extras.gradientColors = ColorList(colors)
        return Scene(time: dx, canvasSize: Size(160, 120), background: .clear, layers: [g, outer])
    }

    @Test func everyFrameOfAMovingClippedSceneIsTheFreshRender() {
        let canvas = FrameCanvas(width: 160, height: 120)
        var kept: [(Scene, Bitmap)] = []
        // Moving down, then back up past where it started: a reused clip buffer's old rows
        // must be cleared wherever the new clip does not reach.
        for (dx, dy) in [(0.0, 0.0), (5, 30), (5, 30), (11, -8), (0, 0), (23, 41), (2, -20)] {
            let scene = Self.scene(dx, dy, colors: dy > 20 ? [.black, .white] : [.white, Color(0, 0, 1, 0.5)])
            let frame = canvas.render(scene)
            let same = frame == Rasterizer().render(scene, width: 160, height: 120)
            #expect(same, "frame at \(dx), \(dy)")
            kept.append((scene, frame))
        }
        // Bitmaps handed out earlier keep their bytes while the canvas draws on.
        for (scene, frame) in kept {
            let same = frame == Rasterizer().render(scene, width: 160, height: 120)
            #expect(same)
        }
    }

    @Test func aFrameShownAgainIsTheSameBytesWithoutDrawing() {
        let canvas = FrameCanvas(width: 160, height: 120)
        let first = canvas.render(Self.scene(3, 4))
        var again = Self.scene(3, 4)
        again.time = 99
        let shownAgain = canvas.render(again) == first
        let other = canvas.render(Self.scene(9, 4)) != first
        let back = canvas.render(Self.scene(3, 4)) == first
        #expect(shownAgain && other && back)
    }

    @Test func aKeptGradientTableIsTheOneThatWouldBeBuilt() {
        let tables = GradientTables()
        let colors = [Color(1, 0, 0), Color(0, 1, 0, 0.25), .clear], at = [0, 0.3, 1.0]
        let a = tables.table(colors, at), b = tables.table(colors, at)
        #expect(tables.built == 1)
        #expect(a.map(\.bitPattern) == GradientShader.table(colors, at).map(\.bitPattern))
        #expect(b.map(\.bitPattern) == a.map(\.bitPattern))
        // Another location, or the same colours with no locations, is another table.
        let c = tables.table(colors, [0, 0.6, 1])
        _ = tables.table(colors, [])
        #expect(tables.built == 3)
        #expect(c.map(\.bitPattern) == GradientShader.table(colors, [0, 0.6, 1]).map(\.bitPattern))
        #expect(c != a)
        // The cap holds.
        for i in 0..<(GradientTables.capacity * 2) { _ = tables.table([Color(Double(i) / 100, 0, 0)], []) }
        #expect(tables.count <= GradientTables.capacity)
    }

    /// Source pixels with a mask byte of 0 (and around it): source-over and destinationOut
    /// leave those pixels untouched without the float work, destinationIn still clears them;
    /// all must be the formula's bytes.
    @Test(arguments: [BlendMode.normal, .destinationOut, .destinationIn])
    func maskedOutPixelsGiveTheFormulasBytes(_ blend: BlendMode) {
        var rng = SplitMix64(seed: 7)
        let w = 37, h = 5
        let dst = Surface(width: w, height: h), src = Surface(width: w, height: h), mask = Surface(width: w, height: h)
        for i in 0..<(w * h) {
            for c in 0..<4 { dst.px[i * 4 + c] = UInt8.random(in: 0...255, using: &rng) }
            for c in 0..<4 { src.px[i * 4 + c] = UInt8.random(in: 1...255, using: &rng) }
            mask.px[i * 4 + 3] = i % 3 == 0 ? UInt8.random(in: 0...255, using: &rng) : 0
        }
        src.markDirty(y: 0, x0: 0, x1: w)
        src.markDirty(y: h - 1, x0: 0, x1: w)
        let clip = (0..<(w * h)).map { _ in Float.random(in: 0...1, using: &rng) }
        let d = Surface(width: w, height: h)
        d.px = dst.px
        d.composite(src, opacity: 0.8, mask: mask, maskMode: .alpha, clip: clip, blend: blend)
        for i in 0..<(w * h) {
            let j = i * 4
            var want = Array(dst.px[j..<(j + 4)])
            if clip[i] > 0 {
                let so = 0.8 * (Float(mask.px[j + 3]) * (1 / 255))
                let sp = SIMD4(Float(src.px[j]), Float(src.px[j + 1]), Float(src.px[j + 2]), Float(src.px[j + 3])) * (so / 255)
                let dp = SIMD4(Float(dst.px[j]), Float(dst.px[j + 1]), Float(dst.px[j + 2]), Float(dst.px[j + 3])) * (1 / 255)
                let out = (dp + (BlendMath.composite(sp, dp, blend) - dp) * clip[i]) * 255
                want = (0..<4).map { Pixel.byte(out[$0]) }
            }
            #expect(Array(d.px[j..<(j + 4)]) == want, "\(blend) pixel \(i)")
        }
    }
}
