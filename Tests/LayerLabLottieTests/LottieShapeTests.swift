import Foundation
import Testing
import LayerLabCore
@testable import LayerLabLottie

/// Shape items into shape layers, in Lottie's paint order.
struct LottieShapeTests {
    let rect = #"{"ty":"rc","nm":"Box","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]},"r":{"a":0,"k":0}}"#
    let ellipse = #"{"ty":"el","nm":"Dot","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[10,10]}}"#
    func fill(_ name: String, _ rgb: String, opacity: Double = 100, rule: Int = 1) -> String {
        #"{"ty":"fl","nm":"\#(name)","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":\#(opacity)},"r":\#(rule)}"#
    }

    /// A Lottie ellipse and rectangle as players build them (see `outlinesStartAndRunAsPlayersDrawThem`).
    func oval(_ r: Rect) -> Path { LottieOutline.ellipse(center: Point(r.midX, r.midY), width: r.width, height: r.height, reversed: false) }
    func box(_ r: Rect) -> Path {
        LottieOutline.rectangle(center: Point(r.midX, r.midY), width: r.width, height: r.height, radius: 0, reversed: false)
    }

    /// Where an outline starts and which way it runs is what a trim or a dash shows: an
    /// ellipse from 12 o'clock, a rectangle from its top-right corner, a star from its first
    /// point straight up, clockwise on screen; `d: 3` runs them the other way.
    @Test func outlinesStartAndRunAsPlayersDrawThem() throws {
        func first(_ p: Path) -> [Point] {
            p.elements.prefix(2).compactMap { e -> Point? in
                switch e {
                case .move(let q), .line(let q), .cubic(_, _, let q): return q
                default: return nil
                }
            }
        }
        func outline(_ item: String) throws -> Path {
            let d = try imported(lottie(shapeLayer("S", shapes: item + "," + fill("F", "1,0,0")))).document
            return try #require(d.layer(named: "S_F")?.properties["path"]?.pathValue)
        }
        let el = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]}"#
        #expect(first(try outline(el + "}")) == [Point(0, -5), Point(10, 0)])
        #expect(first(try outline(el + #","d":3}"#)) == [Point(0, -5), Point(-10, 0)])
        let rc = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]},"r":{"a":0,"k":0}"#
        #expect(first(try outline(rc + "}")) == [Point(10, -5), Point(10, 5)])
        #expect(first(try outline(rc + #","d":3}"#)) == [Point(10, -5), Point(-10, -5)])
        // Rounded: from below the top-right corner's rounding, down the right side.
        let rounded = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]},"r":{"a":0,"k":2}}"#
        #expect(first(try outline(rounded)) == [Point(10, -3), Point(10, 3)])
        // A five-pointed star: first point straight up at the outer radius, then an inner one.
        let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"ir":{"a":0,"k":4},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
        let sharp = try outline(star)
        #expect(sharp.elements.count == 12)   // move, ten lines (back to the start), close
        let p = first(sharp)
        #expect(near(p[0].x, 0) && near(p[0].y, -10))
        #expect(near(p[1].x, 4 * cos(-0.5 * .pi + .pi / 5)) && near(p[1].y, 4 * sin(-0.5 * .pi + .pi / 5)))
        // Roundness bends every side into a cubic leaving each point at right angles to its radius.
        let round = try outline(star.replacingOccurrences(of: #""os":{"a":0,"k":0}"#, with: #""os":{"a":0,"k":50}"#))
        guard case .cubic(let c1, _, _) = round.elements[1] else { Issue.record("\(round.elements)"); return }
        #expect(near(c1.y, -10) && c1.x > 0)
        // A hexagon: six sides back to its first point.
        let hexagon = try outline(#"{"ty":"sr","sy":2,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":6},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"os":{"a":0,"k":0}}"#)
        #expect(hexagon.elements.filter { if case .line = $0 { return true }; return false }.count == 6)
        // A polygon's first point is straight up before its rotation (lottie-web starts at
        // −90° plus `r`): a square turned 30° starts at −60°, then goes on clockwise, or
        // anticlockwise with `d` 3.
        let square = #"{"ty":"sr","sy":2,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":4},"r":{"a":0,"k":30},"or":{"a":0,"k":10},"os":{"a":0,"k":0}"#
        func at(_ degrees: Double) -> Point { Point(10 * cos(degrees * .pi / 180), 10 * sin(degrees * .pi / 180)) }
        func same(_ a: [Point], _ b: [Point]) -> Bool { zip(a, b).allSatisfy { near($0.x, $1.x) && near($0.y, $1.y) } }
        #expect(same(first(try outline(square + "}")), [at(-60), at(30)]))
        #expect(same(first(try outline(square + #","d":3}"#)), [at(-60), at(-150)]))
    }

    @Test func aFillPaintsTheShapesAboveItAndLowerItemsDrawFirst() throws {
        // [ellipse, red fill, rect, blue fill]: blue paints ellipse + rect and is drawn first
        // (lowest in the list); red paints only the ellipse, on top.
        let shapes = [ellipse, fill("Red", "1,0,0"), rect, fill("Blue", "0,0,1", opacity: 50, rule: 2)].joined(separator: ",")
        let d = try imported(lottie(shapeLayer("Art", shapes: shapes))).document
        let art = try #require(d.layer(named: "Art"))
        #expect(art.sublayers.map(\.name) == ["Art_Blue", "Art_Red"])
        let blue = art.sublayers[0], red = art.sublayers[1]
        #expect(blue.properties["fillColor"] == .color(Color(0, 0, 1, 0.5)))
        #expect(blue.properties["fillRule"] == .string("evenOdd"))
        #expect(red.properties["fillColor"] == .color(Color(1, 0, 0, 1)))
        let bluePath = try #require(blue.properties["path"]?.pathValue)
        let redPath = try #require(red.properties["path"]?.pathValue)
        #expect(redPath == oval(Rect(0, 0, 10, 10)))
        #expect(bluePath == Path(oval(Rect(0, 0, 10, 10)).elements + box(Rect(-10, -5, 20, 10)).elements))
    }

    @Test func groupsCarryTheirTransformAndParentStylesPaintThem() throws {
        let tr = #"{"ty":"tr","p":{"a":0,"k":[40,30]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":80}}"#
        let group = #"{"ty":"gr","nm":"G","it":[\#(rect),\#(fill("Red", "1,0,0")),\#(tr)]}"#
        let d = try imported(lottie(shapeLayer("L", shapes: group + "," + fill("Green", "0,1,0")))).document
        let g = try #require(d.layer(named: "L_G"))
        #expect(g.properties["position"] == .point(Point(40, 30)))
        #expect(g.properties["opacity"] == .number(0.8))
        #expect(g.sublayers.map(\.name) == ["L_Red"])
        // The parent's fill below the group paints the group's rectangle where the group's
        // transform puts it, in the parent (painted first, and not faded by the group's opacity).
        #expect(d.layer(named: "L")?.sublayers.map(\.name) == ["L_Green", "L_G"])
        #expect(d.layer(named: "L_Green")?.properties["path"] == .path(box(Rect(30, 25, 20, 10))))
    }

    /// A fill paints its group's outlines and its nested groups' as one outline (lottie-web's
    /// one path a style), each moved by its group's transform: an inner outline that the
    /// group's mirroring winds against the outer one is a hole under non-zero winding, and a
    /// gradient keeps the fill's coordinates, not the nested group's.
    @Test func aFillPaintsNestedGroupsOutlinesAsOneOutline() throws {
        let face = #"{"ty":"el","nm":"Face","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}}"#
        let eye = #"{"ty":"el","nm":"Eye","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]}}"#
        let mirror = #"{"ty":"tr","p":{"a":0,"k":[5,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[-100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let eyes = #"{"ty":"gr","nm":"Eyes","it":[\#(eye),\#(mirror)]}"#
        let shine = #"{"ty":"gf","nm":"Shine","o":{"a":0,"k":100},"r":1,"t":1,"s":{"a":0,"k":[-20,0]},"e":{"a":0,"k":[20,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,1,0,1,0,0,1]}}}"#
        let d = try imported(lottie(shapeLayer("L", shapes: [face, eyes, shine].joined(separator: ",")))).document
        // One gradient in the layer itself; the nested group has nothing of its own to draw.
        #expect(d.layer(named: "L")?.sublayers.map(\.name) == ["L_Shine_gradient"])
        #expect(d.layer(named: "L_Eyes") == nil)
        let mirrored = oval(Rect(-5, -5, 10, 10)).applying(AffineTransform.scale(-1, 1).concatenating(.translation(5, 0)))
        #expect(d.layer(named: "L_Shine")?.properties["path"] == .path(Path(oval(Rect(-20, -20, 40, 40)).elements + mirrored.elements)))
        // The gradient runs across the face in the fill's coordinates (its box starts at the
        // face's left edge, less the pad of 1).
        let gradient = try #require(d.layer(named: "L_Shine_gradient"))
        #expect(gradient.properties["position"] == .point(Point(-21, -21)))
        #expect(gradient.properties["startPoint"] == .point(Point(1 / 42, 0.5)))
    }

    /// A parent's stroke follows a nested group's scaled outline at its own width: the group's
    /// transform moves the outline's points, not the stroke (as lottie-web draws it).
    @Test func aParentStrokeKeepsItsWidthOverAScaledNestedGroup() throws {
        let double = #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let group = #"{"ty":"gr","nm":"G","it":[\#(rect),\#(double)]}"#
        let stroke = #"{"ty":"st","nm":"Line","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let d = try imported(lottie(shapeLayer("S", shapes: group + "," + stroke))).document
        let line = try #require(d.layer(named: "S_Line"))
        #expect(d.layer(named: "S")?.sublayers.map(\.name) == ["S_Line"])
        #expect(line.properties["lineWidth"] == .number(2))
        #expect(line.properties["path"] == .path(box(Rect(-20, -10, 40, 20))))
    }

    @Test func strokesKeepCapsJoinsMiterAndDashes() throws {
        let stroke = #"{"ty":"st","nm":"Line","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":3,"ml":7,"d":[{"n":"d","v":{"a":0,"k":6}},{"n":"g","v":{"a":0,"k":2}},{"n":"o","v":{"a":0,"k":1}}]}"#
        let d = try imported(lottie(shapeLayer("S", shapes: rect + "," + stroke))).document
        let l = try #require(d.layer(named: "S_Line"))
        #expect(l.properties["lineWidth"] == .number(4))
        #expect(l.properties["lineCap"] == .string("butt"))
        #expect(l.properties["lineJoin"] == .string("bevel"))
        #expect(l.properties["miterLimit"] == .number(7))
        #expect(l.properties["lineDashPattern"] == .list([.number(6), .number(2)]))
        #expect(l.properties["lineDashPhase"] == .number(1))
        #expect(l.properties["fillColor"] == .color(.clear))
    }

    @Test func trimPathsBecomeStrokeStartAndEnd() throws {
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[100]}]},"o":{"a":0,"k":0},"m":1}"#
        let d = try imported(lottie(shapeLayer("Draw", shapes: [ellipse, stroke, trim].joined(separator: ",")))).document
        let name = try #require(d.layer(named: "Draw")?.sublayers.first?.name)
        #expect(near(number(d, name, "strokeEnd", 0.5), 0.5))
        #expect(near(number(d, name, "strokeStart", 0.5), 0))
    }

    @Test func aDrawOnFromBothEndsMetKeepsItsFixedEnd() throws {
        // Start keyed 100 → 0 with the end at 100: the first frame is empty (both ends at 100 %),
        // and the stroke then draws on from the end (lottie-ios draft_icon.json).
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let trim = #"{"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[100],\#(linear)},{"t":10,"s":[0]}]},"e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1}"#
        let d = try imported(lottie(shapeLayer("Draw", shapes: [ellipse, stroke, trim].joined(separator: ",")))).document
        let name = try #require(d.layer(named: "Draw")?.sublayers.first?.name)
        #expect(near(number(d, name, "strokeStart", 0.5), 0.5))
        #expect(near(number(d, name, "strokeEnd", 0.5), 1))
        #expect(near(number(d, name, "strokeEnd", 1.5), 1))
    }

    @Test func aTrimWrappingPastTheEndDrawsBothPieces() throws {
        // 0…50 % shifted by 270° (three quarters): 75 %…125 %, which is 75–100 % and 0–25 %.
        let stroke = #"{"ty":"st","nm":"Arc","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":270},"m":1}"#
        let d = try imported(lottie(shapeLayer("Spin", shapes: [ellipse, stroke, trim].joined(separator: ",")))).document
        let pieces = try #require(d.layer(named: "Spin")?.sublayers)
        #expect(pieces.map(\.name) == ["Spin_Arc", "Spin_Arc_wrap"])
        #expect(pieces[0].properties["strokeStart"] == .number(0.75) && pieces[0].properties["strokeEnd"] == .number(1))
        #expect(pieces[1].properties["strokeStart"] == .number(0) && pieces[1].properties["strokeEnd"] == .number(0.25))
    }

    @Test func aGradientStrokeTrimWrappingPastTheEndPutsBothPiecesInItsMask() throws {
        // The same stretch on a gradient stroke: its stroke is the gradient's mask, and the
        // piece from the start of the path a sublayer of that mask (nothing warned).
        let gs = #"{"ty":"gs","nm":"Arc","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":2,"lj":2,"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":270},"m":1}"#
        let r = try imported(lottie(shapeLayer("Spin", shapes: [ellipse, gs, trim].joined(separator: ","))))
        #expect(!r.warnings.contains { $0.contains("wrap") }, "\(r.warnings)")
        func all(_ layers: [Layer]) -> [Layer] { layers.flatMap { [$0] + all($0.sublayers) } }
        let gradient = try #require(all(r.document.layers).first { $0.kind == .gradient })
        guard case .string(let maskName)? = gradient.properties["mask"] else { Issue.record("no mask"); return }
        let mask = try #require(gradient.sublayers.first { $0.name == maskName })
        #expect(mask.properties["strokeStart"] == .number(0.75) && mask.properties["strokeEnd"] == .number(1))
        let piece = try #require(mask.sublayers.first)
        #expect(piece.properties["strokeStart"] == .number(0) && piece.properties["strokeEnd"] == .number(0.25))
        #expect(piece.properties["path"] == mask.properties["path"])
    }

    @Test func animatedPathsBecomePathKeyframes() throws {
        let a = #"{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],[10,0]],"c":false}"#
        let b = #"{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,0],[10,20]],"c":false}"#
        let sh = #"{"ty":"sh","nm":"P","ks":{"a":1,"k":[{"t":0,"s":[\#(a)],\#(linear)},{"t":10,"s":[\#(b)]}]}}"#
        let d = try imported(lottie(shapeLayer("Morph", shapes: sh + "," + fill("F", "0,0,0")))).document
        let anim = try #require(d.animations.first { $0.keyPath == "path" })
        guard case .keyframes(let k) = anim.body else { Issue.record("not keyframes"); return }
        #expect(k.values.count == 2)
        let mid = try #require(value(d, "Morph_F", "path", 0.5)?.pathValue)
        // Each vertex half way: the end from (10, 0) to (10, 20); its control point with it.
        #expect(mid.elements.last == .cubic(Point(0, 0), Point(10, 10), Point(10, 10)))
    }

    @Test func animatedRectangleSizesGrowAsPlayersDrawThem() throws {
        let grow = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[20,20]}]},"r":{"a":0,"k":0}}"#
        let d = try imported(lottie(shapeLayer("Grow", shapes: grow + "," + fill("F", "0,0,0")))).document
        #expect(value(d, "Grow_F", "path", 0.5) == .path(box(Rect(-5, -5, 10, 10))))
    }

    /// An ellipse whose size and position move with the same eased keyframes is keyed as path
    /// keyframes with that easing (two keyframes, not one a frame), and draws what sampling the
    /// eased size would; a rounded rectangle growing is still sampled (its corners clamp).
    @Test func linearOutlinesAreKeyedWithTheirEasing() throws {
        let ease = #""o":{"x":[0.4],"y":[0]},"i":{"x":[0.2],"y":[1]}"#
        let dot = #"{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[0,0],\#(ease)},{"t":10,"s":[30,10]}]},"s":{"a":1,"k":[{"t":0,"s":[10,10],\#(ease)},{"t":10,"s":[40,20]}]}}"#
        let d = try imported(lottie(shapeLayer("Pulse", shapes: dot + "," + fill("F", "0,0,0")))).document
        let anim = try #require(d.animations.first { $0.keyPath == "path" })
        guard case .keyframes(let k) = anim.body else { Issue.record("not keyframes"); return }
        #expect(k.values.count == 2)
        func points(_ p: Path) -> [Point] {
            p.elements.flatMap { e -> [Point] in
                switch e {
                case .move(let a), .line(let a): return [a]
                case .quad(let a, let b): return [a, b]
                case .cubic(let a, let b, let c): return [a, b, c]
                case .close: return []
                }
            }
        }
        for t in [0.2, 0.45, 0.8] {
            // What a player draws: the ellipse of the eased position and size.
            let e = TimingFunction.cubic(0.4, 0, 0.2, 1)(t)
            let drawn = LottieOutline.ellipse(center: Point(30 * e, 10 * e), width: 10 + 30 * e, height: 10 + 10 * e, reversed: false)
            let keyed = try #require(value(d, "Pulse_F", "path", t)?.pathValue)
            let (a, b) = (points(keyed), points(drawn))
            #expect(a.count == b.count && zip(a, b).allSatisfy { near($0.x, $1.x, 1e-6) && near($0.y, $1.y, 1e-6) }, "t=\(t)")
        }
        let rounded = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[20,20]}]},"r":{"a":0,"k":4}}"#
        let r = try imported(lottie(shapeLayer("Round", shapes: rounded + "," + fill("F", "0,0,0")))).document
        let sampledAnim = try #require(r.animations.first { $0.keyPath == "path" })
        guard case .keyframes(let s) = sampledAnim.body else { Issue.record("not keyframes"); return }
        #expect(s.values.count > 2, "a rounded rectangle's size is sampled")
    }

    @Test func polystarsAndSolidsHaveOutlines() throws {
        let star = #"{"ty":"sr","sy":2,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":4},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"os":{"a":0,"k":0}}"#
        let solid = ##"{"ty":1,"nm":"Bg","ind":2,"ip":0,"op":20,"st":0,"ks":{},"sc":"#ff0000","sw":100,"sh":50}"##
        let d = try imported(lottie(shapeLayer("Poly", shapes: star + "," + fill("F", "0,0,0")) + "," + solid)).document
        let path = try #require(d.layer(named: "Poly_F")?.properties["path"]?.pathValue)
        let pts = path.allPoints
        // Four sides back to the first point, which is straight up.
        #expect(pts.count == 5 && near(pts[4].x, pts[0].x) && near(pts[4].y, pts[0].y) && near(pts[0].x, 0) && near(pts[0].y, -10) && near(pts[1].x, 10) && near(pts[1].y, 0))
        let bg = try #require(d.layer(named: "Bg"))
        #expect(bg.kind == .shape && bg.properties["path"] == .path(.rect(Rect(0, 0, 100, 50))))
        #expect(bg.properties["fillColor"] == .color(Color(1, 0, 0)))
        // Lottie lists the top layer first: the solid (listed second) is drawn first.
        #expect(d.layers.map(\.name) == ["Bg", "Poly"])
    }

    @Test func gradientFillsAreGradientLayersMaskedByTheOutline() throws {
        let gf = #"{"ty":"gf","nm":"Grad","t":1,"s":{"a":0,"k":[-10,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let d = try imported(lottie(shapeLayer("G", shapes: rect + "," + gf))).document
        let g = try #require(d.layer(named: "G")?.sublayers.first)
        #expect(g.kind == .gradient)
        #expect(g.properties["colors"] == .list([.color(Color(1, 0, 0)), .color(Color(0, 0, 1))]))
        #expect(g.properties["locations"] == .list([.number(0), .number(1)]))
        let mask = try #require(g.properties["mask"]?.string)
        #expect(g.sublayers.map(\.name) == [mask])
    }

    @Test func repeatersBecomeReplicators() throws {
        let rp = #"{"ty":"rp","nm":"Rep","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}}}"#
        let d = try imported(lottie(shapeLayer("R", shapes: [ellipse, fill("F", "0,0,0"), rp].joined(separator: ",")))).document
        let rep = try #require(d.layer(named: "R_Rep"))
        #expect(rep.kind == .replicator)
        #expect(rep.properties["instanceCount"] == .number(3))
        #expect(rep.properties["instanceTransform"] == .transform([.translate(10, 0, 0), .rotate(0, 0, 0, 1), .scale(1, 1, 1)]))
        #expect(near(rep.properties["instanceAlphaOffset"]?.number ?? 0, -0.3))
        #expect(rep.sublayers.map(\.name) == ["R_F"])
    }

    @Test func masksAndMattesAreCoreAnimationMasks() throws {
        let square = #"{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[10,10],[0,10]],"c":true}}"#
        let masked = shapeLayer("Masked", ind: 1, shapes: ellipse + "," + fill("F", "0,0,0"),
                                extra: #""masksProperties":[{"mode":"a","inv":false,"pt":\#(square),"o":{"a":0,"k":60}}]"#)
        let matte = shapeLayer("Matte", ind: 2, shapes: rect + "," + fill("M", "1,1,1"), extra: #""td":1"#)
        let matted = shapeLayer("Matted", ind: 3, shapes: ellipse + "," + fill("F", "0,0,0"), extra: #""tt":1"#)
        let d = try imported(lottie([masked, matte, matted].joined(separator: ","))).document
        let m = try #require(d.layer(named: "Masked"))
        let maskName = try #require(m.properties["mask"]?.string)
        #expect(m.sublayers.last?.name == maskName)
        #expect(m.sublayers.last?.properties["fillColor"] == .color(Color(0, 0, 0, 0.6)))
        // The matted layer and its matte share a container in composition coordinates.
        let container = try #require(d.layers.first { $0.sublayers.contains { $0.name == "Matted" } })
        #expect(container.properties["mask"] == .string("Matte"))
        #expect(container.sublayers.map(\.name) == ["Matted", "Matte"])
        #expect(!d.layers.contains { $0.name == "Matte" })
    }
}
