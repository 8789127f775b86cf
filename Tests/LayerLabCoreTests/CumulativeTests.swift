import Testing
@testable import LayerLabCore

/// `cumulative` (CAPropertyAnimation's `isCumulative`): Apple documents it as "the value of the
/// property is the value at the end of the previous repeat cycle, plus the value of the current
/// repeat cycle". Worked out from those words: repetition k (0-based) shows v(u) + k·E, where
/// v is one repetition's own value and E the value one repetition ends on (v(1), or v(0) when
/// it autoreverses, since a repetition then comes back to where it began).
struct CumulativeTests {
    /// from 0 to 10 over 1 s, three times: 0→10, 10→20, 20→30.
    @Test func aStaircaseOfRepetitions() {
        let d = doc([basic("c", "lineWidth", from: 0, to: 10) { $0.duration = 1; $0.repeatCount = 3; $0.cumulative = true }])
        #expect(close(num(d, "lineWidth", 0.5), 5))
        #expect(close(num(d, "lineWidth", 1.5), 15))
        #expect(close(num(d, "lineWidth", 2.25), 22.5))
        // At an iteration boundary the next repetition has begun: 10 + v(0) = 10.
        #expect(close(num(d, "lineWidth", 1), 10))
    }

    /// The start value counts too, as the documentation's words say: from 5 to 10, the second
    /// repetition is 10 + (5…10) = 15…20, not 10…15.
    @Test func theEndValueIsAddedNotTheChange() {
        let d = doc([basic("c", "lineWidth", from: 5, to: 10) { $0.duration = 1; $0.repeatCount = 2; $0.cumulative = true }])
        #expect(close(num(d, "lineWidth", 0.5), 7.5))
        #expect(close(num(d, "lineWidth", 1.5), 17.5))
    }

    /// Held after the end (fillMode forwards): the last repetition's end, 2·10 + 10 = 30.
    @Test func theFilledEndKeepsTheLastRepetition() {
        let d = doc([basic("c", "lineWidth", from: 0, to: 10) {
            $0.duration = 1; $0.repeatCount = 3; $0.cumulative = true
            $0.fillMode = .forwards; $0.removedOnCompletion = false
        }])
        #expect(close(num(d, "lineWidth", 5), 30))
    }

    /// With autoreverses a repetition is there and back, ending on v(0): from 2 to 10, the
    /// second repetition shows 2 + v(u): 4→12→4.
    @Test func autoreversingRepetitionsAddTheirStart() {
        let d = doc([basic("c", "lineWidth", from: 2, to: 10) {
            $0.duration = 1; $0.repeatCount = 2; $0.autoreverses = true; $0.cumulative = true
        }])
        #expect(close(num(d, "lineWidth", 0.5), 6))     // first repetition, forwards
        #expect(close(num(d, "lineWidth", 1.5), 6))     // first repetition, back
        #expect(close(num(d, "lineWidth", 2.5), 8))     // second: 2 + 6
        #expect(close(num(d, "lineWidth", 3.5), 8))     // second, back: 2 + 6
    }

    /// Keyframes add their last value: values 0, 4, 1 end on 1, so repetition 2 is 2 + v.
    @Test func keyframesAddTheirLastValue() {
        var t = MediaTiming(); t.duration = 1; t.repeatCount = 3; t.cumulative = true
        let d = doc([Animation(name: "k", layer: "box", timing: t,
                               body: .keyframes(.init(keyPath: "lineWidth", values: [0, 4, 1].map(Value.number))))])
        #expect(close(num(d, "lineWidth", 0.5), 4))
        #expect(close(num(d, "lineWidth", 2.5), 6))
    }

    /// A spinner that keeps turning, and a non-number (a position) and colour stack the same way.
    @Test func pointsColoursAndRotationsAccumulate() {
        var t = MediaTiming(); t.duration = 1; t.repeatCount = .infinity; t.cumulative = true
        let spin = doc([basic("s", "transform.rotation.z", from: 0, to: .pi / 2) {
            $0.duration = 1; $0.repeatCount = .infinity; $0.cumulative = true
        }])
        #expect(close(num(spin, "transform.rotation.z", 1000.5), 1000.5 * .pi / 2, 1e-6))
        let move = doc([Animation(name: "m", layer: "box", timing: t,
                                  body: .basic(.init(keyPath: "position", from: .point(Point(0, 0)), to: .point(Point(10, 5)))))])
        let p = Evaluator(document: move).presentationValue(layer: "box", keyPath: "position", at: 2.5)?.point
        #expect(p.map { close($0.x, 25) && close($0.y, 12.5) } == true)
        let tint = doc([Animation(name: "c", layer: "box", timing: t,
                                  body: .basic(.init(keyPath: "fillColor", from: .color(Color(0, 0, 0, 0)),
                                                     to: .color(Color(0.25, 0, 0, 0.25)))))])
        let c = Evaluator(document: tint).presentationValue(layer: "box", keyPath: "fillColor", at: 1.5)?.color
        #expect(c.map { close($0.r, 0.375) && close($0.a, 0.375) } == true)
    }

    /// A whole transform adds by composing: two repetitions of translate(10, 0) on top of the
    /// current one's; an endless repetition far on is worked out without a loop per repetition.
    @Test func transformsComposeRepetitions() {
        var t = MediaTiming(); t.duration = 1; t.repeatCount = .infinity; t.cumulative = true
        let d = doc([Animation(name: "t", layer: "box", timing: t,
                               body: .basic(.init(keyPath: "transform", from: .transform([]),
                                                  to: .transform([.translate(10, 0, 0)]))))])
        let ev = Evaluator(document: d)
        let m = ev.presentationValue(layer: "box", keyPath: "transform", at: 2.5)?.transform?.matrix
        #expect(m.map { close($0.apply(0, 0, 0).x, 25) } == true)
        let far = ev.presentationValue(layer: "box", keyPath: "transform", at: 1e6 + 0.5)?.transform?.matrix
        #expect(far.map { close($0.apply(0, 0, 0).x, 1e7 + 5, 1e-3) } == true)
    }

    /// Off (the default) nothing accumulates.
    @Test func offByDefault() {
        let d = doc([basic("c", "lineWidth", from: 0, to: 10) { $0.duration = 1; $0.repeatCount = 3 }])
        #expect(close(num(d, "lineWidth", 1.5), 5))
    }
}
