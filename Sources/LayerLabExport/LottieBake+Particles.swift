import LayerLabCore
import LayerLabLottie

/// An emitter's particles baked into plain Lottie layers (`bake`): Lottie has no particle
/// system, but LayerLab's particles are deterministic (each one's values come from the seed
/// and its birth alone), so each particle is followed through the frames it lives in and
/// becomes one shape layer, parented to the emitter's, shown from its first frame to its last
/// (`ip`/`op`), its position, turn, scale and colour sampled over those frames only and
/// reduced to keyframes like every other value. (The keyframes carry the frames' numbers
/// themselves: rlottie reads a layer's `st` only inside a precomposition, lottie-web always.)
extension LottieBuilder {
    /// One particle's life: its first frame and its state in each frame from there (nil where a
    /// frame did not draw it: `maxParticles` dropped it).
    struct ParticleTrack {
        var key: ParticleKey
        var first: Int
        var states: [Particle?]
        var path: Path
    }

    /// What tells a particle from the others in every frame it lives in: its cell's shape and
    /// its birth time (and, for particles born at the same moment, the order they are drawn in).
    struct ParticleKey: Hashable {
        var shape: Int
        var birth: UInt64
        var twin: Int
    }

    /// Particle layers baked at most in one file: each is a layer every player draws every frame.
    static let maxParticleLayers = 10_000

    /// Adds a layer per particle the emitter draws at any frame, above the emitter's own drawing.
    mutating func addParticles(_ t: LottieTrack, parent: Int, to comp: inout LottieComp) {
        var tracks: [ParticleKey: ParticleTrack] = [:]
        var order: [ParticleKey] = []
        var imagesLeftOut = false
        for (f, l) in t.samples.enumerated() {
            guard frames[f][t.name] != nil, let e = l.extras.emission else { continue }
            var seen: [ParticleKey: Int] = [:]
            for p in e.particles where p.shape < e.shapes.count {
                if p.shape < e.images.count, !e.images[p.shape].isEmpty, options.images[e.images[p.shape]] != nil {
                    imagesLeftOut = true
                    continue
                }
                var key = ParticleKey(shape: p.shape, birth: p.birth.bitPattern, twin: 0)
                key.twin = seen[key, default: 0]
                seen[ParticleKey(shape: p.shape, birth: p.birth.bitPattern, twin: 0), default: 0] += 1
                if tracks[key] == nil {
                    guard order.count < LottieBuilder.maxParticleLayers else {
                        refusal = "\(t.name): baking its particles would take over \(LottieLimits.count(Double(LottieBuilder.maxParticleLayers)))"
                            + " layers, each drawn by the player every frame; lower the birth rates or shorten the scene"
                        return
                    }
                    tracks[key] = ParticleTrack(key: key, first: f, states: [], path: e.shapes[p.shape])
                    order.append(key)
                }
                let start = tracks[key]!.first
                while tracks[key]!.states.count < f - start { tracks[key]!.states.append(nil) }
                tracks[key]!.states.append(p)
            }
        }
        if imagesLeftOut {
            notes.append("\(t.name): particles drawing an image are not baked (Lottie cannot tint an image by the particle's colour)")
        }
        guard !order.isEmpty else { return }
        let mode = document.layer(named: t.name)?.properties["renderMode"]?.string.flatMap(EmitterRenderMode.init(rawValue:))
            ?? .unordered
        // One drawing order for the whole file, the order LayerLab draws them in each frame.
        func firstState(_ k: ParticleKey) -> Particle? { tracks[k]?.states.lazy.compactMap { $0 }.first }
        let sorted: [ParticleKey]
        switch mode {
        case .unordered, .additive:
            sorted = order.sorted { ($0.shape, Double(bitPattern: $0.birth), $0.twin) < ($1.shape, Double(bitPattern: $1.birth), $1.twin) }
        case .oldestFirst:
            sorted = order.sorted { (Double(bitPattern: $0.birth), $0.shape, $0.twin) < (Double(bitPattern: $1.birth), $1.shape, $1.twin) }
        case .oldestLast:
            sorted = order.sorted { (Double(bitPattern: $0.birth), $0.shape, $0.twin) > (Double(bitPattern: $1.birth), $1.shape, $1.twin) }
        case .backToFront:
            sorted = order.sorted { a, b in
                let za = firstState(a)?.z ?? 0, zb = firstState(b)?.z ?? 0
                return (za, Double(bitPattern: a.birth), a.shape) < (zb, Double(bitPattern: b.birth), b.shape)
            }
            if order.contains(where: { k in tracks[k]!.states.contains { $0 != nil && $0!.z != firstState(k)!.z } }) {
                notes.append("\(t.name): its particles change depth order; the bake draws them in their order at birth")
            }
        }
        if mode == .additive {
            notes.append("\(t.name): additive particles use Lottie's add blend mode, which some players (rlottie) draw as normal")
        }
        baked.append("\(t.name)'s particles as \(sorted.count) layer\(sorted.count == 1 ? "" : "s")")
        var contours: [Int: [LottieShape]] = [:]
        for (n, key) in sorted.enumerated() {
            guard let track = tracks[key] else { continue }
            if contours[key.shape] == nil {
                contours[key.shape] = LottieContour.contours(of: track.path).map {
                    LottieShapes.path(LottieProperty(value: .shape($0.bezier)))
                }
            }
            comp.add(particleLayer(track, number: n + 1, emitter: t, parent: parent, index: comp.nextIndex(),
                                   paths: contours[key.shape] ?? [], additive: mode == .additive))
        }
    }

