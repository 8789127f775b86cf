/// An animation prepared once per evaluator: its clock, resolved key path, resolved values
/// and key times, so evaluating a frame does no name lookups or duration rules.
struct CompiledAnimation: Sendable {
    var animation: Animation
    /// The name shown by `explain`: the animation's name, or `group/N` for unnamed children.
    var label: String
    var clock: TimingClock
    var duration: Double
    /// nil for groups, and for key paths the layer's kind does not have.
    var keyPath: KeyPath?
    var from: Value?
    var to: Value?
    var by: Value?
    var keyframeValues: [Value] = []
    var keyTimes: [Double] = []
    /// A keyframe animation's motion path, prepared; nil without one.
    var motion: MotionPath?
    /// With rotationMode: the turn added to the path's direction (0 for auto, π for autoReverse).
    var rotationOffset: Double?
    var spring: SpringSolver?
    /// Whether a spring lands exactly on its target when its duration is over.
    var springSnaps = false
    var children: [CompiledAnimation] = []
    var isGroup: Bool { if case .group = animation.body { return true }; return false }
}

extension Evaluator {
    /// Prepares `a`, placed at `begin` in its parent's time with duration `d`.
    func compile(_ a: Animation, label: String, kind: LayerKind?, begin: Double, duration d: Double,
                 isChild: Bool) -> CompiledAnimation {
        var c = CompiledAnimation(animation: a, label: label,
                                  clock: clock(for: a, begin: begin, duration: d, isChild: isChild), duration: d)
        if let text = a.keyPath, let kind { c.keyPath = KeyPath.resolve(text, for: kind) }
        switch a.body {
        case .basic(let b):
            c.from = b.from.map(resolve); c.to = b.to.map(resolve); c.by = b.by.map(resolve)
        case .keyframes(let k):
            if let pv = k.path {
                // Checked when added: a path with at least one point, on a point key path.
                if case .path(let p) = resolve(pv), let motion = MotionPath(p) {
                    c.motion = motion
                    c.keyframeValues = motion.vertices.map { .point($0) }
                    c.keyTimes = k.effectiveKeyTimes(c.keyframeValues, distances: motion.distances)
                    c.rotationOffset = k.rotationMode.map { $0 == .auto ? 0 : Double.pi }
                }
            } else {
                c.keyframeValues = k.values.map(resolve)
                c.keyTimes = k.effectiveKeyTimes(c.keyframeValues)
            }
        case .spring(let s):
            c.from = s.from.map(resolve); c.to = s.to.map(resolve); c.by = s.by.map(resolve)
            c.spring = springSolver(s, duration: a.timing.duration)
            // UIKit's damping-ratio form lands on its target when its duration is over, and
            // so does a spring lasting its settling duration (it is at rest by definition).
            if case .dampingRatio = s.form { c.springSnaps = true } else { c.springSnaps = a.timing.duration == nil }
        case .group(let g):
            c.children = childSlots(g, groupDuration: d).enumerated().map { i, slot in
                compile(slot.animation, label: slot.animation.name.isEmpty ? "\(label)/\(i + 1)" : slot.animation.name,
                        kind: kind, begin: slot.begin, duration: slot.duration, isChild: true)
            }
        }
        return c
    }

    /// Compiles every top-level animation, by layer, in the order they were added.
    mutating func compileAnimations() {
        for a in document.animations {
            // Animations of a layer that does not exist apply to nothing.
            guard let order = entries[a.layer]?.order else { continue }
            let c = compile(a, label: a.name, kind: plans[order].layer.kind, begin: beginValue(a.timing.beginTime),
                            duration: duration(of: a, groupDuration: nil), isChild: false)
            plans[order].animations.append(c)
        }
    }
}
