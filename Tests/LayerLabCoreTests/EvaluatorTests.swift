import Testing
@testable import LayerLabCore

/// A document with one shape layer `box` and the given animations and events.
func doc(_ animations: [Animation], events: [Event] = [], props: [String: Value] = [:]) -> Document {
    var d = Document()
    d.layers = [Layer(name: "box", kind: .shape, properties: props)]
    d.animations = animations
    d.events = events
    return d
}

func basic(_ name: String, _ kp: String, from: Double? = nil, to: Double? = nil, by: Double? = nil,
           _ configure: (inout MediaTiming) -> Void = { _ in }) -> Animation {
    var t = MediaTiming()
    configure(&t)
    return Animation(name: name, layer: "box", timing: t,
                     body: .basic(.init(keyPath: kp, from: from.map(Value.number), to: to.map(Value.number),
                                        by: by.map(Value.number))))
}

func num(_ d: Document, _ kp: String, _ t: Double) -> Double {
    Evaluator(document: d).presentationValue(layer: "box", keyPath: kp, at: t)?.number ?? .nan
}

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) < eps }

struct EvaluatorTests {
    @Test func basicFromToWithDefaultDuration() {
        let d = doc([basic("a", "opacity", from: 0, to: 1)])
        #expect(close(num(d, "opacity", 0), 0))
        #expect(close(num(d, "opacity", 0.125), 0.5))
        #expect(close(num(d, "opacity", 0.25), 1))   // removed: back to the model value 1
        #expect(close(num(d, "strokeEnd", 0.1), 1))
    }

    @Test func missingFromStartsAtTheValueBeneath() {
        let d = doc([basic("a", "lineWidth", to: 11) { $0.duration = 1 }], props: ["lineWidth": .number(1)])
        #expect(close(num(d, "lineWidth", 0.5), 6))
    }

    @Test func byForms() {
        let d1 = doc([basic("a", "lineWidth", from: 2, by: 4) { $0.duration = 1 }])
        #expect(close(num(d1, "lineWidth", 0.5), 4))
        let d2 = doc([basic("a", "lineWidth", to: 10, by: 4) { $0.duration = 1 }])
        #expect(close(num(d2, "lineWidth", 0), 6))
        let d3 = doc([basic("a", "lineWidth", by: 4) { $0.duration = 1 }], props: ["lineWidth": .number(3)])
        #expect(close(num(d3, "lineWidth", 0.5), 5))
    }

    @Test func laterAddedWinsUnlessAdditive() {
        let a = basic("a", "lineWidth", from: 0, to: 10) { $0.duration = 1 }
        let b = basic("b", "lineWidth", from: 100, to: 100) { $0.duration = 1 }
        #expect(close(num(doc([a, b]), "lineWidth", 0.5), 100))
        #expect(close(num(doc([b, a]), "lineWidth", 0.5), 5))
        var add = basic("c", "lineWidth", from: 0, to: 2) { $0.duration = 1; $0.additive = true }
        #expect(close(num(doc([b, add]), "lineWidth", 0.5), 101))
        add.timing.beginTime = .number(5)
        #expect(close(num(doc([b, add]), "lineWidth", 0.5), 100))
    }

    @Test func fillForwardsNeedsRemovedOnCompletionFalse() {
        let kept = basic("a", "opacity", from: 1, to: 0) { $0.fillMode = .forwards; $0.removedOnCompletion = false }
        let removed = basic("a", "opacity", from: 1, to: 0) { $0.fillMode = .forwards }
        #expect(close(num(doc([kept]), "opacity", 10), 0))
        #expect(close(num(doc([removed]), "opacity", 10), 1))
    }

