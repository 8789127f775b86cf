import Foundation
import Testing
import LayerLabCore
import LayerLabExport
import LayerLabScript
@testable import LayerLabLottie

/// What Lottie says and Core Animation cannot, mapped to LayerLab's compositing extensions.
struct LottieCompositingTests {
    let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#

    /// The Tint effect (`ty` 20): map black to, map white to, amount in percent, here with an
    /// animated black. It becomes the layer's tint, sampled where it moves, and no warning.
    @Test func tintEffectsAreTheLayersTint() throws {
        let tint = #""ef":[{"ty":20,"nm":"Tint","en":1,"ef":[{"ty":2,"nm":"Map Black To","v":{"a":1,"k":[{"t":0,"s":[0,0,1,1],\#(linear)},{"t":10,"s":[1,0,0,1]}]}},{"ty":2,"nm":"Map White To","v":{"a":0,"k":[1,1,0,1]}},{"ty":0,"nm":"Amount to Tint","v":{"a":0,"k":50}}]}]"#
        let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: tint)))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let card = try #require(r.document.layer(named: "Card"))
        #expect(card.properties["tintAmount"] == .number(0.5))
        #expect(card.properties["tintWhite"] == .color(Color(1, 1, 0)))
        #expect(value(r.document, "Card", "tintBlack", 0) == .color(Color(0, 0, 1)))
        #expect(value(r.document, "Card", "tintBlack", 1.5) == .color(Color(1, 0, 0)))
        let mid = try #require(value(r.document, "Card", "tintBlack", 0.5)?.color)
        #expect(near(mid.r, 0.5, 0.01) && near(mid.b, 0.5, 0.01), "\(mid)")
    }

    /// The Tritone effect (`ty` 23: highlights, midtones, shadows, blend with original) is the
    /// tint through a midtone, and is written back as a Tritone.
    @Test func tritoneEffectsAreTheTintThroughAMidtone() throws {
        let tritone = #""ef":[{"ty":23,"nm":"Tritone","mn":"ADBE Tritone","en":1,"ef":[{"ty":2,"nm":"Highlights","v":{"a":0,"k":[1,1,0,1]}},{"ty":2,"nm":"Midtones","v":{"a":0,"k":[1,0,0,1]}},{"ty":2,"nm":"Shadows","v":{"a":0,"k":[0,0,1,1]}},{"ty":0,"nm":"Blend With Original","v":{"a":0,"k":25}}]}]"#
        let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: tritone)))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let card = try #require(r.document.layer(named: "Card"))
        #expect(card.properties["tintWhite"] == .color(Color(1, 1, 0)))
        #expect(card.properties["tintMidtone"] == .color(Color(1, 0, 0)))
        #expect(card.properties["tintBlack"] == .color(Color(0, 0, 1)))
        #expect(card.properties["tintAmount"] == .number(0.75))
        let export = LottieExporter.export(r.document, options: LottieOptions(fps: 10))
        let back = try imported(export.data)
        let again = try #require(back.document.allLayers.map(\.layer).first { $0.properties["tintMidtone"] != nil })
        #expect(again.properties["tintMidtone"] == .color(Color(1, 0, 0)))
        #expect(near(again.properties["tintAmount"]?.number ?? 0, 0.75, 1e-3))
    }

    /// The Drop Shadow effect (`ty` 25): colour, opacity 0…255, direction clockwise from up,
    /// distance, softness. It becomes the layer's shadow; animated distance and softness are
    /// sampled into animations of `shadowOffset` and `shadowRadius`, with no warning; an
    /// opacity keyed to one value stays a plain value.
    @Test func dropShadowsAreTheLayersShadowAnimatedToo() throws {
        let shadow = #""ef":[{"ty":25,"nm":"Drop Shadow","en":1,"ef":[{"ty":2,"nm":"Shadow Color","v":{"a":0,"k":[0,0,1,1]}},{"ty":0,"nm":"Opacity","v":{"a":1,"k":[{"t":0,"s":[127.5],\#(linear)},{"t":10,"s":[127.5]}]}},{"ty":0,"nm":"Direction","v":{"a":0,"k":90}},{"ty":0,"nm":"Distance","v":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[10]}]}},{"ty":0,"nm":"Softness","v":{"a":1,"k":[{"t":0,"s":[4],\#(linear)},{"t":10,"s":[12]}]}}]}]"#
        let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: shadow)))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let card = try #require(r.document.layer(named: "Card"))
        #expect(card.properties["shadowColor"] == .color(Color(0, 0, 1)))
        #expect(card.properties["shadowOpacity"] == .number(0.5))
        // Keyframes that all hold one value (the opacity here) animate nothing, so none is made.
        #expect(Set(r.document.animations.compactMap(\.keyPath)) == ["shadowOffset", "shadowRadius"], "\(r.document.animations.map(\.keyPath))")
        // 90°: to the right. Distance 0 → 10 and softness 4 → 12 over frames 0…10 (10 fps).
        func offset(_ t: Double) throws -> Size { try #require(value(r.document, "Card", "shadowOffset", t)?.size) }
        let start = try offset(0), middle = try offset(0.5), end = try offset(1)
        #expect(near(start.width, 0) && near(middle.width, 5, 0.01) && near(end.width, 10), "\(start) \(middle) \(end)")
        #expect(near(end.height, 0))
        #expect(value(r.document, "Card", "shadowRadius", 0) == .number(2))
        #expect(value(r.document, "Card", "shadowRadius", 1) == .number(6))
        // Still: one value, no animation.
        let still = shadow.replacingOccurrences(of: #"{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[10]}]}"#, with: #"{"a":0,"k":10}"#)
            .replacingOccurrences(of: #"{"a":1,"k":[{"t":0,"s":[4],\#(linear)},{"t":10,"s":[12]}]}"#, with: #"{"a":0,"k":4}"#)
        let fixed = try imported(lottie(shapeLayer("Card", shapes: rect, extra: still))).document
        #expect(fixed.animations.isEmpty, "\(fixed.animations.map(\.keyPath))")
        #expect(fixed.layer(named: "Card")?.properties["shadowRadius"] == .number(2))
    }

    /// The Gaussian Blur effect (`ty` 29: blurriness, dimensions, repeat edge pixels) is the
    /// layer's `blurRadius`: 0.6 × blurriness (the players' standard deviation is 0.3 ×
    /// blurriness; LayerLab's radius names twice it), animated where the blurriness moves, with
    /// no warning. A blur in one direction, or repeating edge pixels, is warned.
    @Test func gaussianBlursAreTheLayersBlurRadius() throws {
        let blur = #""ef":[{"ty":29,"nm":"Gaussian Blur","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[20]}]}},{"ty":7,"nm":"Blur Dimensions","v":{"a":0,"k":1}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"a":0,"k":0}}]}]"#
        let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: blur)))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.document.animations.compactMap(\.keyPath) == ["blurRadius"])
        #expect(value(r.document, "Card", "blurRadius", 0) == .number(0))
        #expect(near(number(r.document, "Card", "blurRadius", 0.5), 6, 1e-9))
        #expect(near(number(r.document, "Card", "blurRadius", 1), 12, 1e-9))
        // Still: one value, no animation; one direction and repeated edges are said.
        let still = blur.replacingOccurrences(of: #"{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[20]}]}"#, with: #"{"a":0,"k":5}"#)
            .replacingOccurrences(of: #""Blur Dimensions","v":{"a":0,"k":1}"#, with: #""Blur Dimensions","v":{"a":0,"k":2}"#)
            .replacingOccurrences(of: #""Repeat Edge Pixels","v":{"a":0,"k":0}"#, with: #""Repeat Edge Pixels","v":{"a":0,"k":1}"#)
        let fixed = try imported(lottie(shapeLayer("Card", shapes: rect, extra: still)))
        #expect(fixed.document.animations.isEmpty)
        #expect(fixed.document.layer(named: "Card")?.properties["blurRadius"] == .number(3))
        #expect(fixed.warnings.contains { $0.hasPrefix("1 blur in one direction drawn in both") && $0.contains("Card (gaussian blur)") }, "\(fixed.warnings)")
        #expect(fixed.warnings.contains { $0.hasPrefix("1 blur's repeated edge pixels ignored") }, "\(fixed.warnings)")
        #expect(!fixed.warnings.contains { $0.contains("effects not drawn") }, "\(fixed.warnings)")
        // Fast Blur (the same blurriness) and Box Blur (radius r, n passes: variance n·r(r + 1)/3,
        // here 3 · 4 · 5 / 3 = 20, so the radius is 2√20), exported as custom effects.
        let fast = #""ef":[{"ty":5,"nm":"Fast Blur (Legacy)","mn":"ADBE Fast Blur","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":{"a":0,"k":10}},{"ty":7,"nm":"Blur Dimensions","v":{"a":0,"k":1}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"a":0,"k":0}}]}]"#
        let box = #""ef":[{"ty":5,"nm":"Fast Box Blur","mn":"ADBE Box Blur2","en":1,"ef":[{"ty":0,"nm":"Blur Radius","v":{"a":0,"k":4}},{"ty":0,"nm":"Iterations","v":{"a":0,"k":3}},{"ty":7,"nm":"Blur Dimensions","v":{"a":0,"k":1}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"a":0,"k":0}}]}]"#
        for (extra, radius) in [(fast, 6.0), (box, 2 * 20.0.squareRoot())] {
            let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: extra)))
            #expect(r.warnings.isEmpty, "\(r.warnings)")
            #expect(near(number(r.document, "Card", "blurRadius", 0), radius, 1e-9))
        }
    }

    /// Effects that leave the pixels as they are draw nothing and are not warned: expression
    /// controls, pseudo effects (a rig's panel of controls) and a Transform effect that moves
    /// nothing. A Transform that does move, and other custom effects, are warned by name.
    @Test func effectsThatDrawNothingAreNotWarned() throws {
        func effect(_ mn: String, _ nm: String, _ controls: [(Int, String)]) -> String {
            let cs = controls.map { #"{"ty":\#($0.0),"nm":"c","v":{"a":0,"k":\#($0.1)}}"# }.joined(separator: ",")
            return #"{"ty":5,"nm":"\#(nm)","mn":"\#(mn)","en":1,"ef":[\#(cs)]}"#
        }
        let transform = { (scale: String) in
            effect("ADBE Geometry2", "Transform", [(3, "[10,10]"), (3, "[10,10]"), (7, "1"), (0, scale), (0, "100"), (0, "0"), (0, "0"), (0, "0"), (0, "100")])
        }
        let quiet = [effect("ADBE Slider Control", "Bounce", [(0, "0.5")]), effect("ADBE Point Control", "Target", [(3, "[1,2]")]),
                     effect("Pseudo/DUIK controller", "Controller", [(0, "1")]), transform("100")]
        let r = try imported(lottie(shapeLayer("Card", shapes: rect, extra: #""ef":[\#(quiet.joined(separator: ","))]"#)))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let loud = [transform("50"), effect("CC Particle Systems II", "Sparks", [(0, "4")])]
        let w = try imported(lottie(shapeLayer("Card", shapes: rect, extra: #""ef":[\#(loud.joined(separator: ","))]"#))).warnings
        #expect(w.contains { $0.contains("2 effects not drawn") && $0.contains("Card (custom: Transform)") && $0.contains("Card (custom: Sparks)") }, "\(w)")
    }

    /// A blur written to Lottie is the Gaussian Blur effect again (blurriness = radius / 0.6):
    /// on the layer itself in its own points, or on the canvas-sized precomposition of a layer
    /// with sublayers, grown by the layer's scale there. The Swift export says iOS draws none.
    @Test func blursRoundTripThroughLottie() throws {
        var session = Session()
        let script = """
            canvas size=100x100 duration=1
            layer card position=(50, 50) bounds=rect(0, 0, 40, 40) backgroundColor=gray blurRadius=3
            layer group position=(20, 20) bounds=rect(0, 0, 10, 10) blurRadius=2 transform.scale=2
            layer dot in group position=(5, 5) bounds=rect(0, 0, 4, 4) backgroundColor=white
            animate card blurRadius to=6 duration=1 fillMode=forwards removedOnCompletion=false
            """
        #expect(session.runScript(script, name: "b.lab").diagnostic == nil)
        let export = LottieExporter.export(session.document, options: LottieOptions(fps: 10))
        let text = String(decoding: export.data, as: UTF8.self)
        #expect(text.components(separatedBy: #""ty":29"#).count - 1 == 2, "one Gaussian Blur effect per blurred layer")
        let back = try imported(export.data).document
        let blurred = back.allLayers.map(\.layer).filter { $0.properties["blurRadius"] != nil }
        #expect(blurred.count == 2, "\(blurred.map(\.name))")
        let card = try #require(blurred.first { $0.sublayers.isEmpty || $0.name.contains("card") })
        #expect(near(number(back, card.name, "blurRadius", 0), 3, 1e-3))
        #expect(near(number(back, card.name, "blurRadius", 1), 6, 1e-3))
        let group = try #require(blurred.first { $0.name != card.name })
        // The precomposition is in canvas pixels: the group's scale of 2 doubles its blur there.
        #expect(near(number(back, group.name, "blurRadius", 0), 4, 1e-3))
        let swift = SwiftExporter.export(session.document, options: SwiftOptions())
        #expect(swift.source.contains("// blurRadius 3: iOS does not draw a CALayer's `filters`"), "\(swift.source)")
        #expect(swift.notes.contains("card: blur is drawn by LayerLab only: iOS does not draw a CALayer's filters"), "\(swift.notes)")
    }

    /// A tint written to Lottie is the Tint effect again: on the layer itself, or on the
    /// precomposition of a layer with sublayers (a Lottie effect acts on one layer only).
    @Test func tintsRoundTripThroughLottie() throws {
        var session = Session()
        let script = """
            canvas size=100x100 duration=1
            layer card position=(50, 50) bounds=rect(0, 0, 40, 40) backgroundColor=gray tintAmount=0.75 tintBlack=navy tintWhite=gold
            layer group position=(20, 20) bounds=rect(0, 0, 10, 10) tintAmount=1 tintWhite=red
            layer dot in group position=(5, 5) bounds=rect(0, 0, 4, 4) backgroundColor=white
            animate card tintAmount to=0.25 duration=1 fillMode=forwards removedOnCompletion=false
            """
        #expect(session.runScript(script, name: "t.lab").diagnostic == nil)
        let export = LottieExporter.export(session.document, options: LottieOptions(fps: 10))
        #expect(!export.notes.contains { $0.contains("tint") }, "\(export.notes)")
        let text = String(decoding: export.data, as: UTF8.self)
        #expect(text.components(separatedBy: #""ty":20"#).count - 1 == 2, "one Tint effect per tinted layer")
        let back = try imported(export.data).document
        let tinted = back.allLayers.map(\.layer).filter { $0.properties["tintAmount"] != nil }
        #expect(tinted.count == 2, "\(tinted.map(\.name))")
        let card = try #require(tinted.first { $0.properties["tintBlack"] != .color(.black) })
        #expect(near(number(back, card.name, "tintAmount", 0), 0.75, 1e-3))
        #expect(near(number(back, card.name, "tintAmount", 1), 0.25, 1e-3))
        let group = try #require(tinted.first { $0.name != card.name })
        #expect(!group.sublayers.isEmpty, "the precomposition holding the group's drawing carries its tint")
    }

    @Test func blendModesAreLayerBlendModes() throws {
        let r = try imported(lottie(shapeLayer("Glow", shapes: rect, extra: #""bm":2"#)))
        #expect(r.document.layer(named: "Glow")?.properties["blendMode"] == .string("screen"))
        #expect(r.warnings.isEmpty)
    }

    /// `bm` 16 is After Effects' Add (ThorVG draws it so): LayerLab's `plusLighter`. 17 (hard
    /// mix) is still unknown and said.
    @Test func blendModeSixteenAdds() throws {
        let r = try imported(lottie(shapeLayer("Glow", shapes: rect, extra: #""bm":16"#)))
        #expect(r.document.layer(named: "Glow")?.properties["blendMode"] == .string("plusLighter"))
        #expect(r.warnings.isEmpty)
        let mix = try imported(lottie(shapeLayer("Mix", shapes: rect, extra: #""bm":17"#)))
        #expect(mix.warnings.contains { $0.hasPrefix("1 unknown blend mode drawn as normal") })
    }

    @Test func lumaAndInvertedMattesSetTheMaskMode() throws {
        for (tt, mode) in [(2, "alphaInverted"), (3, "luminance"), (4, "luminanceInverted")] {
            let matte = shapeLayer("Matte", ind: 1, shapes: rect, extra: #""td":1"#)
            let art = shapeLayer("Art", ind: 2, shapes: rect, extra: #""tt":\#(tt)"#)
            let d = try imported(lottie(matte + "," + art)).document
            let container = try #require(d.layers.first)
            #expect(container.properties["mask"] == .string("Matte"))
            #expect(container.properties["maskMode"] == .string(mode))
        }
    }

    @Test func timeRemappingDrivesThePrecompositionsTime() throws {
        let inner = nullLayer("Inner", ks: #""p":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[100,0]}]}"#)
        let assets = #"[{"id":"c","layers":[\#(inner)]}]"#
        // tm: seconds of the precomposition, keyframed in composition frames: frames 0…20 play
        // its first second backwards.
        let tm = #""tm":{"a":1,"k":[{"t":0,"s":[1],\#(linear)},{"t":20,"s":[0]}]}"#
        let pre = #"{"ty":0,"nm":"Pre","ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":20,"st":0,"ks":{},\#(tm)}"#
        let r = try imported(lottie(pre, assets: assets))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(value(r.document, "Inner", "position", 0) == .point(Point(100, 0)))
        #expect(value(r.document, "Inner", "position", 1.5) == .point(Point(25, 0)))
    }

    @Test func maskListsCombineByBlendMode() throws {
        func square(_ x: Double) -> String {
            #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x),0],[\#(x + 10),0],[\#(x + 10),10],[\#(x),10]],"c":true}}"#
        }
        let masks = #""masksProperties":[{"mode":"a","pt":\#(square(0)),"o":{"a":0,"k":100}},{"mode":"s","pt":\#(square(5)),"o":{"a":0,"k":50}},{"mode":"i","pt":\#(square(2)),"o":{"a":0,"k":100}}]"#
        let d = try imported(lottie(shapeLayer("M", shapes: rect, extra: masks))).document
        let m = try #require(d.layer(named: "M"))
        let group = try #require(m.sublayers.first { $0.name == m.properties["mask"]?.string })
        #expect(group.sublayers.map { $0.properties["blendMode"]?.string ?? "normal" } == ["normal", "destinationOut", "destinationIn"])
        #expect(group.sublayers[1].properties["fillColor"] == .color(Color(0, 0, 0, 0.5)))
    }

    /// A mask mode the format does not have is named in a warning and read as add; the
    /// difference mode combines by xor after the first mask.
    @Test func unknownMaskModesAreWarnedAndReadAsAdd() throws {
        func square(_ x: Double) -> String {
            #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x),0],[\#(x + 10),0],[\#(x + 10),10],[\#(x),10]],"c":true}}"#
        }
        let masks = #""masksProperties":[{"mode":"q","pt":\#(square(0)),"o":{"a":0,"k":100}},{"mode":"f","pt":\#(square(5)),"o":{"a":0,"k":50}}]"#
        let r = try imported(lottie(shapeLayer("M", shapes: rect, extra: masks)))
        #expect(r.warnings.contains("1 unknown mask mode read as add: M (mode q)"), "\(r.warnings)")
        let m = try #require(r.document.layer(named: "M"))
        let group = try #require(m.sublayers.first { $0.name == m.properties["mask"]?.string })
        #expect(group.sublayers.map { $0.properties["blendMode"]?.string ?? "normal" } == ["normal", "xor"])
        #expect(throws: LottieImportError.self) { try imported(lottie(shapeLayer("M", shapes: rect, extra: masks)), strict: true) }
    }

    /// A lighten or darken mask of partial opacity turns the layer's masks into a coverage
    /// picture read as luminance: grey fills combined by blend functions, black outside a
    /// darken mask; at full opacity lighten stays a plain added mask.
    @Test func partlyOpaqueLightenAndDarkenMasksAreDrawnAsCoverage() throws {
        func square(_ x: Double) -> String {
            #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x),0],[\#(x + 10),0],[\#(x + 10),10],[\#(x),10]],"c":true}}"#
        }
        func layer(_ mode: String, opacity: Double) throws -> Layer {
            let masks = #""masksProperties":[{"mode":"a","pt":\#(square(0)),"o":{"a":0,"k":100}},{"mode":"\#(mode)","pt":\#(square(5)),"o":{"a":0,"k":\#(opacity)}}]"#
            return try #require(imported(lottie(shapeLayer("M", shapes: rect, extra: masks))).document.layer(named: "M"))
        }
        let light = try layer("l", opacity: 40)
        #expect(light.properties["maskMode"] == .string("luminance"))
        let group = try #require(light.sublayers.first { $0.name == light.properties["mask"]?.string })
        #expect(group.sublayers.map { $0.properties["blendMode"]?.string ?? "normal" } == ["normal", "screen", "lighten"])
        #expect(group.sublayers.map { $0.properties["fillColor"] } == [.color(.black), .color(.white), .color(Color(0.4, 0.4, 0.4))])
        let dark = try layer("d", opacity: 40)
        let darkGroup = try #require(dark.sublayers.first { $0.name == dark.properties["mask"]?.string })
        #expect(darkGroup.sublayers.map { $0.properties["blendMode"]?.string ?? "normal" } == ["normal", "screen", "darken", "normal"])
        #expect(darkGroup.sublayers.last?.properties["fillColor"] == .color(.black))
        let full = try layer("l", opacity: 100)
        #expect(full.properties["maskMode"] == nil)
    }
}

/// A matte named by several layers (`tp`) is drawn once for each, under names of its own.
struct LottieSharedMatteTests {
    let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}"#

    @Test func eachLayerNamingOneMatteGetsItsOwnCopy() throws {
        let moving = #""p":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[50,0]}]}"#
        let matte = shapeLayer("Matte", ind: 1, ks: moving, shapes: rect, extra: #""td":1"#)
        let a = shapeLayer("A", ind: 2, shapes: rect, extra: #""tt":1,"tp":1"#)
        let b = shapeLayer("B", ind: 3, shapes: rect, extra: #""tt":2,"tp":1"#)
        let d = try imported(lottie(matte + "," + a + "," + b)).document
        var names: [String] = []
        func collect(_ l: Layer) { names.append(l.name); l.sublayers.forEach(collect) }
        d.layers.forEach(collect)
        #expect(names.count == Set(names).count, "every layer has a name of its own: \(names)")
        let masks = d.layers.compactMap { $0.properties["mask"]?.string }
        #expect(masks.count == 2 && Set(masks).count == 2, "\(masks)")
        for (container, mask) in zip(d.layers, masks) {
            #expect(container.sublayers.contains { $0.name == mask }, "each container holds the matte it names")
        }
        // The copy moves as the matte does.
        for m in masks {
            #expect(value(d, m, "position", 1) == .point(Point(50, 0)), "\(m)")
        }
    }
}
