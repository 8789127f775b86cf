import LayerLabCore

/// Timed changes (`at T set …`) on Core Animation's clock, and masks that change on the timeline.
///
/// Each change becomes a discrete keyframe animation that holds the new value from its moment
/// on (`fillMode = .forwards`, never removed), with its `beginTime` on the same base as every
/// other animation, so it fires exactly when the scene says even when the main thread is busy.
/// They are added before the explicit animations: Core Animation lets a later animation
/// override an earlier one, so explicit animations still win while they run, and a change
/// shows through when they are removed, as a model value would.
extension SwiftGenerator {
    /// A copy of a mask layer inside a mask holder: its identifier and layer name.
    struct MaskCopy { var id: String; var name: String }

    /// Every mask copy: (mask layer, copy), in slot order.
    mutating func maskCopies() -> [(Layer, MaskCopy)] {
        var out: [(Layer, MaskCopy)] = []
        for slot in maskSlots {
            for m in slot.masks {
                guard let l = layers[m] else { continue }
                out.append((l, maskCopy(m, of: slot.layer)))
            }
        }
        return out
    }

    mutating func maskCopy(_ mask: String, of layer: String) -> MaskCopy {
        MaskCopy(id: names.identifier("\(mask) mask of \(layer)", kind: "copy", suffix: "Layer"), name: "\(mask) (mask of \(layer))")
    }

    /// The variables an animation of `layer` is added to: the layer and its copies in mask holders.
    mutating func targets(_ layer: String) -> [String] {
        [layerIdentifier(layer)] + maskCopies().filter { $0.0.name == layer }.map(\.1.id)
    }

    /// The mask holder of a layer whose mask changes on the timeline (in `makeLayers()`).
    mutating func writeMaskSlot(_ layer: String, masks: [String]) {
        let x = layerIdentifier(layer)
        let slot = names.identifier(layer, kind: "mask-slot", suffix: "MaskHolder")
        let cover = names.identifier(layer, kind: "mask-cover", suffix: "Unmasked")
        let initial: String? = {
            if case .string(let m)? = layers[layer]?.properties["mask"], layers[m] != nil { return m }
            return nil
        }()
        w.line()
        w.line("// \(SwiftLiteral.comment(layer))'s mask changes on the timeline, but Core Animation cannot animate")
        w.line("// assigning `mask`. So the mask is a holder layer from the start (its geometry is zero, so its")
        w.line("// sublayers are in \(SwiftLiteral.comment(layer))'s coordinates): a cover that lets everything show while")
        w.line("// unmasked, and a copy of each mask it takes. `addAnimations(to:)` shows and hides them with")
        w.line("// discrete `hidden` animations on Core Animation's clock, in step with every other animation.")
        w.line("let \(slot) = CALayer()")
        w.line("\(slot).name = \(SwiftLiteral.string("\(layer) (mask holder)"))")
        w.line("let \(cover) = CALayer()")
        w.line("\(cover).name = \(SwiftLiteral.string("\(layer) (unmasked)"))")
        w.line("\(cover).frame = CGRect(x: -1_000_000, y: -1_000_000, width: 2_000_000, height: 2_000_000)")
        w.line("\(cover).backgroundColor = \(color(.black))")
        w.line("\(cover).isHidden = \(initial != nil)")
        w.line("\(slot).addSublayer(\(cover))")
        for m in masks {
            guard let l = layers[m] else { continue }
            let copy = maskCopy(m, of: layer)
            writeLayer(l, parent: slot, id: copy.id, nameSuffix: " (mask of \(layer))")
            w.line("\(copy.id).isHidden = \(initial != m)")
        }
        w.line("\(x).mask = \(slot)")
    }

