/// One animation (a top-level one or a group's child) prepared once per evaluator, in the
/// form a frame reads it: its clock, where its value goes, and where its values sit in the
/// evaluator's `AnimationTable`.
///
/// Every field is a plain value (no strings, arrays or classes), so a frame walking thousands
/// of tracks copies no references, and the track is small (88 bytes): a frame reads every
/// track of every layer, and they must stay in the processor's cache beside the layers. What
/// only keyframe, spring and group tracks read is in `AnimationTrack.Body`; what only
/// `explain`, motion paths and emitters read, in `AnimationTrack.Detail`.
struct AnimationTrack: Sendable {
    enum Kind: Sendable {
        case basic, keyframes, spring, group
        /// A keyframe animation along a motion path.
        case motion
        /// An animation of a key path the layer's kind does not have: it applies to nothing.
        case inert
    }

    var clock: FrameClock
    /// (Here, in the clock's tail padding.)
    var kind: Kind
    /// The clock's timing function; nil for linear.
    var curve: CurveIndex?
    var additive: Bool
    /// `MediaTiming.cumulative`: repetition k adds k times the value a repetition ends on.
    var cumulative = false
    /// Whether every value it refers to is a number: stacked on a number, it is evaluated in
    /// `AnimationTable.numbers`, without `Value`s.
    var numeric = false
    /// Likewise for colours: stacked on a colour, evaluated in `AnimationTable.colors`.
    var colorful = false
    /// Where the value is read and written (`.none` for groups and inert tracks).
    var target: LayerKeyPath.SlotAccess = .none
    /// `from`, `to` and `by` in `AnimationTable.values`.
    var endpoints = EndpointIndices()

    /// The iteration duration.
    var duration: Double { clock.duration }

    /// What frames of keyframe, spring and group tracks read besides.
    struct Body: Sendable {
        /// A keyframe animation's values (a motion path's vertices) in `AnimationTable.values`,
        /// its key times in `keyTimes` and its per-segment timing functions in `timingFunctions`.
        var keyframes = 0..<0, times = 0..<0, curves = 0..<0
        /// A cubic curve's shape per keyframe in `AnimationTable.shapes` (empty: Catmull-Rom).
        var shapes = 0..<0
        var calculationMode = Animation.CalculationMode.linear
        var spring: SpringSolver?
        /// Whether a spring lands exactly on its target when its duration is over.
        var springSnaps = false
        /// A group's children, in `AnimationTable.tracks`.
        var children = 0..<0
    }

    /// What a track's frames do not read.
    struct Detail: Sendable {
        var animation: Animation
        /// The name shown by `explain`: the animation's name, or `group/N` for unnamed children.
        var label: String
        /// The whole clock, for `explain`'s notes.
        var clock: TimingClock
        /// nil for groups, and for key paths the layer's kind does not have.
        var keyPath: LayerKeyPath?
        /// A keyframe animation's motion path, prepared; nil without one.
        var motion: MotionPath?
        /// With rotationMode: the turn added to the path's direction (0 for auto, π for autoReverse).
        var rotationOffset: Double?
    }
}

/// A position in `AnimationTable.values` (and in `numbers` and `colors`, which run beside it).
/// Four bytes, not an `Int`: a track holds several and must stay small.
struct ValueIndex: Hashable, Sendable {
    let raw: Int32
    init(_ i: Int) { raw = Int32(i) }
    var int: Int { Int(raw) }
}

/// A position in `AnimationTable.timingFunctions`.
struct CurveIndex: Hashable, Sendable {
    let raw: Int32
    init(_ i: Int) { raw = Int32(i) }
    var int: Int { Int(raw) }
}

/// Where a basic or spring track's `from`, `to` and `by` are in `AnimationTable.values`: the
/// ones given sit one after another from `start`, in that order (`AnimationTable.add(from:to:by:)`
/// appends them so). Five bytes for three optional indices.
struct EndpointIndices: Hashable, Sendable {
    private var start: Int32 = 0
    /// Bit 0: `from` is given, bit 1: `to`, bit 2: `by`.
    private var given: UInt8 = 0

    init() {}
    init(start: Int, given: UInt8) { self.start = Int32(start); self.given = given }

    var from: ValueIndex? { index(0) }
    var to: ValueIndex? { index(1) }
    var by: ValueIndex? { index(2) }
    /// The given ones, in `values`.
    var range: Range<Int> { Int(start)..<Int(start) + given.nonzeroBitCount }

    private func index(_ bit: UInt8) -> ValueIndex? {
        guard given & (1 << bit) != 0 else { return nil }
        return ValueIndex(Int(start) + (given & (1 << bit &- 1)).nonzeroBitCount)
    }
}

