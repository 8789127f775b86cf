import LayerLabCore
import Testing
@testable import LayerLabRaster

/// `maskMode` (how a mask layer's pixels are read: Lottie's track mattes) and the way a list of
/// Lottie mask paths is built from ordinary layers: a mask layer whose sublayers are combined by
/// their `blendMode` (add: normal, subtract: destinationOut, intersect: destinationIn,
/// difference: xor), with their opacity, inverted through an inverted mask of their own, and
/// grown or shrunk by a stroke.
@Suite struct MaskCompositingTests {
    static let green = Color(0, 1, 0)

    static func box(_ name: String, x0: Double, x1: Double, y0: Double = 0, y1: Double = 40, color: Color = .white,
                    _ extra: [String: Value] = [:]) -> Layer {
        var props: [String: Value] = [
            "bounds": .rect(Rect(0, 0, x1 - x0, y1 - y0)), "position": .point(Point((x0 + x1) / 2, (y0 + y1) / 2)),
            "backgroundColor": .color(color),
        ]
        props.merge(extra) { $1 }
        return Layer(name: name, kind: .layer, properties: props)
    }

    /// A green 40x40 layer on white masked by `mask` (a layer named "m", drawn in the green
    /// layer's coordinates, which are the canvas's), read as `mode`.
    static func render(mask: Layer, mode: MaskMode = .alpha, extra: [Layer] = []) -> Bitmap {
        var doc = Document()
        doc.canvas.size = Size(40, 40)
        doc.layers = [box("t", x0: 0, x1: 40, color: green, ["mask": .string("m"), "maskMode": .string(mode.rawValue)]),
                      mask] + extra
        return Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 40, height: 40)
    }

    /// How much of the green layer shows at a pixel (0: white, 1: green), from its red channel.
    static func shown(_ bmp: Bitmap, _ x: Int, _ y: Int) -> Double { 1 - bmp[x, y].r }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1.5 / 255 }

    /// The mask: left half white, top right black, bottom right clear, and a mid grey strip
    /// (128/255) at the bottom left.
    static let quadrants = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
        box("white", x0: 0, x1: 20, y0: 0, y1: 30),
        box("grey", x0: 0, x1: 20, y0: 30, y1: 40, color: Color(bytes: 128, 128, 128)),
        box("black", x0: 20, x1: 40, y0: 0, y1: 20, color: .black),
    ])

    @Test(arguments: [
        // mode, shown at (white, black, clear, grey)
        (MaskMode.alpha, [1.0, 1, 0, 1]),
        (.alphaInverted, [0.0, 0, 1, 0]),
        (.luminance, [1.0, 0, 0, 128 / 255]),
        (.luminanceInverted, [0.0, 1, 1, 127 / 255]),
    ] as [(MaskMode, [Double])])
    func maskModesReadTheMaskAsNamed(_ mode: MaskMode, _ expected: [Double]) {
        let bmp = Self.render(mask: Self.quadrants, mode: mode)
        let got = [(10, 10), (30, 10), (30, 30), (10, 35)].map { Self.shown(bmp, $0.0, $0.1) }
        for (g, e) in zip(got, expected) { #expect(Self.near(g, e), "\(mode): \(got), expected \(expected)") }
    }

    @Test func aMaskWithOpacityLetsThroughThatMuch() {
        for mode in [MaskMode.alpha, .luminance] {
            var m = Layer(name: "m", kind: .layer, properties: ["opacity": .number(0.5)], sublayers: [
                Self.box("a", x0: 0, x1: 20), Self.box("b", x0: 20, x1: 40, color: .black)])
            // Opacity below 1 on a subtree of two drawings composites it once: white at half
            // alpha (luminance 0.5), black at half alpha (luminance 0).
            var bmp = Self.render(mask: m, mode: mode)
            #expect(Self.near(Self.shown(bmp, 10, 10), 0.5), "\(mode)")
            #expect(Self.near(Self.shown(bmp, 30, 10), mode == .alpha ? 0.5 : 0), "\(mode)")
            m.properties["opacity"] = .number(1)
            bmp = Self.render(mask: m, mode: mode)
            #expect(Self.near(Self.shown(bmp, 10, 10), 1), "\(mode)")
        }
    }

    /// Lottie's mask list: add x 0…30, then the second mask (x 20…40) in each mode.
    @Test(arguments: [
        // blendMode of the second, shown at x = 10, 25, 35
        (BlendMode.normal, [1.0, 1, 1]),            // add: union
        (.destinationOut, [1.0, 0, 0]),             // subtract
        (.destinationIn, [0.0, 1, 0]),              // intersect
        (.xor, [1.0, 0, 1]),                        // difference
    ] as [(BlendMode, [Double])])
    func maskPathsCombineByBlendMode(_ mode: BlendMode, _ expected: [Double]) {
        let m = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
            Self.box("first", x0: 0, x1: 30),
            Self.box("second", x0: 20, x1: 40, ["blendMode": .string(mode.rawValue)]),
        ])
        let bmp = Self.render(mask: m)
        let got = [10, 25, 35].map { Self.shown(bmp, $0, 20) }
        for (g, e) in zip(got, expected) { #expect(Self.near(g, e), "\(mode): \(got), expected \(expected)") }
    }

    @Test func aSubtractedMaskAtHalfOpacityRemovesHalf() {
        let m = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
            Self.box("first", x0: 0, x1: 30),
            Self.box("second", x0: 20, x1: 40, ["blendMode": .string("destinationOut"), "opacity": .number(0.5)]),
        ])
        let bmp = Self.render(mask: m)
        #expect(Self.near(Self.shown(bmp, 10, 20), 1) && Self.near(Self.shown(bmp, 25, 20), 0.5)
                && Self.near(Self.shown(bmp, 35, 20), 0))
    }

    /// An inverted mask path: a layer filling the masked layer's area, masked by the path
    /// inverted, in the mask list's mode. Intersecting x 0…30 with "not x 20…40" leaves 0…20.
    @Test func anInvertedMaskPathIsAnInvertedlyMaskedFill() {
        let m = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
            Self.box("first", x0: 0, x1: 30),
            Self.box("second", x0: 0, x1: 40, ["blendMode": .string("destinationIn"), "mask": .string("path2"),
                                               "maskMode": .string("alphaInverted")]),
        ])
        let path2 = Self.box("path2", x0: 20, x1: 40)
        let bmp = Self.render(mask: m, extra: [path2])
        let got = [10, 25, 35].map { Self.shown(bmp, $0, 20) }
        #expect(Self.near(got[0], 1) && Self.near(got[1], 0) && Self.near(got[2], 0), "\(got)")
    }

    /// The blend modes inside the mask act on the mask alone: the green layer's backdrop (a
    /// red stripe beneath it) is not cleared by a destinationIn in its mask.
    @Test func operatorsInsideAMaskStayInsideIt() {
        var doc = Document()
        doc.canvas.size = Size(40, 40)
        let m = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
            Self.box("first", x0: 0, x1: 30), Self.box("second", x0: 20, x1: 40, ["blendMode": .string("destinationIn")])])
        doc.layers = [Self.box("under", x0: 0, x1: 40, y0: 0, y1: 10, color: Color(1, 0, 0)),
                      Self.box("t", x0: 0, x1: 40, color: Self.green, ["mask": .string("m")]), m]
        let bmp = Rasterizer(images: ImageStore()).render(Evaluator(document: doc).scene(at: 0), width: 40, height: 40)
        #expect(bmp[5, 5] == Color(1, 0, 0))
        #expect(bmp[25, 20] == Self.green && bmp[5, 20] == .white)
    }

    /// Sublayers that blend are isolated in their superlayer: a subtracting sublayer removes
    /// its sibling's drawing, not the canvas beneath the superlayer.
    @Test func aLayerIsolatesItsBlendingSublayers() {
        var doc = Document()
        doc.canvas.size = Size(40, 40)
        doc.layers = [Layer(name: "group", kind: .layer, properties: [:], sublayers: [
            Self.box("a", x0: 0, x1: 30, color: Color(1, 0, 0)),
            Self.box("cut", x0: 20, x1: 40, ["blendMode": .string("destinationOut")]),
        ])]
        let scene = Evaluator(document: doc).scene(at: 0)
        #expect(scene.layers[0].extras.isolatesBlending)
        let bmp = Rasterizer(images: ImageStore()).render(scene, width: 40, height: 40)
        #expect(bmp[10, 20] == Color(1, 0, 0))
        #expect(bmp[25, 20] == .white && bmp[35, 20] == .white)
    }

    /// Mask expansion as the importer builds it: a positive expansion x strokes the path with
    /// width 2x (round joins) on top of its fill; a negative one subtracts that stroke.
    @Test func expansionGrowsAndShrinksThePath() {
        func shape(_ name: String, stroke: Bool, width: Double, _ extra: [String: Value] = [:]) -> Layer {
            var p: [String: Value] = ["path": .path(.rect(Rect(10, 10, 20, 20))), "lineJoin": .string("round"),
                                      "fillColor": .color(stroke ? .clear : .white)]
            if stroke { p["strokeColor"] = .color(.white); p["lineWidth"] = .number(width) }
            p.merge(extra) { $1 }
            return Layer(name: name, kind: .shape, properties: p)
        }
        var grown = shape("grown", stroke: true, width: 8)
        grown.properties["fillColor"] = .color(.white)
        let bigger = Self.render(mask: Layer(name: "m", kind: .layer, properties: [:], sublayers: [grown]))
        // Expansion 4: the square reaches from 6 to 34.
        #expect(Self.near(Self.shown(bigger, 7, 20), 1) && Self.near(Self.shown(bigger, 4, 20), 0))
        let shrunk = Layer(name: "m", kind: .layer, properties: [:], sublayers: [
            shape("fill", stroke: false, width: 0),
            shape("edge", stroke: true, width: 8, ["blendMode": .string("destinationOut")]),
        ])
        let smaller = Self.render(mask: shrunk)
        // Expansion −4: the square reaches from 14 to 26.
        #expect(Self.near(Self.shown(smaller, 12, 20), 0) && Self.near(Self.shown(smaller, 15, 20), 1)
                && Self.near(Self.shown(smaller, 20, 20), 1))
    }
}

