#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An emitter's particles at one time, ready to draw: in drawing order, each a cell's path
/// placed, turned, scaled and coloured. Computed from the emitter's and cells' values alone
/// (see `EmissionBuilder`), never from the frames before, so any time gives the same picture
/// on every run.
package struct Emission: Hashable, Sendable {
    package var particles: [Particle]
    /// The cells' paths; `Particle.shape` indexes this list.
    package var shapes: [Path]
    /// The cells' image files ("" for none), parallel to `shapes`: an image, when it loaded,
    /// is drawn instead of the path, multiplied by the particle's colour.
    package var images: [String] = []
    /// renderMode `additive`: particles add their light instead of covering what is beneath.
    package var additive: Bool
    /// Particles alive but not drawn because of `maxParticles`.
    package var dropped: Int

    package init(particles: [Particle] = [], shapes: [Path] = [], images: [String] = [], additive: Bool = false,
                dropped: Int = 0) {
        self.particles = particles; self.shapes = shapes; self.images = images; self.additive = additive
        self.dropped = dropped
    }

    /// Particles drawn per emitter at most: the youngest are kept, so a typo in a birth rate
    /// cannot stall rendering.
    package static let maxParticles = 2000
}

/// One particle as drawn, in the emitter layer's coordinates.
package struct Particle: Hashable, Sendable {
    package var position: Point
    /// Depth (towards the viewer); orders particles in `backToFront`.
    package var z: Double
    /// Rotation in radians, clockwise on screen.
    package var angle: Double
    package var scale: Double
    /// Straight colour, each component within 0…1; multiplies the cell's white path.
    package var color: Color
    package var shape: Int
    /// Emitter time of birth: orders particles in `oldestFirst` / `oldestLast`.
    package var birth: Double

    package init(position: Point, z: Double, angle: Double, scale: Double, color: Color, shape: Int, birth: Double) {
        self.position = position; self.z = z; self.angle = angle; self.scale = scale; self.color = color
        self.shape = shape; self.birth = birth
    }
}

/// CAEmitterCell facts that are not table lines.
package enum EmitterCell {
    /// What a cell draws when its `path` is unset: a dot 4 points across.
    package static let dot = Path.circle(center: .zero, radius: 2)
}

/// An emitter's own values at one time (its multipliers and shape).
struct EmitterValues {
    var position = Point.zero
    var z = 0.0
    var size = Size(0, 0)
    var depth = 0.0
    var shape = EmitterShape.point
    var mode = EmitterMode.volume
    var renderMode = EmitterRenderMode.unordered
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
    var seed: UInt64 = 0

    init() {}

    init(_ props: PropertySlots) {
        func num(_ k: String) -> Double { finite(PropertyTable.value(k, in: props, kind: .emitter).number) }
        func word<W: RawRepresentable>(_ k: String, _ d: W) -> W where W.RawValue == String {
            PropertyTable.value(k, in: props, kind: .emitter).string.flatMap(W.init(rawValue:)) ?? d
        }
        position = PropertyTable.value("emitterPosition", in: props).point ?? .zero
        z = num("emitterZPosition")
        size = PropertyTable.value("emitterSize", in: props).size ?? Size(0, 0)
        depth = num("emitterDepth")
        shape = word("emitterShape", EmitterShape.point)
        mode = word("emitterMode", EmitterMode.volume)
        renderMode = word("renderMode", EmitterRenderMode.unordered)
        birthRate = num("birthRate"); lifetime = num("lifetime"); velocity = num("velocity")
        scale = num("scale"); spin = num("spin")
        let s = num("seed")
        seed = s >= 0 && s < 4_294_967_296 ? UInt64(s.rounded(.down)) : 0
    }
}

/// A cell's values at one time, with its clock.
struct CellValues {
    var enabled = true
    var birthRate = 0.0, lifetime = 0.0, lifetimeRange = 0.0
    var velocity = 0.0, velocityRange = 0.0
    var longitude = 0.0, latitude = 0.0, range = 0.0
    var acceleration = (x: 0.0, y: 0.0, z: 0.0)
    var scale = 1.0, scaleRange = 0.0, scaleSpeed = 0.0
    var spin = 0.0, spinRange = 0.0
    var color = Color.white
    var colorRange = Color(0, 0, 0, 0)
    var colorSpeed = Color(0, 0, 0, 0)
    var beginTime = 0.0, duration = 0.0, speed = 1.0, timeOffset = 0.0
    var path = EmitterCell.dot
    /// An image file drawn instead of the path ("" for none).
    var image = ""

    init(_ props: PropertySlots, path: Path) {
        func num(_ k: String) -> Double { finite(PropertyTable.value(k, in: props, kind: .emitterCell).number) }
        enabled = PropertyTable.value("enabled", in: props).bool ?? true
        birthRate = num("birthRate"); lifetime = num("lifetime"); lifetimeRange = num("lifetimeRange")
        velocity = num("velocity"); velocityRange = num("velocityRange")
        longitude = num("emissionLongitude"); latitude = num("emissionLatitude"); range = num("emissionRange")
        acceleration = (num("xAcceleration"), num("yAcceleration"), num("zAcceleration"))
        scale = num("scale"); scaleRange = num("scaleRange"); scaleSpeed = num("scaleSpeed")
        spin = num("spin"); spinRange = num("spinRange")
        switch PropertyTable.value("color", in: props) { case .color(let c): color = c; case .null: color = .clear; default: break }
        colorRange = Color(num("redRange"), num("greenRange"), num("blueRange"), num("alphaRange"))
        colorSpeed = Color(num("redSpeed"), num("greenSpeed"), num("blueSpeed"), num("alphaSpeed"))
        beginTime = num("beginTime"); duration = num("duration"); timeOffset = num("timeOffset")
        speed = finite(PropertyTable.value("speed", in: props).number, 1)
        self.path = path
        image = PropertyTable.value("contents", in: props).string ?? ""
    }

    /// The cell's clock at emitter (or parent particle) time `t`.
    func cellTime(_ t: Double) -> Double { (t - beginTime) * speed + timeOffset }

    /// Whether the cell emits at emitter time `t` (cell time from 0 up to its duration).
    func emits(at t: Double) -> Bool {
        guard enabled, birthRate > 0 else { return false }
        let c = cellTime(t)
        return c >= 0 && (duration <= 0 || c < duration)
    }

    /// The longest a particle of this cell can live, in cell seconds.
    func maxLifetime(_ e: EmitterValues) -> Double { max(0, (lifetime + lifetimeRange) * e.lifetime) }
}

/// The values the emission reads at one emitter time: the emitter's, and each cell's with its
/// own cells (the particles a particle emits).
struct EmitterState {
    var emitter: EmitterValues
    var cells: [CellState]
}

struct CellState {
    var name: String
    var values: CellValues
    var cells: [CellState]
    /// Index into `Emission.shapes`.
    var shape: Int
}

private func finite(_ v: Double?, _ fallback: Double = 0) -> Double {
    guard let v, v.isFinite else { return fallback }
    return v
}
