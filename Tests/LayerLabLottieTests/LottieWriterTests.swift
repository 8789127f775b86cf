import Testing
import LayerLabCore
@testable import LayerLabLottie

/// The writer and the reader share one typed model and one set of keys: a model written and
/// read back is the same model, with nothing the reader does not know.
struct LottieWriterTests {
    @Test func aModelWithEveryFieldSetReadsBackTheSame() throws {
        let model = Self.everyField()
        var reader = LottieReader()
        let back = try reader.read(Array(LottieWriter.file(model).text.utf8))
        let got = Self.dumped(back).split(separator: "\n"), want = Self.dumped(model).split(separator: "\n")
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(got == want, "first difference at line \(first?.offset ?? min(got.count, want.count)): \(first.map { "\($0.element.0) vs \($0.element.1)" } ?? "length")")
        #expect(reader.warnings.isEmpty, "\(reader.warnings.lines)")
        // The comparison sees real content (a dropped field would show).
        #expect(Self.dumped(model).contains("Map White To") && Self.dumped(model).contains("ADBE Tint"))
        #expect(back.layers.count == 5 && back.assets.count == 2 && back.chars.count == 1)
    }

    @Test func writingWhatWasReadGivesTheSameText() throws {
        let once = LottieWriter.file(Self.everyField()).text
        var reader = LottieReader()
        let twice = LottieWriter.file(try reader.read(Array(once.utf8))).text
        #expect(once == twice)
    }

    @Test func theWriterSpellsTheKeysTheReaderLooksUp() {
        var layer = LottieLayer()
        layer.type = .null
        layer.inPoint = 3
        layer.blendMode = 5
        let json = LottieWriter.layer(layer)
        #expect(json[LottieKey.Layer.inPoint.key].map { "\($0.text)" } == "3")
        #expect(json[LottieKey.Layer.blendMode.key].map { "\($0.text)" } == "5")
        #expect(LottieKey.Layer.inPoint.key == "ip" && LottieKey.Layer.transform.key == "ks")
        #expect(LottieKey.Shape.outline.key == "ks" && LottieKey.Mask.path.key == "pt")
    }

    @Test func stillNumbersAreBareKeyframeValuesListsAndColoursWrittenInFull() {
        let still = LottieWriter.property(LottieProperty(value: .numbers([12.34567])))
        #expect(still.text == #"{"a":0,"k":12.346}"#)
        let keyed = LottieWriter.property(LottieProperty(keyframes: [
            LottieKeyframe(time: 0, start: .numbers([1]), hold: true), LottieKeyframe(time: 5, start: .numbers([2])),
        ]))
        #expect(keyed.text == #"{"a":1,"k":[{"t":0,"s":[1],"h":1},{"t":5,"s":[2]}]}"#)
        let fill = LottieShape(.fill(color: LottieProperty(value: .numbers([0.1234, 0, 1, 1])),
                                     opacity: LottieProperty(value: .numbers([50.1234])), evenOdd: true), name: "f")
        #expect(LottieWriter.shape(fill).text == #"{"ty":"fl","nm":"f","c":{"a":0,"k":[0.1234,0,1,1]},"o":{"a":0,"k":50.123},"r":2}"#)
    }

    // MARK: - A model with every field the writer writes

    static func dumped<T>(_ value: T) -> String {
        var out = ""
        dump(value, to: &out)
        return out
    }

    static func still(_ n: Double...) -> LottieProperty { LottieProperty(value: .numbers(n)) }

    static func keyed(_ a: [Double], _ b: [Double]) -> LottieProperty {
        LottieProperty(keyframes: [
            LottieKeyframe(time: 0, start: .numbers(a), end: .numbers(b), inEase: LottieEase(x: [0.5], y: [1]),
                           outEase: LottieEase(x: [0.25], y: [0]), outTangent: [1, 2], inTangent: [-1, -2]),
            LottieKeyframe(time: 10, start: .numbers(b), hold: true),
            LottieKeyframe(time: 20, start: .numbers(a)),
        ])
    }

    static let square = LottieBezier(vertices: [[0, 0], [10, 0], [10, 10]], inTangents: [[0, 0], [1, 1], [0, 0]],
                                     outTangents: [[0, 0], [0, 0], [2, 2]], closed: true)

    static func outline() -> LottieProperty {
        var moved = square
        moved.vertices[1] = [20, 5]
        return LottieProperty(keyframes: [LottieKeyframe(time: 0, start: .shape(square)), LottieKeyframe(time: 8, start: .shape(moved))])
    }

