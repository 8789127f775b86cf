@testable import LayerLabCore
import Testing

/// An emitter frame costs what it shows, whatever the emitter's age or its rates: counted in
/// samples and particles examined (`WorkCounter`), never timed.
@Suite struct EmissionBoundsTests {
    typealias E = EmissionTests

    /// Work of one frame at `t` (grid samples plus particles examined) and its emission.
    static func work(_ doc: Document, at t: Double) -> (steps: Int, emission: Emission) {
        let counter = WorkCounter()
        let ev = Evaluator(document: doc)
        let e = WorkCounter.$current.withValue(counter) { ev.scene(at: t).layers[0].extras.emission ?? Emission() }
        return (counter.steps, e)
    }

    /// A fountain whose emitter birth rate swings for ever: every frame takes the sampled grid.
    static func swinging(cell: [String: Value] = E.fountain, emitter: [String: Value] = [:]) -> Document {
        var timing = MediaTiming()
        timing.duration = 3
        timing.repeatCount = .infinity
        timing.autoreverses = true
        let swing = Animation(name: "swing", layer: "fire", timing: timing,
                              body: .basic(.init(keyPath: "birthRate", from: .number(1), to: .number(0.2))))
        return E.document(emitter: emitter, cell: cell, animations: [swing])
    }

    @Test func aFrameCostsTheSameAtAnyAge() {
        let doc = Self.swinging()
        let early = Self.work(doc, at: 25.5)
        // Two blocks of 600 samples at most, plus the particles: the same at any age.
        let bound = 2 * EmissionBuilder.blockSteps + 4 * EmissionBuilder.maxCandidates / 10
        #expect(early.steps < bound, "\(early.steps)")
        for t in [1e4 + 5.5, 1e6 + 5.5, 5e8 + 5.5] {
            let late = Self.work(doc, at: t)
            #expect(late.steps < bound, "at \(t): \(late.steps)")
            #expect(!late.emission.particles.isEmpty, "still emitting at \(t)")
        }
    }

    /// Particles born before a block boundary are the same particles after it.
    @Test func particlesKeepTheirValuesAcrossABlockBoundary() {
        let doc = Self.swinging()
        let boundary = Double(EmissionBuilder.blockSteps) * EmissionBuilder.step
        let before = Self.work(doc, at: boundary - 0.05).emission, after = Self.work(doc, at: boundary + 0.05).emission
        var shared = 0
        for p in before.particles where p.birth < boundary - 0.1 {
            guard let q = after.particles.first(where: { $0.birth == p.birth }) else { continue }
            shared += 1
            #expect(p.color.r == q.color.r && p.color.g == q.color.g, "same draws")
        }
        #expect(shared > 10, "\(shared)")
        #expect(after.particles.contains { $0.birth > boundary }, "the next block emits too")
    }

    @Test func anEmitterClockFarAheadDrawsWithoutTrapping() {
        let doc = Self.swinging(emitter: ["timeOffset": .number(1e18)])
        let w = Self.work(doc, at: 1)
        #expect(w.steps < 2 * EmissionBuilder.blockSteps + EmissionBuilder.maxCandidates)
        let steady = E.document(emitter: ["timeOffset": .number(1e18)], cell: E.fountain)
        _ = Self.work(steady, at: 1)
    }

    @Test(arguments: [1e6, 1e17, 1e20, 1e300])
    func aSubcellRateIsClampedAndItsWorkBounded(_ rate: Double) {
        var sub = E.fountain
        sub["birthRate"] = .number(rate)
        sub["lifetime"] = .number(0.5)
        let doc = E.document(cell: E.fountain, sub: sub)
        let w = Self.work(doc, at: 1)
        #expect(w.emission.particles.count <= Emission.maxParticles)
        #expect(w.steps <= 2 * EmissionBuilder.maxCandidates, "\(w.steps)")
        #expect(w.emission.particles.count > 100, "still draws the youngest")
    }

    @Test(arguments: [0.73, 2.5, 1e6])
    func anAnimatedRateOfAnyValueIsBounded(_ t: Double) {
        var grow = MediaTiming()
        grow.duration = 2
        let up = Animation(name: "up", layer: "spark", timing: grow,
                           body: .basic(.init(keyPath: "birthRate", to: .number(1e300))))
        let w = Self.work(E.document(cell: E.fountain, animations: [up]), at: t)
        #expect(w.emission.particles.count <= Emission.maxParticles)
        #expect(w.steps <= 2 * EmissionBuilder.blockSteps + 2 * EmissionBuilder.maxCandidates, "\(w.steps)")
    }

    @Test func aBirthRateOverTheBoundIsRefusedWhereItEnters() throws {
        var doc = E.document(cell: E.fountain)
        #expect(throws: EditError.self) {
            try doc.setProperties(layer: "spark", [Assignment(keyPath: "birthRate", value: .number(1e6))])
        }
        #expect(throws: EditError.self) {
            try doc.setProperties(layer: "fire", [Assignment(keyPath: "birthRate", value: .number(100_001))])
        }
        try doc.setProperties(layer: "spark", [Assignment(keyPath: "birthRate", value: .number(100_000))])
        #expect(doc.layers[0].sublayers[0].properties["birthRate"] == .number(100_000))
    }
}
