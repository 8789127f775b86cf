import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// Lottie masks as drawn: what is left of a layer once its masks are applied, read off the
/// pixels of a 40 × 40 frame of a white square that fills it.
struct LottieMaskDrawingTests {
    /// A closed square outline from `lo` to `hi` on both axes.
    static func square(_ lo: Double, _ hi: Double) -> String {
        #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(lo),\#(lo)],[\#(hi),\#(lo)],[\#(hi),\#(hi)],[\#(lo),\#(hi)]],"c":true}}"#
    }

    /// One mask: mode, outline, expansion (a number or keyframes), inverted, opacity.
    static func mask(_ mode: String, _ lo: Double, _ hi: Double, x: String = "0", inverted: Bool = false, opacity: Double = 100) -> String {
        let expansion = x.hasPrefix("[") ? #"{"a":1,"k":\#(x)}"# : #"{"a":0,"k":\#(x)}"#
        return #"{"mode":"\#(mode)","inv":\#(inverted),"pt":\#(square(lo, hi)),"o":{"a":0,"k":\#(opacity)},"x":\#(expansion)}"#
    }

    /// The file: one shape layer, a white 40 × 40 square (with `color` as its fill), masked.
    static func file(masks: [String], color: String = "[1,1,1,1]") -> Data {
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100}}"#
        let layer = #"{"ty":4,"nm":"Art","ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(shapes)],"masksProperties":[\#(masks.joined(separator: ","))]}"#
        return Data(#"{"v":"5.7.4","fr":10,"ip":0,"op":20,"w":40,"h":40,"layers":[\#(layer)]}"#.utf8)
    }

    static func draw(_ data: Data, at t: Double = 0) throws -> (Bitmap, [String]) {
        let r = try LottieImport.document(from: data)
        let bitmap = Rasterizer().render(Evaluator(document: r.document).scene(at: t), width: 40, height: 40)
        return (bitmap, r.warnings)
    }

    /// Whether the pixel at the centre of the unit square (x, y) is drawn (nearly opaque),
    /// or clear (nearly transparent); nil between.
    static func shown(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool? {
        let a = b[x, y].a
        return a > 0.9 ? true : a < 0.1 ? false : nil
    }

    @Test func aPositiveExpansionGrowsTheMaskOutline() throws {
        let (b, warnings) = try Self.draw(Self.file(masks: [Self.mask("a", 10, 30, x: "5")]))
        #expect(warnings.isEmpty, "\(warnings)")
        // The outline 10…30 grown by 5 on every side: 5…35.
        #expect(Self.shown(b, 6, 20) == true)
        #expect(Self.shown(b, 33, 33) == true, "corners stay square (mitred), as lottie-web's stroke draws them")
        #expect(Self.shown(b, 3, 20) == false)
        #expect(Self.shown(b, 37, 20) == false)
    }

    @Test func aNegativeExpansionShrinksIt() throws {
        let (b, _) = try Self.draw(Self.file(masks: [Self.mask("a", 10, 30, x: "-5")]))
        // 10…30 shrunk by 5: 15…25.
        #expect(Self.shown(b, 20, 20) == true)
        #expect(Self.shown(b, 16, 16) == true)
        #expect(Self.shown(b, 12, 20) == false)
        #expect(Self.shown(b, 27, 20) == false)
    }

    @Test func anInvertedExpandedMaskShowsWhatLiesOutsideTheGrownOutline() throws {
        let (b, _) = try Self.draw(Self.file(masks: [Self.mask("a", 10, 30, x: "5", inverted: true)]))
        #expect(Self.shown(b, 2, 20) == true)
        #expect(Self.shown(b, 7, 20) == false)
        #expect(Self.shown(b, 20, 20) == false)
        let (shrunk, _) = try Self.draw(Self.file(masks: [Self.mask("a", 10, 30, x: "-5", inverted: true)]))
        #expect(Self.shown(shrunk, 12, 20) == true)
        #expect(Self.shown(shrunk, 20, 20) == false)
    }

    @Test func anAnimatedExpansionFollowsItsKeyframes() throws {
        let x = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[8]}]"#
        let data = Self.file(masks: [Self.mask("a", 10, 30, x: x)])
        let (start, _) = try Self.draw(data, at: 0)
        let (end, _) = try Self.draw(data, at: 1)
        #expect(Self.shown(start, 7, 20) == false)
        #expect(Self.shown(end, 7, 20) == true)
        #expect(Self.shown(end, 1, 20) == false)
    }

    @Test func anExpandedMaskCombinesWithTheOthers() throws {
        // Everything but 10…30 grown to 5…35, then the square 0…8 added back.
        let (b, _) = try Self.draw(Self.file(masks: [Self.mask("s", 10, 30, x: "5"), Self.mask("a", 0, 8)]))
        #expect(Self.shown(b, 2, 20) == true)
        #expect(Self.shown(b, 7, 20) == false)
        #expect(Self.shown(b, 6, 6) == true)
        #expect(Self.shown(b, 37, 37) == true)
    }

    @Test func darkenKeepsOnlyWhereTheMasksOverlapAndLightenWhereAny() throws {
        let (dark, warnings) = try Self.draw(Self.file(masks: [Self.mask("a", 0, 20), Self.mask("d", 10, 30)]))
        #expect(warnings.isEmpty, "at full opacity darken is exactly intersect: \(warnings)")
        #expect(Self.shown(dark, 15, 15) == true)
        #expect(Self.shown(dark, 5, 5) == false)
        #expect(Self.shown(dark, 25, 25) == false)
        let (light, _) = try Self.draw(Self.file(masks: [Self.mask("a", 0, 10), Self.mask("l", 20, 30)]))
        #expect(Self.shown(light, 5, 5) == true)
        #expect(Self.shown(light, 25, 25) == true)
        #expect(Self.shown(light, 15, 15) == false)
    }

    /// Lighten keeps the higher of (the masks so far, this mask times its opacity), darken
    /// the lower, as After Effects combines them: masks 1 on 0…20, 0.3 on 20…40, then a 60 %
    /// lighten or darken mask on 10…30.
    @Test func partlyOpaqueLightenAndDarkenKeepTheHigherAndLowerCoverage() throws {
        func coverage(_ mode: String) throws -> [Double] {
            let masks = [Self.mask("a", 0, 20), Self.mask("a", 20, 40, opacity: 30), Self.mask(mode, 10, 30, opacity: 60)]
            let (b, warnings) = try Self.draw(Self.file(masks: masks))
            #expect(warnings.isEmpty, "\(warnings)")
            return [(15, 15), (25, 25), (12, 25), (35, 35), (5, 5)].map { Double(b[$0.0, $0.1].a) }
        }
        func close(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) < 0.03 } }
        // Add would give 0.72 at (25, 25), where 0.3 meets 0.6; intersect 0.18.
        let light = try coverage("l"), dark = try coverage("d")
        #expect(close(light, [1, 0.6, 0.6, 0.3, 1]), "\(light)")
        #expect(close(dark, [0.6, 0.3, 0, 0, 0]), "\(dark)")
    }

    /// Beside a partly opaque lighten mask, a difference mask still combines as the alpha
    /// masks' `xor` does: p + m − 2·p·m (0.54 where 0.3 meets 0.6; |p − m| would be 0.3).
    @Test func aDifferenceMaskBesideACoverageLightenCombinesAsXor() throws {
        let masks = [Self.mask("a", 0, 20), Self.mask("l", 20, 40, opacity: 30), Self.mask("f", 10, 30, opacity: 60)]
        let (b, warnings) = try Self.draw(Self.file(masks: masks))
        #expect(warnings.isEmpty, "\(warnings)")
        let got = [(15, 15), (25, 25), (12, 25), (35, 35), (5, 5)].map { Double(b[$0.0, $0.1].a) }
        #expect(zip(got, [0.4, 0.54, 0.6, 0.3, 1]).allSatisfy { abs($0 - $1) < 0.03 }, "\(got)")
    }

    @Test func partlyOpaqueLightenIsDrawnUnwarned() throws {
        let (_, lighten) = try Self.draw(Self.file(masks: [Self.mask("a", 0, 10), Self.mask("l", 20, 30, opacity: 50)]))
        #expect(lighten.isEmpty, "lighten of partial opacity is drawn as it is: \(lighten)")
    }

    /// An expansion animated from −6 to 6 shrinks the outline 10…30 first (to 16…24 at the
    /// start), passes through it unchanged midway, and grows it at the end (to 4…36); inverted,
    /// the other way round.
    @Test func anExpansionChangingSignShrinksThenGrows() throws {
        let x = #"[{"t":0,"s":[-6],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[6]}]"#
        let data = Self.file(masks: [Self.mask("a", 10, 30, x: x)])
        let (start, warnings) = try Self.draw(data, at: 0)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Self.shown(start, 20, 20) == true)
        #expect(Self.shown(start, 12, 20) == false)
        #expect(Self.shown(start, 6, 20) == false)
        let (middle, _) = try Self.draw(data, at: 0.5)
        #expect(Self.shown(middle, 11, 20) == true)
        #expect(Self.shown(middle, 8, 20) == false)
        let (end, _) = try Self.draw(data, at: 1)
        #expect(Self.shown(end, 6, 20) == true)
        #expect(Self.shown(end, 2, 20) == false)
        let inverted = Self.file(masks: [Self.mask("a", 10, 30, x: x, inverted: true)])
        let (inStart, _) = try Self.draw(inverted, at: 0)
        #expect(Self.shown(inStart, 12, 20) == true)
        #expect(Self.shown(inStart, 20, 20) == false)
        let (inEnd, _) = try Self.draw(inverted, at: 1)
        #expect(Self.shown(inEnd, 6, 20) == false)
        #expect(Self.shown(inEnd, 2, 20) == true)
    }

    @Test func aMatteWithAMatteOfItsOwnIsDrawnThroughIt() throws {
        func band(_ name: String, _ ind: Int, _ lo: Double, _ hi: Double, _ extra: String) -> String {
            let shapes = #"{"ty":"rc","p":{"a":0,"k":[\#((lo + hi) / 2),20]},"s":{"a":0,"k":[\#(hi - lo),40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
            return #"{"ty":4,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(shapes)],\#(extra)}"#
        }
        // Art through Inner (x 15…40), itself through Outer (x 0…25): Art shows on 15…25.
        let layers = [band("Outer", 1, 0, 25, #""td":1"#), band("Inner", 2, 15, 40, #""td":1,"tt":1"#), band("Art", 3, 0, 40, #""tt":1"#)]
        let data = Data(#"{"v":"5.7.4","fr":10,"ip":0,"op":20,"w":40,"h":40,"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
        let (b, _) = try Self.draw(data)
        #expect(Self.shown(b, 20, 20) == true)
        #expect(Self.shown(b, 5, 20) == false)
        #expect(Self.shown(b, 35, 20) == false)
    }

    @Test func aColoursFourthComponentIsNotItsAlpha() throws {
        // lottie-web, lottie-android and rlottie paint with the fill's `o` alone.
        let (b, _) = try Self.draw(Self.file(masks: [], color: "[1,0,0,0.36]"))
        #expect(b[20, 20].a > 0.99)
        #expect(b[20, 20].r > 0.99)
    }

    /// The file with one layer before the masked one: `layer`, a JSON layer object.
    static func file(layer: String) -> Data {
        Data(#"{"v":"5.7.4","fr":10,"ip":0,"op":20,"w":40,"h":40,"layers":[\#(layer)]}"#.utf8)
    }

    /// A solid whose colour does not read is painted black, as lottie-web and ThorVG do, and said.
    @Test func aSolidWithoutAReadableColourIsBlack() throws {
        for sc in ["", "#12", "#zzzzzz"] {
            let solid = #"{"ty":1,"nm":"Solid","ind":1,"ip":0,"op":20,"st":0,"ks":{},"sw":40,"sh":40,"sc":"\#(sc)"}"#
            let (b, warnings) = try Self.draw(Self.file(layer: solid))
            #expect(b[20, 20].a > 0.99 && b[20, 20].r < 0.01 && b[20, 20].g < 0.01 && b[20, 20].b < 0.01, "sc \(sc)")
            #expect(warnings.contains { $0.hasPrefix("1 solid layer whose colour does not read painted black") }, "sc \(sc)")
        }
        let short = ##"{"ty":1,"nm":"Solid","ind":1,"ip":0,"op":20,"st":0,"ks":{},"sw":40,"sh":40,"sc":"#f80"}"##
        let (b, warnings) = try Self.draw(Self.file(layer: short))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(b[20, 20].r > 0.99 && abs(b[20, 20].g - 0.533) < 0.01 && b[20, 20].b < 0.01)
    }

    /// The Fill effect paints what the layer draws in its colour, times its opacity, and
    /// leaves the rest clear: a white square 10…30 filled green stays a square, green.
    @Test func theFillEffectRecoloursWhatTheLayerDraws() throws {
        func layer(opacity: Double) -> String {
            let shapes = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#
            let fill = #"{"ty":21,"nm":"Fill","ef":[{"ty":10,"v":{"a":0,"k":0}},{"ty":7,"v":{"a":0,"k":0}},{"ty":2,"v":{"a":0,"k":[0,1,0,1]}},{"ty":7,"v":{"a":0,"k":0}},{"ty":0,"v":{"a":0,"k":0}},{"ty":0,"v":{"a":0,"k":0}},{"ty":0,"v":{"a":0,"k":\#(opacity)}}]}"#
            return #"{"ty":4,"nm":"Art","ind":1,"ip":0,"op":20,"st":0,"ks":{},"ef":[\#(fill)],"shapes":[\#(shapes)]}"#
        }
        let (b, warnings) = try Self.draw(Self.file(layer: layer(opacity: 1)))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(b[20, 20].g > 0.99 && b[20, 20].r < 0.01 && b[20, 20].a > 0.99)
        #expect(b[5, 5].a < 0.01)
        let (half, _) = try Self.draw(Self.file(layer: layer(opacity: 0.5)))
        #expect(abs(half[20, 20].a - 0.5) < 0.02 && half[20, 20].g > 0.98 && half[20, 20].r < 0.02)
        #expect(half[5, 5].a < 0.01)
    }
}