    @Test func groupOffsetsAndClipsChildren() {
        var child1 = basic("", "lineWidth", from: 0, to: 10) { $0.duration = 1 }
        child1.layer = "box"
        let child2 = basic("", "lineWidth", from: 20, to: 30) { $0.beginTime = .number(1); $0.duration = 2 }
        var gt = MediaTiming(); gt.beginTime = .number(1); gt.duration = 2
        let g = Animation(name: "g", layer: "box", timing: gt,
                          body: .group(.init(children: [child1, child2])))
        let d = doc([g], props: ["lineWidth": .number(-1)])
        #expect(close(num(d, "lineWidth", 0.5), -1))       // group not begun
        #expect(close(num(d, "lineWidth", 1.5), 5))        // child 1 at 0.5
        #expect(close(num(d, "lineWidth", 2.5), 22.5))     // child 2 at 0.5 of 2
        #expect(close(num(d, "lineWidth", 3.0), -1))       // clipped: group over at 2
    }

    @Test func untimedChildSpansItsGroupAndGroupDurationDefaultsToChildren() {
        let untimed = basic("", "lineWidth", from: 0, to: 10)
        let timed = basic("", "strokeEnd", from: 0, to: 1) { $0.duration = 2 }
        let g = Animation(name: "g", layer: "box", body: .group(.init(children: [untimed, timed])))
        let d = doc([g])
        #expect(close(num(d, "lineWidth", 1), 5))
        #expect(close(Evaluator(document: d).interval(of: "g")!.end, 2))
        let lonely = Animation(name: "g", layer: "box", body: .group(.init(children: [untimed])))
        #expect(close(Evaluator(document: doc([lonely])).interval(of: "g")!.end, 0.25))
    }

    @Test func groupRepeatsAndTimingFunctionWarpsChildren() {
        let c = basic("", "lineWidth", from: 0, to: 10) { $0.duration = 1 }
        var gt = MediaTiming(); gt.repeatCount = 2
        let g = Animation(name: "g", layer: "box", timing: gt, body: .group(.init(children: [c])))
        #expect(close(num(doc([g]), "lineWidth", 1.25), 2.5))
        var et = MediaTiming(); et.duration = 1; et.timingFunction = .easeInEaseOut
        let eased = Animation(name: "g", layer: "box", timing: et, body: .group(.init(children: [c])))
        #expect(close(num(doc([eased]), "lineWidth", 0.25), 10 * TimingFunction.easeInEaseOut(0.25)))
    }

    @Test func sequenceGroupChainsChildren() {
        let a = basic("", "lineWidth", from: 0, to: 10) { $0.duration = 1 }
        let b = basic("", "lineWidth", from: 10, to: 20) { $0.duration = 0.5 }
        let c = basic("", "lineWidth", from: 20, to: 30) { $0.duration = 1; $0.beginTime = .number(0.5) }
        let g = Animation(name: "g", layer: "box", body: .group(.init(children: [a, b, c], sequence: true)))
        let d = doc([g], props: ["lineWidth": .number(-1)])
        #expect(close(num(d, "lineWidth", 1.25), 15))
        #expect(close(num(d, "lineWidth", 1.75), -1))   // the delay before c
        #expect(close(num(d, "lineWidth", 2.5), 25))
        #expect(close(Evaluator(document: d).interval(of: "g")!.end, 3))
    }

    @Test func keyframesInEveryMode() {
        func kf(_ mode: Animation.CalculationMode, _ values: [Double], keyTimes: [Double]? = nil,
                tfs: [TimingFunction]? = nil) -> Document {
            var t = MediaTiming(); t.duration = 1
            return doc([Animation(name: "k", layer: "box", timing: t,
                                  body: .keyframes(.init(keyPath: "lineWidth", values: values.map(Value.number),
                                                         keyTimes: keyTimes, calculationMode: mode,
                                                         timingFunctions: tfs)))])
        }
        let linear = kf(.linear, [0, 10, 0])
        #expect(close(num(linear, "lineWidth", 0.25), 5))
        #expect(close(num(linear, "lineWidth", 0.75), 5))
        let keyed = kf(.linear, [0, 10, 20], keyTimes: [0, 0.8, 1])
        #expect(close(num(keyed, "lineWidth", 0.4), 5))
        #expect(close(num(keyed, "lineWidth", 0.9), 15))
        let discrete = kf(.discrete, [1, 2, 3])
        #expect(close(num(discrete, "lineWidth", 0.2), 1))
        #expect(close(num(discrete, "lineWidth", 0.4), 2))
        #expect(close(num(discrete, "lineWidth", 0.9), 3))
        let paced = kf(.paced, [0, 30, 40])   // 30 then 10: the first segment takes 3/4 of the time
        #expect(close(num(paced, "lineWidth", 0.375), 15))
        #expect(close(num(paced, "lineWidth", 0.875), 35))
        let cubic = kf(.cubic, [0, 10, 0, 10])
        #expect(close(num(cubic, "lineWidth", 1.0 / 3), 10))
        #expect(num(cubic, "lineWidth", 0.3) > 9.5)   // smooth through the peak, not a corner
        let eased = kf(.linear, [0, 10], tfs: [.easeIn])
        #expect(close(num(eased, "lineWidth", 0.5), 10 * TimingFunction.easeIn(0.5)))
    }