    /// Every `at T set …` as holds, mask changes included.
    mutating func writeTimedChanges() {
        let events = document.events.map { (event: $0, time: evaluator.interval(of: $0.name)?.begin ?? 0) }
            .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard !events.isEmpty else { return }
        w.line()
        w.line("// Timed changes (LayerLab's `at T set …`): each holds its value from its moment on, on Core")
        w.line("// Animation's clock. Added first, so explicit animations override them while they run.")
        var drawnMasks: [String: Bool] = [:]  // a mask layer's original: drawn in the tree now?
        writePresence(at: 0, &drawnMasks)
        // The holds written so far, by layer and Core Animation key path: a change drawn through a
        // transition sets the model value, so it first takes away the holds that would hide it.
        var holdKeys: [String: [String]] = [:]
        for e in events {
            guard let l = layers[e.event.layer] else { continue }
            let when = e.event.time.constant == nil ? " (\(SwiftLiteral.comment(e.event.time.description)))" : ""
            if let tr = e.event.transition {
                var earlier: [String] = []
                for a in e.event.assignments {
                    for (keyPath, _) in holdValues(a.keyPath, a.value, layer: l, time: e.time) ?? [] {
                        earlier += holdKeys["\(l.name) \(keyPath)"] ?? []
                    }
                }
                writeTransitionChange(e.event, tr, layer: l, time: e.time, when: when, removing: earlier)
                continue
            }
            for a in e.event.assignments {
                w.line("// at \(SwiftLiteral.number(e.time))\(when): \(SwiftLiteral.comment(e.event.layer)).\(a.keyPath)"
                       + (e.event.animated ? ", animated" : ""))
                if a.keyPath == "mask" {
                    writeMaskChange(e.event.layer, to: a.value, time: e.time, key: "\(e.event.name).mask")
                    continue
                }
                guard let holds = holdValues(a.keyPath, a.value, layer: l, time: e.time) else {
                    writeSetAtStart(e.event, a, layer: l, time: e.time)
                    continue
                }
                for (keyPath, value) in holds {
                    let begin = "\(timeIdentifier(l.name)) + \(SwiftLiteral.number(evaluator.layerTime(l.name, at: e.time)))"
                    let key = "\(e.event.name).\(keyPath)"
                    writeHold(keyPath, value, begin: begin, targets: targets(l.name), key: key)
                    holdKeys["\(l.name) \(keyPath)", default: []].append(key)
                    if e.event.animated, let previous = previousValue(l, a.keyPath, keyPath, time: e.time) {
                        let id = names.identifier(key, kind: "implicit", suffix: "Implicit")
                        w.line("let \(id) = CABasicAnimation(keyPath: \(SwiftLiteral.string(keyPath)))  // the implicit animation")
                        w.line("\(id).fromValue = \(previous)")
                        w.line("\(id).toValue = \(value)")
                        w.line("\(id).duration = \(SwiftLiteral.number(Evaluator.implicitDuration))")
                        w.line("\(id).timingFunction = CAMediaTimingFunction(name: .default)")
                        w.line("\(id).beginTime = \(begin)")
                        for t in targets(l.name) { w.line("\(t).add(\(id), forKey: \(SwiftLiteral.string(key + ".implicit")))") }
                    }
                }
            }
            if e.event.assignments.contains(where: { $0.keyPath == "mask" }) { writePresence(at: e.time, &drawnMasks) }
        }
    }

    /// A change of a property Core Animation cannot animate (`string`, `lineCap`, …): at time 0
    /// set directly; later, set by the delegate of a marker animation (additive, by zero: it
    /// changes nothing itself) when Core Animation starts it, so it stays on the same clock.
    mutating func writeSetAtStart(_ e: Event, _ a: Assignment, layer l: Layer, time: Double) {
        if time <= 0 {
            w.line("CATransaction.begin()")
            w.line("CATransaction.setDisableActions(true)")
            for target in targets(l.name) {
                for s in assignment(target, a.keyPath, a.value, layer: l) { w.line(s) }
            }
            w.line("CATransaction.commit()")
            return
        }
        let key = "\(e.name).\(a.keyPath)"
        let id = names.identifier(key, kind: "marker", suffix: "Marker")
        w.line("// Core Animation cannot animate \(SwiftLiteral.comment(a.keyPath)): the marker's delegate sets it when the marker starts.")
        w.line("let \(id) = CABasicAnimation(keyPath: \"opacity\")")
        w.line("\(id).isAdditive = true")
        w.line("\(id).fromValue = 0")
        w.line("\(id).toValue = 0")
        w.line("\(id).duration = 0.1")
        w.line("\(id).beginTime = \(timeIdentifier(l.name)) + \(SwiftLiteral.number(evaluator.layerTime(l.name, at: time)))")
        w.open("\(id).delegate = TimedChange")
        w.line("CATransaction.begin()")
        w.line("CATransaction.setDisableActions(true)")
        for target in targets(l.name) {
            for s in assignment(target, a.keyPath, a.value, layer: l) { w.line(s) }
        }
        w.line("CATransaction.commit()")
        w.close()
        w.line("\(layerIdentifier(l.name)).add(\(id), forKey: \(SwiftLiteral.string(key)))")
        usesTimedChange = true
    }

