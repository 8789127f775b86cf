@testable import LayerLabCore
import Testing

/// `timeRemap`: a layer's sublayers see its value as their parent time (Lottie's precomposition
/// time remapping), on top of the layer's own CAMediaTiming clock.
@Suite struct TimeRemapTests {
    /// "pre" holds "child", whose opacity goes 0 → 1 over its first second.
    static func document(pre: [String: Value] = [:], child: [String: Value] = [:], animations: [Animation] = []) -> Document {
        var d = Document()
        d.layers = [Layer(name: "pre", kind: .layer, properties: pre, sublayers: [
            Layer(name: "child", kind: .layer, properties: child)])]
        var t = MediaTiming()
        t.duration = 1
        t.fillMode = .both
        t.removedOnCompletion = false
        d.animations = [Animation(name: "fade", layer: "child", timing: t,
                                  body: .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1))))] + animations
        return d
    }

    static func childOpacity(_ d: Document, at t: Double) -> Double {
        let e = Evaluator(document: d)
        let drawn = e.scene(at: t).layers[0].sublayers[0].opacity
        // Every reader of the child's time agrees with the frame: inspect and explain.
        #expect(e.presentationValue(layer: "child", keyPath: "opacity", at: t)?.number.map { abs($0 - drawn) < 1e-12 } == true)
        return drawn
    }

    @Test func withoutRemapTheSublayersFollowTheClock() {
        let d = Self.document()
        #expect(abs(Self.childOpacity(d, at: 0.3) - 0.3) < 1e-12)
    }

    @Test func aFixedRemapFreezesTheSublayers() {
        let d = Self.document(pre: ["timeRemap": .number(0.25)])
        for t in [0.0, 0.6, 3.0] { #expect(abs(Self.childOpacity(d, at: t) - 0.25) < 1e-12, "at \(t)") }
    }

    @Test func anAnimatedRemapRunsOnTheLayersOwnClock() {
        // pre starts at 1 and runs twice as fast; its timeRemap goes 1 → 0 over its first second,
        // so the child plays backwards. At scene 1.125 pre's time is 0.25, the remap 0.75.
        var t = MediaTiming()
        t.duration = 1
        let back = Animation(name: "back", layer: "pre", timing: t,
                             body: .basic(.init(keyPath: "timeRemap", from: .number(1), to: .number(0))))
        let d = Self.document(pre: ["beginTime": .number(1), "speed": .number(2)], animations: [back])
        #expect(abs(Self.childOpacity(d, at: 1.125) - 0.75) < 1e-12)
        #expect(abs(Self.childOpacity(d, at: 1.25) - 0.5) < 1e-12)
        // After the animation the model value, unset: the child follows pre's clock again
        // (scene 2 is pre's time 2, past the child's fade, which holds 1).
        #expect(Self.childOpacity(d, at: 2) == 1)
        let e = Evaluator(document: d)
        #expect(abs(e.layerTime("child", at: 1.125) - 0.75) < 1e-12)
        #expect(abs(e.layerTime("pre", at: 1.125) - 0.25) < 1e-12)
    }

    @Test func theSublayersOwnClockAppliesAfterTheRemap() {
        // The child's beginTime and speed map the remapped time as they map any parent time.
        let d = Self.document(pre: ["timeRemap": .number(0.5)], child: ["beginTime": .number(0.25), "speed": .number(2)])
        #expect(abs(Self.childOpacity(d, at: 9) - 0.5) < 1e-12)
    }

    @Test func aRemapDoesNotChangeTheLayersOwnAnimations() {
        var t = MediaTiming()
        t.duration = 1
        let own = Animation(name: "own", layer: "pre", timing: t,
                            body: .basic(.init(keyPath: "opacity", from: .number(0), to: .number(1))))
        let d = Self.document(pre: ["timeRemap": .number(0)], animations: [own])
        let e = Evaluator(document: d)
        #expect(abs(e.scene(at: 0.4).layers[0].opacity - 0.4) < 1e-12)
        #expect(e.scene(at: 0.4).layers[0].sublayers[0].opacity == 0)
    }

    @Test func aScheduledRemapTakesEffectAtItsTime() {
        var d = Self.document()
        d.events = [Event(name: "hold", time: .number(0.5), layer: "pre",
                          assignments: [Assignment(keyPath: "timeRemap", value: .number(0.1))])]
        #expect(abs(Self.childOpacity(d, at: 0.4) - 0.4) < 1e-12)
        #expect(abs(Self.childOpacity(d, at: 0.8) - 0.1) < 1e-12)
    }
}