    @Test func springDefaultsToSettlingDurationAndUIKitFormSnaps() {
        let physics = Animation(name: "s", layer: "box",
                                body: .spring(.init(keyPath: "lineWidth", from: .number(0), to: .number(10),
                                                    form: .physics(mass: 1, stiffness: 100, damping: 10,
                                                                   initialVelocity: 0))))
        let ev = Evaluator(document: doc([physics]))
        let end = ev.interval(of: "s")!.end
        #expect(end > 0.5 && end < 2)
        #expect(abs(num(doc([physics]), "lineWidth", end - 0.01) - 10) < 0.02)
        var t = MediaTiming(); t.duration = 0.4; t.fillMode = .forwards; t.removedOnCompletion = false
        let uikit = Animation(name: "u", layer: "box", timing: t,
                              body: .spring(.init(keyPath: "transform.scale", from: .number(0.25), to: .number(1),
                                                  form: .dampingRatio(0.7, initialVelocity: 0.1))))
        #expect(num(doc([uikit]), "transform.scale.x", 0.28) > 1.02)
        #expect(close(num(doc([uikit]), "transform.scale.y", 0.5), 1))
    }

    @Test func eventsChangeTheModelAndAnimatedEventsAnimate() {
        let e1 = Event(name: "e1", time: .number(1), layer: "box",
                       assignments: [Assignment(keyPath: "strokeEnd", value: .number(0.5))], animated: true)
        let e2 = Event(name: "e2", time: .number(2), layer: "box",
                       assignments: [Assignment(keyPath: "strokeEnd", value: .number(0))], animated: false)
        let d = doc([], events: [e1, e2], props: ["strokeEnd": .number(0)])
        let ev = Evaluator(document: d)
        #expect(ev.modelValue(layer: "box", keyPath: "strokeEnd", at: 0.9) == .number(0))
        #expect(ev.modelValue(layer: "box", keyPath: "strokeEnd", at: 1) == .number(0.5))
        #expect(close(num(d, "strokeEnd", 1.125), 0.5 * TimingFunction.default(0.5)))
        #expect(close(num(d, "strokeEnd", 1.5), 0.5))
        #expect(close(num(d, "strokeEnd", 2), 0))
    }

    @Test func implicitAnimationStartsFromThePresentationValue() {
        let e1 = Event(name: "e1", time: .number(1), layer: "box",
                       assignments: [Assignment(keyPath: "strokeEnd", value: .number(1))], animated: true)
        let e2 = Event(name: "e2", time: .number(1.125), layer: "box",
                       assignments: [Assignment(keyPath: "strokeEnd", value: .number(0))], animated: true)
        let d = doc([], events: [e1, e2], props: ["strokeEnd": .number(0)])
        let mid = TimingFunction.default(0.5)
        #expect(close(num(d, "strokeEnd", 1.125), mid))   // e2 starts where e1 had got to
        #expect(close(num(d, "strokeEnd", 1.25), mid * (1 - TimingFunction.default(0.5))))
    }

