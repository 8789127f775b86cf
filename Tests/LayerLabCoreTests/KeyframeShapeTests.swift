import Testing
@testable import LayerLabCore

/// Tension, continuity and bias per keyframe for `cubic` keyframes (Core Animation's
/// `tensionValues`, `continuityValues`, `biasValues`), checked against Kochanek and Bartels'
/// tangents worked by hand. Values 0, 10, 0, 10 at key times 0, 1/3, 2/3, 1 (duration 1): the
/// segment from 10 to 0 is a Hermite curve h(s) = (2s³−3s²+1)·10 + (s³−2s²+s)·m1 + (s³−s²)·m2
/// with m1 the tangent leaving 10 and m2 the one arriving at 0 (chords −10 then +10 around it).
struct KeyframeShapeTests {
    func cubic(_ shape: (inout Animation.Keyframes) -> Void = { _ in }) -> Document {
        var t = MediaTiming(); t.duration = 1
        var k = Animation.Keyframes(keyPath: "lineWidth", values: [0, 10, 0, 10].map(Value.number), calculationMode: .cubic)
        shape(&k)
        return doc([Animation(name: "k", layer: "box", timing: t, body: .keyframes(k))])
    }

    /// Half way through the middle segment (t = 0.5, s = 0.5): h = 5 + (m1 − m2)/8.
    func middle(_ d: Document) -> Double { num(d, "lineWidth", 0.5) }

    @Test func zeroEverywhereIsCatmullRom() {
        // Catmull-Rom: m1 = (0 − 0)/2 = 0 at 10, m2 = (10 − 10)/2 = 0 at 0: h(0.5) = 5.
        #expect(close(middle(cubic()), 5))
        #expect(close(middle(cubic { $0.tensionValues = [0, 0, 0, 0] }), middle(cubic())))
        // Off the middle, the same curve as before the shapes existed.
        #expect(close(num(cubic(), "lineWidth", 0.3), num(cubic { $0.biasValues = [0, 0, 0, 0] }, "lineWidth", 0.3)))
    }

    /// Bias 0.5 at the keyframe 10 (index 1): leaving weights (1.5/2, 0.5/2) on chords +10 and
    /// −10: m1 = 7.5 − 2.5 = 5; m2 = 0 (keyframe 2 unshaped). h(0.5) = 5 + 5/8 = 5.625.
    @Test func biasLeansTheTangentTowardsTheArrivingChord() {
        #expect(close(middle(cubic { $0.biasValues = [0, 0.5, 0, 0] }), 5.625))
    }

    /// Tension 1 at both inner keyframes: zero tangents there, so the middle segment is the
    /// smoothstep 10·(2s³ − 3s² + 1): 5 at s = 0.5 and 10·(2/27 − 3/9 + 1) = 7.407… at s = 1/3.
    @Test func fullTensionFlattensTheTangents() {
        let d = cubic { $0.tensionValues = [0, 1, 1, 0] }
        #expect(close(num(d, "lineWidth", 1.0 / 3 + 1.0 / 9), 10 * (2.0 / 27 - 3.0 / 9 + 1)))
        // Tension −1 doubles a tangent. At the first keyframe (0, its own outer neighbour) the
        // leaving tangent becomes 2·(10 − 0)/2 = 10; the one arriving at 10 stays (10 − 10)/2 = 0.
        let loose = cubic { $0.tensionValues = [-1, 0, 0, 0] }
        // First segment 0→10, m1 = 10, m2 = 0: h(0.5) = 5 + (10 − 0)/8 = 6.25.
        #expect(close(num(loose, "lineWidth", 1.0 / 6), 6.25))
    }

    /// Continuity 0.5 at keyframe 2 (value 0): the arriving tangent there weighs the arriving
    /// chord −10 by 0.25 and the leaving chord +10 by 0.75: m2 = −2.5 + 7.5 = 5, m1 = 0.
    /// h(0.5) = 5 + (0 − 5)/8 = 4.375.
    @Test func continuityMakesACorner() {
        #expect(close(middle(cubic { $0.continuityValues = [0, 0, 0.5, 0] }), 4.375))
    }

    /// Linear mode ignores the shapes, as Core Animation does.
    @Test func otherModesIgnoreThem() {
        var t = MediaTiming(); t.duration = 1
        let k = Animation.Keyframes(keyPath: "lineWidth", values: [0, 10].map(Value.number))
        var shaped = k; shaped.tensionValues = [1, 1]
        let a = doc([Animation(name: "k", layer: "box", timing: t, body: .keyframes(k))])
        let b = doc([Animation(name: "k", layer: "box", timing: t, body: .keyframes(shaped))])
        #expect(close(num(a, "lineWidth", 0.3), num(b, "lineWidth", 0.3)))
    }

    /// One number a keyframe, finite, or the animation is refused.
    @Test func countsAreChecked() {
        var d = Document()
        d.layers = [Layer(name: "box", kind: .shape)]
        var k = Animation.Keyframes(keyPath: "lineWidth", values: [0, 10, 0].map(Value.number), calculationMode: .cubic)
        k.tensionValues = [0, 1]
        #expect(throws: EditError.self) { try d.addAnimation(Animation(name: "k", layer: "box", body: .keyframes(k))) }
        k.tensionValues = [0, .nan, 1]
        #expect(throws: EditError.self) { try d.addAnimation(Animation(name: "k", layer: "box", body: .keyframes(k))) }
        k.tensionValues = [0, 1, 0]
        #expect(throws: Never.self) { try d.addAnimation(Animation(name: "k", layer: "box", body: .keyframes(k))) }
    }
}
