import LayerLabCore
import Testing
@testable import LayerLabRaster

/// `blendMode`: a layer combined with what is drawn beneath it as the W3C compositing and
/// blending specification says. The expected colours below were worked out by hand from the
/// specification's formulas for backdrop Cb = (0.8, 0.4, 0.2) and source Cs = (0.4, 0.2, 0.6).
@Suite struct BlendModeRenderTests {
    static let backdrop = Color(0.8, 0.4, 0.2)
    static let source = Color(0.4, 0.2, 0.6)

    /// A 40x40 canvas: the backdrop box on the left 30 columns, the source box on columns 10…39
    /// in `mode`; returns the pixel where both are (20, 20), and where only the source is (35, 20).
    static func render(_ mode: BlendMode, source: Color = source, backdrop: Color = backdrop,
                       background: Color = .white, opacity: Double = 1) -> (both: Color, sourceOnly: Color, backdropOnly: Color) {
        var doc = Document()
        doc.canvas.size = Size(40, 40)
        doc.canvas.background = background
        doc.layers = [
            Layer(name: "b", kind: .layer, properties: [
                "bounds": .rect(Rect(0, 0, 30, 40)), "position": .point(Point(15, 20)), "backgroundColor": .color(backdrop),
            ]),
            Layer(name: "s", kind: .layer, properties: [
                "bounds": .rect(Rect(0, 0, 30, 40)), "position": .point(Point(25, 20)), "backgroundColor": .color(source),
                "blendMode": .string(mode.rawValue), "opacity": .number(opacity),
            ]),
        ]
        let bmp = Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 40, height: 40)
        return (bmp[20, 20], bmp[35, 20], bmp[5, 20])
    }

    static func close(_ a: Color, _ e: (Double, Double, Double, Double)) -> Bool {
        let tol = 1.5 / 255
        return abs(a.r - e.0) <= tol && abs(a.g - e.1) <= tol && abs(a.b - e.2) <= tol && abs(a.a - e.3) <= tol
    }

    static let expected: [(BlendMode, (Double, Double, Double))] = [
        (.normal, (0.4, 0.2, 0.6)),
        (.multiply, (0.32, 0.08, 0.12)),
        (.screen, (0.88, 0.52, 0.68)),
        (.overlay, (0.76, 0.16, 0.24)),
        (.darken, (0.4, 0.2, 0.2)),
        (.lighten, (0.8, 0.4, 0.6)),
        (.colorDodge, (1, 0.5, 0.5)),
        (.colorBurn, (0.5, 0, 0)),
        (.hardLight, (0.64, 0.16, 0.36)),
        (.softLight, (0.768, 0.256, 0.2496)),
        (.difference, (0.4, 0.2, 0.4)),
        (.exclusion, (0.56, 0.44, 0.56)),
        (.hue, (0.642, 0.342, 0.942)),
        (.saturation, (0.6993, 0.4327, 0.2993)),
        (.color, (0.594, 0.394, 0.794)),
        (.luminosity, (0.606, 0.206, 0.006)),
    ]

    @Test func everyBlendModeMatchesItsFormula() {
        #expect(Self.expected.map(\.0) == BlendMode.allCases.filter { $0.lottieNumber != nil })
        for (mode, e) in Self.expected {
            let px = Self.render(mode)
            #expect(Self.close(px.both, (e.0, e.1, e.2, 1)), "\(mode): \(px.both)")
            // Over white (opaque) the source alone blends with white; the backdrop alone is untouched.
            let alone = BlendMath.blend(SIMD3(1, 1, 1), SIMD3(0.4, 0.2, 0.6), mode)
            #expect(Self.close(px.sourceOnly, (Double(alone[0]), Double(alone[1]), Double(alone[2]), 1)), "\(mode) over white")
            #expect(Self.close(px.backdropOnly, (0.8, 0.4, 0.2, 1)), "\(mode) backdrop")
        }
    }

    @Test func aTranslucentSourceMixesWithItsBlend() {
        // multiply at opacity 0.5 over an opaque backdrop: 0.5·Cb + 0.5·Cb·Cs.
        let px = Self.render(.multiply, opacity: 0.5)
        #expect(Self.close(px.both, (0.56, 0.24, 0.16, 1)), "\(px.both)")
    }

    @Test func aTranslucentBackdropKeepsTheSourceWhereItIsThin() {
        // Backdrop alpha 0.6 on a clear canvas, opaque source, multiply:
        // co = cs·(1 − 0.6) + 0.6·Cb·Cs, alpha 1.
        let px = Self.render(.multiply, backdrop: Color(0.8, 0.4, 0.2, 0.6), background: .clear)
        #expect(Self.close(px.both, (0.352, 0.128, 0.312, 1)), "\(px.both)")
        // Where nothing is beneath, the source is itself.
        #expect(Self.close(px.sourceOnly, (0.4, 0.2, 0.6, 1)), "\(px.sourceOnly)")
    }

    /// The Porter–Duff operators with an opaque red destination (left) and blue source (right),
    /// on a clear canvas: (backdrop only, both, source only), nil for transparent.
    @Test(arguments: [
        (BlendMode.sourceIn, nil, Color(0, 0, 1), nil),
        (.sourceOut, nil, nil, Color(0, 0, 1)),
        (.sourceAtop, Color(1, 0, 0), Color(0, 0, 1), nil),
        (.destinationOver, Color(1, 0, 0), Color(1, 0, 0), Color(0, 0, 1)),
        (.destinationIn, nil, Color(1, 0, 0), nil),
        (.destinationOut, Color(1, 0, 0), nil, nil),
        (.destinationAtop, nil, Color(1, 0, 0), Color(0, 0, 1)),
        (.xor, Color(1, 0, 0), nil, Color(0, 0, 1)),
        (.plusLighter, Color(1, 0, 0), Color(1, 0, 1), Color(0, 0, 1)),
    ] as [(BlendMode, Color?, Color?, Color?)])
    func porterDuffOperators(_ mode: BlendMode, _ left: Color?, _ both: Color?, _ right: Color?) {
        let px = Self.render(mode, source: Color(0, 0, 1), backdrop: Color(1, 0, 0), background: .clear)
        for (got, want) in [(px.backdropOnly, left), (px.both, both), (px.sourceOnly, right)] {
            if let want {
                #expect(Self.close(got, (want.r, want.g, want.b, 1)), "\(mode): \(got), expected \(want)")
            } else {
                #expect(got.a == 0, "\(mode): \(got), expected transparent")
            }
        }
    }

    @Test func destinationOutAtHalfOpacityRemovesHalf() {
        let px = Self.render(.destinationOut, source: Color(0, 0, 1), backdrop: Color(1, 0, 0), background: .clear, opacity: 0.5)
        #expect(Self.close(px.both, (1, 0, 0, 0.5)), "\(px.both)")
    }

    @Test func normalLayersAreUntouchedByTheExtension() {
        // A layer stating blendMode=normal draws the same bytes as one that leaves it unset,
        // and keeps sharing the default box (the plain layers' fast path).
        var doc = Document()
        doc.canvas.size = Size(30, 30)
        doc.layers = [Layer(name: "a", kind: .shape, properties: [
            "path": .path(.circle(center: Point(15, 15), radius: 9)), "fillColor": .color(Color(1, 0, 0)), "opacity": .number(0.7),
        ])]
        let plain = Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 30, height: 30)
        doc.layers[0].properties["blendMode"] = .string("normal")
        doc.layers[0].properties["maskMode"] = .string("alpha")
        let scene = Evaluator(document: doc).scene(at: 0)
        #expect(scene.layers[0].boxedFieldsAreDefault)
        #expect(Rasterizer(images: ImageStore()).render(scene, width: 30, height: 30) == plain)
    }

    @Test func lottieNumbersFollowLottiesOrder() {
        #expect(BlendMode(lottieNumber: 0) == .normal && BlendMode(lottieNumber: 15) == .luminosity)
        #expect(BlendMode(lottieNumber: 10) == .difference && BlendMode(lottieNumber: 17) == nil)
        // 16 (After Effects' Add) is read as plusLighter but never written.
        #expect(BlendMode(lottieNumber: 16) == .plusLighter && BlendMode.plusLighter.lottieNumber == nil)
        #expect(BlendMode.xor.lottieNumber == nil && BlendMode.softLight.lottieNumber == 9)
    }
}
