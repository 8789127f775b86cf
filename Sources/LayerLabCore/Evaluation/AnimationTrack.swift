/// One animation (a top-level one or a group's child) prepared once per evaluator, in the
/// form a frame reads it: its clock, where its value goes, and where its values, key times
/// and children sit in the evaluator's `AnimationTable`.
///
/// Every field is a plain value (no strings, arrays or classes), so a frame walking thousands
/// of tracks copies no references. What only `explain`, motion paths and emitters read is
/// kept beside it, in `AnimationTrack.Detail`.
struct AnimationTrack: Sendable {
    enum Kind: Sendable {
        case basic, keyframes, spring, group
        /// A keyframe animation along a motion path.
        case motion
        /// An animation of a key path the layer's kind does not have: it applies to nothing.
        case inert
    }

    var kind: Kind
    var additive: Bool
    /// Whether every value it refers to is a number: stacked on a number, it is evaluated in
    /// `AnimationTable.numbers`, without `Value`s.
    var numeric = false
    var clock: TimingClock
    /// `clock.activeDuration`, worked out once.
    var active: Double
    var duration: Double
    /// Where the value is read and written (`.none` for groups and inert tracks).
    var target: KeyPath.SlotAccess = .none
    /// `from`, `to` and `by` in `AnimationTable.values`; -1 when not given.
    var from = -1, to = -1, by = -1
    /// A keyframe animation's values (a motion path's vertices) in `AnimationTable.values`,
    /// its key times in `keyTimes` and its per-segment timing functions in `timingFunctions`.
    var keyframes = 0..<0, times = 0..<0, curves = 0..<0
    var calculationMode = Animation.CalculationMode.linear
    var spring: SpringSolver?
    /// Whether a spring lands exactly on its target when its duration is over.
    var springSnaps = false
    /// A group's children, in `AnimationTable.tracks`.
    var children = 0..<0

    /// What a track's frames do not read.
    struct Detail: Sendable {
        var animation: Animation
        /// The name shown by `explain`: the animation's name, or `group/N` for unnamed children.
        var label: String
        /// nil for groups, and for key paths the layer's kind does not have.
        var keyPath: KeyPath?
        /// A keyframe animation's motion path, prepared; nil without one.
        var motion: MotionPath?
        /// With rotationMode: the turn added to the path's direction (0 for auto, π for autoReverse).
        var rotationOffset: Double?
    }
}

/// Every animation of a document as tracks, with the values they refer to in shared pools.
struct AnimationTable: Sendable {
    var tracks: [AnimationTrack] = []
    /// `details[i]` belongs to `tracks[i]`.
    var details: [AnimationTrack.Detail] = []
    /// from, to, by and keyframe values, named paths resolved.
    var values: [Value] = []
    /// `values` as numbers (NaN where a value is not one).
    var numbers: [Double] = []
    var keyTimes: [Double] = []
    var timingFunctions: [TimingFunction] = []

    /// Appends `v` to `values` and returns its index (-1 for nil).
    mutating func add(_ v: Value?) -> Int {
        guard let v else { return -1 }
        add([v])
        return values.count - 1
    }

    /// Appends `vs` to `values` and returns where they are.
    mutating func add(_ vs: [Value]) -> Range<Int> {
        values += vs
        numbers += vs.map { $0.number ?? .nan }
        return values.count - vs.count..<values.count
    }

    /// Appends tracks as one run (a layer's animations, a group's children) and returns it.
    mutating func append(_ run: [(AnimationTrack, AnimationTrack.Detail)]) -> Range<Int> {
        let start = tracks.count
        for (t, d) in run { tracks.append(t); details.append(d) }
        return start..<tracks.count
    }
}