    /// A change drawn through a CATransition. Core Animation draws a transition between the
    /// layer as it was and as it is after the transaction that adds it, so the change cannot be
    /// a hold animation: a marker animation's delegate, started on Core Animation's clock at the
    /// change's moment, takes away earlier holds of the same properties, sets the new model
    /// values and adds the transition, in one transaction.
    mutating func writeTransitionChange(_ e: Event, _ t: Transition, layer l: Layer, time: Double, when: String,
                                        removing earlier: [String]) {
        let x = layerIdentifier(l.name)
        let key = "\(e.name).transition"
        let marker = names.identifier(key, kind: "marker", suffix: "Marker")
        let id = names.identifier(key, kind: "transition", suffix: "Transition")
        let direction = t.type == .fade ? "" : " " + t.effectiveSubtype.rawValue
        w.line("// at \(SwiftLiteral.number(time))\(when): \(SwiftLiteral.comment(l.name)) changes through a CATransition "
               + "(\(t.type.rawValue)\(direction)); the marker's delegate makes the change and adds it on Core Animation's clock.")
        w.line("let \(marker) = CABasicAnimation(keyPath: \"opacity\")")
        w.line("\(marker).isAdditive = true")
        w.line("\(marker).fromValue = 0")
        w.line("\(marker).toValue = 0")
        w.line("\(marker).duration = 0.1")
        w.line("\(marker).beginTime = \(timeIdentifier(l.name)) + \(SwiftLiteral.number(evaluator.layerTime(l.name, at: time)))")
        w.open("\(marker).delegate = TimedChange")
        w.line("CATransaction.begin()")
        w.line("CATransaction.setDisableActions(true)")
        for target in targets(l.name) {
            for k in earlier { w.line("\(target).removeAnimation(forKey: \(SwiftLiteral.string(k)))") }
            for a in e.assignments {
                for s in assignment(target, a.keyPath, a.value, layer: l) { w.line(s) }
            }
        }
        w.line("let \(id) = CATransition()")
        w.line("\(id).type = .\(t.type.rawValue)")
        if let s = t.subtype { w.line("\(id).subtype = .\(s.rawValue)") }
        w.line("\(id).duration = \(SwiftLiteral.number(t.activeDuration))")
        if let f = t.timingFunction { w.line("\(id).timingFunction = \(SwiftLiteral.timingFunction(f))") }
        if t.startProgress != 0 { w.line("\(id).startProgress = \(SwiftLiteral.number(t.startProgress))") }
        if t.endProgress != 1 { w.line("\(id).endProgress = \(SwiftLiteral.number(t.endProgress))") }
        w.line("\(x).add(\(id), forKey: \"transition\")")
        w.line("CATransaction.commit()")
        w.close()
        w.line("\(x).add(\(marker), forKey: \(SwiftLiteral.string(key)))")
        usesTimedChange = true
    }

    /// A discrete keyframe animation holding `value` from `begin` on.
    mutating func writeHold(_ keyPath: String, _ value: String, begin: String, targets: [String], key: String) {
        let id = names.identifier(key, kind: "hold", suffix: "Change")
        w.line("let \(id) = CAKeyframeAnimation(keyPath: \(SwiftLiteral.string(keyPath)))")
        w.line("\(id).values = [\(value)]")
        w.line("\(id).keyTimes = [0, 1]")
        w.line("\(id).calculationMode = .discrete")
        w.line("\(id).duration = 1")
        w.line("\(id).beginTime = \(begin)")
        w.line("\(id).fillMode = .forwards")
        w.line("\(id).isRemovedOnCompletion = false")
        for t in targets { w.line("\(t).add(\(id), forKey: \(SwiftLiteral.string(key)))") }
    }

    /// A mask change: the holder's cover and mask copies shown or hidden.
    mutating func writeMaskChange(_ layer: String, to value: Value, time: Double, key: String) {
        guard let slot = maskSlots.first(where: { $0.layer == layer }) else { return }
        var newMask: String?
        if case .string(let m) = value, layers[m] != nil, m != layer { newMask = m }
        let begin = "\(timeIdentifier(layer)) + \(SwiftLiteral.number(evaluator.layerTime(layer, at: time)))"
        writeHold("hidden", newMask != nil ? "true" : "false", begin: begin,
                  targets: ["\(layerIdentifier(layer)).mask?.sublayers?.first?"], key: key + ".cover")
        for m in slot.masks {
            writeHold("hidden", m == newMask ? "false" : "true", begin: begin, targets: [maskCopy(m, of: layer).id],
                      key: key + "." + m)
        }
    }