/// A reused canvas (play, watch, GIF export) draws the same bytes as a fresh render when an
/// operator clears the canvas outside its layer and the layer moves: the cleared area counts
/// as drawn, so the background is put back over it for the next frame.
@Suite struct ClearingOperatorCanvasTests {
    @Test func aReusedCanvasMatchesFreshRenders() {
        var doc = Document()
        doc.canvas.size = Size(60, 40)
        doc.canvas.background = Color(0.2, 0.4, 0.6)
        doc.layers = [
            MaskCompositingTests.box("under", x0: 0, x1: 60, y0: 10, y1: 30, color: Color(1, 0, 0)),
            MaskCompositingTests.box("cut", x0: 0, x1: 20, ["blendMode": .string("destinationIn")]),
            Layer(name: "late", kind: .layer, properties: [
                "bounds": .rect(Rect(0, 0, 10, 10)), "position": .point(Point(50, 5)), "backgroundColor": .color(.white),
                "blendMode": .string("xor"),
            ]),
        ]
        var t = MediaTiming()
        t.duration = 1
        doc.animations = [Animation(name: "slide", layer: "cut", timing: t,
                                    body: .basic(.init(keyPath: "position.x", from: .number(10), to: .number(50))))]
        let ev = Evaluator(document: doc)
        let canvas = FrameCanvas(width: 60, height: 40)
        for time in [0.0, 0.5, 0.9, 0.3, 2] {
            let scene = ev.scene(at: time)
            let fresh = Rasterizer(images: ImageStore()).render(scene, width: 60, height: 40)
            #expect(canvas.render(scene) == fresh, "at \(time)")
        }
        // Outside the cut nothing is left but what xor drew: transparent, not the background.
        let frame = Rasterizer(images: ImageStore()).render(ev.scene(at: 0), width: 60, height: 40)
        #expect(frame[40, 20].a == 0 && frame[10, 20] == Color(1, 0, 0) && frame[50, 5] == .white)
    }
}
