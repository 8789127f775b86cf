import LayerLabCore
import Testing
@testable import LayerLabRaster

/// `tintAmount`, `tintBlack`, `tintWhite`: After Effects' Tint. The expected colours are worked
/// out by hand: red (1, 0, 0) has Rec. 709 luminance 0.2126, so a tint from blue (0, 0, 1) to
/// yellow (1, 1, 0) maps it to (0.2126, 0.2126, 0.7874).
@Suite struct TintRenderTests {
    /// A red box (with a translucent green sublayer on its right half when `sublayer`) tinted
    /// from blue to yellow by `amount`, over white; the pixels at the left and right halves.
    static func render(amount: Double, opacity: Double = 1, alpha: Double = 1, sublayer: Bool = false,
                       midtone: Color? = nil) -> (left: Color, right: Color) {
        var doc = Document()
        doc.canvas.size = Size(40, 40)
        doc.canvas.background = .white
        var box = Layer(name: "box", kind: .layer, properties: [
            "bounds": .rect(Rect(0, 0, 40, 40)), "position": .point(Point(20, 20)),
            "backgroundColor": .color(Color(1, 0, 0, alpha)), "opacity": .number(opacity),
            "tintAmount": .number(amount), "tintBlack": .color(Color(0, 0, 1)), "tintWhite": .color(Color(1, 1, 0)),
        ])
        if let midtone { box.properties["tintMidtone"] = .color(midtone) }
        if sublayer {
            box.sublayers = [Layer(name: "half", kind: .layer, properties: [
                "bounds": .rect(Rect(0, 0, 20, 40)), "position": .point(Point(30, 20)), "backgroundColor": .color(Color(0, 1, 0)),
            ])]
        }
        doc.layers = [box]
        let bmp = Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 40, height: 40)
        return (bmp[5, 20], bmp[35, 20])
    }

    /// Red tinted to (0.2126, 0.2126, 0.7874), at half weight over white.
    static let redOverWhite = Color(0.6063, 0.6063, 0.8937)

    static func close(_ a: Color, _ r: Double, _ g: Double, _ b: Double, _ alpha: Double = 1) -> Bool {
        let tol = 1.5 / 255
        return abs(a.r - r) <= tol && abs(a.g - g) <= tol && abs(a.b - b) <= tol && abs(a.a - alpha) <= tol
    }

    @Test func fullAmountMapsLuminanceBetweenTheTwoColours() {
        let px = Self.render(amount: 1).left
        #expect(Self.close(px, 0.2126, 0.2126, 0.7874), "\(px)")
    }

    @Test func halfAmountIsHalfwayFromThePicture() {
        // Halfway from red (1, 0, 0) to (0.2126, 0.2126, 0.7874).
        let px = Self.render(amount: 0.5).left
        #expect(Self.close(px, 0.6063, 0.1063, 0.3937), "\(px)")
    }

    /// With a midtone (After Effects' Tritone), luminance 0…0.5 runs from tintBlack to it:
    /// red's 0.2126 is 0.4252 of the way from blue (0, 0, 1) to white, (0.4252, 0.4252, 1).
    @Test func aMidtoneBendsTheTintThroughIt() {
        let px = Self.render(amount: 1, midtone: .white).left
        #expect(Self.close(px, 0.4252, 0.4252, 1), "\(px)")
        // Green's 0.7152 is past the middle: 0.4304 of the way from white to yellow (1, 1, 0).
        let green = Self.render(amount: 1, sublayer: true, midtone: .white).right
        #expect(Self.close(green, 1, 1, 0.5696), "\(green)")
        // A clear midtone is none: the straight tint.
        #expect(Self.close(Self.render(amount: 1, midtone: .clear).left, 0.2126, 0.2126, 0.7874))
    }

    @Test func noAmountDrawsTheLayerAsItIs() {
        #expect(Self.close(Self.render(amount: 0).left, 1, 0, 0))
    }

    /// The tint acts on the layer's drawing with its sublayers, before its opacity.
    @Test func sublayersAreTintedAndOpacityComesAfter() {
        // Green (0, 1, 0): luminance 0.7152, mapped to (0.7152, 0.7152, 0.2848).
        let px = Self.render(amount: 1, sublayer: true).right
        #expect(Self.close(px, 0.7152, 0.7152, 0.2848), "\(px)")
        // At opacity 0.5 over white: halfway between the tinted red and white.
        let faded = Self.render(amount: 1, opacity: 0.5).left
        #expect(Self.close(faded, Self.redOverWhite.r, Self.redOverWhite.g, Self.redOverWhite.b), "\(faded)")
    }

    /// Coverage is kept: a translucent pixel is tinted in its straight colour, not darkened.
    @Test func translucentPixelsKeepTheirCoverage() {
        let px = Self.render(amount: 1, alpha: 0.5).left
        #expect(Self.close(px, Self.redOverWhite.r, Self.redOverWhite.g, Self.redOverWhite.b), "\(px)")
    }
}
