#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes the particles alive at one emitter time without stepping through the frames
/// before it, so the result cannot depend on the frame rate or on which frames were drawn.
///
/// Births come from the birth rates: with constant values, particle k of a cell is born at
/// `start + k / rate`; with animated values, the rate is integrated over a fixed grid of
/// emitter time (`step`, anchored at 0) and particle k is born where the running total passes
/// k. Every random value of particle k is a hash of (seed, cell name, k, which value), so a
/// particle looks the same in every frame it lives in, and changing one range leaves the
/// other values alone. A particle's values are the cell's at its birth; its path after that
/// is closed-form: position `p0 + v·age + a·age²/2`, scale, spin and colour linear in age.
struct EmissionBuilder {
    /// The grid on which animated values are sampled, in emitter seconds.
    static let step = 1.0 / 60
    /// Candidate births examined per cell at most, alive or not (bounds the work when a
    /// lifetime range makes many of them dead).
    static let maxCandidates = 20_000

    /// Emitter time of the frame.
    let now: Double
    /// The emitter's and cells' values at an emitter time.
    let sample: (Double) -> EmitterState
    /// Whether any value can change over time (else one sample serves every birth).
    let animated: Bool
    let shapes: [Path]
    var images: [String] = []

    private struct Born {
        var particle: Particle
        var order: Int
    }

    func build() -> Emission {
        guard now.isFinite, now >= 0 else { return Emission(shapes: shapes, images: images) }
        let current = sample(now)
        // Animated values: every cell reads the same grid samples, taken once.
        let grid = animated ? (0...Int((now / EmissionBuilder.step).rounded(.down))).map { sample(Double($0) * EmissionBuilder.step) } : []
        var born: [Born] = []
        var dropped = 0
        for (i, cell) in current.cells.enumerated() {
            let (ps, d) = animated ? animatedCell(i, grid) : steadyCell(cell, current.emitter)
            born += ps.map { Born(particle: $0, order: i) }
            dropped += d
        }
        let cap = Emission.maxParticles
        if born.count > cap {
            dropped += born.count - cap
            born.sort { $0.particle.birth > $1.particle.birth }
            born.removeLast(born.count - cap)
        }
        switch current.emitter.renderMode {
        case .unordered, .additive:
            born.sort { ($0.order, $0.particle.birth) < ($1.order, $1.particle.birth) }
        case .oldestFirst:
            born.sort { ($0.particle.birth, $0.order) < ($1.particle.birth, $1.order) }
        case .oldestLast:
            born.sort { ($0.particle.birth, $1.order) > ($1.particle.birth, $0.order) }
        case .backToFront:
            born.sort { ($0.particle.z, $0.particle.birth, $0.order) < ($1.particle.z, $1.particle.birth, $1.order) }
        }
        return Emission(particles: born.map(\.particle), shapes: shapes, images: images,
                        additive: current.emitter.renderMode == .additive, dropped: dropped)
    }

    // MARK: - Births

    /// A top-level cell whose values never change: births at `start + k / rate`.
    private func steadyCell(_ cell: CellState, _ e: EmitterValues) -> ([Particle], Int) {
        let v = cell.values
        let rate = e.birthRate * v.birthRate * v.speed
        guard v.enabled, rate > 0, rate.isFinite, v.speed > 0 else { return ([], 0) }
        let start = max(0, v.beginTime - v.timeOffset / v.speed)
        let end = v.duration > 0 ? v.beginTime + (v.duration - v.timeOffset) / v.speed : .infinity
        guard now >= start, end > start else { return ([], 0) }
        var last = ((now - start) * rate).rounded(.down)
        if end.isFinite { last = min(last, ((end - start) * rate).rounded(.up) - 1) }
        let window = (v.maxLifetime(e) + EmissionBuilder.subcellReach(cell, e)) / v.speed
        let first = max(0, ((now - window - start) * rate).rounded(.down))
        guard last >= first, last < 9e15 else { return ([], 0) }
        var out: [Particle] = []
        var k = last, examined = 0
        let base = EmissionBuilder.cellBase(e.seed, cell.name)
        while k >= first {
            if out.count >= Emission.maxParticles || examined >= EmissionBuilder.maxCandidates {
                return (out, Int(k - first) + 1)
            }
            let birth = start + k / rate
            let made = EmissionBuilder.particles(of: cell, e, base: base, index: UInt64(k), birth: birth,
                                                 age: (now - birth) * v.speed, origin: nil)
            out += made
            k -= 1; examined += 1 + made.count
        }
        return (out, 0)
    }

