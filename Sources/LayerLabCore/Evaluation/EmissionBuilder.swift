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
/// k. The running total starts afresh at each block of `blockSteps` steps (a block's particles
/// are numbered from 0 within it), so a frame needs only the blocks its live particles were
/// born in: its cost is bounded by what it shows, never by the emitter's age. Every random
/// value of particle k is a hash of (seed, cell name, block, k, which value), so a particle
/// looks the same in every frame it lives in, and changing one range leaves the other values
/// alone. A particle's values are the cell's at its birth; its path after that is
/// closed-form: position `p0 + v·age + a·age²/2`, scale, spin and colour linear in age.
struct EmissionBuilder {
    /// The grid on which animated values are sampled, in emitter seconds.
    static let step = 1.0 / 60
    /// Grid steps in a block of births (10 s): a frame samples the block it falls in and the
    /// earlier ones its particles can still be alive from.
    static let blockSteps = 600
    /// Blocks looked back through at most (10 minutes of emitter time): with animated values,
    /// particles born earlier are not drawn, however long they live.
    static let lookbackBlocks = 60
    /// Candidate births examined per cell at most, alive or not, its sub-cells' included
    /// (bounds the work when a lifetime range makes many of them dead).
    static let maxCandidates = 20_000
    /// Births a second per cell at most, after the emitter's and the cell's multipliers and
    /// the cell's speed: a higher product is taken as this. With `maxCandidates`, it keeps the
    /// particle numbers exact in a Double and the work of a frame bounded.
    static let maxBirthRate = 100_000.0

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
        var born: [Born] = []
        var dropped = 0
        if animated {
            var cells = [(particles: [Particle], dropped: Int)](repeating: ([], 0), count: current.cells.count)
            animatedCells(&cells)
            for (i, c) in cells.enumerated() {
                born += c.particles.map { Born(particle: $0, order: i) }
                dropped += c.dropped
            }
        } else {
            for (i, cell) in current.cells.enumerated() {
                let (ps, d) = steadyCell(cell, current.emitter)
                born += ps.map { Born(particle: $0, order: i) }
                dropped += d
            }
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

    /// A cell's birth rate in emitter seconds, clamped to `maxBirthRate` (0 when not finite).
    static func rate(_ e: EmitterValues, _ v: CellValues) -> Double {
        let r = e.birthRate * v.birthRate * v.speed
        return r.isFinite && r > 0 ? min(r, maxBirthRate) : 0
    }

    // MARK: - Births

    /// A top-level cell whose values never change: births at `start + k / rate`.
    private func steadyCell(_ cell: CellState, _ e: EmitterValues) -> ([Particle], Int) {
        let v = cell.values
        let rate = EmissionBuilder.rate(e, v)
        guard v.enabled, rate > 0, v.speed > 0 else { return ([], 0) }
        let start = max(0, v.beginTime - v.timeOffset / v.speed)
        let end = v.duration > 0 ? v.beginTime + (v.duration - v.timeOffset) / v.speed : .infinity
        guard now >= start, end > start else { return ([], 0) }
        var last = ((now - start) * rate).rounded(.down)
        if end.isFinite { last = min(last, ((end - start) * rate).rounded(.up) - 1) }
        let window = (v.maxLifetime(e) + EmissionBuilder.subcellReach(cell, e)) / v.speed
        let first = max(0, ((now - window - start) * rate).rounded(.down))
        // Past 2^53 births a particle's number no longer fits a Double: such a cell draws nothing.
        guard last >= first, last < 0x1p53 else { return ([], 0) }
        var out: [Particle] = []
        var k = last
        var budget = EmissionBuilder.maxCandidates
        let base = EmissionBuilder.cellBase(e.seed, cell.name)
        while k >= first {
            if out.count >= Emission.maxParticles || budget <= 0 {
                return (out, truncatedInt(k - first) + 1)
            }
            let birth = start + k / rate
            budget -= 1
            out += EmissionBuilder.particles(of: cell, e, base: base, index: UInt64(k), birth: birth,
                                             age: (now - birth) * v.speed, origin: nil, budget: &budget)
            k -= 1
        }
        return (out, 0)
    }

    /// One block of the grid: each step's sample, rate, the running total of births from the
    /// block's start, and how long after the step its particles (and theirs) may live.
    private struct Block {
        var states: [EmitterState] = []
        var rates: [[Double]] = []
        var totals: [[Double]] = []
        var reach: [[Double]] = []
    }

    /// The top-level cells when values are animated: the grid's blocks from the frame's back
    /// to the oldest one whose particles can still be alive, each cell's particles taken
    /// youngest first until the cell's budget is spent.
    private func animatedCells(_ cells: inout [(particles: [Particle], dropped: Int)]) {
        let h = EmissionBuilder.step, n = EmissionBuilder.blockSteps
        // Step and block of `now`, as Doubles: a time past Int's range still has a block.
        let stepNow = (now / h).rounded(.down)
        var block = (stepNow / Double(n)).rounded(.down)
        var count = min(n, max(1, clampedInt(stepNow - block * Double(n), 0, n - 1) + 1))
        var widest = 0.0
        var budgets = [Int](repeating: EmissionBuilder.maxCandidates, count: cells.count)
        var done = [Bool](repeating: false, count: cells.count)
        var looked = 0
        while block >= 0, looked < EmissionBuilder.lookbackBlocks {
            let first = block * Double(n)
            let b = sampleBlock(first: first, count: count, cells: cells.count)
            widest = max(widest, b.reach.joined().max() ?? 0)
            for i in cells.indices where !done[i] {
                done[i] = takeBirths(of: i, from: b, block: block, first: first, into: &cells[i], budget: &budgets[i])
            }
            looked += 1
            // The next older block ends where this one starts.
            if done.allSatisfy({ $0 }) || now - first * h >= widest { break }
            block -= 1
            count = n
        }
    }

    /// Samples `count` steps of the grid from step `first`, with each cell's rates and totals.
    private func sampleBlock(first: Double, count: Int, cells: Int) -> Block {
        let h = EmissionBuilder.step
        // Samples taken: the work tests count to check a frame's cost does not grow with time.
        WorkCounter.current?.add(count)
        var b = Block()
        b.rates = [[Double]](repeating: [Double](repeating: 0, count: count), count: cells)
        b.totals = [[Double]](repeating: [Double](repeating: 0, count: count + 1), count: cells)
        b.reach = b.rates
        b.states.reserveCapacity(count)
        for s in 0..<count {
            let t = (first + Double(s)) * h
            let state = sample(t)
            b.states.append(state)
            for index in 0..<cells {
                guard index < state.cells.count else { b.totals[index][s + 1] = b.totals[index][s]; continue }
                let cell = state.cells[index], v = cell.values, e = state.emitter
                let rate = v.emits(at: t) && v.speed > 0 ? EmissionBuilder.rate(e, v) : 0
                b.rates[index][s] = rate
                b.totals[index][s + 1] = b.totals[index][s] + rate * h
                if rate > 0 {
                    b.reach[index][s] = (v.maxLifetime(e) + EmissionBuilder.subcellReach(cell, e)) / v.speed
                }
            }
        }
        return b
    }

    /// Adds cell `index`'s particles born in block `b` (youngest first) to `out`; true when
    /// its budget or the particle cap is spent (no older block needs looking at).
    private func takeBirths(of index: Int, from b: Block, block: Double, first: Double,
                            into out: inout (particles: [Particle], dropped: Int), budget: inout Int) -> Bool {
        let h = EmissionBuilder.step
        let rates = b.rates[index], totals = b.totals[index], reach = b.reach[index]
        // Block 0 numbers its particles 0, 1, 2…; block b adds b·2^32 (a block holds at most
        // maxBirthRate × 10 s births, far fewer).
        let offset = UInt64(truncatingIfNeeded: clampedInt(block, 0, Int.max)) &<< 32
        var s = rates.count - 1
        while s >= 0 {
            defer { s -= 1 }
            let t = (first + Double(s)) * h
            guard rates[s] > 0, now - (t + h) < reach[s] else { continue }
            let state = b.states[s]
            let cell = state.cells[index], e = state.emitter
            let base = EmissionBuilder.cellBase(e.seed, cell.name)
            var k = totals[s + 1].rounded(.up) - 1
            while k >= totals[s].rounded(.up), k >= 0 {
                let birth = t + (k - totals[s]) / rates[s]
                if birth <= now {
                    if out.particles.count >= Emission.maxParticles || budget <= 0 {
                        out.dropped = truncatedInt(k) + 1
                        return true
                    }
                    budget -= 1
                    out.particles += EmissionBuilder.particles(
                        of: cell, e, base: base, index: offset &+ UInt64(k), birth: birth,
                        age: (now - birth) * cell.values.speed, origin: nil, budget: &budget)
                }
                k -= 1
            }
        }
        return false
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
                          age: Double, origin: (Double, Double, Double)?, budget: inout Int) -> [Particle] {
        let v = cell.values
        WorkCounter.current?.add(1)
        let rnd = ParticleRandom(base: mix64(base ^ mix64(index &+ 0x5851F42D4C957F2D)))
        let life = max(0, v.lifetime + v.lifetimeRange * rnd.signed(0)) * e.lifetime
        let p0 = origin ?? EmissionBuilder.origin(e, rnd)
        let speed = (v.velocity + v.velocityRange * rnd.signed(1)) * e.velocity
        let d = direction(v, rnd)
        let vel = (d.0 * speed, d.1 * speed, d.2 * speed)
        var out: [Particle] = []
        for sub in cell.cells {
            out += subparticles(of: sub, e, parentBase: rnd.base, parentBirth: birth, parentLife: life,
                                parentAge: age, start: p0, velocity: vel, acceleration: v.acceleration, budget: &budget)
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
                                     acceleration a: (x: Double, y: Double, z: Double), budget: inout Int) -> [Particle] {
        let v = sub.values
        WorkCounter.current?.add(1)
        let rate = EmissionBuilder.rate(e, v)
        guard v.enabled, rate > 0, v.speed > 0, budget > 0 else { return [] }
        let from = max(0, v.beginTime - v.timeOffset / v.speed)
        var until = min(parentLife, parentAge)
        if v.duration > 0 { until = min(until, v.beginTime + (v.duration - v.timeOffset) / v.speed) }
        guard until > from else { return [] }
        let window = v.maxLifetime(e) / v.speed
        let last = ((until - from) * rate).rounded(.up) - 1
        // The youngest births only, as many as the budget allows (the number stays exact).
        let first = max(0, ((parentAge - window - from) * rate).rounded(.down), last - Double(Emission.maxParticles),
                        last - Double(budget) + 1)
        guard last >= first, last < 0x1p53 else { return [] }
        let base = mix64(parentBase ^ fnv(sub.name))
        var out: [Particle] = []
        var k = first
        while k <= last, budget > 0 {
            budget -= 1
            let at = from + k / rate
            let origin = (p0.0 + vel.0 * at + a.x * at * at / 2, p0.1 + vel.1 * at + a.y * at * at / 2,
                          p0.2 + vel.2 * at + a.z * at * at / 2)
            out += particles(of: sub, e, base: base, index: UInt64(k), birth: parentBirth + at,
                             age: (parentAge - at) * v.speed, origin: origin, budget: &budget)
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

private func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