/// Every animation of a document as tracks, with the values they refer to in shared pools.
///
/// Invariants (`_checkInvariants`, debug builds): `tracks`, `bodies` and `details` have one
/// element a track; `values`, `numbers` and `colors` one a value; every index and range a
/// track holds lies within its pool, and a group's children come before the group.
struct AnimationTable: Sendable {
    var tracks: [AnimationTrack] = []
    /// `bodies[i]` and `details[i]` belong to `tracks[i]`.
    var bodies: [AnimationTrack.Body] = []
    var details: [AnimationTrack.Detail] = []
    /// from, to, by and keyframe values, named paths resolved.
    var values: [Value] = []
    /// `values` as numbers (NaN where a value is not one).
    var numbers: [Double] = []
    /// `values` as colours (clear where a value is not one).
    var colors: [Color] = []
    var keyTimes: [Double] = []
    var timingFunctions: [TimingFunction] = []
    /// Keyframes' tension, continuity and bias, for cubic curves that set any.
    var shapes: [KeyframeShape] = []

    /// Appends `v` to `values` (and its number and colour beside it).
    private mutating func add(_ v: Value) {
        values.append(v)
        numbers.append(v.number ?? .nan)
        colors.append(v.color ?? .clear)
    }

    /// Appends `vs` to `values` and returns where they are.
    mutating func add(_ vs: [Value]) -> Range<Int> {
        let start = values.count
        for v in vs { add(v) }
        return start..<values.count
    }

    /// Appends the given ones of `from`, `to` and `by`, in that order.
    mutating func add(from: Value?, to: Value?, by: Value?) -> EndpointIndices {
        let start = values.count
        var given: UInt8 = 0
        for (bit, v) in [from, to, by].enumerated() {
            guard let v else { continue }
            add(v)
            given |= 1 << UInt8(bit)
        }
        return EndpointIndices(start: start, given: given)
    }

    /// Appends tracks as one run (a layer's animations, a group's children) and returns it.
    mutating func append(_ run: [AnimationTrack.Compiled]) -> Range<Int> {
        for c in run {
            tracks.append(c.track)
            bodies.append(c.body)
            details.append(c.detail)
        }
        return tracks.count - run.count..<tracks.count
    }

    /// Adds `f` to `timingFunctions` and returns its index.
    mutating func add(_ f: TimingFunction?) -> CurveIndex? {
        guard let f else { return nil }
        timingFunctions.append(f)
        return CurveIndex(timingFunctions.count - 1)
    }

    /// The timing function at `i`, nil for none.
    func curve(_ i: CurveIndex?) -> TimingFunction? { i.map { timingFunctions[$0.int] } }

    /// Checks the invariants above, in debug builds (release builds compile nothing here).
    /// Called once the table is complete: after that it is only read.
    func _checkInvariants() {
        #if DEBUG
        assert(bodies.count == tracks.count && details.count == tracks.count, "bodies and details run beside tracks")
        assert(numbers.count == values.count && colors.count == values.count, "numbers and colors run beside values")
        func within(_ r: Range<Int>, _ count: Int) -> Bool { r.isEmpty || (r.lowerBound >= 0 && r.upperBound <= count) }
        for (i, t) in tracks.enumerated() {
            let b = bodies[i]
            assert(t.curve.map { $0.int >= 0 && $0.int < timingFunctions.count } ?? true, "track \(i): curve outside the pool")
            assert(within(t.endpoints.range, values.count), "track \(i): from/to/by outside the values")
            assert(within(b.keyframes, values.count) && within(b.times, keyTimes.count), "track \(i): keyframes outside their pools")
            assert(within(b.curves, timingFunctions.count) && within(b.shapes, shapes.count), "track \(i): curves or shapes outside their pools")
            assert(b.shapes.isEmpty || b.shapes.count == b.keyframes.count, "track \(i): one shape a keyframe")
            assert(within(b.children, i), "track \(i): a group's children come before it")
            assert(b.children.isEmpty || t.kind == .group, "track \(i): only groups have children")
        }
        #endif
    }
}

extension AnimationTrack {
    /// A track with what it reads besides, before it takes its place in the table.
    struct Compiled {
        var track: AnimationTrack
        var body = Body()
        var detail: Detail
    }
}