    /// A top-level cell with animated values: the rate integrated over the grid from time 0,
    /// each particle taking the values sampled at the start of its step.
    private func animatedCell(_ index: Int, _ grid: [EmitterState]) -> ([Particle], Int) {
        let h = EmissionBuilder.step
        let steps = grid.count
        var totals = [Double](repeating: 0, count: steps + 1)
        var rates = [Double](repeating: 0, count: steps)
        var reach = [Double](repeating: 0, count: steps)
        var widest = 0.0
        for j in 0..<steps {
            let state = grid[j]
            guard index < state.cells.count else { totals[j + 1] = totals[j]; continue }
            let cell = state.cells[index], v = cell.values, e = state.emitter
            let t = Double(j) * h
            let rate = v.emits(at: t) && v.speed > 0 ? e.birthRate * v.birthRate * v.speed : 0
            rates[j] = rate.isFinite ? rate : 0
            totals[j + 1] = totals[j] + rates[j] * h
            if rates[j] > 0 {
                reach[j] = (v.maxLifetime(e) + EmissionBuilder.subcellReach(cell, e)) / v.speed
                widest = max(widest, reach[j])
            }
        }
        var out: [Particle] = []
        var j = steps - 1, examined = 0
        while j >= 0, now - Double(j + 1) * h < widest {
            defer { j -= 1 }
            let t = Double(j) * h
            guard rates[j] > 0, now - (t + h) < reach[j] else { continue }
            let state = grid[j]
            let cell = state.cells[index], e = state.emitter
            let base = EmissionBuilder.cellBase(e.seed, cell.name)
            var k = (totals[j + 1]).rounded(.up) - 1
            while k >= totals[j].rounded(.up), k >= 0 {
                let birth = t + (k - totals[j]) / rates[j]
                if birth <= now {
                    if out.count >= Emission.maxParticles || examined >= EmissionBuilder.maxCandidates {
                        return (out, Int(k) + 1)
                    }
                    let made = EmissionBuilder.particles(of: cell, e, base: base, index: UInt64(k), birth: birth,
                                                         age: (now - birth) * cell.values.speed, origin: nil)
                    out += made
                    examined += 1 + made.count
                }
                k -= 1
            }
        }
        return (out, 0)
    }

    /// How long after a particle's death its sub-cells' particles may still live.
    static func subcellReach(_ cell: CellState, _ e: EmitterValues) -> Double {
        cell.cells.map { s in s.values.speed > 0 ? s.values.maxLifetime(e) / s.values.speed : 0 }.max() ?? 0
    }

    // MARK: - One particle

    /// Particle `index` of `cell` born at emitter time `birth`, seen `age` cell seconds later:
    /// itself if alive, and the particles of the cell's own cells it has emitted. `origin`
    /// is where a sub-cell's particle starts (its parent's position); nil samples the
    /// emitter shape.
    static func particles(of cell: CellState, _ e: EmitterValues, base: UInt64, index: UInt64, birth: Double,
                          age: Double, origin: (Double, Double, Double)?) -> [Particle] {
        let v = cell.values
        let rnd = ParticleRandom(base: mix64(base ^ mix64(index &+ 0x5851F42D4C957F2D)))
        let life = max(0, v.lifetime + v.lifetimeRange * rnd.signed(0)) * e.lifetime
        let p0 = origin ?? EmissionBuilder.origin(e, rnd)
        let speed = (v.velocity + v.velocityRange * rnd.signed(1)) * e.velocity
        let d = direction(v, rnd)
        let vel = (d.0 * speed, d.1 * speed, d.2 * speed)
        var out: [Particle] = []
        for sub in cell.cells {
            out += subparticles(of: sub, e, parentBase: rnd.base, parentBirth: birth, parentLife: life,
                                parentAge: age, start: p0, velocity: vel, acceleration: v.acceleration)
        }
        guard age >= 0, age < life else { return out }
        let a = v.acceleration
        let pos = (p0.0 + vel.0 * age + a.x * age * age / 2, p0.1 + vel.1 * age + a.y * age * age / 2,
                   p0.2 + vel.2 * age + a.z * age * age / 2)
        let scale = ((v.scale + v.scaleRange * rnd.signed(2)) + v.scaleSpeed * age) * e.scale
        let spin = (v.spin + v.spinRange * rnd.signed(3)) * e.spin
        func component(_ c: Double, _ range: Double, _ speed: Double, _ i: UInt64) -> Double {
            let start = clamp01(c + range * rnd.signed(i))
            return clamp01(start + speed * age)
        }
        let color = Color(component(v.color.r, v.colorRange.r, v.colorSpeed.r, 4),
                          component(v.color.g, v.colorRange.g, v.colorSpeed.g, 5),
                          component(v.color.b, v.colorRange.b, v.colorSpeed.b, 6),
                          component(v.color.a, v.colorRange.a, v.colorSpeed.a, 7))
        guard color.a > 0, scale != 0, pos.0.isFinite, pos.1.isFinite, scale.isFinite else { return out }
        out.append(Particle(position: Point(pos.0, pos.1), z: pos.2, angle: (spin * age).isFinite ? spin * age : 0,
                            scale: scale, color: color, shape: cell.shape, birth: birth))
        return out
    }