    @Test func symbolicBeginTimes() {
        let a = basic("a", "opacity", from: 0, to: 1) { $0.duration = 2 }
        let b = basic("b", "lineWidth", from: 0, to: 1) { $0.beginTime = .add(.end("a"), .number(0.5)) }
        var d = doc([a, b])
        #expect(close(Evaluator(document: d).interval(of: "b")!.begin, 2.5))
        d.animations[0].timing.duration = 3
        #expect(close(Evaluator(document: d).interval(of: "b")!.begin, 3.5))
    }

    @Test func layerTimingPausesAnimations() {
        let a = basic("a", "lineWidth", from: 0, to: 10) { $0.duration = 10 }
        let pause = Event(name: "p", time: .number(4), layer: "box",
                          assignments: [Assignment(keyPath: "speed", value: .number(0)),
                                        Assignment(keyPath: "timeOffset", value: .number(4))])
        let d = doc([a], events: [pause])
        #expect(close(num(d, "lineWidth", 2), 2))
        #expect(close(num(d, "lineWidth", 7), 4))
        var slow = doc([a], props: ["speed": .number(0.5)])
        #expect(close(num(slow, "lineWidth", 4), 2))
        slow.layers[0].properties["beginTime"] = .number(2)
        #expect(close(num(slow, "lineWidth", 4), 1))
    }

    @Test func subKeyPathsAndFrame() {
        var d = doc([basic("a", "position.x", from: 0, to: 100) { $0.duration = 1 }],
                    props: ["position": .point(Point(5, 7)), "bounds": .rect(Rect(0, 0, 10, 20))])
        let ev = Evaluator(document: d)
        #expect(ev.presentationValue(layer: "box", keyPath: "position", at: 0.5) == .point(Point(50, 7)))
        #expect(ev.presentationValue(layer: "box", keyPath: "frame", at: 2) == .rect(Rect(0, -3, 10, 20)))
        d.animations = [Animation(name: "f", layer: "box",
                                  timing: { var t = MediaTiming(); t.duration = 1; return t }(),
                                  body: .basic(.init(keyPath: "frame", to: .rect(Rect(0, 0, 100, 100)))))]
        let mid = Evaluator(document: d).presentationValue(layer: "box", keyPath: "frame", at: 0.5)
        #expect(mid == .rect(Rect(0, -1.5, 55, 60)))
    }

    @Test func explainNamesTheWinner() {
        let a = basic("a", "lineWidth", from: 0, to: 10) { $0.duration = 1; $0.fillMode = .forwards; $0.removedOnCompletion = false }
        let b = basic("b", "lineWidth", from: 50, to: 60) { $0.beginTime = .number(2); $0.duration = 1 }
        let ev = Evaluator(document: doc([a, b]))
        let x = ev.explain(layer: "box", keyPath: "lineWidth", at: 2.5)!
        #expect(x.winner?.name == "b")
        #expect(x.animations.count == 2)
        #expect(x.presentationValue == .number(55))
        let y = ev.explain(layer: "box", keyPath: "lineWidth", at: 5)!
        #expect(y.winner?.name == "a")
        #expect(y.animations[1].applies == false)
    }

    @Test func masksMoveIntoTheMaskedLayer() {
        var d = Document()
        d.layers = [Layer(name: "img", kind: .layer, properties: ["mask": .string("ring")],
                          sublayers: [Layer(name: "ring", kind: .shape)])]
        let s = Evaluator(document: d).scene(at: 0)
        #expect(s.layers[0].sublayers.isEmpty)
        #expect(s.layers[0].extras.mask.first?.name == "ring")
    }

    @Test func aMaskKeepsAMaskOfItsOwn() {
        // A track matte drawn through another matte: the mask layer is itself masked.
        var d = Document()
        let inner = Layer(name: "inner", kind: .layer, properties: ["mask": .string("outer")],
                          sublayers: [Layer(name: "outer", kind: .shape)])
        d.layers = [Layer(name: "img", kind: .layer, properties: ["mask": .string("inner")], sublayers: [inner])]
        let s = Evaluator(document: d).scene(at: 0)
        let mask = s.layers[0].extras.mask.first
        #expect(mask?.name == "inner")
        #expect(mask?.sublayers.isEmpty == true)
        #expect(mask?.extras.mask.first?.name == "outer")
    }

