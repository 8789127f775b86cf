@testable import LayerLabCore
import Foundation
import Testing

/// Emitters: particles computed from the values and the seed alone, so any time gives the
/// same particles whatever was evaluated before, at any frame rate.
@Suite struct EmissionTests {
    static func document(emitter: [String: Value] = [:], cell: [String: Value], sub: [String: Value]? = nil,
                         animations: [Animation] = []) -> Document {
        var doc = Document()
        var spark = Layer(name: "spark", kind: .emitterCell, properties: cell)
        if let sub { spark.sublayers = [Layer(name: "trail", kind: .emitterCell, properties: sub)] }
        var e = emitter
        e["emitterPosition"] = e["emitterPosition"] ?? .point(Point(100, 100))
        doc.layers = [Layer(name: "fire", kind: .emitter, properties: e, sublayers: [spark])]
        doc.animations = animations
        return doc
    }

    static let fountain: [String: Value] = [
        "birthRate": .number(50), "lifetime": .number(1), "lifetimeRange": .number(0.3), "velocity": .number(80),
        "velocityRange": .number(20), "emissionRange": .number(0.5), "yAcceleration": .number(40),
        "color": .color(Color(1, 0.8, 0.2)), "redRange": .number(0.2), "alphaSpeed": .number(-0.5),
        "spin": .number(2), "scaleRange": .number(0.3),
    ]

    static func particles(_ doc: Document, at t: Double) -> Emission {
        Evaluator(document: doc).scene(at: t).layers[0].extras.emission ?? Emission()
    }

    @Test func liveParticlesFollowBirthRateAndLifetime() {
        var cell = Self.fountain
        cell["lifetimeRange"] = .number(0)
        let e = Self.particles(Self.document(cell: cell), at: 3)
        // 50 a second living 1 s: the 50 born in (2, 3], give or take the one born at 3.
        #expect((50...51).contains(e.particles.count), "\(e.particles.count)")
        #expect(e.particles.allSatisfy { 2 < $0.birth && $0.birth <= 3 })
        #expect(Self.particles(Self.document(cell: cell), at: 0.5).particles.count == 26)
    }

    @Test func aFrameDependsOnlyOnItsTime() {
        let doc = Self.document(cell: Self.fountain)
        let direct = Self.particles(doc, at: 2.5)
        let ev = Evaluator(document: doc)
        for t in stride(from: 0.0, through: 2.4, by: 0.1) { _ = ev.scene(at: t) }
        #expect(ev.scene(at: 2.5).layers[0].extras.emission == direct)
        #expect(Self.particles(doc, at: 2.5) == direct)
    }