    /// Hides the original of every mask layer while it is a mask (Core Animation draws a mask
    /// only as a mask), and shows it again when it is not.
    mutating func writePresence(at time: Double, _ state: inout [String: Bool]) {
        let masks = Set(maskSlots.flatMap(\.masks))
        guard !masks.isEmpty else { return }
        var drawn: Set<String> = []
        func walk(_ ls: [PresentedLayer]) { for l in ls { drawn.insert(l.name); walk(l.sublayers) } }
        walk(evaluator.scene(at: time).layers)
        for m in masks.sorted() where !maskNames.contains(m) {
            let now = drawn.contains(m)
            if state[m] == now { continue }
            if state[m] == nil && now { state[m] = now; continue }
            state[m] = now
            let hidden = now ? (evaluator.modelValue(layer: m, keyPath: "hidden", at: time)?.bool ?? false) : true
            let begin = "\(timeIdentifier(m)) + \(SwiftLiteral.number(evaluator.layerTime(m, at: time)))"
            w.line("// \(SwiftLiteral.comment(m)) is \(now ? "no longer" : "now") a mask: the layer in the tree "
                   + (now ? "shows again" : "hides (the copy in the mask holder masks)"))
            writeHold("hidden", hidden ? "true" : "false", begin: begin, targets: [layerIdentifier(m)],
                      key: "\(m) as mask at \(formatNumber(time))")
        }
    }

    /// The presentation value of `keyPath` just before `time`, for an implicit animation.
    mutating func previousValue(_ l: Layer, _ keyPath: String, _ caKeyPath: String, time: Double) -> String? {
        guard let v = evaluator.presentationValue(layer: l.name, keyPath: keyPath, at: max(0, time - 1e-6)) else { return nil }
        return holdValues(keyPath, v, layer: l, time: time)?.first { $0.keyPath == caKeyPath }?.value
    }

    /// Core Animation key paths and values (as `Any` expressions) that set `keyPath` to `v`;
    /// nil when Core Animation cannot animate it.
    mutating func holdValues(_ keyPath: String, _ v: Value, layer: Layer, time: Double) -> [(keyPath: String, value: String)]? {
        guard let kp = LayerKeyPath.resolve(keyPath, for: layer.kind) else { return nil }
        let n = v.number.map { SwiftLiteral.number($0) }
        switch kp.access {
        case .frame:
            guard let r = v.rect else { return nil }
            let anchor = evaluator.modelValue(layer: layer.name, keyPath: "anchorPoint", at: time)?.point ?? Point(0.5, 0.5)
            return [("position", anyValue(.point(Point(r.minX + anchor.x * r.width, r.minY + anchor.y * r.height)))),
                    ("bounds.size", anyValue(.size(r.size)))]
        case .fanOut(let parts):
            guard let n else { return nil }
            return parts.map { ($0, n) }
        case .component:
            switch v {
            case .number(let x): return [(kp.name, SwiftLiteral.number(x))]
            case .point, .size: return [(kp.name, anyValue(v))]
            default: return nil
            }
        case .property(let name):
            // Which properties Core Animation animates is the table's `caAnimates` column.
            guard let spec = PropertyTable.spec(name), spec.caAnimates else { return nil }
            switch spec.swift(for: layer.kind) {
            case .keyPath:
                return n.map { [(name, $0)] }
            case .property(let type, _):
                return holdValue(v, as: type).map { [(name, $0)] }
            case .step(.flipbookFrame):
                let frames = (layer.value("frames").list ?? []).compactMap(\.string)
                guard let i = v.number, i.isFinite, !frames.isEmpty else { return nil }
                return [("contents", image(frames[clampedInt(i, 0, frames.count - 1)]) + " as Any")]
            case .step:
                return nil
            }
        }
    }

    /// `v` as an `Any` expression for a keyframe of a property Core Animation spells as `type`;
    /// nil for types a hold does not write (a table line marking such a property `caAnimates`
    /// fails `EveryPropertyExportTests`).
    mutating func holdValue(_ v: Value, as type: SwiftType) -> String? {
        switch type {
        case .number: return v.number.map { SwiftLiteral.number($0) }
        case .bool: return v.bool == true ? "true" : "false"
        case .color: return color(v.color ?? .clear)
        case .point, .size, .rect, .path: return anyValue(v)
        case .image: return image(v.string ?? "") + " as Any"
        case .numbers:
            let items = (v.list ?? []).compactMap(\.number)
            return "[" + items.map { SwiftLiteral.number($0) }.joined(separator: ", ") + "] as [NSNumber]"
        case .integer, .transform3D, .constant, .string, .fontName, .colors:
            return nil
        }
    }
}