    /// The particles a particle's sub-cell has emitted: the parent is their point emitter,
    /// and the sub-cell's clock starts at the parent's birth.
    private static func subparticles(of sub: CellState, _ e: EmitterValues, parentBase: UInt64, parentBirth: Double,
                                     parentLife: Double, parentAge: Double, start p0: (Double, Double, Double),
                                     velocity vel: (Double, Double, Double),
                                     acceleration a: (x: Double, y: Double, z: Double)) -> [Particle] {
        let v = sub.values
        let rate = e.birthRate * v.birthRate * v.speed
        guard v.enabled, rate > 0, rate.isFinite, v.speed > 0 else { return [] }
        let from = max(0, v.beginTime - v.timeOffset / v.speed)
        var until = min(parentLife, parentAge)
        if v.duration > 0 { until = min(until, v.beginTime + (v.duration - v.timeOffset) / v.speed) }
        guard until > from else { return [] }
        let window = v.maxLifetime(e) / v.speed
        let last = ((until - from) * rate).rounded(.up) - 1
        let first = max(0, ((parentAge - window - from) * rate).rounded(.down), last - Double(Emission.maxParticles))
        guard last >= first else { return [] }
        let base = mix64(parentBase ^ fnv(sub.name))
        var out: [Particle] = []
        var k = first
        while k <= last {
            let at = from + k / rate
            let origin = (p0.0 + vel.0 * at + a.x * at * at / 2, p0.1 + vel.1 * at + a.y * at * at / 2,
                          p0.2 + vel.2 * at + a.z * at * at / 2)
            out += particles(of: sub, e, base: base, index: UInt64(k), birth: parentBirth + at,
                             age: (parentAge - at) * v.speed, origin: origin)
            k += 1
        }
        return out
    }