extension Evaluator {
    /// Compiles `a`, placed at `begin` in its parent's time with duration `d`; a group's
    /// children go into `table` (after their own children), the track itself to the caller.
    func compile(_ a: Animation, label: String, kind: LayerKind?, begin: Double, duration d: Double,
                 isChild: Bool, into table: inout AnimationTable) -> (AnimationTrack, AnimationTrack.Detail) {
        let clock = clock(for: a, begin: begin, duration: d, isChild: isChild)
        var t = AnimationTrack(kind: .inert, additive: a.timing.additive, clock: clock, active: clock.activeDuration, duration: d)
        var detail = AnimationTrack.Detail(animation: a, label: label)
        if let text = a.keyPath, let kind, let kp = KeyPath.resolve(text, for: kind) {
            detail.keyPath = kp
            t.target = kp.slots
        }
        let targeted = detail.keyPath != nil
        switch a.body {
        case .basic(let b):
            if targeted { t.kind = .basic }
            t.from = table.add(b.from.map(resolve)); t.to = table.add(b.to.map(resolve)); t.by = table.add(b.by.map(resolve))
        case .keyframes(let k):
            if targeted { t.kind = .keyframes }
            t.calculationMode = k.calculationMode
            if let tfs = k.timingFunctions {
                t.curves = table.timingFunctions.count..<table.timingFunctions.count + tfs.count
                table.timingFunctions += tfs
            }
            var values: [Value] = []
            var times: [Double] = []
            if let pv = k.path {
                // Checked when added: a path with at least one point, on a point key path.
                if case .path(let p) = resolve(pv), let motion = MotionPath(p) {
                    if targeted { t.kind = .motion }
                    detail.motion = motion
                    values = motion.vertices.map { .point($0) }
                    times = k.effectiveKeyTimes(values, distances: motion.distances)
                    detail.rotationOffset = k.rotationMode.map { $0 == .auto ? 0 : Double.pi }
                }
            } else {
                values = k.values.map(resolve)
                times = k.effectiveKeyTimes(values)
            }
            t.keyframes = table.add(values)
            t.times = table.keyTimes.count..<table.keyTimes.count + times.count
            table.keyTimes += times
        case .spring(let s):
            if targeted { t.kind = .spring }
            t.from = table.add(s.from.map(resolve)); t.to = table.add(s.to.map(resolve)); t.by = table.add(s.by.map(resolve))
            t.spring = springSolver(s, duration: a.timing.duration)
            // UIKit's damping-ratio form lands on its target when its duration is over, and
            // so does a spring lasting its settling duration (it is at rest by definition).
            if case .dampingRatio = s.form { t.springSnaps = true } else { t.springSnaps = a.timing.duration == nil }
        case .group(let g):
            t.kind = .group
            let children = childSlots(g, groupDuration: d).enumerated().map { i, child in
                compile(child.animation, label: child.animation.name.isEmpty ? "\(label)/\(i + 1)" : child.animation.name,
                        kind: kind, begin: child.begin, duration: child.duration, isChild: true, into: &table)
            }
            t.children = table.append(children)
        }
        let refs = [t.from, t.to, t.by].filter { $0 >= 0 } + Array(t.keyframes)
        t.numeric = (t.kind == .basic || t.kind == .spring || (t.kind == .keyframes && !t.keyframes.isEmpty))
            && refs.allSatisfy { table.values[$0].number != nil }
        return (t, detail)
    }

    /// Compiles every top-level animation: each layer's in the order they were added, as
    /// one run of tracks (`LayerPlan.animations`).
    mutating func compileAnimations() {
        var byLayer = [[Animation]](repeating: [], count: plans.count)
        for a in document.animations {
            // Animations of a layer that does not exist apply to nothing.
            guard let order = entries[a.layer]?.order else { continue }
            byLayer[order].append(a)
        }
        var table = AnimationTable()
        for order in plans.indices where !byLayer[order].isEmpty {
            let run = byLayer[order].map { a in
                compile(a, label: a.name, kind: plans[order].layer.kind, begin: beginValue(a.timing.beginTime),
                        duration: duration(of: a, groupDuration: nil), isChild: false, into: &table)
            }
            plans[order].animations = table.append(run)
        }
        animationTable = table
    }
}
