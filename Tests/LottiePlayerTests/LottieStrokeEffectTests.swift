import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// After Effects' Stroke effect (`ty` 22): a brush along the layer's masks, drawn as
/// lottie-web draws it (twice Brush Size wide, round ends; Start and End trim it; Paint Style
/// puts it over the layer, alone, or makes it what the layer shows through).
struct LottieStrokeEffectTests {
    /// A 40 x 40 red layer with a square mask from (10, 10) to (30, 30), and a Stroke effect.
    static func file(paintStyle: Int = 1, start: Double = 0, end: Double = 100, spacing: Double = 0,
                     size: String = #"{"a":0,"k":2}"#, mode: String = "a", masks: Bool = true,
                     squares: [(Int, Int)] = [(10, 30)], allMasks: Int = 0, endValue: String? = nil) -> Data {
        func control(_ ty: Int, _ nm: String, _ v: String) -> String { #"{"ty":\#(ty),"nm":"\#(nm)","v":\#(v)}"# }
        let controls = [
            control(10, "Path", #"{"a":0,"k":1}"#), control(7, "All Masks", #"{"a":0,"k":\#(allMasks)}"#),
            control(7, "Stroke Sequentially", #"{"a":0,"k":0}"#), control(2, "Color", #"{"a":0,"k":[0,0,1,1]}"#),
            control(0, "Brush Size", size), control(0, "Brush Hardness", #"{"a":0,"k":100}"#),
            control(0, "Opacity", #"{"a":0,"k":1}"#), control(0, "Start", #"{"a":0,"k":\#(start)}"#),
            control(0, "End", endValue ?? #"{"a":0,"k":\#(end)}"#), control(0, "Spacing", #"{"a":0,"k":\#(spacing)}"#),
            control(7, "Paint Style", #"{"a":0,"k":\#(paintStyle)}"#),
        ]
        let effect = #"{"ty":22,"nm":"Stroke","mn":"ADBE Stroke","en":1,"ef":[\#(controls.joined(separator: ","))]}"#
        let zero = #"[[0,0],[0,0],[0,0],[0,0]]"#
        let outlines = squares.map { lo, hi in
            let square = #"{"a":0,"k":{"i":\#(zero),"o":\#(zero),"v":[[\#(lo),\#(lo)],[\#(hi),\#(lo)],[\#(hi),\#(hi)],[\#(lo),\#(hi)]],"c":true}}"#
            return #"{"mode":"\#(mode)","inv":false,"pt":\#(square),"o":{"a":0,"k":100}}"#
        }
        let mask = #""masksProperties":[\#(outlines.joined(separator: ","))],"#
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        return LottieMaskDrawingTests.file(layer: #"{"ty":4,"nm":"Art","ind":1,"ip":0,"op":20,"st":0,"ks":{},\#(masks ? mask : "")"ef":[\#(effect)],"shapes":[\#(shapes)]}"#)
    }

    static func isRed(_ c: Color) -> Bool { c.a > 0.99 && c.r > 0.99 && c.b < 0.01 }
    static func isBlue(_ c: Color) -> Bool { c.a > 0.99 && c.b > 0.99 && c.r < 0.01 }

    @Test func onTheOriginalTheBrushGoesOverTheLayerAndTheMaskNoLongerCuts() throws {
        let (b, warnings) = try LottieMaskDrawingTests.draw(Self.file())
        #expect(warnings.isEmpty, "\(warnings)")
        // Along the mask: 4 px wide (twice Brush Size), centred on it.
        #expect(Self.isBlue(b[10, 20]) && Self.isBlue(b[20, 10]) && Self.isBlue(b[29, 20]) && Self.isBlue(b[20, 29]))
        #expect(Self.isRed(b[20, 20]) && Self.isRed(b[14, 20]))
        // Outside the mask the layer still shows: the mask only gives the brush its path.
        #expect(Self.isRed(b[2, 2]) && Self.isRed(b[37, 37]))
    }

    @Test func onTransparentOnlyTheBrushShows() throws {
        let (b, _) = try LottieMaskDrawingTests.draw(Self.file(paintStyle: 2))
        #expect(Self.isBlue(b[10, 20]) && Self.isBlue(b[20, 29]))
        #expect(b[20, 20].a < 0.01 && b[2, 2].a < 0.01)
    }

    @Test func revealingTheOriginalShowsTheLayerThroughTheBrush() throws {
        let (b, _) = try LottieMaskDrawingTests.draw(Self.file(paintStyle: 3))
        #expect(Self.isRed(b[10, 20]) && Self.isRed(b[20, 10]))
        #expect(b[20, 20].a < 0.01 && b[2, 2].a < 0.01)
    }

    /// Start and End trim the brush along the mask: the first half of a square run from its
    /// top-left corner clockwise is its top and right sides.
    @Test func startAndEndTrimTheBrush() throws {
        let (b, _) = try LottieMaskDrawingTests.draw(Self.file(start: 0, end: 50))
        #expect(Self.isBlue(b[20, 10]) && Self.isBlue(b[29, 20]))
        #expect(Self.isRed(b[20, 29]) && Self.isRed(b[10, 20]))
        let (reversed, _) = try LottieMaskDrawingTests.draw(Self.file(start: 100, end: 50))
        #expect(Self.isBlue(reversed[20, 29]) && Self.isRed(reversed[20, 10]))
    }

    /// Every mask gets a brush of its own, trimmed along its own length (as lottie-web draws
    /// them); Path picks one mask when All Masks is off.
    @Test func eachMaskIsTrimmedOnItsOwn() throws {
        let two = Self.file(paintStyle: 2, end: 50, squares: [(4, 16), (24, 36)], allMasks: 1)
        let (b, _) = try LottieMaskDrawingTests.draw(two)
        #expect(Self.isBlue(b[10, 4]) && Self.isBlue(b[30, 24]), "the top of each square")
        #expect(b[10, 16].a < 0.01 && b[30, 36].a < 0.01, "not the bottom of either")
        let (first, _) = try LottieMaskDrawingTests.draw(Self.file(paintStyle: 2, squares: [(4, 16), (24, 36)]))
        #expect(Self.isBlue(first[10, 4]) && first[30, 24].a < 0.01)
    }

    /// A write-on: End grows, Start holds, so only `strokeEnd` is animated.
    @Test func aWriteOnAnimatesOnlyTheEnd() throws {
        let grow = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]}"#
        let r = try LottieImport.document(from: Self.file(endValue: grow))
        #expect(r.document.animations.map { $0.keyPath } == ["strokeEnd"], "\(r.document.animations.map(\.keyPath))")
        let (half, _) = try LottieMaskDrawingTests.draw(Self.file(endValue: grow), at: 0.5)
        #expect(Self.isBlue(half[20, 10]) && Self.isRed(half[10, 20]))
    }

    @Test func spacingBreaksTheBrushIntoDotsAndBrushSizeAnimates() throws {
        let spaced = try LottieImport.document(from: Self.file(spacing: 50)).document
        let brush = try #require(spaced.allLayers.first { $0.layer.name.hasSuffix("_brush") }?.layer)
        #expect(brush.properties["lineDashPattern"] == .list([.number(1), .number(2)]))
        #expect(brush.properties["lineWidth"] == .number(4) && brush.properties["lineCap"] == .string("round"))
        let growing = #"{"a":1,"k":[{"t":0,"s":[1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[3]}]}"#
        let r = try LottieImport.document(from: Self.file(size: growing))
        #expect(r.document.animations.contains { $0.keyPath == "lineWidth" })
        let (early, _) = try LottieMaskDrawingTests.draw(Self.file(size: growing), at: 0)
        let (late, _) = try LottieMaskDrawingTests.draw(Self.file(size: growing), at: 1)
        #expect(Self.isRed(early[12, 20]) && Self.isBlue(late[12, 20]))
    }

    /// With no mask to follow the brush draws nothing: not warned, the layer as it was
    /// (test10.json of ThorVG's tests has such a layer, with its controls written by name).
    @Test func withoutMasksTheEffectDrawsNothing() throws {
        let (b, warnings) = try LottieMaskDrawingTests.draw(Self.file(masks: false))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.isRed(b[10, 20]) && Self.isRed(b[20, 20]))
        let byName = #"{"ty":22,"nm":"Stroke","ef":[{"ty":2,"nm":"Color","v":{"a":0,"k":[1,0.5,0,1]}},{"ty":7,"nm":"All Masks","v":{"a":0,"k":1}},{"ty":0,"nm":"Brush Size","v":{"a":0,"k":4}}]}"#
        let layer = #"{"ty":4,"nm":"L","ind":1,"ip":0,"op":20,"st":0,"ks":{},"ef":[\#(byName)],"shapes":[]}"#
        #expect(try LottieImport.document(from: LottieMaskDrawingTests.file(layer: layer)).warnings.isEmpty)
    }

    /// Absurd controls (a mask index or paint style far out of range) read as what is nearest.
    @Test func absurdControlsDoNotTrap() throws {
        for v in ["1e300", "-1e300", "3.5", "0"] {
            let effect = #"{"ty":22,"nm":"Stroke","ef":[{"ty":10,"nm":"Path","v":{"a":0,"k":\#(v)}},{"ty":7,"nm":"Paint Style","v":{"a":0,"k":\#(v)}}]}"#
            let zero = #"[[0,0],[0,0],[0,0]]"#
            let mask = #"{"mode":"n","pt":{"a":0,"k":{"i":\#(zero),"o":\#(zero),"v":[[0,0],[9,0],[9,9]],"c":false}}}"#
            let layer = #"{"ty":4,"nm":"L","ind":1,"ip":0,"op":20,"st":0,"ks":{},"masksProperties":[\#(mask)],"ef":[\#(effect)],"shapes":[]}"#
            _ = try LottieMaskDrawingTests.draw(LottieMaskDrawingTests.file(layer: layer))
        }
    }
}