    static func transform() -> LottieTransform {
        var t = LottieTransform()
        t.anchor = still(1, 2, 0); t.position = keyed([5, 6, 0], [7, 8, 0]); t.scale = still(50, 60, 100)
        t.rotation = keyed([0], [90]); t.rotationX = still(10); t.rotationY = still(20); t.opacity = still(80)
        t.skew = still(5); t.skewAxis = still(45); t.startOpacity = still(100); t.endOpacity = still(30)
        return t
    }

    static func shapes() -> [LottieShape] {
        var star = LottiePolystar()
        star.isStar = false; star.position = still(1, 2); star.points = still(6); star.rotation = still(15)
        star.innerRadius = still(4); star.outerRadius = still(9); star.innerRoundness = still(10); star.outerRoundness = still(20)
        star.reversed = true
        var stroke = LottieStroke()
        stroke.color = keyed([1, 0, 0, 1], [0, 0, 1, 1]); stroke.opacity = still(90); stroke.width = still(3)
        stroke.cap = 1; stroke.join = 3; stroke.miterLimit = 7
        stroke.dashes = [("d", still(4)), ("g", still(2)), ("o", keyed([0], [6]))]
        var gradient = LottieGradient()
        gradient.radial = true; gradient.start = still(0, 0); gradient.end = still(10, 0); gradient.highlight = still(30)
        gradient.highlightAngle = still(45); gradient.colorCount = 2; gradient.stops = still(0, 1, 0, 0, 1, 0, 0, 1)
        gradient.opacity = still(70); gradient.evenOdd = true
        var gradientStroke = LottieStroke()
        gradientStroke.opacity = gradient.opacity; gradientStroke.width = still(2); gradientStroke.cap = 3
        gradientStroke.dashes = [("d", still(1))]
        var repeated = transform()
        repeated.position = nil
        repeated.positionX = still(3); repeated.positionY = keyed([1], [2])
        let items: [LottieShape] = [
            LottieShape(.rectangle(position: still(5, 5), size: keyed([10, 10], [20, 20]), roundness: still(2), reversed: false), name: "rect"),
            LottieShape(.ellipse(position: still(1, 1), size: still(4, 4), reversed: true), name: "oval", hidden: true),
            LottieShape(.polystar(star), name: "star"),
            LottieShape(.path(outline(), reversed: true), name: "path"),
            LottieShape(.path(LottieProperty(value: .shape(square)), reversed: false), name: "still path"),
            LottieShape(.fill(color: still(0.2, 0.4, 0.6, 1), opacity: keyed([100], [0]), evenOdd: true), name: "fill"),
            LottieShape(.stroke(stroke), name: "stroke"),
            LottieShape(.gradientFill(gradient), name: "gradient"),
            LottieShape(.gradientStroke(gradient, gradientStroke), name: "gradient stroke"),
            LottieShape(.trim(start: still(10), end: keyed([50], [100]), offset: still(30), individually: true), name: "trim"),
            LottieShape(.repeater(copies: still(3), offset: still(1), below: true, transform: repeated), name: "repeater"),
            LottieShape(.roundedCorners(still(4)), name: "corners"),
            LottieShape(.merge(mode: 4), name: "merge"),
            LottieShape(.transform(transform()), name: "transform"),
        ]
        return [LottieShape(.group(items), name: "group")]
    }

    static func text() -> LottieText {
        var d = LottieTextDocument()
        d.string = "Hello"; d.font = "Sans-Bold"; d.size = 24; d.justify = 2; d.fillColor = [1, 0.5, 0]
        d.strokeColor = [0, 0, 1]; d.strokeWidth = 2; d.strokeOverFill = true; d.lineHeight = 30; d.tracking = 50
        d.baselineShift = 3; d.boxSize = [200, 100]; d.boxPosition = [-100, -50]
        var plain = LottieTextDocument()
        plain.string = "Bye"; plain.lineHeight = 14
        var a = LottieTextAnimator()
        a.name = "wave"; a.start = still(0); a.end = keyed([50], [100]); a.offset = still(10); a.indexUnits = true
        a.basedOn = 3; a.shape = 4; a.amount = still(80); a.easeLow = still(10); a.easeHigh = still(20); a.smoothness = still(50)
        a.randomize = true; a.position = still(0, -10, 0); a.anchor = still(1, 1, 0); a.scale = still(120, 120, 100)
        a.rotation = still(30); a.opacity = still(40); a.fillColor = still(1, 0, 0, 1); a.strokeColor = still(0, 1, 0, 1)
        a.strokeWidth = still(2); a.tracking = still(5)
        var t = LottieText()
        t.documents = [LottieTextKeyframe(time: 0, document: d), LottieTextKeyframe(time: 12, document: plain)]
        t.animators = [a]
        t.anchorGrouping = 2
        t.groupingAlignment = still(0, -50)
        t.followsPath = true
        return t
    }

