/// Evaluates a document at scene times: presentation values, scenes and explanations.
///
/// The model value of a property is its stored value plus the scheduled events up to the
/// time. The presentation value is the model value with every applying animation stacked on
/// top in the order they were added (implicit animations from `set … animated` events above
/// them, by time): a non-additive animation replaces the value beneath, an additive one adds
/// to it. Pure and deterministic: the same document and time always give the same result.
package struct Evaluator: Sendable {
    package let document: Document

    struct LayerEntry: Sendable {
        var layer: Layer
        var parent: String?
        /// Where the layer comes in a depth-first walk of the tree: its index in `plans`.
        var order: Int
    }

    /// What a frame needs of one layer, prepared once so a frame looks nothing up by name.
    struct LayerPlan: Sendable {
        /// The layer without its sublayers.
        var layer: Layer
        /// The sublayers' indices in `plans`, back to front.
        var children: [Int] = []
        /// The stored properties.
        var stored: PropertySlots
        /// Scheduled events, by time (stable).
        var events: [ResolvedEvent] = []
        /// Animations in the order they were added, in `animationTable.tracks`.
        var animations = 0..<0
        /// Implicit animations of `set … animated` events, in time order.
        var implicit: [ImplicitAnimation] = []
        /// Transitions of the layer's events, in time order.
        var transitions: [LayerTransition] = []
        /// The layer presented from its stored properties (transforms included); a frame
        /// re-presents only the properties its events and animations wrote.
        var presented: PresentedLayer
        /// The stored beginTime, speed and timeOffset, for frames where no event changes them.
        var clock = LayerClock(begin: 0, speed: 1, offset: 0)
        /// The layer the stored `mask` names, when it exists and is not the layer itself.
        var mask: String?
        /// Whether `timeRemap` is stored, scheduled or animated on the layer: only then does a
        /// frame look it up (its sublayers' time is the layer's own otherwise).
        var remapsTime = false
        /// Whether a sublayer stores or schedules a `blendMode`: only then does a frame look
        /// for sublayers that blend (the layer then isolates them, `isolatesBlending`).
        var sublayersMayBlend = false
        /// Whether the layer or one of its sublayers may be drawn as a layer's mask: a drawn
        /// frame then keeps what it holds even while it is hidden.
        var holdsMask = false
    }

    struct ResolvedEvent: Sendable {
        var event: Event
        var time: Double
        var keyPaths: [LayerKeyPath?]
    }

    /// A `set … animated` change turned into an implicit basic animation.
    struct ImplicitAnimation: Sendable {
        var eventName: String
        var keyPath: LayerKeyPath
        var from: Value
        var to: Value
        /// Begin and end in scene time.
        var begin: Double
        var end: Double
    }

    var entries: [String: LayerEntry] = [:]
    /// Every animation, compiled.
    var animationTable = AnimationTable()
    /// Every layer, in depth-first order (`LayerEntry.order`).
    var plans: [LayerPlan] = []
    /// The root layers' indices in `plans`.
    var roots: [Int] = []
    var intervals: [String: (begin: Double, end: Double)] = [:]
    var paths: [String: Path] = [:]
    /// Each distinct spring's settling duration. (A dictionary, though its first use in a
    /// process has the runtime scan the binary's conformance records for `SpringSolver:
    /// Hashable`, 0.2 M instructions: a list would be quadratic in a file of many springs.)
    var settling: [SpringSolver: Double] = [:]

    /// The longest scene duration reported: a day.
    package static let longestScene = 86_400.0

    /// The implicit animation's duration, as Core Animation's default action.
    package static let implicitDuration = MediaTiming.defaultDuration

    package init(document: Document) {
        self.document = document
        for p in document.paths { paths[p.name] = p.path }
        func index(_ layers: [Layer], parent: String?) -> [Int] {
            var indices: [Int] = []
            for l in layers {
                var shallow = l
                shallow.sublayers = []
                // Key paths read unset values through the table's one default; a kind with
                // its own (a cell's birthRate is 0, an emitter's 1) gets it stored here.
                for d in PropertyTable.kindSpecificDefaults where d.kind == l.kind && shallow.properties[d.name] == nil {
                    shallow.properties[d.name] = d.value
                }
                let order = plans.count
                indices.append(order)
                entries[l.name] = LayerEntry(layer: shallow, parent: parent, order: order)
                plans.append(LayerPlan(layer: shallow, stored: PropertySlots(shallow.properties),
                                       presented: PresentedLayer(name: l.name, kind: l.kind)))
                plans[order].children = index(l.sublayers, parent: l.name)
            }
            return indices
        }
        roots = index(document.layers, parent: nil)
        for a in document.animations { collectSprings(a) }
        resolveIntervals()
        compileAnimations()
        for e in document.events {
            guard let order = entries[e.layer]?.order else { continue }
            let kps = e.assignments.map { LayerKeyPath.resolve($0.keyPath, for: plans[order].layer.kind) }
            let t = intervals[e.name]?.begin ?? 0
            plans[order].events.append(ResolvedEvent(event: e, time: t, keyPaths: kps))
        }
        for i in plans.indices where plans[i].events.count > 1 {
            // Stable: events at the same time keep document order.
            plans[i].events = plans[i].events.enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        buildImplicitAnimations()
        compileTransitions()
        for i in plans.indices {
            let stored = plans[i].stored
            plans[i].presented = presentedLayer(plans[i].layer, stored)
            Evaluator.presentTransforms(stored, into: &plans[i].presented)
            plans[i].clock = LayerClock(stored)
            plans[i].mask = maskTarget(stored[PropertyTable.Slot.mask], of: plans[i].layer.name)
            if stored[PropertyTable.Slot.timeRemap] != nil { plans[i].remapsTime = true }
        }
        markTimeRemapping()
        markMasks()
        for i in plans.indices {
            plans[i].sublayersMayBlend = plans[i].children.contains { c in
                plans[c].stored[PropertyTable.Slot.blendMode] != nil
                    || plans[c].events.contains { $0.event.assignments.contains { $0.keyPath == "blendMode" } }
            }
        }
    }

    /// Marks each layer a stored or scheduled `mask` names, and the layers above it (`holdsMask`).
    private mutating func markMasks() {
        var names = Set(plans.compactMap(\.mask))
        for e in document.events {
            for a in e.assignments where a.keyPath == "mask" { if case .string(let m) = a.value { names.insert(m) } }
        }
        for name in names {
            var next: String? = name
            while let n = next, let entry = entries[n], !plans[entry.order].holdsMask {
                plans[entry.order].holdsMask = true
                next = entry.parent
            }
        }
    }

    /// Marks the layers whose `timeRemap` an event or animation changes (`remapsTime`).
    private mutating func markTimeRemapping() {
        func mark(_ layer: String) { if let o = entries[layer]?.order { plans[o].remapsTime = true } }
        func visit(_ a: Animation) {
            if a.keyPath == "timeRemap" { mark(a.layer) }
            if case .group(let g) = a.body { for c in g.children { visit(c) } }
        }
        for a in document.animations { visit(a) }
        for e in document.events where e.assignments.contains(where: { $0.keyPath == "timeRemap" }) { mark(e.layer) }
    }

    /// The plan of a named layer.
    func plan(_ layer: String) -> LayerPlan? { entries[layer].map { plans[$0.order] } }

    private mutating func collectSprings(_ a: Animation) {
        switch a.body {
        case .spring(let s):
            let solver = springSolver(s, duration: a.timing.duration)
            if settling[solver] == nil { settling[solver] = solver.settlingDuration }
        case .group(let g):
            for c in g.children { collectSprings(c) }
        default: break
        }
    }

    func springSolver(_ s: Animation.Spring, duration: Double?) -> SpringSolver { SpringSolver(s, duration: duration) }

    // MARK: - Public queries

    /// The scene's length: the canvas duration if set, else the end of everything that
    /// starts — each finite animation and event to its end, each endless animation (repeating
    /// forever) to the end of its first full cycle — else 4 s for a flipbook or an endless
    /// animation with no cycle to show (0 for a still scene).
    package var sceneDuration: Double {
        if let d = document.canvas.duration, let v = Evaluator.sceneLength(Evaluator.value(d, in: intervals)) { return v }
        var end = 0.0
        var infinite = false
        for a in document.animations {
            guard let iv = intervals[a.name] else { continue }
            if iv.end.isFinite { end = max(end, iv.end); continue }
            infinite = true
            let cycleEnd = iv.begin + firstCycle(of: a)
            if cycleEnd.isFinite { end = max(end, cycleEnd) }
        }
        for e in document.events {
            if let iv = intervals[e.name], iv.end.isFinite { end = max(end, iv.end) }
        }
        for p in plans { for i in p.implicit where i.end.isFinite { end = max(end, i.end) } }
        if end == 0 && (infinite || hasFlipbook) { return 4 }
        // Huge but finite ends (beginTime=1e300) still make a scene nobody can play through.
        return min(end, Evaluator.longestScene)
    }

    /// One full cycle of an endless animation in its parent's time: an iteration, there and
    /// back with `autoreverses`, at its speed (infinite when paused).
    func firstCycle(of a: Animation) -> Double {
        guard a.timing.speed != 0 else { return .infinity }
        let d = duration(of: a, groupDuration: nil)
        return d * (a.timing.autoreverses ? 2 : 1) / abs(a.timing.speed)
    }

    private var hasFlipbook: Bool {
        entries.values.contains { !($0.layer.value("frames").list ?? []).isEmpty }
    }

    /// When a named animation or event begins and ends, in scene time (its parent layer's
    /// time); nil for unknown names. `end` is infinite for animations that repeat forever.
    /// The time a still shows when none is named: the canvas's poster time, else the end of
    /// the scene (t=0 is often before anything has appeared).
    package var posterTime: Double { document.canvas.poster ?? sceneDuration }

    /// `posterTime` where the document states it without naming an animation (a poster, or a
    /// duration that is a plain number, as every opened Lottie file has): the shell's stills
    /// then need no evaluator of their own before the one that draws. Nil: ask an evaluator.
    package static func statedPosterTime(of document: Document) -> Double? {
        if let p = document.canvas.poster { return p }
        return document.canvas.duration.flatMap { sceneLength($0.evaluate { _ in nil }) }
    }

    /// A stated duration as the scene's length: finite and not negative, at most `longestScene`.
    static func sceneLength(_ v: Double?) -> Double? {
        guard let v, v.isFinite, v >= 0 else { return nil }
        return min(v, longestScene)
    }

    package func interval(of name: String) -> (begin: Double, end: Double)? { intervals[name] }

    /// The presentation value of `keyPath` on `layer` at scene time `time`; nil when the
    /// layer or key path does not exist.
    package func presentationValue(layer: String, keyPath: String, at time: Double) -> Value? {
        guard let entry = entries[layer], let kp = LayerKeyPath.resolve(keyPath, for: entry.layer.kind) else { return nil }
        var trace: [Explanation.Step]? = nil
        let props = presentedProperties(layer, sceneTime: time, layerTime: layerTime(layer, at: time),
                                        trace: &trace, traceKey: nil)
        return publicValue(kp.read(props))
    }

    /// The model value (stored value plus scheduled events up to `time`), without animations.
    package func modelValue(layer: String, keyPath: String, at time: Double) -> Value? {
        guard let entry = entries[layer], let kp = LayerKeyPath.resolve(keyPath, for: entry.layer.kind) else { return nil }
        return publicValue(kp.read(modelProperties(layer, at: time)))
    }

    /// Every stored property of the layer's kind with its presentation value, in table order.
    package func presentationProperties(layer: String, at time: Double) -> [(String, Value)]? {
        guard let entry = entries[layer] else { return nil }
        var trace: [Explanation.Step]? = nil
        let props = presentedProperties(layer, sceneTime: time, layerTime: layerTime(layer, at: time),
                                        trace: &trace, traceKey: nil)
        return PropertyTable.properties(for: entry.layer.kind).map { spec in
            (spec.name, publicValue(props[spec.name] ?? spec.defaultValue(for: entry.layer.kind)))
        }
    }

    /// Every stored property of the layer's kind with its model value at `time`.
    package func modelProperties(layer: String, at time: Double) -> [(String, Value)]? {
        guard let entry = entries[layer] else { return nil }
        let props = modelProperties(layer, at: time)
        return PropertyTable.properties(for: entry.layer.kind).map { spec in
            (spec.name, publicValue(props[spec.name] ?? spec.defaultValue(for: entry.layer.kind)))
        }
    }

    /// Explains the presentation value of `keyPath` on `layer` at `time`.
    package func explain(layer: String, keyPath: String, at time: Double) -> Explanation? {
        guard let entry = entries[layer], let kp = LayerKeyPath.resolve(keyPath, for: entry.layer.kind) else { return nil }
        var stored = PropertySlots(entry.layer.properties)
        let storedValue = publicValue(kp.read(stored))
        var steps: [Explanation.EventStep] = []
        for e in plans[entry.order].events where e.time <= time {
            for (i, a) in e.event.assignments.enumerated() {
                guard let ekp = e.keyPaths[i] else { continue }
                ekp.write(resolve(a.value), into: &stored)
                if !Set(ekp.storedProperties).isDisjoint(with: kp.storedProperties) {
                    steps.append(.init(name: e.event.name, time: e.time, value: publicValue(kp.read(stored)),
                                       animated: e.event.animated))
                }
            }
        }
        let model = publicValue(kp.read(modelProperties(layer, at: time)))
        var trace: [Explanation.Step]? = []
        let lt = layerTime(layer, at: time)
        let props = presentedProperties(layer, sceneTime: time, layerTime: lt, trace: &trace, traceKey: kp)
        var x = Explanation(layer: layer, keyPath: kp.name, sceneTime: time, layerTime: lt, storedValue: storedValue,
                            events: steps, modelValue: model, animations: trace ?? [],
                            presentationValue: publicValue(kp.read(props)))
        if let (t, p) = runningTransition(entry.order, at: time) {
            x.transition = .init(event: t.eventName, transition: t.transition, begin: t.begin, progress: p)
        }
        return x
    }

    // MARK: - Model values and layer time

    /// Stored properties with the scheduled events up to `time` applied.
    func modelProperties(_ layer: String, at time: Double) -> PropertySlots {
        guard let entry = entries[layer] else { return PropertySlots() }
        return modelProperties(entry.order, at: time)
    }

    /// The same, by index in `plans`.
    func modelProperties(_ order: Int, at time: Double) -> PropertySlots {
        var props = PropertySlots()
        modelProperties(order, at: time, into: &props)
        return props
    }

    /// The same, written into `props` (a buffer reused from layer to layer).
    func modelProperties(_ order: Int, at time: Double, into props: inout PropertySlots) {
        props.assign(plans[order].stored)
        if plans[order].events.isEmpty { return }
        for e in plans[order].events {
            if e.time > time { break }
            for (i, a) in e.event.assignments.enumerated() {
                e.keyPaths[i]?.write(resolve(a.value), into: &props)
            }
        }
    }

    /// The layer's local time at scene time `time`, through every ancestor's clock:
    /// `t = (tParent − beginTime) · speed + timeOffset`, each from the model at that time.
    package func layerTime(_ layer: String, at time: Double) -> Double {
        var chain: [String] = []
        var name: String? = layer
        // A cell's own clock times its emission, not its animations: those run in the
        // emitter's time, as animations of `emitterCells.NAME.…` on the emitter do.
        while let n = name, let e = entries[n] {
            if e.layer.kind.isLayer { chain.append(n) }
            name = e.parent
        }
        var t = time
        for n in chain.reversed() {
            t = Evaluator.clockTime(t, modelProperties(n, at: time))
            // An ancestor's timeRemap is the time its sublayers see.
            if n != layer, let remapped = remappedTime(n, sceneTime: time, layerTime: t) { t = remapped }
        }
        return t
    }

    /// The time a layer's sublayers see when its presented `timeRemap` is set (and finite) at
    /// layer time `layerTime`; nil when they see the layer's own time.
    func remappedTime(_ layer: String, sceneTime: Double, layerTime: Double) -> Double? {
        guard let order = entries[layer]?.order, plans[order].remapsTime else { return nil }
        var trace: [Explanation.Step]? = nil
        let props = presentedProperties(order, model: modelProperties(order, at: sceneTime), sceneTime: sceneTime,
                                        layerTime: layerTime, trace: &trace, traceKey: nil)
        return Evaluator.remappedTime(props)
    }

    /// A presented `timeRemap` as a time, nil when unset or not a finite number.
    static func remappedTime(_ props: PropertySlots) -> Double? {
        guard let t = props[PropertyTable.Slot.timeRemap]?.number, t.isFinite else { return nil }
        return t
    }

    static func clockTime(_ parent: Double, _ props: PropertySlots) -> Double { LayerClock(props).time(parent) }

    /// A layer's clock: `t = (tParent − beginTime) · speed + timeOffset`.
    struct LayerClock: Sendable {
        var begin, speed, offset: Double

        init(begin: Double, speed: Double, offset: Double) { self.begin = begin; self.speed = speed; self.offset = offset }

        init(_ props: PropertySlots) {
            begin = props.value(PropertyTable.Slot.beginTime).number ?? 0
            speed = props.value(PropertyTable.Slot.speed).number ?? 1
            offset = props.value(PropertyTable.Slot.timeOffset).number ?? 0
        }

        func time(_ parent: Double) -> Double {
            if begin == 0 && speed == 1 && offset == 0 { return parent }
            return (parent - begin) * speed + offset
        }
    }

    /// Replaces named-path references by the paths they name.
    func resolve(_ v: Value) -> Value {
        switch v {
        case .pathRef(let n): return .path(paths[n] ?? .empty)
        case .list(let items) where items.contains(where: { if case .pathRef = $0 { return true }; return false }):
            return .list(items.map(resolve))
        default: return v
        }
    }

    /// A value as reported to users: paths resolved.
    func publicValue(_ v: Value) -> Value { resolve(v) }
}