    @Test func aParticleKeepsItsRandomValuesAsItAges() throws {
        let doc = Self.document(cell: Self.fountain)
        let a = Self.particles(doc, at: 2.0), b = Self.particles(doc, at: 2.2)
        // Particles alive in both frames keep their colour (alpha aside, which fades) and spin rate.
        var shared = 0
        for p in a.particles {
            guard let q = b.particles.first(where: { $0.birth == p.birth }) else { continue }
            shared += 1
            #expect(p.color.r == q.color.r && p.color.g == q.color.g)
            #expect(abs(q.color.a - (p.color.a - 0.5 * 0.2)) < 1e-9 || q.color.a == 0)
            let ageA = 2.0 - p.birth, ageB = 2.2 - p.birth
            if ageA > 0.01 { #expect(abs(q.angle / ageB - p.angle / ageA) < 1e-9) }
        }
        #expect(shared > 20)
    }

    @Test func theSeedChoosesTheSpread() {
        let one = Self.particles(Self.document(emitter: ["seed": .number(1)], cell: Self.fountain), at: 1.5)
        let again = Self.particles(Self.document(emitter: ["seed": .number(1)], cell: Self.fountain), at: 1.5)
        let two = Self.particles(Self.document(emitter: ["seed": .number(2)], cell: Self.fountain), at: 1.5)
        #expect(one == again)
        #expect(one.particles.map(\.position) != two.particles.map(\.position))
    }

    /// Animated values take the integrating path; with values that never change it must give
    /// the steady path's particles.
    @Test func animatedAndSteadyBirthsAgree() {
        let steady = Self.document(cell: Self.fountain)
        var long = MediaTiming()
        long.duration = 10
        let still = Animation(name: "still", layer: "spark", timing: long,
                              body: .basic(.init(keyPath: "velocity", from: .number(80), to: .number(80))))
        let animated = Self.document(cell: Self.fountain, animations: [still])
        // A time between births, so rounding cannot put one on either side of it.
        let a = Self.particles(steady, at: 1.713), b = Self.particles(animated, at: 1.713)
        #expect(a.particles.count == b.particles.count)
        for (p, q) in zip(a.particles, b.particles) {
            #expect(abs(p.birth - q.birth) < 1e-9)
            #expect(abs(p.position.x - q.position.x) < 1e-6 && abs(p.position.y - q.position.y) < 1e-6)
        }
    }

    /// Moving the emitter layer moves its particles with it (they live in its coordinates):
    /// the particles themselves are those of the still emitter.
    @Test func movingTheLayerKeepsTheParticles() {
        var slide = MediaTiming()
        slide.duration = 2
        let move = Animation(name: "move", layer: "fire", timing: slide,
                             body: .basic(.init(keyPath: "position", from: .point(Point(0, 0)), to: .point(Point(50, 0)))))
        let still = Self.particles(Self.document(cell: Self.fountain), at: 1.3)
        let moved = Self.particles(Self.document(cell: Self.fountain, animations: [move]), at: 1.3)
        #expect(still == moved)
    }

    @Test func anAnimatedBirthRateStopsEmission() {
        var held = MediaTiming()
        held.duration = 1
        held.fillMode = .forwards
        held.removedOnCompletion = false
        let stop = Animation(name: "stop", layer: "fire", timing: held,
                             body: .basic(.init(keyPath: "birthRate", from: .number(1), to: .number(0))))
        var cell = Self.fountain
        cell["lifetime"] = .number(3)
        let e = Self.particles(Self.document(cell: cell, animations: [stop]), at: 2.5)
        #expect(!e.particles.isEmpty)
        #expect(e.particles.allSatisfy { $0.birth <= 1 + EmissionBuilder.step })
        // Fewer than the 50 a second a full second would give: the rate fell to 0 on the way.
        #expect(e.particles.count < 40)
    }

    @Test func cellTimingLimitsEmission() {
        var cell = Self.fountain
        cell["beginTime"] = .number(1)
        cell["duration"] = .number(0.5)
        cell["lifetime"] = .number(5)
        cell["lifetimeRange"] = .number(0)
        cell["alphaSpeed"] = nil
        let doc = Self.document(cell: cell)
        #expect(Self.particles(doc, at: 0.9).particles.isEmpty)
        let e = Self.particles(doc, at: 3)
        #expect(e.particles.count == 25)
        #expect(e.particles.allSatisfy { $0.birth >= 1 && $0.birth < 1.5 })
        cell["enabled"] = .bool(false)
        #expect(Self.particles(Self.document(cell: cell), at: 3).particles.isEmpty)
    }

    @Test func theCapBoundsTheWork() {
        var cell = Self.fountain
        cell["birthRate"] = .number(1e9)
        cell["lifetime"] = .number(100)
        let e = Self.particles(Self.document(cell: cell), at: 50)
        #expect(e.particles.count == Emission.maxParticles)
        #expect(e.dropped > 0)
    }

    @Test func particlesStartOnTheEmitterShape() {
        var cell: [String: Value] = ["birthRate": .number(100), "lifetime": .number(1)]
        cell["velocity"] = .number(0)
        func origins(_ shape: String, _ mode: String) -> [Point] {
            let doc = Self.document(emitter: ["emitterShape": .string(shape), "emitterMode": .string(mode),
                                              "emitterSize": .size(Size(40, 20))], cell: cell)
            return Self.particles(doc, at: 0.9).particles.map(\.position)
        }
        #expect(origins("point", "volume").allSatisfy { $0 == Point(100, 100) })
        #expect(origins("line", "volume").allSatisfy { $0.y == 100 && abs($0.x - 100) <= 20 })
        let rect = origins("rectangle", "surface")
        #expect(rect.allSatisfy { abs($0.x - 100) <= 20 && abs($0.y - 100) <= 10 })
        #expect(Set(rect.map(\.x)).count > 50)
        #expect(origins("rectangle", "outline").allSatisfy { abs(abs($0.x - 100) - 20) < 1e-9 || abs(abs($0.y - 100) - 10) < 1e-9 })
        #expect(origins("circle", "outline").allSatisfy { abs(hypot($0.x - 100, $0.y - 100) - 40) < 1e-9 })
        #expect(origins("circle", "surface").allSatisfy { hypot($0.x - 100, $0.y - 100) <= 40 + 1e-9 })
    }

    @Test func directionsStayInTheCone() {
        let cell: [String: Value] = ["birthRate": .number(100), "lifetime": .number(2), "velocity": .number(100),
                                     "emissionLongitude": .number(-Double.pi / 2), "emissionRange": .number(0.3)]
        let e = Self.particles(Self.document(cell: cell), at: 1.5)
        for p in e.particles where 1.5 - p.birth > 0.05 {
            let dx = p.position.x - 100, dy = p.position.y - 100
            // Upwards, within 0.3 rad of straight up (a 3D cone seen flat only narrows).
            #expect(dy < 0)
            #expect(abs(atan2(dx, -dy)) <= 0.3 + 1e-9)
        }
    }

    @Test func subcellsEmitFromTheirParticles() {
        let cell: [String: Value] = ["birthRate": .number(2), "lifetime": .number(1), "velocity": .number(100)]
        let sub: [String: Value] = ["birthRate": .number(20), "lifetime": .number(0.2), "color": .color(Color(1, 0, 0))]
        let e = Self.particles(Self.document(cell: cell, sub: sub), at: 0.75)
        let trails = e.particles.filter { $0.color == Color(1, 0, 0) }
        #expect(!trails.isEmpty)
        // Trail particles sit on the parent's path along +x (they have no velocity of their own).
        #expect(trails.allSatisfy { $0.position.y == 100 && $0.position.x >= 100 && $0.position.x <= 175 })
        #expect(e.shapes.count == 2 && trails.allSatisfy { $0.shape == 1 })
    }

    @Test func renderModesOrderTheParticles() {
        func births(_ mode: String) -> [Double] {
            Self.particles(Self.document(emitter: ["renderMode": .string(mode)], cell: Self.fountain), at: 1).particles.map(\.birth)
        }
        #expect(births("oldestFirst") == births("oldestFirst").sorted())
        #expect(births("oldestLast") == births("oldestFirst").reversed())
        let doc = Self.document(emitter: ["renderMode": .string("additive")], cell: Self.fountain)
        #expect(Self.particles(doc, at: 1).additive)
    }

    @Test func cellDefaultsAreCoreAnimations() {
        #expect(PropertyTable.spec("birthRate")?.defaultValue(for: .emitter) == .number(1))
        #expect(PropertyTable.spec("birthRate")?.defaultValue(for: .emitterCell) == .number(0))
        let doc = Self.document(cell: [:])
        let ev = Evaluator(document: doc)
        #expect(ev.presentationValue(layer: "spark", keyPath: "birthRate", at: 0) == .number(0))
        #expect(ev.presentationValue(layer: "fire", keyPath: "birthRate", at: 0) == .number(1))
        #expect(ev.presentationValue(layer: "spark", keyPath: "scale", at: 0) == .number(1))
        #expect(ev.presentationValue(layer: "fire", keyPath: "emitterMode", at: 0) == .string("volume"))
        #expect(Self.particles(doc, at: 2).particles.isEmpty)
    }
}
