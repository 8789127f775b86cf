import LayerLabCore
import Testing
@testable import LayerLabRaster

/// contentsRect: the layer shows one part of its contents, placed by contentsGravity (a
/// sprite sheet's cell), and samples never bleed in from the neighbouring cell.
@Suite struct ContentsRectTests {
    func image(_ rect: Rect, gravity: ContentsGravity = .resize, bounds: Rect = Rect(0, 0, 40, 40)) -> Bitmap {
        var i = PresentedLayer(name: "i", kind: .image)
        i.extras.contents = "checker"; i.extras.contentsGravity = gravity; i.extras.contentsRect = rect
        i.bounds = bounds; i.position = Point(25, 25)
        return Rasterizer(images: Fixtures.images).render(Fixtures.scene([i], size: Size(50, 50)), width: 50, height: 50)
    }

    @Test func showsOnlyThePartAskedFor() {
        // The checker's top-right quarter is all blue: every covered pixel is blue, edges included.
        let bmp = image(Rect(0.5, 0, 0.5, 0.5))
        for y in 5..<45 { for x in 5..<45 { #expect(bmp[x, y] == Fixtures.blue, "(\(x), \(y))") } }
        #expect(bmp[2, 2] == .white)
        // The whole image by default: red at the top left, blue at the top right.
        let whole = image(Rect(0, 0, 1, 1))
        #expect(whole[7, 7] == Fixtures.red && whole[42, 7] == Fixtures.blue)
    }

    @Test func gravityPlacesThePartBySize() {
        // center: the 2x2-pixel part is drawn 2x2 points in the middle of the bounds.
        let bmp = image(Rect(0, 0, 0.5, 0.5), gravity: .center)
        #expect(bmp[24, 24] == Fixtures.red && bmp[25, 25] == Fixtures.red)
        #expect(bmp[22, 22] == .white && bmp[27, 27] == .white)
    }

    @Test func beyondTheImageTheEdgePixelsExtend() {
        // A rectangle right of the image repeats its last column (B, B, R, clear).
        let bmp = image(Rect(1.5, 0, 0.5, 1))
        #expect(bmp[25, 8] == Fixtures.blue)
        let low = bmp[25, 30]
        #expect(low.r > 0.8 && low.b < 0.2, "\(low)")
    }
}
