import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// 3D transforms (flattened, in perspective, back faces, transformLayer depth) and shadows.
@Suite struct DepthAndShadowTests {
    static func render(_ layers: [PresentedLayer]) -> Bitmap {
        Rasterizer().render(Fixtures.scene(layers, size: Size(200, 200), background: .white), width: 200, height: 200)
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * b.width + x) * 4
        return Array(b.pixels[i..<i + 4])
    }

    /// Columns of row `y` that are not white.
    static func span(_ b: Bitmap, row y: Int) -> ClosedRange<Int>? {
        let xs = (0..<b.width).filter { pixel(b, $0, y)[0] < 128 }
        guard let lo = xs.first, let hi = xs.last else { return nil }
        return lo...hi
    }

    static let card = Fixtures.box("card", Rect(50, 50, 100, 100), color: .black)

    @Test func rotationAboutYWithoutPerspectiveNarrowsByTheCosine() {
        var c = Self.card
        c.extras.rotationY = .pi / 3
        let b = Self.render([c])
        #expect(Self.span(b, row: 100) == 75...124)   // 100 · cos 60° = 50 wide, centred
        #expect(Self.span(b, row: 60) == Self.span(b, row: 140))
    }

    @Test func perspectiveMakesTheNearEdgeTaller() {
        var stage = Fixtures.box("stage", Rect(0, 0, 200, 200), color: .clear)
        stage.extras.sublayerTransform = Transform3D.perspective(300)
        var c = Self.card
        c.extras.rotationY = .pi / 4
        stage.sublayers = [c]
        let b = Self.render([stage])
        func height(_ x: Int) -> Int { (0..<200).filter { Self.pixel(b, x, $0)[0] < 128 }.count }
        // Turning about y by +45° brings the left edge towards the viewer (z = −x sin θ > 0).
        #expect(height(70) > height(128) + 10, "left \(height(70)), right \(height(128))")
    }

    @Test func backFacesHideWhenNotDoubleSided() {
        var c = Self.card
        c.extras.rotationY = .pi * 0.75
        #expect(Self.pixel(Self.render([c]), 100, 100)[0] == 0)
        c.extras.isDoubleSided = false
        #expect(Self.pixel(Self.render([c]), 100, 100) == [255, 255, 255, 255])
    }

    @Test func transformLayerDrawsItsSublayersByDepth() {
        var t = PresentedLayer(name: "t", kind: .transformLayer)
        t.bounds = Rect(0, 0, 200, 200)
        t.position = Point(100, 100)
        var near = Fixtures.box("near", Rect(60, 60, 80, 80), color: Color(1, 0, 0))
        near.extras.translationZ = 20
        let far = Fixtures.box("far", Rect(60, 60, 80, 80), color: Color(0, 0, 1))
        t.sublayers = [near, far]   // added first, but nearer: drawn last
        #expect(Self.pixel(Self.render([t]), 100, 100) == [255, 0, 0, 255])
    }

    @Test func shadowIsOffsetBlurredAndUnderTheLayer() {
        var c = Fixtures.box("c", Rect(60, 60, 60, 60), color: Color(0, 0, 1))
        c.extras.shadowOpacity = 1
        c.extras.shadowColor = .black
        c.extras.shadowOffset = Size(20, 20)
        c.extras.shadowRadius = 0
        let hard = Self.render([c])
        #expect(Self.pixel(hard, 130, 130) == [0, 0, 0, 255])        // shadow beyond the layer
        #expect(Self.pixel(hard, 90, 90) == [0, 0, 255, 255])        // the layer on top
        #expect(Self.pixel(hard, 70, 130) == [255, 255, 255, 255])   // left of the shadow
        c.extras.shadowRadius = 10
        let soft = Self.render([c])
        let edge = Self.pixel(soft, 140, 110)[0]                       // the shadow's right edge
        #expect(edge > 90 && edge < 165, "half-covered edge \(edge)")
        #expect(Self.pixel(soft, 160, 110)[0] > 240)                  // fades out within ~2σ
    }

    @Test func blurKeepsTheTotalAndSpreads() {
        var buf = [Float](repeating: 0, count: 41 * 41)
        buf[20 * 41 + 20] = 1
        BoxBlur.blur(&buf, width: 41, height: 41, sigma: 3)
        #expect(abs(buf.reduce(0, +) - 1) < 1e-4)
        var variance: Float = 0
        for x in 0..<41 { for y in 0..<41 { variance += buf[y * 41 + x] * Float((x - 20) * (x - 20)) } }
        #expect(abs(variance.squareRoot() - 3) < 0.35, "σ \(variance.squareRoot())")
    }
}
