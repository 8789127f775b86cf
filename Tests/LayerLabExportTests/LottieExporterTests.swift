import Foundation
import LayerLabCore
import LayerLabExport
import Testing

struct LottieExporterTests {
    static let fps = 60.0

    static func reader(_ doc: Document) throws -> LottieReader {
        try LottieReader(LottieExporter.json(for: doc, fps: fps))
    }

    @Test(arguments: ExportFixtures.examplePaths)
    func isStructurallyValid(_ path: String) throws {
        let doc = try ExportFixtures.example(path)
        let lottie = try Self.reader(doc)
        for key in ["v", "fr", "ip", "op", "w", "h", "layers", "assets"] {
            #expect(lottie.root[key] != nil, "\(path): no \(key)")
        }
        #expect(lottie.root["v"] as? String == "5.7.4")
        #expect(lottie.op == max(1, (Evaluator(document: doc).sceneDuration * Self.fps).rounded()))
        #expect((lottie.root["w"] as? NSNumber)?.doubleValue == doc.canvas.size.width)
        let inds = lottie.layers.compactMap { ($0["ind"] as? NSNumber)?.intValue }
        #expect(inds.count == lottie.layers.count, "\(path): a layer without ind")
        #expect(Set(inds).count == inds.count, "\(path): ind not unique")
        for l in lottie.layers {
            let name = l["nm"] as? String ?? "?"
            let ty = (l["ty"] as? NSNumber)?.intValue ?? -1
            #expect([0, 2, 3, 4].contains(ty), "\(path) \(name): type \(ty)")
            if let parent = (l["parent"] as? NSNumber)?.intValue { #expect(inds.contains(parent), "\(path) \(name): parent missing") }
            if ty == 0 || ty == 2 {
                let assets = lottie.root["assets"] as? [[String: Any]] ?? []
                #expect(assets.contains { $0["id"] as? String == l["refId"] as? String }, "\(path) \(name): asset missing")
            }
            let ks = try #require(l["ks"] as? [String: Any])
            for k in ["a", "p", "s", "r", "o"] {
                #expect(ks[k] != nil, "\(path) \(name): ks.\(k) missing")
                Self.checkKeyframes(ks[k], op: lottie.op, "\(path) \(name) ks.\(k)")
            }
            for item in LottieReader.items(l) {
                for (k, v) in item where v is [String: Any] { Self.checkKeyframes(v, op: lottie.op, "\(path) \(name) \(k)") }
                if let it = item["it"] as? [[String: Any]] { #expect(it.last?["ty"] as? String == "tr", "\(path) \(name): group ends without tr") }
                if item["ty"] as? String == "sh" { Self.checkShape(item["ks"], "\(path) \(name)") }
            }
        }
    }

    /// Keyframe times rise strictly, within 0…op, and every keyframe has a start value.
    static func checkKeyframes(_ property: Any?, op: Double, _ what: String) {
        guard let p = property as? [String: Any], (p["a"] as? NSNumber)?.intValue == 1 else { return }
        let keys = p["k"] as? [[String: Any]] ?? []
        #expect(keys.count >= 2, "\(what): animated with \(keys.count) keyframes")
        let times = keys.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        #expect(times.count == keys.count, "\(what): keyframe without t")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(what): times not increasing")
        #expect((times.first ?? -1) >= 0 && (times.last ?? .infinity) <= op, "\(what): times outside 0…op")
        #expect(keys.allSatisfy { $0["s"] != nil }, "\(what): keyframe without s")
    }

    /// A path value has as many in and out tangents as vertices.
    static func checkShape(_ ks: Any?, _ what: String) {
        guard let p = ks as? [String: Any] else { Issue.record("\(what): sh without ks"); return }
        var shapes: [[String: Any]] = []
        if (p["a"] as? NSNumber)?.intValue == 1 {
            for k in p["k"] as? [[String: Any]] ?? [] { shapes += k["s"] as? [[String: Any]] ?? [] }
        } else if let s = p["k"] as? [String: Any] { shapes = [s] }
        #expect(!shapes.isEmpty, "\(what): empty path")
        let count = (shapes.first?["v"] as? [Any])?.count
        for s in shapes {
            let v = (s["v"] as? [Any])?.count, i = (s["i"] as? [Any])?.count, o = (s["o"] as? [Any])?.count
            #expect(v != nil && v == i && v == o && v == count, "\(what): vertex and tangent counts differ")
            #expect(s["c"] is Bool, "\(what): no c")
        }
    }

    @Test func parentingMirrorsTheLayerTree() throws {
        let lottie = try Self.reader(try ExportFixtures.example("loading-s.lab"))
        let holder = try #require(lottie.layer("holder"))
        let holderInd = (holder["ind"] as? NSNumber)?.intValue
        for name in ["oval", "triangle", "redRectangle", "blueRectangle", "arc"] {
            #expect((lottie.layer(name)?["parent"] as? NSNumber)?.intValue == holderInd, "\(name)")
        }
        #expect(lottie.layer("label")?["parent"] == nil)
        // Drawn in Core Animation's order: the first Lottie layer is on top, the canvas last.
        #expect(lottie.layers.first?["nm"] as? String == "label")
        #expect(lottie.layers.last?["nm"] as? String == "canvas background")
    }

    /// Values a player computes at sample frames match the evaluator at those times.
    @Test(arguments: [
        ("basics/02-from-to-duration.lab", "box", "position.x"),
        ("basics/03-fill-modes.lab", "backwards", "transform.scale.x"),
        ("basics/03-fill-modes.lab", "both", "transform.scale.x"),
        ("basics/04-repeat-autoreverse.lab", "b", "position.x"),
        ("basics/05-timing-curves.lab", "overshoot", "position.x"),
        ("basics/06-keyframes.lab", "hop", "position.y"),
        ("basics/06-keyframes.lab", "step", "position.x"),
        ("basics/07-springs.lab", "physics", "position.x"),
        ("basics/07-springs.lab", "uikit", "transform.scale.x"),
        ("basics/08-groups-sequence.lab", "square", "transform.rotation.z"),
        ("basics/08-groups-sequence.lab", "square", "opacity"),
        ("basics/09-stroke-start-end.lab", "ring", "strokeEnd"),
        ("basics/09-stroke-start-end.lab", "frame", "strokeStart"),
        ("basics/12-symbolic-times.lab", "dot", "position.y"),
        ("loading-s.lab", "holder", "transform.rotation.z"),
        ("loading-s.lab", "triangle", "hidden"),
        ("loading-s.lab", "redRectangle", "strokeEnd"),
    ])
    func valuesMatchTheEvaluator(_ path: String, _ layerName: String, _ keyPath: String) throws {
        let doc = try ExportFixtures.example(path)
        let evaluator = Evaluator(document: doc)
        let lottie = try Self.reader(doc)
        let layer = try #require(lottie.layer(layerName))
        let ks = try #require(layer["ks"] as? [String: Any])
        let items = LottieReader.items(layer)
        let trim = items.first { $0["ty"] as? String == "tm" }
        var frame = 0.0
        while frame <= lottie.op {
            let t = frame / Self.fps
            let v = try #require(evaluator.presentationValue(layer: layerName, keyPath: keyPath, at: t))
            let got: Double?
            let want: Double
            switch keyPath {
            case "position.x":
                got = LottieReader.value(ks["p"], at: frame)?[0]
                want = v.number! + (evaluator.presentationValue(layer: layerName, keyPath: "transform.translation.x", at: t)?.number ?? 0)
            case "position.y":
                got = LottieReader.value(ks["p"], at: frame)?[1]; want = v.number!
            case "transform.scale.x": got = LottieReader.value(ks["s"], at: frame)?[0]; want = v.number! * 100
            case "transform.rotation.z": got = LottieReader.value(ks["r"], at: frame)?[0]; want = v.number! * 180 / .pi
            case "opacity": got = LottieReader.value(ks["o"], at: frame)?[0]; want = v.number! * 100
            case "hidden": got = LottieReader.value(ks["o"], at: frame)?[0]; want = v.bool! ? 0 : 100
            case "strokeEnd": got = LottieReader.value(trim?["e"], at: frame)?[0]; want = v.number! * 100
            case "strokeStart": got = LottieReader.value(trim?["s"], at: frame)?[0]; want = v.number! * 100
            default: Issue.record("no check for \(keyPath)"); return
            }
            let g = try #require(got, "\(path) \(layerName).\(keyPath): no value at frame \(frame)")
            #expect(abs(g - want) < 0.01 * max(1, abs(want)), "\(path) \(layerName).\(keyPath) at frame \(frame): \(g) vs \(want)")
            frame += 1
        }
    }

    @Test func shapesFillsStrokesAndText() throws {
        let lottie = try Self.reader(try ExportFixtures.example("loading-s.lab"))
        let triangle = LottieReader.items(try #require(lottie.layer("triangle")))
        let stroke = try #require(triangle.first { $0["ty"] as? String == "st" })
        #expect((stroke["lc"] as? NSNumber)?.intValue == 2)
        #expect((stroke["lj"] as? NSNumber)?.intValue == 2)
        #expect(LottieReader.value(stroke["w"], at: 0) == [7])
        let fill = try #require(triangle.first { $0["ty"] as? String == "fl" })
        let c = try #require(LottieReader.value(fill["c"], at: 0))
        #expect(abs(c[0] - 0xd1 / 255.0) < 0.002 && abs(c[1] - 0x2a / 255.0) < 0.002)
        // The oval morphs with a constant structure: path keyframes of four cubic vertices.
        let oval = LottieReader.items(try #require(lottie.layer("oval")))
        let sh = try #require(oval.first { $0["ty"] as? String == "sh" }?["ks"] as? [String: Any])
        #expect((sh["a"] as? NSNumber)?.intValue == 1)
        let first = try #require((sh["k"] as? [[String: Any]])?.first?["s"] as? [[String: Any]])
        #expect((first.first?["v"] as? [Any])?.count == 4)
        // Text is stroked with the vector font: open paths and a round stroke.
        let label = LottieReader.items(try #require(lottie.layer("label")))
        #expect(label.contains { $0["ty"] as? String == "sh" })
        #expect(label.contains { $0["ty"] as? String == "st" && ($0["lc"] as? NSNumber)?.intValue == 2 })
    }

    @Test func morphsBetweenDifferentStructuresAreResampled() throws {
        let lottie = try Self.reader(try ExportFixtures.example("basics/11-path-morphing.lab"))
        TestShapes.expectAnimatedPath(try #require(lottie.layer("morph")))
    }

    @Test func notesSayWhatIsLeftOut() throws {
        // Without the image data (the caller loads it), every picture is named as left out.
        let walk = LottieExporter.export(try ExportFixtures.example("parallax-walk.lab"), options: LottieOptions())
        #expect(walk.notes.contains { $0.contains("man") && $0.contains("art/man2.txt") })
        #expect(walk.notes.contains { $0.contains("city") && $0.contains("art/skyline.txt") })
    }

    /// A layer masked by a stroked circle is drawn into a canvas-sized precomposition whose
    /// layer carries the ring as layer masks in canvas coordinates: the outer circle added, the
    /// inner one cut out, both following the animated line width.
    @Test func outlineMasksBecomeLayerMasks() throws {
        let export = LottieExporter.export(try ExportFixtures.example("basics/10-masks.lab"), options: LottieOptions())
        #expect(export.notes.isEmpty, "\(export.notes)")
        let lottie = try LottieReader(export.data)
        let stripes = try #require(lottie.layers.first { $0["nm"] as? String == "stripes (masked)" })
        #expect((stripes["ty"] as? NSNumber)?.intValue == 0 && stripes["tt"] == nil)
        #expect(stripes["hasMask"] as? Bool == true)
        let masks = try #require(stripes["masksProperties"] as? [[String: Any]])
        #expect(masks.map { $0["mode"] as? String } == ["a", "s"])
        // hole: circle r 40 at (80, 80) in stripes, whose origin is at (20, 20) on the canvas;
        // line width 10 at frame 0, 80 from 1.5 s on.
        func radius(_ mask: [String: Any], _ frame: Double) throws -> Double {
            let v = try #require(LottieReader.shapeVertices(mask["pt"], at: frame))
            return v.map { hypot($0.x - 100, $0.y - 100) }.max() ?? 0
        }
        let start = (try radius(masks[0], 0), try radius(masks[1], 0))
        let open = (try radius(masks[0], 100), try radius(masks[1], 100))
        #expect(abs(start.0 - 45) < 1e-6 && abs(start.1 - 35) < 1e-6)
        #expect(abs(open.0 - 80) < 1e-6 && abs(open.1 - 0) < 1e-6)
        // The sublayer is inside the masked precomposition, so the mask covers it too.
        let content = try #require(lottie.comp(stripes["refId"] as? String))
        #expect(content.contains { $0["nm"] as? String == "band" })
    }

    /// A mask set partway shows the whole canvas through the mask outline where it is not set.
    @Test func maskSetOnTheTimelineIsTheCanvasElsewhere() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x100 duration=2
            layer card position=(100, 50) bounds=rect(0, 0, 200, 100) backgroundColor=#3366cc
            shape spot position=(100, 50) path=circle(0, 0, 30) fillColor=black
            at 1 set card mask=spot
            """)
        let lottie = try Self.reader(doc)
        let card = try #require(lottie.layers.first { $0["nm"] as? String == "card (masked)" })
        let masks = try #require(card["masksProperties"] as? [[String: Any]])
        #expect(masks.count == 1)
        let before = try #require(LottieReader.shapeVertices(masks[0]["pt"], at: 30))
        #expect(Set(before.map { [$0.x, $0.y] }) == [[0, 0], [200, 0], [200, 100], [0, 100]])
        let after = try #require(LottieReader.shapeVertices(masks[0]["pt"], at: 90))
        #expect(after.allSatisfy { abs(hypot($0.x - 100, $0.y - 50) - 30) < 1e-6 })
    }

    /// What outlines cannot say exactly (a partly drawn stroke, a translucent fill, text) is
    /// still read through an alpha track matte.
    @Test(arguments: ["path=circle(0, 0, 30) strokeColor=black lineWidth=8 strokeEnd=0.5",
                      "path=circle(0, 0, 30) fillColor=#00000080",
                      "path=rect(-30, -30, 60, 60) strokeColor=black lineWidth=8"])
    func otherMasksStayTrackMattes(_ mask: String) throws {
        let doc = ExportFixtures.document("""
            canvas size=100x100 duration=1
            shape spot position=(50, 50) \(mask)
            layer card position=(50, 50) bounds=rect(0, 0, 100, 100) backgroundColor=#3366cc mask=spot
            """)
        let lottie = try Self.reader(doc)
        let card = try #require(lottie.layers.first { $0["nm"] as? String == "card (masked)" })
        #expect(card["masksProperties"] == nil)
        let inner = try #require(lottie.comp(card["refId"] as? String))
        #expect(inner.contains { ($0["td"] as? NSNumber)?.intValue == 1 })
        #expect(inner.contains { ($0["tt"] as? NSNumber)?.intValue == 1 })
    }

    /// A shadow is a drop-shadow effect on the layer's canvas-sized precomposition: offset and
    /// blur in canvas pixels (through a scaled superlayer), softness 2 × shadowRadius (lottie-web's
    /// Gaussian of standard deviation softness / 4 is LayerLab's radius / 2), and a note that
    /// rlottie does not draw it.
    @Test func shadowsBecomeDropShadowEffects() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=1
            layer stage position=(100, 100) bounds=rect(0, 0, 100, 100) transform.scale.x=2 transform.scale.y=2
            layer card in stage position=(50, 50) bounds=rect(0, 0, 40, 30) backgroundColor=#2f5fb3 \
                shadowOpacity=0.5 shadowOffset=6x10 shadowRadius=8
            animate card shadowRadius from=8 to=4 duration=1
            """)
        let export = LottieExporter.export(doc, options: LottieOptions())
        #expect(export.notes.contains { $0.contains("card") && $0.contains("drop-shadow") && $0.contains("rlottie") },
                "\(export.notes)")
        #expect(!export.notes.contains { $0.contains("shadowOpacity") || $0.contains("shadowRadius") }, "\(export.notes)")
        let lottie = try LottieReader(export.data)
        let card = try #require(lottie.layers.first { $0["nm"] as? String == "card (group)" })
        #expect((card["ty"] as? NSNumber)?.intValue == 0)
        let effect = try #require((card["ef"] as? [[String: Any]])?.first)
        #expect((effect["ty"] as? NSNumber)?.intValue == 25)
        let values = try #require(effect["ef"] as? [[String: Any]])
        func value(_ name: String, at frame: Double) -> [Double]? {
            LottieReader.value(values.first { $0["nm"] as? String == name }?["v"], at: frame)
        }
        #expect(value("Opacity", at: 0) == [127.5])
        let distance = try #require(value("Distance", at: 0)?.first)
        #expect(abs(distance - 2 * (36.0 + 100).squareRoot()) < 1e-3)
        let direction = try #require(value("Direction", at: 0)?.first)
        #expect(abs(direction - (atan2(10.0, 6) * 180 / Double.pi + 90)) < 1e-3)
        #expect(value("Softness", at: 0) == [32])
        // Just before the radius animation ends (radius near 4).
        let end = try #require(value("Softness", at: lottie.op - 1)?.first)
        #expect(abs(end - 16) < 0.5, "\(end)")
    }

    /// 3D without perspective reaches the screen by an affine map, so the flat Lottie layer is
    /// exact: a turn about y by 60° is a horizontal scale of 0.5; a one-sided layer turned past
    /// 90° is hidden. Perspective is drawn by a flat stand-in, said in a note and in the frames
    /// reported as approximated.
    @Test func depthFlattensToExactTransformsWithoutPerspective() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=1
            layer card position=(100, 100) bounds=rect(0, 0, 80, 60) backgroundColor=#2f5fb3 \
                transform.rotation.y=60deg
            layer face position=(50, 50) bounds=rect(0, 0, 40, 40) backgroundColor=red isDoubleSided=false
            animate face transform.rotation.y from=0 to=180deg duration=1
            """)
        let export = LottieExporter.export(doc, options: LottieOptions())
        #expect(export.notes.isEmpty, "\(export.notes)")
        #expect(export.approximatedFrames.isEmpty)
        let lottie = try LottieReader(export.data)
        let card = try #require(lottie.layer("card")?["ks"] as? [String: Any])
        let scale = try #require(LottieReader.value(card["s"], at: 0))
        #expect(abs(scale[0] - 50) < 1e-3 && abs(scale[1] - 100) < 1e-3, "\(scale)")
        let face = try #require(lottie.layer("face")?["ks"] as? [String: Any])
        #expect(LottieReader.value(face["o"], at: 12) == [100])   // 36°: facing
        #expect(LottieReader.value(face["o"], at: 48) == [0])     // 144°: turned away

        let seen = ExportFixtures.document("""
            canvas size=200x200 duration=1
            layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(400)
            layer card in stage position=(100, 100) bounds=rect(0, 0, 80, 60) backgroundColor=#2f5fb3
            animate card transform.rotation.y from=0 to=60deg duration=1
            """)
        let inPerspective = LottieExporter.export(seen, options: LottieOptions())
        #expect(inPerspective.notes.contains { $0.hasPrefix("card: seen in perspective") }, "\(inPerspective.notes)")
        #expect(!inPerspective.approximatedFrames.contains(0) && inPerspective.approximatedFrames.contains(30))
    }

    /// A transformLayer's sublayers are drawn by depth (the nearer on top, whatever the tree
    /// order); when they change depth order as it turns half way round, the export keeps the
    /// first order and says so, for the frames it holds.
    @Test func depthOrderChangesAreNoted() throws {
        let doc = ExportFixtures.document("""
            canvas size=200x200 duration=1
            transformLayer box position=(100, 100) bounds=rect(0, 0, 100, 100)
            layer near in box position=(50, 50) bounds=rect(0, 0, 60, 60) backgroundColor=red transform.translation.z=20
            layer far in box position=(50, 50) bounds=rect(0, 0, 60, 60) backgroundColor=blue transform.translation.z=-20
            animate box transform.rotation.y from=0 to=180deg duration=1
            """)
        let export = LottieExporter.export(doc, options: LottieOptions())
        #expect(export.notes.contains { $0.hasPrefix("box: its sublayers change depth order") }, "\(export.notes)")
        #expect(!export.approximatedFrames.contains(0) && export.approximatedFrames.contains(59))
        // Lottie lists layers front to back: near before far.
        let names = try LottieReader(export.data).layers.compactMap { $0["nm"] as? String }
        let near = try #require(names.firstIndex(of: "near")), far = try #require(names.firstIndex(of: "far"))
        #expect(near < far, "\(names)")
    }

    @Test func deterministic() throws {
        let doc = try ExportFixtures.example("loading-s.lab")
        #expect(LottieExporter.json(for: doc) == LottieExporter.json(for: doc))
    }
}

enum TestShapes {
    static func expectAnimatedPath(_ layer: [String: Any]) {
        let sh = LottieReader.items(layer).first { $0["ty"] as? String == "sh" }?["ks"] as? [String: Any]
        #expect((sh?["a"] as? NSNumber)?.intValue == 1)
        LottieExporterTests.checkShape(sh, "morph")
    }
}

/// The compositing extensions in a Lottie export: blend modes as `bm` on the layer's own
/// precomposition, its superlayer a precomposition too (so they blend within it), mask modes
/// as track mattes `tt`, and what Lottie cannot say named.
@Suite struct LottieCompositingExportTests {
    static let script = """
        canvas size=100x100 background=white
        layer group position=(50, 50) bounds=rect(0, 0, 100, 100)
        layer a in group position=(50, 50) bounds=rect(0, 0, 60, 60) backgroundColor=red
        layer b in group position=(70, 70) bounds=rect(0, 0, 60, 60) backgroundColor=blue blendMode=screen
        layer c in group position=(30, 70) bounds=rect(0, 0, 30, 30) backgroundColor=green blendMode=xor
        shape m path=circle(50, 50, 30) fillColor=white
        layer d position=(30, 30) bounds=rect(0, 0, 40, 40) backgroundColor=yellow mask=m maskMode=luminanceInverted
        at 0.5 set b blendMode=multiply
        """

    @Test func blendModesAndMatteModesAreWritten() throws {
        let export = LottieExporter.export(ExportFixtures.document(Self.script), options: LottieOptions())
        let lottie = try LottieReader(export.data)
        let b = try #require(lottie.layer("b (group)"))
        #expect((b["bm"] as? NSNumber)?.intValue == 2)
        #expect(lottie.layer("group (group)") != nil, "the superlayer of a blending layer is a precomposition")
        let matted = try #require(lottie.layer("d (group)"))
        #expect((matted["tt"] as? NSNumber)?.intValue == 4)
        #expect(export.notes.contains("c: blendMode xor has no Lottie blend mode, so it draws as normal"))
        #expect(export.notes.contains { $0.hasPrefix("b: ") && $0.contains("changes blendMode") })
        #expect(!export.notes.contains { $0.contains("is not exported to Lottie") }, "\(export.notes)")
    }
}
