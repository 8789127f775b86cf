import Testing
@testable import LayerLabCore

/// A transition's progress over time, worked from CATransition's documentation: progress runs
/// from startProgress to endProgress over the duration, paced by the timing function (linear
/// when none, as for any CAAnimation); a duration of 0 is a quarter of a second; when the
/// duration is over the transition is removed and the layer shows its new state.
@Suite struct TransitionTimingTests {
    @Test func linearProgressOverTheDuration() {
        let t = Transition(type: .push, subtype: .fromRight, duration: 0.4)
        #expect(t.progress(elapsed: -0.01) == nil)
        #expect(t.progress(elapsed: 0) == 0)
        #expect(abs(t.progress(elapsed: 0.1)! - 0.25) < 1e-12)
        #expect(abs(t.progress(elapsed: 0.3)! - 0.75) < 1e-12)
        #expect(t.progress(elapsed: 0.4) == nil)   // removed: the new state shows
    }

    @Test func startAndEndProgressNarrowTheRange() {
        // 0.2 + (0.6 − 0.2) · 0.5 = 0.4 half way; 0.2 at the start; just below 0.6 at the end.
        let t = Transition(type: .fade, duration: 1, startProgress: 0.2, endProgress: 0.6)
        #expect(t.progress(elapsed: 0) == 0.2)
        #expect(abs(t.progress(elapsed: 0.5)! - 0.4) < 1e-12)
        #expect(abs(t.progress(elapsed: 0.999)! - 0.5996) < 1e-9)
    }

    @Test func timingFunctionPacesProgress() {
        // easeIn is the curve (0.42, 0, 1, 1): at u = 0.5 it is below the linear 0.5, and the
        // transition's progress is that eased value scaled into start…end.
        let t = Transition(type: .moveIn, duration: 2, timingFunction: .easeIn, startProgress: 0, endProgress: 0.5)
        let eased = TimingFunction.easeIn(0.5)
        #expect(eased < 0.5)
        #expect(abs(t.progress(elapsed: 1)! - 0.5 * eased) < 1e-12)
    }

    @Test func defaultDurationIsAQuarterSecond() {
        #expect(Transition(type: .fade).activeDuration == 0.25)
        #expect(Transition(type: .fade, duration: 0).activeDuration == 0.25)
        #expect(Transition(type: .push).effectiveSubtype == .fromLeft)
    }

    @Test func refusedValues() {
        #expect(throws: EditError.self) { try Transition(type: .fade, duration: -1).validate() }
        #expect(throws: EditError.self) { try Transition(type: .fade, startProgress: 0.8, endProgress: 0.2).validate() }
        #expect(throws: EditError.self) { try Transition(type: .fade, endProgress: 1.5).validate() }
        var doc = Document()
        try? doc.addLayer(Layer(name: "card", kind: .layer))
        let bad = Event(name: "e", time: .number(1), layer: "card",
                        assignments: [Assignment(keyPath: "opacity", value: .number(0.5))],
                        transition: Transition(type: .push, duration: .nan))
        #expect(throws: EditError.self) { try doc.addEvent(bad) }
        #expect(doc.events.isEmpty)
    }

    @Test func eventIntervalCoversTheTransition() throws {
        var doc = Document()
        try doc.addLayer(Layer(name: "card", kind: .layer))
        try doc.addEvent(Event(name: "e", time: .number(1.2), layer: "card",
                               assignments: [Assignment(keyPath: "opacity", value: .number(0.5))],
                               transition: Transition(type: .push, duration: 0.4)))
        let ev = Evaluator(document: doc)
        let iv = try #require(ev.interval(of: "e"))
        #expect(iv.begin == 1.2 && abs(iv.end - 1.6) < 1e-12)
        #expect(abs(ev.sceneDuration - 1.6) < 1e-12)
        let x = try #require(ev.explain(layer: "card", keyPath: "opacity", at: 1.3))
        #expect(x.transition?.event == "e")
        #expect(abs((x.transition?.progress ?? 0) - 0.25) < 1e-12)
        #expect(ev.explain(layer: "card", keyPath: "opacity", at: 1.6)?.transition == nil)
    }
}
