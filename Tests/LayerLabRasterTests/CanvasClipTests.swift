import LayerLabCore
import Testing
@testable import LayerLabRaster

/// A clipping layer whose bounds cover the whole surface (a precomposition the size of its
/// composition) is not scan-converted into a clip: it cannot hide anything. One that falls
/// short anywhere, turns, or rounds its corners still clips.
@Suite struct CanvasClipTests {
    let context = RenderContext(width: 200, height: 100, images: ImageStore(), sampling: .linear)

    @Test func boundsOverTheWholeSurfaceNeedNoClip() {
        // A 400x200 composition drawn at half size, and a larger layer moved up and left.
        #expect(context.coversSurface(Rect(0, 0, 400, 200), radius: 0, transform: .scale(0.5, 0.5)))
        #expect(context.coversSurface(Rect(0, 0, 300, 150), radius: 0, transform: .translation(-20, -10)))
        // Flipped (a negative scale) still covers.
        #expect(context.coversSurface(Rect(0, 0, 200, 100), radius: 0,
                                      transform: AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 200, ty: 0)))
    }

    @Test func boundsShortOfTheSurfaceTurnedOrRoundedStillClip() {
        #expect(!context.coversSurface(Rect(0, 0, 199.75, 100), radius: 0, transform: .identity))
        #expect(!context.coversSurface(Rect(0.25, 0, 200, 100), radius: 0, transform: .identity))
        #expect(!context.coversSurface(Rect(0, 0, 200, 99), radius: 0, transform: .identity))
        #expect(!context.coversSurface(Rect(0, 0, 400, 400), radius: 0, transform: .rotation(0.1)))
        #expect(!context.coversSurface(Rect(0, 0, 200, 100), radius: 4, transform: .identity))
        #expect(!context.coversSurface(Rect(0, 0, 200, 100), radius: 0, transform: .scale(.nan, 1)))
    }

    @Test func aCanvasSizedClipDrawsAsNoClipAndAShortOneCuts() {
        // A red square reaching past the right edge, inside a clipping layer.
        func frame(clipWidth: Double, clips: Bool) -> Bitmap {
            var clip = Fixtures.box("clip", Rect(0, 0, clipWidth, 100), color: .clear)
            clip.masksToBounds = clips
            clip.sublayers = [Fixtures.shape("s", .rect(Rect(150, 20, 80, 60)), fill: Fixtures.red)]
            return Rasterizer().render(Scene(time: 0, canvasSize: Size(200, 100), background: .white, layers: [clip]),
                                       width: 200, height: 100)
        }
        #expect(frame(clipWidth: 200, clips: true) == frame(clipWidth: 200, clips: false))
        let short = frame(clipWidth: 190, clips: true)
        let px = { (x: Int, y: Int) in Array(short.pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 3]) }
        #expect(px(185, 50) == [209, 42, 24])
        #expect(px(195, 50) == [255, 255, 255])
    }
}