    /// One particle's shape layer: its samples run from its first frame, so they cost only the
    /// frames it lives in.
    func particleLayer(_ track: ParticleTrack, number: Int, emitter t: LottieTrack, parent: Int, index: Int,
                       paths: [LottieShape], additive: Bool) -> LottieLayer {
        var last = track.states.lazy.compactMap { $0 }.first!
        var positions: [[Double]] = [], scales: [[Double]] = [], turns: [Double] = [], colours: [Color] = []
        for (i, s) in track.states.enumerated() {
            let f = track.first + i
            let p = s ?? last
            last = p
            positions.append([p.position.x, p.position.y, 0])
            scales.append([p.scale * 100, p.scale * 100, 100])
            turns.append(p.angle * 180 / Double.pi)
            var c = p.color
            c.a = s == nil ? 0 : max(0, min(1, c.a)) * (f < t.opacity.count ? t.opacity[f] : 1)
            colours.append(c)
        }
        let delay = track.first
        var l = plainLayer(.shape, index: index, name: "\(t.name) particle \(number)", parent: parent)
        l.transform.anchor = LottieSampling.vector([[0, 0, 0]])
        l.transform.position = LottieBuilder.delayed(LottieSampling.vector(positions, tolerance: 0.01), by: delay)
        l.transform.scale = LottieBuilder.delayed(LottieSampling.vector(scales, tolerance: 0.01), by: delay)
        l.transform.rotation = LottieBuilder.delayed(LottieSampling.scalar(turns, tolerance: 0.05), by: delay)
        l.transform.opacity = LottieSampling.scalar([100])
        l.shapes = [LottieShapes.group("particle", paths + [delayedFill(colours, by: delay)])]
        let first = Double(track.first), end = Double(min(lastFrame, track.first + track.states.count))
        l.inPoint = first
        l.outPoint = max(first + 1, end)
        l.blendMode = additive ? 16 : 0
        return l
    }

    /// A fill whose colour and opacity keyframes start `frames` later.
    func delayedFill(_ colours: [Color], by frames: Int) -> LottieShape {
        LottieShape(.fill(color: LottieBuilder.delayed(LottieShapes.rgb(colours), by: frames),
                          opacity: LottieBuilder.delayed(LottieShapes.alpha(colours), by: frames), evenOdd: false), name: "fill")
    }

    /// An animated property with every keyframe `frames` later; a still one as it is.
    static func delayed(_ property: LottieProperty, by frames: Int) -> LottieProperty {
        guard frames != 0, property.isAnimated else { return property }
        var p = property
        for i in p.keyframes.indices { p.keyframes[i].time += Double(frames) }
        return p
    }
}
