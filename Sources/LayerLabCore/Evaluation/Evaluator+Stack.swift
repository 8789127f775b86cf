/// Stacking animations onto model values.
extension Evaluator {
    /// The layer's properties with every applying animation stacked on the model values.
    /// With `trace` non-nil, records each animation on `traceKey`'s stored properties.
    func presentedProperties(_ layer: String, sceneTime: Double, layerTime: Double,
                             trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) -> PropertySlots {
        guard let entry = entries[layer] else { return PropertySlots() }
        return presentedProperties(entry.order, model: modelProperties(entry.order, at: sceneTime), sceneTime: sceneTime,
                                   layerTime: layerTime, trace: &trace, traceKey: traceKey)
    }

    /// The same for the layer at `order` in `plans`, from its model values `model`.
    func presentedProperties(_ order: Int, model: PropertySlots, sceneTime: Double, layerTime: Double,
                             trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) -> PropertySlots {
        var props = model
        stack(order, sceneTime: sceneTime, layerTime: layerTime, into: &props, trace: &trace, traceKey: traceKey)
        return props
    }

    /// Stacks the animations of the layer at `order` onto `props` (its model values), in place.
    func stack(_ order: Int, sceneTime: Double, layerTime: Double, into props: inout PropertySlots,
               trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) {
        var turn = 0.0
        for track in plans[order].animations {
            apply(track, parentTime: layerTime, into: &props, turn: &turn, trace: &trace, traceKey: traceKey)
        }
        for imp in plans[order].implicit {
            applyImplicit(imp, sceneTime: sceneTime, into: &props, trace: &trace, traceKey: traceKey)
        }
    }

    private func touches(_ kp: LayerKeyPath?, _ target: LayerKeyPath?) -> Bool {
        guard let kp, let target else { return false }
        return !Set(kp.storedProperties).isDisjoint(with: target.storedProperties)
    }

    /// Applies the track at `index` in `animationTable` (recursing into groups) at parent
    /// time `parentTime`. `turn` is what a motion path's rotationMode has added to the
    /// rotation so far: only the animation whose position wins turns the layer, so a later
    /// one that sets the position takes it back out.
    func apply(_ index: Int, parentTime: Double, into props: inout PropertySlots, turn: inout Double,
               trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) {
        let local = localTime(index, parentTime)
        let kind = animationTable.tracks[index].kind
        switch kind {
        case .group:
            let children = animationTable.bodies[index].children
            if !local.applies {
                if trace != nil { traceInactiveGroup(children, phase: local.phase, trace: &trace, traceKey: traceKey) }
                return
            }
            for child in children {
                apply(child, parentTime: local.time, into: &props, turn: &turn, trace: &trace, traceKey: traceKey)
            }
            return
        case .inert:
            return
        case .basic, .keyframes, .spring, .motion:
            break
        }
        var traced = trace != nil && traces(index, traceKey)
        guard local.applies else {
            if traced { trace!.append(step(index, local, applies: false, value: nil)) }
            return
        }
        let kp = animationTable.tracks[index].target
        let additive = animationTable.tracks[index].additive
        if turn != 0 && !additive {
            settleTurn(&turn, before: animationTable.details[index].keyPath, motion: kind == .motion, in: &props)
            // Taking the turn back out changes the rotation: `explain` says which animation did.
            if turn == 0, trace != nil, touches(Evaluator.rotationKeyPath, traceKey) { traced = true }
        }
        if animationTable.tracks[index].numeric, let beneath = kp.readNumber(props) {
            var v = bodyValue(index, animationTable.numbers, beneath: beneath, localTime: local.time, phase: local.phase)
            accumulate(index, local, &v) { bodyValue(index, animationTable.numbers, beneath: beneath, localTime: $0, phase: .active) }
            kp.writeNumber(additive ? beneath.adding(v) : v, into: &props)
            if traced { trace!.append(step(index, local, applies: true, value: resolve(traceKey!.read(props)))) }
            return
        }
        if animationTable.tracks[index].colorful, let beneath = kp.readColor(props) {
            var v = bodyValue(index, animationTable.colors, beneath: beneath, localTime: local.time, phase: local.phase)
            accumulate(index, local, &v) { bodyValue(index, animationTable.colors, beneath: beneath, localTime: $0, phase: .active) }
            kp.writeColor(additive ? beneath.adding(v) : v, into: &props)
            if traced { trace!.append(step(index, local, applies: true, value: resolve(traceKey!.read(props)))) }
            return
        }
        let beneath = resolve(kp.read(props))
        if kind == .motion {
            // NB: the two fields read, not the whole detail copied (a retain per field, per frame).
            guard let motion = animationTable.details[index].motion else { return }
            let rotationOffset = animationTable.details[index].rotationOffset
            let (point, angle) = motionSample(index, motion, localTime: local.time)
            var v = Value.point(point)
            accumulate(index, local, &v) { .point(motionSample(index, motion, localTime: $0).0) }
            kp.write(additive ? beneath.adding(v) : v, into: &props)
            if let offset = rotationOffset, let rk = Evaluator.rotationKeyPath {
                // rotationMode turns the layer on top of its own rotation.
                let own = resolve(rk.read(props)).number ?? 0
                rk.write(.number(own + angle + offset), into: &props)
                turn += angle + offset
            }
        } else {
            var v = bodyValue(index, animationTable.values, beneath: beneath, localTime: local.time, phase: local.phase)
            accumulate(index, local, &v) { bodyValue(index, animationTable.values, beneath: beneath, localTime: $0, phase: .active) }
            kp.write(additive ? beneath.adding(v) : v, into: &props)
        }
        if traced { trace!.append(step(index, local, applies: true, value: resolve(traceKey!.read(props)))) }
    }

