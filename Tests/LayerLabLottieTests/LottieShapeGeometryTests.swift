import Foundation
import Testing
import LayerLabCore
@testable import LayerLabLottie

/// Skew, rounded corners and repeaters drawn as Lottie players draw them.
struct LottieShapeGeometryTests {
    let square = #"{"ty":"sh","nm":"Sq","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[10,10],[0,10]],"c":true}}}"#
    func fill(_ name: String = "F") -> String { #"{"ty":"fl","nm":"\#(name)","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"# }
    func rd(_ r: Double) -> String { #"{"ty":"rd","nm":"Round","r":{"a":0,"k":\#(r)}}"# }

    func matrix(_ v: Value?) -> LayerLabCore.AffineTransform? {
        guard let ops = v?.transform else { return nil }
        let m = ops.matrix.m
        return LayerLabCore.AffineTransform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }

    func close(_ p: Point, _ q: Point) -> Bool { near(p.x, q.x, 1e-9) && near(p.y, q.y, 1e-9) }

    /// The same elements, points within 1e-9.
    func same(_ a: [PathElement], _ b: [PathElement]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            switch (x, y) {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return close(p, q)
            case (.cubic(let p1, let p2, let p3), .cubic(let q1, let q2, let q3)): return close(p1, q1) && close(p2, q2) && close(p3, q3)
            case (.close, .close): return true
            default: return false
            }
        }
    }

    // MARK: - Skew

    /// A skew goes into the layer's transform matrix between its scale and its rotation, as
    /// players compose it; scale and rotation are then not also set on their own key paths.
    @Test func layerSkewIsPartOfTheTransformMatrix() throws {
        let ks = #""p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":90},"sk":{"a":0,"k":45},"sa":{"a":0,"k":0}"#
        let r = try imported(lottie(shapeLayer("S", ks: ks, shapes: square + "," + fill())))
        #expect(!r.warnings.joined().contains("skew"))
        let s = try #require(r.document.layer(named: "S"))
        #expect(s.properties["transform.scale.x"] == nil && s.properties["transform.rotation.z"] == nil)
        let m = try #require(matrix(s.properties["transform"]))
        // (0, -1): scaled to (0, -2), sheared by tan(-45°) along x to (2, -2), turned 90° clockwise to (2, 2).
        #expect(close(m.apply(Point(0, -1)), Point(2, 2)))
        // (1, 0) has no height to shear: (2, 0), turned to (0, 2).
        #expect(close(m.apply(Point(1, 0)), Point(0, 2)))
    }

    /// The skew axis turns the direction of the shear: an axis of 90° shears y along x's changes.
    @Test func theSkewAxisTurnsTheShear() {
        let m = LottieConverter.skewMatrix(skew: 45, axis: 90)
        #expect(close(m.apply(Point(1, 0)), Point(1, 1)))
        #expect(close(m.apply(Point(0, 1)), Point(0, 1)))
        // Beyond After Effects' ±85° the shear stays finite.
        let steep = LottieConverter.skewMatrix(skew: 90, axis: 0)
        #expect(steep.c.isFinite && near(steep.c, -tan(85 * .pi / 180)))
    }

    /// A shear by tan repeats every 180°: 180° is no skew and 100° is −80°, not the ±85° limit.
    @Test func skewBeyondARightAngleRepeatsEveryHalfTurn() {
        for (skew, same) in [(180.0, 0.0), (-180, 0), (100, -80), (-100, 80), (225, 45), (540, 0), (-135, 45)] {
            let m = LottieConverter.skewMatrix(skew: skew, axis: 30)
            let n = LottieConverter.skewMatrix(skew: same, axis: 30)
            #expect(close(m.apply(Point(0.3, 1)), n.apply(Point(0.3, 1))), "skew \(skew)")
        }
        #expect(near(LottieConverter.skewMatrix(skew: 95, axis: 0).c, -tan(-85 * .pi / 180)))
    }

    @Test func animatedSkewIsSampledAndGroupTransformsSkewToo() throws {
        let sk = #""sk":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[45]}]},"sa":{"a":0,"k":0}"#
        let group = #"{"ty":"gr","nm":"G","it":[\#(square),\#(fill()),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},\#(sk)}]}"#
        let d = try imported(lottie(shapeLayer("S", shapes: group))).document
        let start = try #require(matrix(value(d, "S_G", "transform", 0)))
        let end = try #require(matrix(value(d, "S_G", "transform", 1)))
        #expect(close(start.apply(Point(0, -1)), Point(0, -1)))
        #expect(close(end.apply(Point(0, -1)), Point(1, -1)))
    }

    /// Core Animation's 3D rotations and a skew do not compose into one matrix here: said, not dropped.
    @Test func skewOnA3DLayerIsWarned() throws {
        let ks = #""rx":{"a":0,"k":30},"sk":{"a":0,"k":20},"sa":{"a":0,"k":0}"#
        let r = try imported(lottie(shapeLayer("S", ks: ks, shapes: square + "," + fill(), extra: #""ddd":1"#)))
        #expect(r.warnings.contains { $0.hasPrefix("1 3D layer's skew not drawn") })
    }

    /// Skews of a millionth of a degree (After Effects' rounding noise) are not skews.
    @Test func roundingNoiseIsNoSkew() throws {
        let ks = #""r":{"a":0,"k":30},"sk":{"a":0,"k":-6.8e-06},"sa":{"a":0,"k":0}"#
        let s = try #require(try imported(lottie(shapeLayer("S", ks: ks, shapes: square + "," + fill()))).document.layer(named: "S"))
        #expect(s.properties["transform"] == nil && s.properties["transform.rotation.z"] == .number(30 * .pi / 180))
    }

    // MARK: - Rounded corners

    func outline(_ shapes: String, layer: String = "S_F") throws -> Path {
        let r = try imported(lottie(shapeLayer("S", shapes: shapes)))
        #expect(!r.warnings.joined().contains("rounded corners"))
        return try #require(r.document.layer(named: layer)?.properties["path"]?.pathValue)
    }

    /// Every sharp corner of a path becomes two points `r` along its sides joined by a cubic
    /// whose handles reach 0.5519 of the way back to the corner.
    @Test func roundedCornersRoundEverySharpCornerOfAPath() throws {
        let p = try outline([square, rd(2), fill()].joined(separator: ","))
        let h = 2 * (1 - LottieRoundedCorners.roundCornerHandle)
        #expect(same(Array(p.elements.prefix(3)), [.move(Point(0, 2)), .cubic(Point(0, h), Point(h, 0), Point(2, 0)), .line(Point(8, 0))]))
        #expect(p.elements.last == .close)
        #expect(p.elements.filter { if case .cubic = $0 { return true }; return false }.count == 4)
        // A radius beyond half a side meets in the middle of it.
        let big = try outline([square, rd(100), fill()].joined(separator: ","))
        #expect(same(Array(big.elements.prefix(1)), [.move(Point(0, 5))]))
        #expect(big.elements.filter { if case .cubic = $0 { return true }; return false }.count == 4)
    }

    @Test func roundedCornersKeepSmoothPointsAndTheEndsOfOpenPaths() throws {
        let open = #"{"ty":"sh","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,0],[10,0],[10,10]],"c":false}}}"#
        let p = try outline([open, rd(3), fill()].joined(separator: ","))
        #expect(same(p.elements, [.move(Point(0, 0)), .line(Point(7, 0)),
                               .cubic(Point(7 + 3 * LottieRoundedCorners.roundCornerHandle, 0), Point(10, 3 - 3 * LottieRoundedCorners.roundCornerHandle), Point(10, 3)),
                               .line(Point(10, 10))]))
        // An ellipse has no sharp corner: unchanged.
        let el = #"{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]}}"#
        #expect(try outline([el, rd(3), fill()].joined(separator: ",")) == LottieOutline.ellipse(center: .zero, width: 20, height: 10, reversed: false))
    }

    /// Rounded corners in a group round the outlines of the groups inside it, stars included;
    /// a radius of 0 (After Effects writes many) changes nothing.
    @Test func roundedCornersReachNestedGroupsAndStars() throws {
        let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"ir":{"a":0,"k":4},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
        let inner = #"{"ty":"gr","nm":"In","it":[\#(star),\#(fill("F"))]}"#
        let rounded = try outline([inner, rd(1)].joined(separator: ","), layer: "S_F")
        #expect(rounded.elements.filter { if case .cubic = $0 { return true }; return false }.count == 10)
        let sharp = try outline([inner, rd(0)].joined(separator: ","), layer: "S_F")
        #expect(sharp.elements.filter { if case .cubic = $0 { return true }; return false }.isEmpty)
    }

    @Test func animatedRoundingIsSampled() throws {
        let grow = #"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":10,"s":[4]}]}}"#
        let d = try imported(lottie(shapeLayer("S", shapes: [square, grow, fill()].joined(separator: ",")))).document
        #expect(value(d, "S_F", "path", 0)?.pathValue?.elements.first == .move(Point(0, 0)))
        #expect(same(Array((value(d, "S_F", "path", 0.5)?.pathValue?.elements ?? []).prefix(1)), [.move(Point(0, 2))]))
    }

    // MARK: - Repeaters

    func repeater(p: String, r: String, a: String = #"{"a":0,"k":[0,0]}"#, c: Int = 3) -> String {
        #"{"ty":"rp","nm":"Rep","c":{"a":0,"k":\#(c)},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":\#(p),"a":\#(a),"s":{"a":0,"k":[100,100]},"r":\#(r),"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"#
    }

    /// A fill below a repeater paints every copy of the outlines above it.
    @Test func stylesBelowARepeaterPaintItsCopies() throws {
        let rp = repeater(p: #"{"a":0,"k":[20,0]}"#, r: #"{"a":0,"k":0}"#)
        let d = try imported(lottie(shapeLayer("R", shapes: [square, rp, fill()].joined(separator: ",")))).document
        let rep = try #require(d.layer(named: "R_Rep"))
        #expect(rep.kind == .replicator)
        #expect(rep.sublayers.map(\.name) == ["R_F"])
        #expect(rep.sublayers.first?.properties["path"] != nil)
    }

    /// Copies that move and turn are placed as players place them — copy k turned k·r about
    /// the anchor and moved k·p — which Core Animation's compounding replicator cannot say:
    /// one layer a copy.
    @Test func repeatersThatMoveAndTurnDrawEachCopy() throws {
        let rp = repeater(p: #"{"a":0,"k":[20,0]}"#, r: #"{"a":0,"k":90}"#)
        let d = try imported(lottie(shapeLayer("R", shapes: [square, fill(), rp].joined(separator: ",")))).document
        let holder = try #require(d.layer(named: "R_Rep"))
        #expect(holder.kind == .layer && holder.sublayers.count == 3)
        let third = try #require(matrix(holder.sublayers[2].properties["transform"]))
        // Turned 180° and moved 40: (1, 0) lands at (39, 0), not where compounding would put it.
        #expect(close(third.apply(Point(1, 0)), Point(39, 0)))
    }

    /// An animated count shows and hides the copies drawn one layer each.
    @Test func explicitCopiesFollowAnAnimatedCount() throws {
        let rp = #"{"ty":"rp","nm":"Rep","c":{"a":1,"k":[{"t":0,"s":[1],\#(linear)},{"t":10,"s":[3]}]},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[20,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":45},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}"#
        let d = try imported(lottie(shapeLayer("R", shapes: [square, fill(), rp].joined(separator: ",")))).document
        let copies = try #require(d.layer(named: "R_Rep")?.sublayers.map(\.name))
        #expect(copies.count == 3)
        #expect(value(d, copies[2], "hidden", 0) == .bool(true))
        #expect(value(d, copies[2], "hidden", 1) == .bool(false))
        #expect(near(number(d, copies[2], "opacity", 1), 0.5))
        #expect(near(number(d, copies[0], "opacity", 1), 1))
    }

    /// An animated anchor moves the point the copies turn about.
    @Test func animatedRepeaterAnchorsAreFollowed() throws {
        let a = #"{"a":1,"k":[{"t":0,"s":[0,0],\#(linear)},{"t":10,"s":[10,0]}]}"#
        let rp = repeater(p: #"{"a":0,"k":[0,0]}"#, r: #"{"a":0,"k":90}"#, a: a)
        let r = try imported(lottie(shapeLayer("R", shapes: [square, fill(), rp].joined(separator: ","))))
        #expect(!r.warnings.joined().contains("anchor"))
        #expect(value(r.document, "R_Rep", "bounds", 0) == .rect(Rect(0, 0, 0, 0)))
        #expect(value(r.document, "R_Rep", "bounds", 1) == .rect(Rect(10, 0, 0, 0)))
        #expect(value(r.document, "R_Rep", "position", 1) == .point(Point(10, 0)))
    }

    // MARK: - Merge paths

    func squareAt(_ x: Double, _ name: String) -> String {
        #"{"ty":"sh","nm":"\#(name)","ks":{"a":0,"k":{"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[\#(x),0],[\#(x + 10),0],[\#(x + 10),10],[\#(x),10]],"c":true}}}"#
    }
    func merge(_ mode: Int) -> String { #"{"ty":"mm","nm":"M","mm":\#(mode)}"# }

    /// An intersection paints the first outline through a mask of the others united, so the
    /// coverage left is where all of them are (a fill does not reach the rest of either square).
    @Test func intersectingMergePathsClipTheFirstOutlineByTheOthers() throws {
        let r = try imported(lottie(shapeLayer("S", shapes: [squareAt(0, "A"), squareAt(5, "B"), merge(4), fill()].joined(separator: ","))))
        #expect(!r.warnings.joined().contains("merge"))
        let f = try #require(r.document.layer(named: "S_F"))
        let clipName = try #require(f.properties["mask"]?.string)
        let clip = try #require(f.sublayers.first { $0.name == clipName })
        #expect(clip.kind == .shape)
        let painted = try #require(f.properties["path"]?.pathValue), kept = try #require(clip.properties["path"]?.pathValue)
        #expect(painted.allPoints.allSatisfy { $0.x >= 0 && $0.x <= 10 })
        #expect(kept.allPoints.allSatisfy { $0.x >= 5 && $0.x <= 15 })
        // A gradient is clipped by a layer around it.
        let gf = #"{"ty":"gf","nm":"Grad","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        let g = try imported(lottie(shapeLayer("G", shapes: [squareAt(0, "A"), squareAt(5, "B"), merge(4), gf].joined(separator: ",")))).document
        let holder = try #require(g.layer(named: "G")?.sublayers.first)
        #expect(holder.kind == .layer && holder.properties["mask"] != nil && holder.sublayers.first?.kind == .gradient)
    }

    /// One outline alone has nothing to meet: an intersection of it is itself.
    @Test func anIntersectionOfOneOutlineIsThatOutline() throws {
        let d = try imported(lottie(shapeLayer("S", shapes: [squareAt(0, "A"), merge(4), fill()].joined(separator: ",")))).document
        let f = try #require(d.layer(named: "S_F"))
        #expect(f.properties["mask"] == nil && f.properties["path"]?.pathValue?.allPoints.isEmpty == false)
    }

    /// A stroke of an intersection follows its edge: the first outline clipped by the other,
    /// and the other clipped by the first.
    @Test func aStrokeOfAnIntersectionFollowsItsEdge() throws {
        let st = #"{"ty":"st","nm":"L","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1,"ml":4}"#
        let r = try imported(lottie(shapeLayer("S", shapes: [squareAt(0, "A"), squareAt(5, "B"), merge(4), st].joined(separator: ","))))
        #expect(r.warnings.isEmpty)
        let strokes = try #require(r.document.layer(named: "S")?.sublayers)
        #expect(strokes.count == 2 && strokes.allSatisfy { $0.properties["mask"] != nil && $0.properties["strokeColor"] != nil })
        let first = try #require(strokes[0].properties["path"]?.pathValue), other = try #require(strokes[1].properties["path"]?.pathValue)
        #expect(first.allPoints.allSatisfy { $0.x <= 10 } && other.allPoints.allSatisfy { $0.x >= 5 })
    }

    /// Excluding intersections fills the outlines even-odd: where two overlap is left out.
    @Test func excludingMergePathsFillEvenOdd() throws {
        let d = try imported(lottie(shapeLayer("S", shapes: [squareAt(0, "A"), squareAt(5, "B"), merge(5), fill()].joined(separator: ",")))).document
        let f = try #require(d.layer(named: "S_F"))
        #expect(f.properties["fillRule"] == .string(FillRule.evenOdd.rawValue))
        #expect(f.properties["mask"] == nil)
    }
}
