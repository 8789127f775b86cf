import LayerLabCore
import Testing
@testable import LayerLabRaster

/// `blurRadius`: After Effects' Gaussian Blur, named as `shadowRadius` is (standard deviation
/// blurRadius / 2). The expected coverage across a blurred straight edge is the normal
/// distribution's: Φ(−d / σ) at distance d outside it, worked out by hand; three box blurs
/// approximate it to within a few hundredths.
@Suite struct BlurRenderTests {
    /// A red box over columns 40…80 of a clear 120 x 40 canvas, the full height, blurred by
    /// `radius`; drawn through a layer scaled by `scale` (its own points are `scale` pixels).
    static func render(radius: Double?, scale: Double = 1) -> Bitmap {
        var doc = Document()
        doc.canvas.size = Size(120, 40)
        doc.canvas.background = .clear
        var props: [String: Value] = [
            "bounds": .rect(Rect(0, 0, 40 / scale, 400 / scale)), "position": .point(Point(60, 20)),
            "backgroundColor": .color(Color(1, 0, 0)), "transform.scale.x": .number(scale), "transform.scale.y": .number(scale),
        ]
        if let radius { props["blurRadius"] = .number(radius) }
        doc.layers = [Layer(name: "box", kind: .layer, properties: props)]
        return Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 120, height: 40)
    }

    /// The alpha of column `x` on the middle row.
    static func alpha(_ b: Bitmap, _ x: Int) -> Double { b[x, 20].a }

    @Test func anEdgeFadesAsTheNormalDistribution() {
        // blurRadius 8: σ = 4 px. Pixel 39's centre is 0.5 px outside the edge, pixel 35's 4.5.
        let b = Self.render(radius: 8)
        let expected: [(Int, Double)] = [(20, 0), (35, 0.130), (39, 0.450), (40, 0.550), (44, 0.870), (60, 1),
                                         (79, 0.550), (80, 0.450), (84, 0.130), (100, 0)]
        for (x, a) in expected {
            #expect(abs(Self.alpha(b, x) - a) <= 0.03, "column \(x): \(Self.alpha(b, x)), expected \(a)")
        }
        // The colour is the box's wherever there is coverage: premultiplied channels blur alike.
        for x in [33, 38, 45] {
            let px = b[x, 20]
            #expect(abs(px.r - 1) <= 2.0 / 255 && px.g <= 2.0 / 255 && px.b <= 2.0 / 255, "column \(x): \(px)")
        }
        // Coverage moves; none is made or lost (the box is 40 columns wide).
        let total = (0..<120).reduce(0.0) { $0 + Self.alpha(b, $1) }
        #expect(abs(total - 40) <= 0.5, "\(total)")
    }

    @Test func theRadiusIsInTheLayersOwnPoints() {
        // Scaled by 2, a radius of 4 points is σ = 4 px again: the same picture.
        let a = Self.render(radius: 8), b = Self.render(radius: 4, scale: 2)
        for x in 0..<120 { #expect(abs(Self.alpha(a, x) - Self.alpha(b, x)) <= 1.5 / 255, "column \(x)") }
    }

    @Test func noRadiusDrawsTheLayerAsItIs() {
        #expect(Self.render(radius: 0).pixels == Self.render(radius: nil).pixels)
        #expect(Self.alpha(Self.render(radius: nil), 39) == 0)
    }
}