    /// Before a track that replaces the position or the rotation: a position replaced takes
    /// the earlier motion path's turn out of the rotation; a rotation replaced has dropped it.
    private func settleTurn(_ turn: inout Double, before kp: LayerKeyPath?, motion: Bool, in props: inout PropertySlots) {
        guard let rk = Evaluator.rotationKeyPath else { return }
        if kp?.name == "position" || motion {
            let now = resolve(rk.read(props)).number ?? 0
            rk.write(.number(now - turn), into: &props)
            turn = 0
        } else if touches(kp, rk) {
            turn = 0
        }
    }

    /// A cumulative track's value in repetition k: its own value plus k times the value one
    /// repetition ends on (`end(t)` gives the value at iteration time t). A repetition that
    /// autoreverses is a leg there and a leg back, so it ends where it began.
    @inline(__always)
    func accumulate<V: Stackable>(_ index: Int, _ local: LocalTime, _ v: inout V, end: (Double) -> V) {
        let track = animationTable.tracks[index]
        guard track.cumulative else { return }
        let repetition = track.clock.autoreverses ? local.iteration / 2 : local.iteration
        guard repetition > 0 else { return }
        // The earlier repetitions first: transforms add by composing, and values that cannot
        // add (a string, a path) keep their own value.
        v = end(track.clock.autoreverses ? 0 : track.duration).repeated(repetition).adding(v)
    }

    /// Whether `explain` of `traceKey` lists the track at `index`: it writes the key path
    /// (or turns the layer along a motion path and the key path is the rotation).
    private func traces(_ index: Int, _ traceKey: LayerKeyPath?) -> Bool {
        let detail = animationTable.details[index]
        let turns = detail.rotationOffset != nil && detail.motion != nil
        return touches(detail.keyPath, traceKey) || (turns && touches(Evaluator.rotationKeyPath, traceKey))
    }

    private func step(_ index: Int, _ local: LocalTime, applies: Bool, value: Value?) -> Explanation.Step {
        let track = animationTable.tracks[index], detail = animationTable.details[index]
        return Explanation.Step(name: detail.label, kind: detail.animation.kindName, phase: local.phase,
                                localTime: applies ? local.time : nil, duration: track.duration, applies: applies,
                                additive: track.additive, value: value, note: note(for: local, detail.clock))
    }

    private func note(for local: LocalTime, _ c: TimingClock) -> String {
        switch (local.phase, local.applies) {
        case (.active, _):
            // With autoreverses the way back belongs to the same iteration (as `help timing`
            // says: forwards then backwards is one iteration).
            let legs = c.autoreverses ? 2 : 1
            var parts = ["active"]
            if c.activeDuration > c.duration * Double(legs) {
                let count = c.repeatDuration == 0 && c.repeatCount.isFinite && c.repeatCount > 1
                    ? " of \(formatNumber(c.repeatCount))" : ""
                parts.append("iteration \(local.iteration / legs + 1)\(count)")
            }
            if c.autoreverses && local.iteration % 2 == 1 { parts.append("on the way back") }
            return parts.joined(separator: ", ")
        case (.before, true): return "before its begin, filling backwards"
        case (.before, false): return "not begun yet (no backwards fill)"
        case (.after, true): return "ended, filling forwards"
        case (.after, false):
            if c.fillMode == .forwards || c.fillMode == .both { return "ended and removed on completion" }
            return "ended (no forwards fill)"
        }
    }

    private func traceInactiveGroup(_ children: Range<Int>, phase: TimingPhase,
                                    trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) {
        for c in children {
            let track = animationTable.tracks[c], detail = animationTable.details[c]
            if track.kind == .group {
                traceInactiveGroup(animationTable.bodies[c].children, phase: phase, trace: &trace, traceKey: traceKey)
                continue
            }
            guard touches(detail.keyPath, traceKey) else { continue }
            trace!.append(Explanation.Step(name: detail.label, kind: detail.animation.kindName, phase: phase, localTime: nil,
                                           duration: track.duration, applies: false,
                                           additive: track.additive, value: nil,
                                           note: "its group is not in effect (\(phase.rawValue))"))
        }
    }