    @Test func layersMaskingEachOtherDoNotLoop() {
        var d = Document()
        d.layers = [Layer(name: "a", kind: .layer, properties: ["mask": .string("b")],
                          sublayers: [Layer(name: "b", kind: .layer, properties: ["mask": .string("c")],
                                            sublayers: [Layer(name: "c", kind: .layer, properties: ["mask": .string("b")])])])]
        let s = Evaluator(document: d).scene(at: 0)
        #expect(s.layers.count == 1)
    }

    @Test func flipbookCyclesOnTheLayerClock() {
        var d = Document()
        d.layers = [Layer(name: "man", kind: .image,
                          properties: ["frames": .list(["0", "1", "2", "3"].map(Value.string)),
                                       "animationDuration": .number(0.5)])]
        let ev = Evaluator(document: d)
        #expect(ev.scene(at: 0).layers[0].extras.contents == "0")
        #expect(ev.scene(at: 0.13).layers[0].extras.contents == "1")
        #expect(ev.scene(at: 0.49).layers[0].extras.contents == "3")
        #expect(ev.scene(at: 100.3).layers[0].extras.contents == "2")
        #expect(ev.sceneDuration == 4)
    }

    @Test func sameTimeSameScene() {
        let d = doc([basic("a", "opacity", from: 0, to: 1) { $0.repeatCount = .infinity; $0.autoreverses = true }])
        #expect(Evaluator(document: d).scene(at: 1.37) == Evaluator(document: d).scene(at: 1.37))
    }
}

struct SceneDurationTests {
    @Test func eventsAfterEndlessAnimationsDoNotMakeTheSceneEndless() {
        let forever = basic("x", "opacity", from: 0, to: 1) { $0.repeatCount = .infinity }
        let e = Event(name: "e", time: .end("x"), layer: "box",
                      assignments: [Assignment(keyPath: "lineWidth", value: .number(3))], animated: true)
        let d = doc([forever], events: [e])
        #expect(Evaluator(document: d).sceneDuration == 0.25) // one cycle of the endless animation
    }

    /// The README tour: a pulse repeating forever that begins when `grow` ends is shown for one
    /// full cycle (there and back), so play and timeline reach it.
    @Test func endlessAnimationsAddOneFullCycleAfterTheyBegin() {
        let grow = basic("grow", "transform.scale", from: 0.2, to: 1) { $0.duration = 0.6 }
        let pulse = basic("pulse", "opacity", from: 1, to: 0.3) {
            $0.beginTime = .end("grow"); $0.duration = 0.4; $0.autoreverses = true; $0.repeatCount = .infinity
        }
        #expect(abs(Evaluator(document: doc([grow, pulse])).sceneDuration - 1.4) < 1e-9)
        let slow = basic("slow", "opacity", from: 0, to: 1) { $0.duration = 1; $0.speed = 0.5; $0.repeatDuration = .infinity }
        #expect(Evaluator(document: doc([slow])).sceneDuration == 2)
        // A later finite animation still sets the end.
        let late = basic("late", "opacity", from: 0, to: 1) { $0.beginTime = .number(3); $0.duration = 1 }
        #expect(Evaluator(document: doc([pulse, grow, late])).sceneDuration == 4)
    }

    @Test func pausedEndlessAnimationsFallBackToFourSeconds() {
        let paused = basic("p", "opacity", from: 0, to: 1) { $0.repeatCount = .infinity; $0.speed = 0 }
        #expect(Evaluator(document: doc([paused])).sceneDuration == 4)
    }

    @Test func hugeEndsAreCappedAtADay() {
        let late = basic("x", "opacity", from: 0, to: 1) { $0.beginTime = .number(1e300) }
        #expect(Evaluator(document: doc([late])).sceneDuration == Evaluator.longestScene)
    }
}
