/// An animation prepared once per evaluator: its clock, resolved key path, resolved values
/// and key times, so evaluating a frame does no name lookups or duration rules.
///
/// What a frame reads of the animation (its kind, additivity, keyframe mode) is copied out
/// flat, so evaluation never copies the `Animation` or its body; and it is a class, so a
/// frame walking thousands of them copies references, not their fields.
final class CompiledAnimation: Sendable {
    enum Kind: Sendable { case basic, keyframes, spring, group }

    let animation: Animation
    let kind: Kind
    let additive: Bool
    /// The name shown by `explain`: the animation's name, or `group/N` for unnamed children.
    let label: String
    let clock: TimingClock
    let duration: Double
    /// nil for groups, and for key paths the layer's kind does not have.
    let keyPath: KeyPath?
    /// The key path's slot access, flat (`.none` without a key path), for frames.
    let slots: KeyPath.SlotAccess
    let from: Value?, to: Value?, by: Value?
    let keyframeValues: [Value]
    let keyTimes: [Double]
    /// A keyframe animation's calculation mode and per-segment timing functions.
    let calculationMode: Animation.CalculationMode
    let timingFunctions: [TimingFunction]?
    /// A keyframe animation's motion path, prepared; nil without one.
    let motion: MotionPath?
    /// With rotationMode: the turn added to the path's direction (0 for auto, π for autoReverse).
    let rotationOffset: Double?
    let spring: SpringSolver?
    /// Whether a spring lands exactly on its target when its duration is over.
    let springSnaps: Bool
    let children: [CompiledAnimation]
    var isGroup: Bool { kind == .group }

    fileprivate init(_ p: Parts) {
        animation = p.animation; kind = p.kind; additive = p.animation.timing.additive; label = p.label
        clock = p.clock; duration = p.duration; keyPath = p.keyPath; slots = p.keyPath?.slots ?? .none; from = p.from; to = p.to; by = p.by
        keyframeValues = p.keyframeValues; keyTimes = p.keyTimes; calculationMode = p.calculationMode
        timingFunctions = p.timingFunctions; motion = p.motion; rotationOffset = p.rotationOffset
        spring = p.spring; springSnaps = p.springSnaps; children = p.children
    }

    /// The fields while compiling (the class's are constants, so reading them checks nothing).
    fileprivate struct Parts {
        var animation: Animation
        var kind: Kind
        var label: String
        var clock: TimingClock
        var duration: Double
        var keyPath: KeyPath?
        var from: Value?, to: Value?, by: Value?
        var keyframeValues: [Value] = []
        var keyTimes: [Double] = []
        var calculationMode = Animation.CalculationMode.linear
        var timingFunctions: [TimingFunction]? = nil
        var motion: MotionPath?
        var rotationOffset: Double?
        var spring: SpringSolver?
        var springSnaps = false
        var children: [CompiledAnimation] = []
    }
}

extension Evaluator {
    /// Prepares `a`, placed at `begin` in its parent's time with duration `d`.
    func compile(_ a: Animation, label: String, kind: LayerKind?, begin: Double, duration d: Double,
                 isChild: Bool) -> CompiledAnimation {
        let bodyKind: CompiledAnimation.Kind
        switch a.body {
        case .basic: bodyKind = .basic
        case .keyframes: bodyKind = .keyframes
        case .spring: bodyKind = .spring
        case .group: bodyKind = .group
        }
        var c = CompiledAnimation.Parts(animation: a, kind: bodyKind, label: label,
                                        clock: clock(for: a, begin: begin, duration: d, isChild: isChild), duration: d)
        if let text = a.keyPath, let kind { c.keyPath = KeyPath.resolve(text, for: kind) }
        switch a.body {
        case .basic(let b):
            c.from = b.from.map(resolve); c.to = b.to.map(resolve); c.by = b.by.map(resolve)
        case .keyframes(let k):
            c.calculationMode = k.calculationMode
            c.timingFunctions = k.timingFunctions
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
        return CompiledAnimation(c)
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