extension Evaluator {
    /// Compiles `a`, placed at `begin` in its parent's time with duration `d`; a group's
    /// children go into `table` (after their own children), the track itself to the caller.
    /// `keyPaths` caches resolved key paths by text and kind.
    func compile(_ a: Animation, label: String, kind: LayerKind?, begin: Double, duration d: Double,
                 isChild: Bool, into table: inout AnimationTable,
                 keyPaths: inout KeyPathCache) -> AnimationTrack.Compiled {
        let clock = clock(for: a, begin: begin, duration: d, isChild: isChild)
        var t = AnimationTrack(clock: FrameClock(clock, active: clock.activeDuration), kind: .inert,
                               curve: table.add(clock.timingFunction), additive: a.timing.additive)
        t.cumulative = a.timing.cumulative
        var body = AnimationTrack.Body()
        var detail = AnimationTrack.Detail(animation: a, label: label, clock: clock)
        if let text = a.keyPath, let kind, let kp = resolved(text, kind, &keyPaths) {
            detail.keyPath = kp
            t.target = kp.slots
        }
        let targeted = detail.keyPath != nil
        switch a.body {
        case .basic(let b):
            if targeted { t.kind = .basic }
            t.endpoints = table.add(from: b.from.map { resolve($0) }, to: b.to.map { resolve($0) }, by: b.by.map { resolve($0) })
        case .keyframes(let k):
            if targeted { t.kind = .keyframes }
            body.calculationMode = k.calculationMode
            if let tfs = k.timingFunctions {
                body.curves = table.timingFunctions.count..<table.timingFunctions.count + tfs.count
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
                values = k.values.map { resolve($0) }
                times = k.effectiveKeyTimes(values)
            }
            body.keyframes = table.add(values)
            body.times = table.keyTimes.count..<table.keyTimes.count + times.count
            table.keyTimes += times
            if k.path == nil, let shapes = KeyframeShape.list(k), shapes.count == values.count {
                body.shapes = table.shapes.count..<table.shapes.count + shapes.count
                table.shapes += shapes
            }
        case .spring(let s):
            if targeted { t.kind = .spring }
            t.endpoints = table.add(from: s.from.map { resolve($0) }, to: s.to.map { resolve($0) }, by: s.by.map { resolve($0) })
            body.spring = springSolver(s, duration: a.timing.duration)
            // UIKit's damping-ratio form lands on its target when its duration is over, and
            // so does a spring lasting its settling duration (it is at rest by definition).
            if case .dampingRatio = s.form { body.springSnaps = true } else { body.springSnaps = a.timing.duration == nil }
        case .group(let g):
            t.kind = .group
            // Loops, not closures: a closure here would copy the evaluator.
            var children: [AnimationTrack.Compiled] = []
            for (i, child) in childSlots(g, groupDuration: d).enumerated() {
                children.append(compile(child.animation, label: child.animation.name.isEmpty ? "\(label)/\(i + 1)" : child.animation.name,
                                        kind: kind, begin: child.begin, duration: child.duration, isChild: true,
                                        into: &table, keyPaths: &keyPaths))
            }
            body.children = table.append(children)
        }
        let stacks = t.kind == .basic || t.kind == .spring || (t.kind == .keyframes && !body.keyframes.isEmpty)
        t.numeric = stacks
        t.colorful = stacks
        for range in [t.endpoints.range, body.keyframes] {
            for i in range {
                if table.values[i].number == nil { t.numeric = false }
                if table.values[i].color == nil { t.colorful = false }
            }
        }
        return AnimationTrack.Compiled(track: t, body: body, detail: detail)
    }

    /// Key paths resolved while compiling, by the kind's bit position, then the text. (Not a
    /// dictionary keyed by a (text, kind) struct: the first dictionary of a new key type in a
    /// process has the runtime scan every conformance record in the binary, 0.2 M instructions
    /// of `show`; `String`'s is found once.)
    struct KeyPathCache {
        var byKind = [[String: LayerKeyPath?]](repeating: [:], count: UInt32.bitWidth)
    }

    private func resolved(_ text: String, _ kind: LayerKind, _ cache: inout KeyPathCache) -> LayerKeyPath? {
        let k = kind.bit.trailingZeroBitCount
        if let kp = cache.byKind[k][text] { return kp }
        let kp = LayerKeyPath.resolve(text, for: kind)
        cache.byKind[k][text] = kp
        return kp
    }

    /// Compiles every top-level animation: each layer's in the order they were added, as
    /// one run of tracks (`LayerPlan.animations`).
    mutating func compileAnimations() {
        let (table, runs) = compiledAnimations()
        for (order, run) in runs { plans[order].animations = run }
        table._checkInvariants()
        animationTable = table
    }

    /// The table and each layer's run in it. (Not mutating: calling `compile` from a mutating
    /// method would copy the evaluator at each call.)
    private func compiledAnimations() -> (AnimationTable, [(order: Int, run: Range<Int>)]) {
        // Animations of a layer that does not exist apply to nothing; the rest by layer, stably.
        var placed: [(order: Int, index: Int)] = []
        placed.reserveCapacity(document.animations.count)
        for (i, a) in document.animations.enumerated() {
            if let order = entries[a.layer]?.order { placed.append((order, i)) }
        }
        placed.sort { ($0.order, $0.index) < ($1.order, $1.index) }
        var table = AnimationTable()
        var keyPaths = KeyPathCache()
        var runs: [(order: Int, run: Range<Int>)] = []
        var k = 0
        while k < placed.count {
            let order = placed[k].order
            var run: [AnimationTrack.Compiled] = []
            while k < placed.count && placed[k].order == order {
                // Values given to a value function become the transforms they stand for.
                let a = document.animations[placed[k].index].valueFunctionApplied
                run.append(compile(a, label: a.name, kind: plans[order].layer.kind, begin: beginValue(a.timing.beginTime),
                                   duration: duration(of: a, groupDuration: nil), isChild: false,
                                   into: &table, keyPaths: &keyPaths))
                k += 1
            }
            runs.append((order, table.append(run)))
        }
        return (table, runs)
    }
}