    /// A unit direction within the cell's cone: about the axis at (longitude, latitude), at
    /// most `emissionRange` from it (π and more: any direction), uniform over the cone's cap.
    static func direction(_ v: CellValues, _ rnd: ParticleRandom) -> (Double, Double, Double) {
        let lon = v.longitude, lat = v.latitude
        let axis = (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
        let range = min(abs(v.range), Double.pi)
        if range == 0 { return axis }
        let cosTheta = 1 - rnd.unit(8) * (1 - cos(range))
        let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
        let phi = 2 * Double.pi * rnd.unit(9)
        // Two unit vectors perpendicular to the axis: the in-plane one first, so a flat cone
        // (latitude 0) spreads in the plane.
        let u = (-sin(lon), cos(lon), 0.0)
        let w = (axis.1 * u.2 - axis.2 * u.1, axis.2 * u.0 - axis.0 * u.2, axis.0 * u.1 - axis.1 * u.0)
        let a = sinTheta * cos(phi), b = sinTheta * sin(phi)
        return (axis.0 * cosTheta + u.0 * a + w.0 * b, axis.1 * cosTheta + u.1 * a + w.1 * b,
                axis.2 * cosTheta + u.2 * a + w.2 * b)
    }

    /// Where a particle starts on the emitter shape (`emitterMode` picks the part).
    static func origin(_ e: EmitterValues, _ rnd: ParticleRandom) -> (Double, Double, Double) {
        let c = (e.position.x, e.position.y, e.z)
        let w = e.size.width, h = e.size.height, dp = e.depth
        let u = rnd.unit(10), s = rnd.unit(11), r = rnd.unit(12)
        switch e.shape {
        case .point:
            return c
        case .line:
            if e.mode == .points { return (c.0 + (u < 0.5 ? -w / 2 : w / 2), c.1, c.2) }
            return (c.0 + (u - 0.5) * w, c.1, c.2)
        case .rectangle:
            switch e.mode {
            case .points: return corner(c, w, h, 0, u)
            case .outline:
                let (x, y) = onPerimeter(w, h, u)
                return (c.0 + x, c.1 + y, c.2)
            case .surface, .volume: return (c.0 + (u - 0.5) * w, c.1 + (s - 0.5) * h, c.2)
            }
        case .cuboid:
            switch e.mode {
            case .points: return corner(c, w, h, dp, u)
            case .outline:
                // The twelve edges, chosen by length: four along each axis.
                let total = 4 * (w + h + dp)
                guard total > 0 else { return c }
                var d = u * total
                let side = Int(r * 4) % 4
                let sx = side & 1 == 0 ? -0.5 : 0.5, sy = side & 2 == 0 ? -0.5 : 0.5
                if d < 4 * w { d = d / 4; return (c.0 - w / 2 + d, c.1 + sx * h, c.2 + sy * dp) }
                d -= 4 * w
                if d < 4 * h { d = d / 4; return (c.0 + sx * w, c.1 - h / 2 + d, c.2 + sy * dp) }
                d = (d - 4 * h) / 4
                return (c.0 + sx * w, c.1 + sy * h, c.2 - dp / 2 + d)
            case .surface:
                // The six faces, chosen by area.
                let xy = w * h, xz = w * dp, yz = h * dp
                let total = 2 * (xy + xz + yz)
                guard total > 0 else { return c }
                let pick = r * total
                let side = rnd.unit(13) < 0.5 ? -0.5 : 0.5
                if pick < 2 * xy { return (c.0 + (u - 0.5) * w, c.1 + (s - 0.5) * h, c.2 + side * dp) }
                if pick < 2 * (xy + xz) { return (c.0 + (u - 0.5) * w, c.1 + side * h, c.2 + (s - 0.5) * dp) }
                return (c.0 + side * w, c.1 + (u - 0.5) * h, c.2 + (s - 0.5) * dp)
            case .volume:
                return (c.0 + (u - 0.5) * w, c.1 + (s - 0.5) * h, c.2 + (r - 0.5) * dp)
            }
        case .circle:
            let angle = 2 * Double.pi * u
            switch e.mode {
            case .points: return c
            case .outline: return (c.0 + w * cos(angle), c.1 + w * sin(angle), c.2)
            case .surface, .volume:
                let rad = w * s.squareRoot()
                return (c.0 + rad * cos(angle), c.1 + rad * sin(angle), c.2)
            }
        case .sphere:
            let angle = 2 * Double.pi * u
            switch e.mode {
            case .points: return c
            case .outline: return (c.0 + w * cos(angle), c.1 + w * sin(angle), c.2)
            case .surface, .volume:
                let zUnit = 2 * s - 1
                let ring = (max(0, 1 - zUnit * zUnit)).squareRoot()
                let rad = e.mode == .surface ? w : w * cbrt(r)
                return (c.0 + rad * ring * cos(angle), c.1 + rad * ring * sin(angle), c.2 + rad * zUnit)
            }
        }
    }

    /// One of the corners of the rectangle (depth 0) or cuboid about `c`.
    private static func corner(_ c: (Double, Double, Double), _ w: Double, _ h: Double, _ d: Double,
                               _ u: Double) -> (Double, Double, Double) {
        let n = d > 0 ? 8 : 4
        let i = min(n - 1, Int(u * Double(n)))
        return (c.0 + (i & 1 == 0 ? -w : w) / 2, c.1 + (i & 2 == 0 ? -h : h) / 2, c.2 + (i & 4 == 0 ? -d : d) / 2)
    }

    /// A point on the perimeter of a w×h rectangle centred on 0, `u` of the way round.
    private static func onPerimeter(_ w: Double, _ h: Double, _ u: Double) -> (Double, Double) {
        let total = 2 * (w + h)
        guard total > 0 else { return (0, 0) }
        var d = u * total
        if d < w { return (-w / 2 + d, -h / 2) }
        d -= w
        if d < h { return (w / 2, -h / 2 + d) }
        d -= h
        if d < w { return (w / 2 - d, h / 2) }
        return (-w / 2, h / 2 - (d - w))
    }

    /// The random stream of a cell under a seed.
    static func cellBase(_ seed: UInt64, _ name: String) -> UInt64 { mix64(mix64(seed) ^ fnv(name)) }
}

/// A particle's random values: value i of the stream is a hash of the particle's base and i,
/// uniform in 0..<1.
struct ParticleRandom {
    let base: UInt64
    func unit(_ i: UInt64) -> Double { Double(mix64(base ^ (i &* 0xD6E8FEB86659FD93)) >> 11) * 0x1p-53 }
    /// Uniform in −1..<1: a mean ± range draw.
    func signed(_ i: UInt64) -> Double { 2 * unit(i) - 1 }
}

/// SplitMix64's finaliser: a well-spread 64-bit hash.
func mix64(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
    return z ^ (z >> 31)
}

/// FNV-1a of a name's bytes: the cell's part of every particle's hash.
func fnv(_ s: String) -> UInt64 {
    var h: UInt64 = 0xCBF29CE484222325
    for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001B3 }
    return h
}

private func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