    static let rotationKeyPath = LayerKeyPath.resolve("transform.rotation.z", for: .layer)

    /// Where the track at `index` is at parent time `parentTime`.
    func localTime(_ index: Int, _ parentTime: Double) -> LocalTime {
        let curve = animationTable.tracks[index].curve
        return animationTable.tracks[index].clock.local(parentTime, curve: animationTable.curve(curve))
    }

    /// The fraction of its duration the track at `index` has reached at iteration time `t`.
    func fraction(_ index: Int, _ t: Double) -> Double {
        let d = animationTable.tracks[index].duration
        let f = d > 0 ? t / d : 1
        // NB: group children reach their end through sums of durations; snap float noise so a
        // filled end shows exactly the `to` value (a path keeps its own structure).
        if abs(f - 1) < 1e-9 { return 1 } else if abs(f) < 1e-12 { return 0 }
        return f
    }

    /// Where a motion-path track is, and which way it faces, at iteration time `t`.
    func motionSample(_ index: Int, _ motion: MotionPath, localTime t: Double) -> (Point, Double) {
        guard case .keyframes(let k) = animationTable.details[index].animation.body else { return (motion.vertices[0], 0) }
        return k.motionSample(at: fraction(index, t), path: motion, times: animationTable.keyTimes[animationTable.bodies[index].times])
    }

    /// The animated value of the (non-group) track at `index` at iteration time `t`, from
    /// its values in `pool` (`animationTable.values`, or `numbers` or `colors` for a track of
    /// numbers or colours).
    func bodyValue<V: Stackable>(_ index: Int, _ pool: [V], beneath: V, localTime t: Double, phase: TimingPhase) -> V {
        let f = fraction(index, t)
        let c = animationTable.tracks[index]
        func value(_ i: ValueIndex?) -> V? { i.map { pool[$0.int] } }
        switch c.kind {
        case .basic:
            let (from, to) = endpoints(from: value(c.endpoints.from), to: value(c.endpoints.to), by: value(c.endpoints.by), beneath: beneath, additive: c.additive)
            return from.interpolated(to: to, f)
        case .keyframes:
            let b = animationTable.bodies[index]
            return Animation.Keyframes.value(at: f, values: pool[b.keyframes], times: animationTable.keyTimes[b.times],
                                             mode: b.calculationMode, timingFunctions: animationTable.timingFunctions[b.curves],
                                             shapes: animationTable.shapes[b.shapes])
        case .spring:
            let (from, to) = endpoints(from: value(c.endpoints.from), to: value(c.endpoints.to), by: value(c.endpoints.by), beneath: beneath, additive: c.additive)
            let b = animationTable.bodies[index]
            var p = b.spring?.progress(at: t) ?? 1
            if b.springSnaps && (phase == .after || t >= c.duration) { p = 1 }
            return from.interpolated(to: to, p)
        case .group, .motion, .inert:
            return beneath
        }
    }

    /// CABasicAnimation's rules for which of from, to and by are given.
    func endpoints<V: Stackable>(from: V?, to: V?, by: V?, beneath: V, additive: Bool) -> (V, V) {
        let base = additive ? beneath.zero : beneath
        switch (from, to, by) {
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
    func applyImplicit(_ imp: ImplicitAnimation, sceneTime: Double, into props: inout PropertySlots,
                       trace: inout [Explanation.Step]?, traceKey: LayerKeyPath?) {
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
        for layer in plans.indices where plans[layer].events.contains(where: { $0.event.animated }) {
            let events = plans[layer].events
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
                    plans[layer].implicit = list
                    let before = presentationBefore(layer, eventIndex: ei, time: e.time, kp: kp)
                    let to = resolve(a.value)
                    list.append(ImplicitAnimation(eventName: e.event.name, keyPath: kp, from: before, to: to,
                                                  begin: e.time, end: e.time + Evaluator.implicitDuration))
                }
            }
            plans[layer].implicit = list
        }
    }

    /// The presentation value of `kp` at `time` with only the events before `eventIndex`.
    private func presentationBefore(_ layer: Int, eventIndex: Int, time: Double, kp: LayerKeyPath) -> Value {
        var copy = self
        copy.plans[layer].events = Array(plans[layer].events.prefix(eventIndex))
        var trace: [Explanation.Step]? = nil
        let name = plans[layer].layer.name
        let props = copy.presentedProperties(name, sceneTime: time, layerTime: copy.layerTime(name, at: time),
                                             trace: &trace, traceKey: nil)
        return resolve(kp.read(props))
    }
}
