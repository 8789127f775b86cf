import Foundation
import Testing
@testable import LayerLabCore

/// CATransform3D's conventions: row vectors, m34 perspective, steps applied in the frame the
/// previous ones leave, and the replicator's copies built from them.
struct Transform3DTests {
    func near(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { abs(a.x - b.x) < eps && abs(a.y - b.y) < eps }

    @Test func rotationAboutZTurnsClockwiseOnScreen() {
        let p = Transform3D.rotation(.pi / 2, 0, 0, 1).planar.apply(Point(10, 0))
        #expect(near(p, Point(0, 10)))   // +x goes to +y: down, clockwise with y down
        let a = Transform3D.rotation(0.7, 0, 0, 1).planar.affine!, b = LayerLabCore.AffineTransform.rotation(0.7)
        #expect([a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-12 })
    }

    @Test func stepsApplyLeftToRightInTheirOwnFrame() {
        // translate then rotate: the rotation happens about the translated origin, as chained
        // CATransform3DRotate(CATransform3DTranslate(identity, 10, 0, 0), π/2, 0, 0, 1) does.
        let t: [TransformOp] = [.translate(10, 0, 0), .rotate(.pi / 2, 0, 0, 1)]
        #expect(near(t.matrix.planar.apply(Point(5, 0)), Point(10, 5)))
        let u: [TransformOp] = [.rotate(.pi / 2, 0, 0, 1), .translate(10, 0, 0)]
        #expect(near(u.matrix.planar.apply(Point(5, 0)), Point(0, 15)))
    }

    @Test func perspectiveShrinksWhatIsFurtherAway() {
        // perspective(500) then a push 100 points away: everything scales by 500 / 600.
        let t: [TransformOp] = [.perspective(500), .translate(0, 0, -100)]
        #expect(t.matrix.m34 == -1.0 / 500)
        let p = t.matrix.apply(60, 0, 0)
        #expect(abs(p.x / p.w - 50) < 1e-9)
        // A quarter turn about y shows a plane edge-on: its x axis collapses.
        let edge = Transform3D.rotation(.pi / 2, 0, 1, 0).planar.apply(Point(10, 3))
        #expect(abs(edge.x) < 1e-9 && abs(edge.y - 3) < 1e-9)
    }

    @Test func powersCompose() {
        let r = Transform3D.rotation(0.3, 0, 0, 1)
        let p5 = r.power(5).planar.apply(Point(1, 0))
        #expect(near(p5, Point(cos(1.5), sin(1.5))))
        #expect(r.power(0) == .identity)
    }

    @Test func matchingListsBlendStepByStep() {
        let a: [TransformOp] = [.rotate(0, 0, 0, 1)], b: [TransformOp] = [.rotate(.pi, 0, 0, 1)]
        #expect(a.interpolated(to: b, 0.5) == [.rotate(.pi / 2, 0, 0, 1)])
        // The identity is padded with steps that do nothing, so it blends too.
        #expect([TransformOp]().interpolated(to: [.translate(10, 20, 0), .scale(3, 3, 1)], 0.5)
                == [.translate(5, 10, 0), .scale(2, 2, 1)])
        // Lists that do not line up blend their matrices.
        let mixed = [TransformOp.translate(10, 0, 0)].interpolated(to: [.scale(3, 3, 1)], 0.5)
        guard case .matrix(let m)? = mixed.first else { Issue.record("expected a matrix, got \(mixed)"); return }
        #expect(m[1, 1] == 2 && m[4, 1] == 5)
    }

    @Test func replicatorCopiesTurnAboutTheCentreAndTint() {
        let r = Replication(count: 4, delay: 0.1, transform: Transform3D.rotation(.pi / 2, 0, 0, 1),
                            color: Color(1, 1, 1, 1), offsets: Color(0, -0.25, -0.5, -0.3), copies: [])
        let centre = Point(50, 50)
        #expect(near(r.transform(1, center: centre).planar.apply(Point(50, 10)), Point(90, 50)))
        #expect(near(r.transform(2, center: centre).planar.apply(Point(50, 10)), Point(50, 90)))
        #expect(r.tint(0) == Color(1, 1, 1, 1))
        #expect(r.tint(2) == Color(1, 0.5, 0, 0.4))
        #expect(r.tint(3).b == 0)   // clamped, not negative
        #expect(Replication.count(2.9) == 2 && Replication.count(0.5) == 0 && Replication.count(.infinity) == 0)
        #expect(Replication.count(1e9) == Replication.maxCount)
    }

    @Test func copiesRunTheirAnimationsLater() {
        var d = Document()
        d.layers = [Layer(name: "rep", kind: .replicator,
                          properties: ["instanceCount": .number(3), "instanceDelay": .number(0.25)],
                          sublayers: [Layer(name: "dot", kind: .layer)])]
        var t = MediaTiming()
        t.duration = 1
        d.animations = [Animation(name: "fade", layer: "dot", timing: t,
                                  body: .basic(.init(keyPath: "opacity", from: .number(1), to: .number(0), by: nil)))]
        let scene = Evaluator(document: d).scene(at: 0.5)
        let rep = scene.layers[0]
        #expect(rep.sublayers[0].opacity == 0.5)
        #expect(rep.extras.replicator?.copies.map { $0[0].opacity } == [0.75, 1])   // at 0.25, then before its begin
    }
}
