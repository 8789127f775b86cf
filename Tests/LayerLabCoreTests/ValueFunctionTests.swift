import Testing
@testable import LayerLabCore

/// CAValueFunction on transform animations, with values worked out by hand from Apple's
/// documentation: the animation's numbers are interpolated as numbers, then the function makes
/// the transform ("rotates by the input value, in radians, around the z-axis"; scale and
/// translate take three input values, x, y and z).
@Suite struct ValueFunctionTests {
    static func presented(_ a: Animation, at t: Double, keyPath: String = "transform") throws -> [TransformOp] {
        var doc = Document()
        try doc.addLayer(Layer(name: "box", kind: .layer, properties: ["bounds": .rect(Rect(0, 0, 10, 10))]))
        try doc.addAnimation(a)
        return try #require(Evaluator(document: doc).presentationValue(layer: "box", keyPath: keyPath, at: t)?.transform)
    }

    static func basic(_ f: ValueFunctionName, from: Value, to: Value, keyPath: String = "transform") -> Animation {
        var b = Animation.Basic(keyPath: keyPath, from: from, to: to)
        b.valueFunction = f
        var t = MediaTiming()
        t.duration = 2
        return Animation(name: "a", layer: "box", timing: t, body: .basic(b))
    }

    @Test func rotateZGoesAWholeTurn() throws {
        // 0 → 2π over 2 s: at 0.5 s a quarter turn (π/2), at 1 s half a turn (π), at 1.5 s
        // three quarters. Without the function the two ends are the same matrix and nothing turns.
        let a = Self.basic(.rotateZ, from: .number(0), to: .number(2 * .pi))
        for (t, angle) in [(0.5, Double.pi / 2), (1.0, Double.pi), (1.5, 3 * Double.pi / 2)] {
            let ops = try Self.presented(a, at: t)
            guard case .rotate(let x, 0, 0, 1)? = ops.first, ops.count == 1 else { Issue.record("\(ops)"); continue }
            #expect(abs(x - angle) < 1e-12)
        }
        let m = try Self.presented(a, at: 1).matrix
        #expect(abs(m.m[0] + 1) < 1e-12)   // cos π
    }

    @Test func rotateXAndYTurnAboutTheirAxes() throws {
        let x = try Self.presented(Self.basic(.rotateX, from: .number(0), to: .number(1)), at: 1)
        #expect(x == [.rotate(0.5, 1, 0, 0)])
        let y = try Self.presented(Self.basic(.rotateY, from: .number(1), to: .number(2)), at: 0.5)
        #expect(y == [.rotate(1.25, 0, 1, 0)])
    }

    @Test func scaleAndTranslateTakeThreeNumbers() throws {
        // Apple's example: scale from [0, 0, 0] to [1, 1, 1]; half way it is 0.5 on each axis.
        let s = try Self.presented(Self.basic(.scale, from: .list([.number(0), .number(0), .number(0)]),
                                              to: .list([.number(1), .number(1), .number(1)])), at: 1)
        #expect(s == [.scale(0.5, 0.5, 0.5)])
        let tr = try Self.presented(Self.basic(.translate, from: .list([.number(0), .number(10), .number(0)]),
                                               to: .list([.number(40), .number(30), .number(-8)])), at: 0.5)
        #expect(tr == [.translate(10, 15, -2)])
        let sx = try Self.presented(Self.basic(.scaleX, from: .number(1), to: .number(3)), at: 1)
        #expect(sx == [.scale(2, 1, 1)])
        let ty = try Self.presented(Self.basic(.translateY, from: .number(0), to: .number(-20)), at: 1)
        #expect(ty == [.translate(0, -10, 0)])
    }

    @Test func keyframesInterpolateTheNumbers() throws {
        // values 0, π, 3π at key times 0, 0.5, 1 over 2 s: at 1.5 s (half of the second
        // segment) the angle is 2π, a whole turn on from the first.
        var k = Animation.Keyframes(keyPath: "transform", values: [.number(0), .number(.pi), .number(3 * .pi)])
        k.valueFunction = .rotateZ
        var t = MediaTiming()
        t.duration = 2
        let ops = try Self.presented(Animation(name: "k", layer: "box", timing: t, body: .keyframes(k)), at: 1.5)
        #expect(ops.count == 1)
        if case .rotate(let x, _, _, _)? = ops.first { #expect(abs(x - 2 * .pi) < 1e-12) }
    }

    @Test func wrongValuesAreRefused() throws {
        var doc = Document()
        try doc.addLayer(Layer(name: "box", kind: .layer))
        #expect(throws: EditError.self) { try doc.addAnimation(Self.basic(.rotateZ, from: .number(0), to: .list([.number(1)]))) }
        #expect(throws: EditError.self) {
            try doc.addAnimation(Self.basic(.scale, from: .number(0), to: .list([.number(1), .number(1), .number(1)])))
        }
        #expect(throws: EditError.self) { try doc.addAnimation(Self.basic(.rotateZ, from: .number(0), to: .number(1), keyPath: "opacity")) }
        #expect(throws: EditError.self) { try doc.addAnimation(Self.basic(.rotateZ, from: .number(0), to: .number(.infinity))) }
        #expect(doc.animations.isEmpty)
    }
}
