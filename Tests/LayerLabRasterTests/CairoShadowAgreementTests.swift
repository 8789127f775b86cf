#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore
import PeerLibraries
import Testing
@testable import LayerLabRaster

/// Shadows beside cairo. Cairo has no blur, so the test builds the reference itself: cairo draws
/// each shadow's shape into an alpha surface and each layer's content on its own; the shape is
/// moved by `shadowOffset` and blurred here with a true Gaussian of standard deviation
/// `shadowRadius / 2` (Core Animation's `shadowRadius` is a blur radius; docs/layer-classes.md
/// says how LayerLab reads it); then shadow and content are composited over the background in
/// drawing order. LayerLab's frame (three box blurs for the Gaussian) must match closely.
@Suite struct CairoShadowAgreementTests {
    static let width = 300, height = 150
    static let cardColour = Color(bytes: 47, 95, 179), dotColour = Color(bytes: 220, 20, 60)
    static let dotShadow = Color(bytes: 26, 51, 153)

    /// A rounded card whose shadow comes from its background, and a disc whose shadow comes from
    /// its fill, each with its own offset, radius, colour and opacity.
    static var scene: Scene {
        var card = PresentedLayer(name: "card", kind: .layer)
        card.bounds = Rect(0, 0, 120, 80); card.position = Point(90, 70)
        card.backgroundColor = cardColour; card.cornerRadius = 12
        card.extras.shadowOpacity = 0.5; card.extras.shadowColor = .black; card.extras.shadowOffset = Size(6, 10); card.extras.shadowRadius = 8
        var dot = Fixtures.shape("dot", .circle(center: Point(225, 70), radius: 30), fill: dotColour)
        dot.extras.shadowOpacity = 0.8; dot.extras.shadowColor = dotShadow; dot.extras.shadowOffset = Size(-4, 8); dot.extras.shadowRadius = 5
        return Fixtures.scene([card, dot], size: Size(Double(width), Double(height)))
    }

    /// The card's rounded rectangle (30…150 × 30…110, corner radius 12) as a fine polygon.
    static var cardOutline: [(Double, Double)] {
        let (x0, y0, x1, y1, r) = (30.0, 30.0, 150.0, 110.0, 12.0)
        let corners = [(x1 - r, y0 + r, -Double.pi / 2), (x1 - r, y1 - r, 0.0), (x0 + r, y1 - r, Double.pi / 2),
                       (x0 + r, y0 + r, Double.pi)]
        var points: [(Double, Double)] = []
        for (cx, cy, start) in corners {
            for k in 0...32 {
                let a = start + Double(k) / 32 * Double.pi / 2
                points.append((cx + r * cos(a), cy + r * sin(a)))
            }
        }
        return points
    }

    /// One picture drawn by cairo on a transparent canvas, as straight-alpha RGBA.
    static func draw(_ cairo: Cairo, _ steps: [Cairo.Step]) -> [UInt8] {
        let canvas = cairo.canvas(width: width, height: height)
        canvas.draw([.clear(r: 0, g: 0, b: 0, a: 0)] + steps)
        return canvas.rgba()
    }

    /// The alpha of `pixels`, moved by whole pixels (dx, dy) and blurred by a Gaussian.
    static func shadowShape(_ pixels: [UInt8], dx: Int, dy: Int, sigma: Double) -> [Double] {
        var a = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let sx = x - dx, sy = y - dy
                guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
                a[y * width + x] = Double(pixels[(sy * width + sx) * 4 + 3]) / 255
            }
        }
        let r = Int((4 * sigma).rounded(.up))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ src: [Double], horizontal: Bool) -> [Double] {
            var out = [Double](repeating: 0, count: src.count)
            for y in 0..<height {
                for x in 0..<width {
                    var s = 0.0
                    for k in -r...r {
                        let xx = horizontal ? x + k : x, yy = horizontal ? y : y + k
                        guard xx >= 0, xx < width, yy >= 0, yy < height else { continue }
                        s += src[yy * width + xx] * kernel[k + r]
                    }
                    out[y * width + x] = s
                }
            }
            return out
        }
        return pass(pass(a, horizontal: true), horizontal: false)
    }

    @Test(.enabled(if: CairoAgreementTests.cairo != nil, "libcairo is not installed"))
    func shadowsAgreeWithCairoAndAGaussian() throws {
        let cairo = try #require(CairoAgreementTests.cairo)
        let card = Self.draw(cairo, [.polygon(Self.cardOutline),
                                     .fill(r: Self.cardColour.r, g: Self.cardColour.g, b: Self.cardColour.b, a: 1, keepPath: false)])
        let dot = Self.draw(cairo, [.arc(cx: 225, cy: 70, radius: 30, start: 0, end: 2 * Double.pi),
                                    .fill(r: Self.dotColour.r, g: Self.dotColour.g, b: Self.dotColour.b, a: 1, keepPath: false)])
        let cardShadow = Self.shadowShape(card, dx: 6, dy: 10, sigma: 8.0 / 2)
        let dotShadow = Self.shadowShape(dot, dx: -4, dy: 8, sigma: 5.0 / 2)
        // White, then each layer's shadow under the layer, in drawing order.
        var picture = [Double](repeating: 255, count: Self.width * Self.height * 3)
        func paint(_ colour: (Double, Double, Double), alpha: (Int) -> Double) {
            for i in 0..<(Self.width * Self.height) {
                let a = alpha(i)
                for k in 0..<3 { picture[i * 3 + k] = [colour.0, colour.1, colour.2][k] * 255 * a + picture[i * 3 + k] * (1 - a) }
            }
        }
        func layer(_ pixels: [UInt8]) {
            for i in 0..<(Self.width * Self.height) {
                let a = Double(pixels[i * 4 + 3]) / 255
                for k in 0..<3 { picture[i * 3 + k] = Double(pixels[i * 4 + k]) * a + picture[i * 3 + k] * (1 - a) }
            }
        }
        paint((0, 0, 0)) { cardShadow[$0] * 0.5 }
        layer(card)
        paint((Self.dotShadow.r, Self.dotShadow.g, Self.dotShadow.b)) { dotShadow[$0] * 0.8 }
        layer(dot)

        let ours = Rasterizer().render(Self.scene, width: Self.width, height: Self.height).pixels
        var sum = 0.0, worst = 0.0
        for i in 0..<(Self.width * Self.height) {
            var d = 0.0
            for k in 0..<3 { d = max(d, abs(Double(ours[i * 4 + k]) - picture[i * 3 + k].rounded())) }
            sum += d; worst = max(worst, d)
        }
        let mean = sum / Double(Self.width * Self.height) / 255
        #expect(mean < 0.01 && worst <= 16, "mean error \(mean * 100) %, worst pixel \(worst)")
        // Both pictures show the shadows: under the card's lower edge and the disc's, darker
        // than the background by about what the Gaussian gives.
        for (x, y) in [(96, 116), (221, 104)] {
            let i = y * Self.width + x
            let reference = picture[i * 3 + 1]
            #expect(reference < 235, "no shadow at (\(x), \(y)) in the reference: \(reference)")
            #expect(abs(Double(ours[i * 4 + 1]) - reference) < 12, "at (\(x), \(y)): \(ours[i * 4 + 1]) vs \(reference)")
        }
    }
}
