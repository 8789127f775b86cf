/// Stacking animations onto model values.
extension Evaluator {
    /// The layer's properties with every applying animation stacked on the model values.
    /// With `trace` non-nil, records each animation on `traceKey`'s stored properties.
    func presentedProperties(_ layer: String, sceneTime: Double, layerTime: Double,
                             trace: inout [Explanation.Step]?, traceKey: KeyPath?,
                             implicitLimit: Int = .max) -> [String: Value] {
        guard let entry = entries[layer] else { return [:] }
        var props = modelProperties(layer, at: sceneTime)
        let kind = entry.layer.kind
        for a in animationsByLayer[layer] ?? [] {
            let d = duration(of: a, groupDuration: nil)
            let begin = beginValue(a.timing.beginTime)
            apply(a, label: a.name, kind: kind, parentTime: layerTime, begin: begin, duration: d,
                  isChild: false, into: &props, trace: &trace, traceKey: traceKey)
        }
        if let implicit = implicitByLayer[layer] {
            for (i, imp) in implicit.enumerated() where i < implicitLimit {
                applyImplicit(imp, sceneTime: sceneTime, into: &props, trace: &trace, traceKey: traceKey)
            }
        }
        return props
    }

    private func touches(_ kp: KeyPath?, _ target: KeyPath?) -> Bool {
        guard let kp, let target else { return false }
        return !Set(kp.storedProperties).isDisjoint(with: target.storedProperties)
    }

    /// Applies one animation (recursing into groups) at parent time `parentTime`.
    func apply(_ a: Animation, label: String, kind: LayerKind, parentTime: Double, begin: Double,
               duration d: Double, isChild: Bool, into props: inout [String: Value],
               trace: inout [Explanation.Step]?, traceKey: KeyPath?) {
        let c = clock(for: a, begin: begin, duration: d, isChild: isChild)
        let local = c.local(parentTime)
        if case .group(let g) = a.body {
            let slots = childSlots(g, groupDuration: d)
            if !local.applies {
                if trace != nil { traceInactiveGroup(slots, label: label, kind: kind, phase: local.phase,
                                                     trace: &trace, traceKey: traceKey) }
                return
            }
            for (i, slot) in slots.enumerated() {
                let childLabel = slot.animation.name.isEmpty ? "\(label)/\(i + 1)" : slot.animation.name
                apply(slot.animation, label: childLabel, kind: kind, parentTime: local.time, begin: slot.begin,
                      duration: slot.duration, isChild: true, into: &props, trace: &trace, traceKey: traceKey)
            }
            return
        }
        guard let kpText = a.keyPath, let kp = KeyPath.resolve(kpText, for: kind) else { return }
        let traced = trace != nil && touches(kp, traceKey)
        guard local.applies else {
            if traced {
                trace!.append(step(a, label, local, d, applies: false, value: nil,
                                   note: note(for: local, c)))
            }
            return
        }
        let beneath = resolve(kp.read(props))
        let v = bodyValue(a, kp: kp, beneath: beneath, localTime: local.time, duration: d, phase: local.phase)
        let result = a.timing.additive ? beneath.adding(v) : v
        kp.write(result, into: &props)
        if traced {
            trace!.append(step(a, label, local, d, applies: true, value: resolve(traceKey!.read(props)),
                               note: note(for: local, c)))
        }
    }

    private func step(_ a: Animation, _ label: String, _ local: LocalTime, _ d: Double, applies: Bool,
                      value: Value?, note: String) -> Explanation.Step {
        Explanation.Step(name: label, kind: a.kindName, phase: local.phase,
                         localTime: applies ? local.time : nil, duration: d, applies: applies,
                         additive: a.timing.additive, value: value, note: note)
    }

    private func note(for local: LocalTime, _ c: TimingClock) -> String {
        switch (local.phase, local.applies) {
        case (.active, _):
            return c.activeDuration > c.duration ? "active, iteration \(local.iteration + 1)" : "active"
        case (.before, true): return "before its begin, filling backwards"
        case (.before, false): return "not begun yet (no backwards fill)"
        case (.after, true): return "ended, filling forwards"
        case (.after, false):
            if c.fillMode == .forwards || c.fillMode == .both { return "ended and removed on completion" }
            return "ended (no forwards fill)"
        }
    }

    private func traceInactiveGroup(_ slots: [ChildSlot], label: String, kind: LayerKind, phase: TimingPhase,
                                    trace: inout [Explanation.Step]?, traceKey: KeyPath?) {
        for (i, slot) in slots.enumerated() {
            let a = slot.animation
            let childLabel = a.name.isEmpty ? "\(label)/\(i + 1)" : a.name
            if case .group(let g) = a.body {
                traceInactiveGroup(childSlots(g, groupDuration: slot.duration), label: childLabel, kind: kind,
                                   phase: phase, trace: &trace, traceKey: traceKey)
                continue
            }
            guard let kpText = a.keyPath, touches(KeyPath.resolve(kpText, for: kind), traceKey) else { continue }
            trace!.append(Explanation.Step(name: childLabel, kind: a.kindName, phase: phase, localTime: nil,
                                           duration: slot.duration, applies: false, additive: a.timing.additive,
                                           value: nil, note: "its group is not in effect (\(phase.rawValue))"))
        }
    }