    static func everyField() -> LottieFile {
        var f = LottieFile()
        f.version = "5.7.4"; f.frameRate = 25; f.inPoint = 2; f.outPoint = 50; f.width = 320; f.height = 240
        f.name = "every field"; f.is3D = true
        f.markers = [LottieMarker(name: "intro", time: 0, duration: 10), LottieMarker(name: "loop", time: 10, duration: 0)]
        var font = LottieFont()
        font.name = "Sans-Bold"; font.family = "Sans"; font.style = "Bold"; font.ascent = 72
        f.fonts = [font]
        var glyph = LottieGlyph()
        glyph.character = "H"; glyph.family = "Sans"; glyph.style = "Bold"; glyph.size = 100; glyph.width = 61
        glyph.shapes = [LottieShape(.group([LottieShape(.path(LottieProperty(value: .shape(square)), reversed: false), name: "H")]), name: "H")]
        f.chars = [glyph]

        var inner = LottieLayer()
        inner.type = .null; inner.name = "inner null"; inner.index = 1; inner.inPoint = 0; inner.outPoint = 30
        inner.transform = transform()
        var comp = LottieAsset()
        comp.id = "comp_1"; comp.name = "inner"; comp.layers = [inner]; comp.frameRate = 30; comp.width = 100; comp.height = 80
        var image = LottieAsset()
        image.id = "image_1"; image.name = "picture"; image.width = 10; image.height = 20; image.directory = "images/"
        image.path = "picture.png"
        f.assets = [comp, image]

        var precomp = LottieLayer()
        precomp.type = .precomp; precomp.name = "precomp"; precomp.index = 1; precomp.parent = 5
        precomp.inPoint = 1; precomp.outPoint = 40; precomp.startTime = -2; precomp.stretch = 2; precomp.transform = transform()
        precomp.autoOrient = true; precomp.is3D = true; precomp.hidden = true; precomp.blendMode = 3; precomp.matteMode = 2
        precomp.matteParent = 4; precomp.referenceID = "comp_1"; precomp.width = 100; precomp.height = 80
        precomp.timeRemap = keyed([0], [1])
        var mask = LottieMask()
        mask.mode = .subtract; mask.inverted = true; mask.name = "hole"; mask.path = outline(); mask.opacity = still(50)
        mask.expansion = still(-2)
        precomp.masks = [mask, LottieMask()]
        var tint = LottieEffect()
        tint.type = 20; tint.name = "Tint"; tint.matchName = "ADBE Tint"; tint.index = 1; tint.propertyCount = 3; tint.enabled = false
        tint.controls = [
            LottieEffectControl(type: 2, name: "Map Black To", matchName: "ADBE Tint-0001", index: 1, value: still(0, 0, 0, 1)),
            LottieEffectControl(type: 2, name: "Map White To", matchName: "ADBE Tint-0002", index: 2, value: keyed([1, 1, 1, 1], [1, 0, 0, 1])),
            LottieEffectControl(type: 0, name: "Amount to Tint", value: still(60)),
        ]
        precomp.effects = [tint]

        var matte = LottieLayer()
        matte.type = .solid; matte.name = "solid"; matte.index = 2; matte.isMatte = true; matte.outPoint = 50
        matte.solidColor = "#ff8000"; matte.solidWidth = 64; matte.solidHeight = 32

        var shape = LottieLayer()
        shape.type = .shape; shape.name = "shapes"; shape.index = 3; shape.outPoint = 50; shape.shapes = shapes()
        var split = LottieTransform()
        split.positionX = keyed([0], [100]); split.positionY = still(20)
        shape.transform = split

        var text = LottieLayer()
        text.type = .text; text.name = "text"; text.index = 4; text.outPoint = 50; text.text = Self.text()

        var picture = LottieLayer()
        picture.type = .image; picture.name = "picture"; picture.index = 5; picture.outPoint = 50; picture.referenceID = "image_1"
        f.layers = [precomp, matte, shape, text, picture]
        return f
    }
}
