import Foundation
import Testing
import LayerLabCore
import LayerLabExport
import LayerLabScript
@testable import LayerLabLottie

/// Gradient highlights, animated dashes and text: what players draw of them, LayerLab draws.
struct LottiePaintTextTests {
    let rect = #"{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]},"r":{"a":0,"k":0}}"#

    /// A radial gradient's highlight moves its focal point `h` percent of the radius from the
    /// centre, `a` degrees from the start→end line: LayerLab's `focalOffset`, in radii.
    @Test func radialHighlightsBecomeTheFocalOffset() throws {
        let gf = #"{"ty":"gf","nm":"Glow","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"h":{"a":0,"k":50},"a":{"a":0,"k":90},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}"#
        let r = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf)))
        let g = try #require(r.document.layer(named: "G")?.sublayers.first)
        let f = try #require(g.properties["focalOffset"]?.point)
        #expect(near(f.x, 0) && near(f.y, 0.5), "\(f)")
        #expect(!r.warnings.contains { $0.contains("highlight") }, "\(r.warnings)")
        // Without a highlight the gradient stays centred and says nothing of a focus.
        let centred = gf.replacingOccurrences(of: #""h":{"a":0,"k":50}"#, with: #""h":{"a":0,"k":0}"#)
        let plain = try imported(lottie(shapeLayer("G", shapes: rect + "," + centred))).document
        #expect(plain.layer(named: "G")?.sublayers.first?.properties["focalOffset"] == nil)
    }

    /// Opacity stops between colour stops are kept: players put a stop at every colour and
    /// every opacity offset, so a one-colour gradient can fade in and out (a ring). Colours
    /// are interpolated at opacity offsets and opacities at colour offsets.
    @Test func opacityStopsBetweenColourStopsAreKept() throws {
        // Red at 0 to blue at 1; opacity 0 at 0.2, 1 at 0.5, 0 at 0.8.
        let gf = #"{"ty":"gf","nm":"Ring","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0.2,0,0.5,1,0.8,0]}}}"#
        let d = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf))).document
        let g = try #require(d.layer(named: "G")?.sublayers.first)
        let locations = try #require(g.properties["locations"]?.list).compactMap(\.number)
        #expect(locations == [0, 0.2, 0.5, 0.8, 1])
        let colors = try #require(g.properties["colors"]?.list).compactMap(\.color)
        try #require(colors.count == 5)
        // Transparent before the first and after the last opacity stop, opaque in the middle.
        #expect(near(colors[0].a, 0) && near(colors[1].a, 0) && near(colors[4].a, 0))
        #expect(near(colors[2].a, 1) && near(colors[3].a, 0))
        // The middle stop's colour is halfway from red to blue.
        #expect(near(colors[2].r, 0.5) && near(colors[2].b, 0.5), "\(colors[2])")
        // Without opacity stops, only the colour stops, fully opaque.
        let plain = gf.replacingOccurrences(of: ",0.2,0,0.5,1,0.8,0]", with: "]")
        let p = try imported(lottie(shapeLayer("G", shapes: rect + "," + plain))).document
        let pg = try #require(p.layer(named: "G")?.sublayers.first)
        #expect(pg.properties["locations"]?.list?.compactMap(\.number) == [0, 1])
        #expect(pg.properties["colors"]?.list?.compactMap(\.color).allSatisfy { near($0.a, 1) } == true)
    }

    /// Two colour stops at one offset are a hard edge: each keeps its own colour (a striped
    /// rainbow, lottie-android's TgsWithoutOpacity.json), where interpolating at the offset
    /// gave both the first colour and the stripes ran into each other.
    @Test func colourStopsAtOneOffsetKeepTheirOwnColours() throws {
        // Red up to 0.5, blue from 0.5.
        let gf = #"{"ty":"gf","nm":"Flag","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":4,"k":{"a":0,"k":[0,1,0,0,0.5,1,0,0,0.5,0,0,1,1,0,0,1]}}}"#
        let d = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf))).document
        let g = try #require(d.layer(named: "G")?.sublayers.first)
        #expect(g.properties["locations"]?.list?.compactMap(\.number) == [0, 0.5, 0.5, 1])
        let colors = try #require(g.properties["colors"]?.list).compactMap(\.color)
        #expect(colors.map(\.r) == [1, 1, 0, 0])
        #expect(colors.map(\.b) == [0, 0, 1, 1])
    }

    /// Stop colours that move at fixed offsets, with eased keyframes, are keyed as `colors`
    /// keyframes with that easing: two keyframes, and the colour a player draws between them.
    @Test func movingStopColoursAreKeyedWithTheirEasing() throws {
        let ease = #""o":{"x":[0.4],"y":[0]},"i":{"x":[0.2],"y":[1]}"#
        let gf = #"{"ty":"gf","nm":"Sky","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,0,1],\#(ease)},{"t":10,"s":[0,0,1,0,1,1,1,1]}]}}}"#
        let d = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf))).document
        let g = try #require(d.layer(named: "G")?.sublayers.first)
        let anims = d.animations.filter { $0.layer == g.name }
        #expect(anims.map(\.keyPath) == ["colors"], "only the colours move")
        guard case .keyframes(let k)? = anims.first?.body else { Issue.record("not keyframes"); return }
        #expect(k.values.count == 2)
        let e = TimingFunction.cubic(0.4, 0, 0.2, 1)(0.3)
        let first = try #require(value(d, g.name, "colors", 0.3)?.list?.first?.color)
        #expect(near(first.r, 1 - e, 1e-6) && near(first.g, e, 1e-6), "red to green, eased: \(first)")
    }

    @Test func animatedHighlightsAnimateTheFocus() throws {
        let gf = #"{"ty":"gf","nm":"Glow","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"h":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[80]}]},"a":{"a":0,"k":0},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}"#
        let d = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf))).document
        let g = try #require(d.layer(named: "G")?.sublayers.first)
        #expect(near(value(d, g.name, "focalOffset", 0.5)?.point?.x ?? .nan, 0.4, 1e-3))
        #expect(near(value(d, g.name, "focalOffset", 2)?.point?.x ?? .nan, 0.8, 1e-3))
    }

    /// Dash lengths that change are LayerLab's animated `lineDashPattern`; a moving offset
    /// keeps its own keyframes as `lineDashPhase`. Nothing is warned as drawn fixed.
    @Test func animatedDashesAnimateThePatternAndPhase() throws {
        let st = #"{"ty":"st","nm":"Line","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4,"d":[{"n":"d","v":{"a":1,"k":[{"t":0,"s":[2],\#(linear)},{"t":10,"s":[12]}]}},{"n":"g","v":{"a":0,"k":4}},{"n":"o","v":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[20]}]}}]}"#
        let r = try imported(lottie(shapeLayer("S", shapes: rect + "," + st)))
        let d = r.document
        #expect(value(d, "S_Line", "lineDashPattern", 0) == .list([.number(2), .number(4)]))
        #expect(value(d, "S_Line", "lineDashPattern", 0.5) == .list([.number(7), .number(4)]))
        #expect(value(d, "S_Line", "lineDashPattern", 3) == .list([.number(12), .number(4)]))
        #expect(near(number(d, "S_Line", "lineDashPhase", 0.5), 10))
        #expect(!r.warnings.contains { $0.contains("dashes") }, "\(r.warnings)")
    }

    /// Lottie dashes a trimmed stroke from where the trim starts; LayerLab lays dashes on the
    /// whole path, so the phase moves back by the trim's start along the outline.
    @Test func dashesStartWhereTheTrimStarts() throws {
        let st = #"{"ty":"st","nm":"Line","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4,"d":[{"n":"d","v":{"a":0,"k":5}},{"n":"g","v":{"a":0,"k":5}},{"n":"o","v":{"a":0,"k":0}}]}"#
        let tm = #"{"ty":"tm","s":{"a":0,"k":25},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        // The rectangle is 60 long: the stretch starts 15 in, one and a half dashes.
        let d = try imported(lottie(shapeLayer("S", shapes: [rect, st, tm].joined(separator: ",")))).document
        #expect(near(number(d, "S_Line", "lineDashPhase", 0), 5))
        #expect(near(number(d, "S_Line", "strokeStart", 0), 0.25))
        // Moving the start moves the dashes with it.
        let moving = tm.replacingOccurrences(of: #""s":{"a":0,"k":25}"#, with: #""s":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[50]}]}"#)
        let m = try imported(lottie(shapeLayer("S", shapes: [rect, st, moving].joined(separator: ",")))).document
        #expect(near(number(m, "S_Line", "lineDashPhase", 0), 0))
        #expect(near(number(m, "S_Line", "lineDashPhase", 0.2), 4))   // 10 % of 60 = 6 in: phase −6 → 4
    }

    /// The same for a gradient stroke, whose stroke is the gradient's mask.
    @Test func gradientStrokeDashesStartWhereTheTrimStarts() throws {
        let gs = #"{"ty":"gs","nm":"Line","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4,"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"d":[{"n":"d","v":{"a":0,"k":5}},{"n":"g","v":{"a":0,"k":5}},{"n":"o","v":{"a":0,"k":0}}]}"#
        let tm = #"{"ty":"tm","s":{"a":0,"k":25},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        let d = try imported(lottie(shapeLayer("S", shapes: [rect, gs, tm].joined(separator: ",")))).document
        #expect(near(number(d, "S_Line", "lineDashPhase", 0), 5))
        #expect(near(number(d, "S_Line", "strokeStart", 0), 0.25))
    }

    /// LayerLab's focal point and animated dash pattern go out to Lottie as a highlight and
    /// keyframed dashes, and come back as they were.
    @Test func focalOffsetsAndDashAnimationsRoundTripThroughLottie() throws {
        var session = Session()
        let script = """
            canvas size=100x100 duration=1
            gradient glow position=(50, 50) bounds=rect(0, 0, 40, 40) type=radial colors=[white, black] \
                startPoint=(0.5, 0.5) endPoint=(1, 0.5) focalOffset=(0, 0.5)
            shape ring position=(50, 50) path=circle(0, 0, 30) fillColor=clear strokeColor=black lineWidth=2 \
                lineDashPattern=[4, 4]
            animate ring lineDashPattern to=[12, 4] duration=1 fillMode=forwards removedOnCompletion=false
            """
        #expect(session.runScript(script, name: "t.lab").diagnostic == nil)
        let export = LottieExporter.export(session.document, options: LottieOptions(fps: 10))
        #expect(!export.notes.contains { $0.contains("focalOffset") || $0.contains("lineDash") }, "\(export.notes)")
        let back = try imported(export.data).document
        var focus: Point?
        var dashes: [Value] = []
        func all(_ ls: [Layer]) -> [Layer] { ls.flatMap { [$0] + all($0.sublayers) } }
        for l in all(back.layers) {
            if let f = l.properties["focalOffset"]?.point { focus = f }
            if l.properties["lineDashPattern"] != nil {
                dashes = [0.0, 0.5, 1].compactMap { value(back, l.name, "lineDashPattern", $0) }
            }
        }
        let f = try #require(focus)
        #expect(near(f.x, 0, 1e-3) && near(f.y, 0.5, 1e-3), "\(f)")
        #expect(dashes == [.list([.number(4), .number(4)]), .list([.number(8), .number(4)]), .list([.number(12), .number(4)])], "\(dashes)")
    }

    /// Glyphs for A and B, 50 wide at size 100, each a 40×40 square above the baseline.
    static let chars: String = {
        func glyph(_ c: String) -> String {
            #"{"ch":"\#(c)","size":100,"style":"Regular","w":50,"fFamily":"Sans","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[40,0],[40,-40],[0,-40]],"c":true}}}]}]}}"#
        }
        return "[" + glyph("A") + "," + glyph("B") + "]"
    }()

    func textFile(_ documents: String, animators: String = "[]", fonts: Bool = true, ascent: Double = 0) -> Data {
        let layer = #"{"ty":5,"nm":"T","ind":1,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":\#(documents)},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":\#(animators)}}"#
        let text = String(decoding: lottie(layer), as: UTF8.self).dropLast()
        let extra = fonts ? #","fonts":{"list":[{"fName":"Sans-Regular","fFamily":"Sans","fStyle":"Regular","ascent":\#(ascent)}]},"chars":\#(Self.chars)}"# : "}"
        return Data((text + extra).utf8)
    }

    func doc(_ s: String, at t: Double, extra: String = "") -> String {
        #"{"t":\#(t),"s":{"s":10,"f":"Sans-Regular","t":"\#(s)","j":0,"tr":0,"lh":12,"ls":0,"fc":[1,0,0]\#(extra)}}"#
    }

    /// Each text document is shown from its keyframe until the next one, as players hold it.
    @Test func textDocumentKeyframesChangeTheTextAtTheirTimes() throws {
        let r = try imported(textFile("[" + doc("A", at: 0) + "," + doc("BB", at: 10) + "]"))
        let d = r.document
        let t = try #require(d.layer(named: "T"))
        #expect(t.sublayers.map(\.name) == ["T_text_1", "T_text_2"])
        func shown(_ name: String, _ time: Double) -> Bool { value(d, name, "hidden", time) == .bool(false) }
        #expect(shown("T_text_1", 0.5) && !shown("T_text_2", 0.5))
        #expect(!shown("T_text_1", 1.5) && shown("T_text_2", 1.5))
        #expect(!shown("T_text_1", 5) && shown("T_text_2", 5))
        // The second document is two glyphs, the first 5 points on (50 at size 10).
        let glyphs = try #require(d.layer(named: "T_text_2")?.sublayers.first?.properties["path"]?.pathValue)
        #expect(glyphs.controlBounds.map { near($0.minX, 0) && near($0.maxX, 9) } == true, "\(String(describing: glyphs.controlBounds))")
        #expect(!r.warnings.contains { $0.contains("first text") }, "\(r.warnings)")
    }

    /// Bodymovin before 4.4.14 wrote the document itself as `t.d`; it reads as one document
    /// from 0, as lottie-web upgrades it. A current file written that way has no documents.
    @Test func oldFilesUnkeyedTextDocumentIsTheDocumentFromZero() throws {
        func file(version: String) -> Data {
            let keyed = String(decoding: textFile("[" + doc("AB", at: 0) + "]"), as: UTF8.self)
            let plain = doc("AB", at: 0).dropFirst(#"{"t":0.0,"s":"#.count).dropLast()
            let text = keyed.replacingOccurrences(of: #""d":{"k":["# + doc("AB", at: 0) + "]}", with: #""d":"# + plain)
                .replacingOccurrences(of: #""v":"5.7.4""#, with: #""v":"\#(version)""#)
            return Data(text.utf8)
        }
        let old = try imported(file(version: "4.4.9")).document
        let glyphs = try #require(old.layer(named: "T")?.sublayers.first?.properties["path"]?.pathValue)
        #expect(glyphs.controlBounds.map { near($0.minX, 0) && near($0.maxX, 9) } == true, "\(String(describing: glyphs.controlBounds))")
        var reader = LottieReader()
        let model = try reader.read(Array(file(version: "4.4.9")))
        #expect(model.layers.first?.text?.documents.map(\.document.string) == ["AB"])
        #expect(model.layers.first?.text?.documents.first?.time == 0)
        let current = try reader.read(Array(file(version: "4.4.14")))
        #expect(current.layers.first?.text?.documents.isEmpty == true)
    }

    /// A paragraph (`sz`, `ps`) wraps at its box's width, breaking at a space, centres each
    /// line in the box and hangs from the box's corner, the first baseline an ascent below it.
    @Test func paragraphTextWrapsInItsBox() throws {
        let box = #","sz":[12,50],"ps":[-6,-20]"#
        let d = try imported(textFile("[" + doc("AB AB", at: 0, extra: box).replacingOccurrences(of: #""j":0"#, with: #""j":2"#) + "]",
                                      ascent: 80)).document
        let path = try #require(d.layer(named: "T")?.sublayers.first?.properties["path"]?.pathValue)
        // Two lines of two 4-point squares, 5 apart, centred in 12: x from −5 to 4; the first
        // baseline at −20 + 8, the second 12 (lh) lower.
        let b = try #require(path.controlBounds)
        #expect(near(b.minX, -5) && near(b.maxX, 4), "\(b)")
        #expect(near(b.minY, -16) && near(b.maxY, 0), "\(b)")
        let wrapped = LottieConverter.wrapped(Array("AB AB"), width: 12, tracking: 0) { $0 == " " ? 0 : 5 }
        #expect(String(wrapped) == "AB\rAB")
        // A word longer than the box breaks inside it rather than never ending.
        #expect(String(LottieConverter.wrapped(Array("AAAA"), width: 12, tracking: 0) { _ in 5 }) == "AA\rAA")
    }

    /// The text's stroke (`sc`, `sw`) is drawn, above the fill when `of` says so.
    @Test func textStrokesArePaintedInTheirOrder() throws {
        let over = try imported(textFile("[" + doc("A", at: 0, extra: #","sc":[0,0,1],"sw":2,"of":true"#) + "]")).document
        let layers = try #require(over.layer(named: "T")?.sublayers)
        #expect(layers.map { $0.properties["strokeColor"] != nil } == [false, true])
        #expect(layers[1].properties["lineWidth"] == .number(2))
        #expect(layers[1].properties["strokeColor"] == .color(Color(0, 0, 1)))
        let under = try imported(textFile("[" + doc("A", at: 0, extra: #","sc":[0,0,1],"sw":2,"of":false"#) + "]")).document
        #expect(try #require(under.layer(named: "T")?.sublayers).map { $0.properties["strokeColor"] != nil } == [true, false])
    }

    /// Bodymovin before 4.7.99 wrote a glyph twice: first with absolute tangents, then with
    /// relative ones shifted right by its width. Only the first is drawn, its tangents made
    /// relative; a newer file's glyph keeps every group and its tangents as written.
    @Test func oldBodymovinGlyphsDrawTheirFirstOutlineWithAbsoluteTangents() throws {
        // A 40×40 square whose handles sit on its corners, written absolute (= the vertices) and
        // again relative (zeros) 50 to the right, as 4.x exporters did.
        let v = "[[0,0],[40,0],[40,-40],[0,-40]]", moved = "[[50,0],[90,0],[90,-40],[50,-40]]", zeros = "[[0,0],[0,0],[0,0],[0,0]]"
        func group(_ i: String, _ o: String, _ v: String) -> String {
            #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"i":\#(i),"o":\#(o),"v":\#(v),"c":true}}}]}"#
        }
        let glyph = #"{"ch":"A","size":100,"style":"Regular","w":50,"fFamily":"Sans","data":{"shapes":["#
            + group(v, v, v) + "," + group(zeros, zeros, moved) + "]}}"
        func outline(version: String) throws -> Rect {
            let file = String(decoding: textFile("[" + doc("A", at: 0) + "]"), as: UTF8.self)
                .replacingOccurrences(of: #""v":"5.7.4""#, with: #""v":"\#(version)""#)
                .replacingOccurrences(of: Self.chars, with: "[" + glyph + "]")
            let d = try imported(Data(file.utf8)).document
            return try #require(d.layer(named: "T")?.sublayers.first?.properties["path"]?.pathValue?.controlBounds)
        }
        // At size 10: the first square only, 0…4 wide and tall, its handles on its corners.
        let old = try outline(version: "4.6.3")
        #expect(near(old.minX, 0) && near(old.maxX, 4) && near(old.minY, -4) && near(old.maxY, 0), "\(old)")
        // From 4.7.99 on, tangents are relative: both groups, the first one's handles far out.
        let new = try outline(version: "4.7.99")
        #expect(near(new.maxX, 9) && near(new.minY, -8), "\(new)")
        // The reader upgrades the glyph, so the typed model is the same whatever the version:
        // one group, its tangents relative (the corners' handles at zero).
        var reader = LottieReader()
        let oldFile = String(decoding: textFile("[" + doc("A", at: 0) + "]"), as: UTF8.self)
            .replacingOccurrences(of: #""v":"5.7.4""#, with: #""v":"4.6.3""#)
            .replacingOccurrences(of: Self.chars, with: "[" + glyph + "]")
        let model = try reader.read(Array(oldFile.utf8))
        let shapes = try #require(model.chars.first?.shapes)
        #expect(shapes.count == 1)
        guard case .group(let items)? = shapes.first?.item, case .path(let ks, _)? = items.first?.item,
              let outline = ks?.value(at: 0)?.shape else { Issue.record("no outline in \(shapes)"); return }
        #expect(outline.inTangents.allSatisfy { $0 == [0, 0] } && outline.outTangents.allSatisfy { $0 == [0, 0] }, "\(outline)")
        #expect(LottieGlyph.writesAbsoluteTangents("4.6.3") && LottieGlyph.writesAbsoluteTangents("4.7.9"))
        #expect(!LottieGlyph.writesAbsoluteTangents("4.10.1") && !LottieGlyph.writesAbsoluteTangents("5.1.1")
                && !LottieGlyph.writesAbsoluteTangents("") && !LottieGlyph.writesAbsoluteTangents("x"))
    }

    /// lottie-web's range selector: how much of each character an animator takes.
    @Test func rangeSelectorsShareAsLottieWebDoes() {
        var a = LottieTextAnimator()
        a.end = LottieProperty(value: .numbers([50]))
        // Square, percent of 4 characters: the first two wholly, the others not at all.
        #expect((0..<4).map { a.share(index: Double($0), total: 4, at: 0) } == [1, 1, 0, 0])
        // An offset of 25 % moves the range one character on.
        a.offset = LottieProperty(value: .numbers([25]))
        #expect((0..<4).map { a.share(index: Double($0), total: 4, at: 0) } == [0, 1, 1, 0])
        // Ramp up over the whole text: a half step per character, centred.
        var ramp = LottieTextAnimator()
        ramp.shape = 2
        #expect((0..<4).map { ramp.share(index: Double($0), total: 4, at: 0) } == [0.125, 0.375, 0.625, 0.875])
        // The amount scales it; index units count characters.
        ramp.amount = LottieProperty(value: .numbers([50]))
        #expect(ramp.share(index: 3, total: 4, at: 0) == 0.4375)
        var index = LottieTextAnimator()
        index.indexUnits = true
        index.start = LottieProperty(value: .numbers([1]))
        index.end = LottieProperty(value: .numbers([2]))
        #expect((0..<4).map { index.share(index: Double($0), total: 4, at: 0) } == [0, 1, 0, 0])
    }

    /// An animator fading and lifting characters as its selector's start sweeps across them:
    /// each character becomes a layer, its opacity and place sampled each frame.
    @Test func textAnimatorsMoveAndFadeEachCharacter() throws {
        let animator = #"[{"nm":"In","s":{"t":0,"xe":{"a":0,"k":0},"ne":{"a":0,"k":0},"a":{"a":0,"k":100},"b":1,"rn":0,"sh":1,"s":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[100]}]},"r":1},"a":{"o":{"a":0,"k":0},"p":{"a":0,"k":[0,20,0]}}}]"#
        let r = try imported(textFile("[" + doc("AB", at: 0) + "]", animators: animator))
        let d = r.document
        let t = try #require(d.layer(named: "T"))
        #expect(t.sublayers.map(\.name) == ["T_char_A", "T_char_B"])
        // Frame 0: both selected, hidden and 20 points down; frame 5: A let go, B still held.
        #expect(near(number(d, "T_char_A", "opacity", 0), 0) && near(number(d, "T_char_B", "opacity", 0), 0))
        #expect(near(number(d, "T_char_A", "opacity", 0.5), 1) && near(number(d, "T_char_B", "opacity", 0.5), 0))
        #expect(near(number(d, "T_char_B", "opacity", 1.5), 1))
        // Each turns about its centre on the baseline: A's is 2.5 points in, B's 5 further on.
        #expect(value(d, "T_char_A", "position", 0.5) == .point(Point(2.5, 0)))
        #expect(value(d, "T_char_B", "position", 0.5) == .point(Point(7.5, 20)))
        #expect(!r.warnings.contains { $0.contains("animat") }, "\(r.warnings)")
    }

    /// A randomized selector (`rn` 1) takes the characters in a shuffled order, the same at
    /// every import: the first half of eight characters is four of them, not A…A B…B in order.
    @Test func randomizedSelectorsTakeAFixedShuffledOrder() throws {
        let animator = #"[{"s":{"t":0,"a":{"a":0,"k":100},"b":1,"rn":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":50},"r":1},"a":{"o":{"a":0,"k":0}}}]"#
        func hidden() throws -> [Bool] {
            let d = try imported(textFile("[" + doc("AAAABBBB", at: 0) + "]", animators: animator)).document
            let letters = try #require(d.layer(named: "T")?.sublayers)
            return letters.map { ($0.properties["opacity"]?.number ?? 1) < 0.5 }
        }
        let first = try hidden()
        #expect(first.count == 8 && first.filter { $0 }.count == 4, "\(first)")
        #expect(first != [true, true, true, true, false, false, false, false], "drawn in order")
        #expect(try hidden() == first, "the same order at every import")
        let order = LottieTextRandomOrder.order(count: 8, seed: "T", animator: 0)
        #expect(order.sorted() == Array(0..<8))
        #expect(LottieTextRandomOrder.order(count: 8, seed: "U", animator: 0) != order, "another layer, another order")
    }

    /// What is not drawn is named: expression selectors, randomized order, skew.
    @Test func undrawnAnimatorFeaturesAreWarned() throws {
        let animator = #"[{"s":{"t":0,"a":{"a":0,"k":100},"b":1,"rn":1,"sh":1,"r":1},"a":{"sk":{"a":0,"k":10}}},{"s":{"t":1},"a":{"o":{"a":0,"k":0}}}]"#
        let r = try imported(textFile("[" + doc("AB", at: 0) + "]", animators: animator))
        #expect(r.warnings.contains("1 randomized text selector drawn in a fixed shuffled order, not After Effects' random one: T"),
                "\(r.warnings)")
        #expect(r.warnings.contains("1 text animator property not drawn: T (sk)"), "\(r.warnings)")
        #expect(r.warnings.contains("1 text animator with expression selectors not drawn: T"), "\(r.warnings)")
    }
}