    /// The animated value of a non-group animation at iteration time `t`.
    func bodyValue(_ a: Animation, kp: KeyPath, beneath: Value, localTime t: Double, duration d: Double,
                   phase: TimingPhase) -> Value {
        var f = d > 0 ? t / d : 1
        // NB: group children reach their end through sums of durations; snap float noise so a
        // filled end shows exactly the `to` value (a path keeps its own structure).
        if abs(f - 1) < 1e-9 { f = 1 } else if abs(f) < 1e-12 { f = 0 }
        switch a.body {
        case .basic(let b):
            let (from, to) = endpoints(from: b.from, to: b.to, by: b.by, beneath: beneath, additive: a.timing.additive)
            return from.interpolated(to: to, f)
        case .keyframes(let k):
            return k.value(at: f, values: k.values.map(resolve))
        case .spring(let s):
            let (from, to) = endpoints(from: s.from, to: s.to, by: s.by, beneath: beneath, additive: a.timing.additive)
            let solver = springSolver(s, duration: a.timing.duration)
            var p = solver.progress(at: t)
            // UIKit's damping-ratio form lands on its target when its duration is over, and
            // so does a spring lasting its settling duration (it is at rest by definition).
            var snaps = a.timing.duration == nil
            if case .dampingRatio = s.form { snaps = true }
            if snaps && (phase == .after || t >= d) { p = 1 }
            return from.interpolated(to: to, p)
        case .group:
            return beneath
        }
    }

    /// CABasicAnimation's rules for which of from, to and by are given.
    func endpoints(from: Value?, to: Value?, by: Value?, beneath: Value, additive: Bool) -> (Value, Value) {
        let base = additive ? beneath.zero : beneath
        let f = from.map(resolve), t = to.map(resolve), b = by.map(resolve)
        switch (f, t, b) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, base)
        case (nil, let t?, nil): return (base, t)
        case (nil, nil, let b?): return (base, base.adding(b))
        case (nil, nil, nil): return (base, base)
        }
    }

    /// Applies an implicit animation (`set … animated`): 0.25 s, default curve, no fill.
    func applyImplicit(_ imp: ImplicitAnimation, sceneTime: Double, into props: inout [String: Value],
                       trace: inout [Explanation.Step]?, traceKey: KeyPath?) {
        let label = "\(imp.eventName) (implicit)"
        let traced = trace != nil && touches(imp.keyPath, traceKey)
        let d = imp.end - imp.begin
        if sceneTime < imp.begin || sceneTime >= imp.end {
            if traced {
                let phase: TimingPhase = sceneTime < imp.begin ? .before : .after
                trace!.append(Explanation.Step(name: label, kind: "implicit", phase: phase, localTime: nil,
                                               duration: d, applies: false, additive: false, value: nil,
                                               note: phase == .before ? "not begun yet" : "ended and removed"))
            }
            return
        }
        let f = TimingFunction.default((sceneTime - imp.begin) / d)
        imp.keyPath.write(imp.from.interpolated(to: imp.to, f), into: &props)
        if traced {
            trace!.append(Explanation.Step(name: label, kind: "implicit", phase: .active,
                                           localTime: sceneTime - imp.begin, duration: d, applies: true,
                                           additive: false, value: resolve(traceKey!.read(props)),
                                           note: "active (default curve)"))
        }
    }

    /// Turns `set … animated` events into implicit animations, in time order, each starting
    /// from the presentation value just before its event. A later non-animated event on the
    /// same key path ends an implicit animation still in flight (like `removeAnimation`).
    mutating func buildImplicitAnimations() {
        for (layer, events) in eventsByLayer where events.contains(where: { $0.event.animated }) {
            var list: [ImplicitAnimation] = []
            for (ei, e) in events.enumerated() {
                for (i, a) in e.event.assignments.enumerated() {
                    guard let kp = e.keyPaths[i] else { continue }
                    if !e.event.animated {
                        for j in list.indices where list[j].keyPath == kp && list[j].end > e.time && list[j].begin <= e.time {
                            list[j].end = max(list[j].begin, e.time)
                        }
                        continue
                    }
                    implicitByLayer[layer] = list
                    let before = presentationBefore(layer, eventIndex: ei, time: e.time, kp: kp)
                    let to = resolve(a.value)
                    list.append(ImplicitAnimation(eventName: e.event.name, keyPath: kp, from: before, to: to,
                                                  begin: e.time, end: e.time + Evaluator.implicitDuration))
                }
            }
            implicitByLayer[layer] = list
        }
    }

    /// The presentation value of `kp` at `time` with only the events before `eventIndex`.
    private func presentationBefore(_ layer: String, eventIndex: Int, time: Double, kp: KeyPath) -> Value {
        var copy = self
        copy.eventsByLayer[layer] = Array((eventsByLayer[layer] ?? []).prefix(eventIndex))
        var trace: [Explanation.Step]? = nil
        let props = copy.presentedProperties(layer, sceneTime: time, layerTime: copy.layerTime(layer, at: time),
                                             trace: &trace, traceKey: nil)
        return resolve(kp.read(props))
    }
}
