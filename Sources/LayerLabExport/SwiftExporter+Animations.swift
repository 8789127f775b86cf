import LayerLabCore

/// `addLayerLabAnimations(to:)`: explicit animations, flipbooks and scheduled events.
extension SwiftGenerator {
    mutating func writeAnimations() {
        w.line("/// Adds the document's animations and timed changes to a scene from `makeLayers()`. Scene")
        w.line("/// time 0 is the moment of the call; each begin time is converted into the layer's own time")
        w.line("/// with `convertTime`, so layer speeds and offsets are respected.")
        w.open("static func addAnimations(to root: CALayer)")
        w.line("let paths = Paths()")
        w.line("let start = CACurrentMediaTime()")

        var used: Set<String> = Set(document.animations.map(\.layer)).union(document.events.map(\.layer))
        for (name, l) in layers where l.kind.isLayer {
            if !(l.value("frames").list ?? []).isEmpty || l.properties["beginTime"] != nil { used.insert(name) }
        }
        for slot in maskSlots { used.insert(slot.layer); for m in slot.masks { used.insert(m) } }
        let order = SwiftGenerator.treeOrder(document.layers).filter { used.contains($0.name) }
        for l in order {
            w.line("guard let \(layerIdentifier(l.name)) = find(\(SwiftLiteral.string(l.name)), in: root, as: "
                   + "\(SwiftGenerator.className(l.kind)).self) else { return }")
        }
        for (l, copy) in maskCopies() {
            w.line("guard let \(copy.id) = find(\(SwiftLiteral.string(copy.name)), in: root, as: "
                   + "\(SwiftGenerator.className(l.kind)).self) else { return }")
        }
        for l in order {
            if let v = l.properties["beginTime"] {
                for s in propertyAssignment(layerIdentifier(l.name), "beginTime", v, layer: l) { w.line(s) }
            }
        }
        // Each layer's own time at scene time 0 (LayerLab's layer clock), for begin times.
        if !order.isEmpty { w.line() }
        for l in order {
            let t0 = evaluator.layerTime(l.name, at: 0)
            w.line("let \(timeIdentifier(l.name)) = \(layerIdentifier(l.name)).convertTime(start, from: nil)"
                   + (t0 == 0 ? "" : " - \(SwiftLiteral.number(t0))"))
        }

        writeTimedChanges()

        // Flipbooks before the explicit animations, so an animated frameIndex overrides them while it runs.
        for l in order where !(l.value("frames").list ?? []).isEmpty && l.properties["frameIndex"] == nil {
            writeFlipbook(l)
        }

        for a in document.animations {
            guard let l = layers[a.layer] else { continue }
            w.line()
            w.line("// \(SwiftLiteral.comment(a.name)): \(a.kindName) \(SwiftLiteral.comment(a.layer)) \(a.keyPath ?? "(group)")")
            let begin = evaluator.interval(of: a.name)?.begin ?? evaluator.beginValue(a.timing.beginTime)
            let beginText = "\(timeIdentifier(a.layer)) + \(SwiftLiteral.number(begin))"
            let ids = writeAnimation(a, layer: l, id: names.identifier(a.name, kind: "animation", suffix: "Animation"),
                                     begin: beginText,
                                     beginComment: a.timing.beginTime.constant == nil ? a.timing.beginTime.description : nil,
                                     duration: evaluator.duration(of: a, groupDuration: nil), sceneBegin: begin)
            for (i, id) in ids.enumerated() {
                let key = ids.count == 1 ? a.name : a.name + "." + String(i + 1)
                for target in targets(a.layer) { w.line("\(target).add(\(id), forKey: \(SwiftLiteral.string(key)))") }
            }
        }

        w.line("_ = paths")
        if order.isEmpty { w.line("_ = start") }
        w.close()
    }

    mutating func timeIdentifier(_ layer: String) -> String { names.identifier(layer, kind: "time", suffix: "Time") }

    // MARK: - Animations

    /// Writes `a` as QuartzCore animation objects and returns their identifiers (two for a
    /// UIView-style `frame` animation, which Core Animation splits into position and size).
    mutating func writeAnimation(_ a: Animation, layer: Layer, id: String, begin: String?, beginComment: String?,
                                 duration: Double, sceneBegin: Double) -> [String] {
        if a.keyPath == "frame" {
            let anchor = evaluator.modelValue(layer: layer.name, keyPath: "anchorPoint", at: sceneBegin)?.point ?? Point(0.5, 0.5)
            var ids: [String] = []
            for (suffix, part) in [("Position", "position"), ("Size", "bounds.size")] {
                w.line("// UIView-style frame: Core Animation animates \(part)")
                let partID = names.identifier(id + suffix, kind: "animation-part")
                ids += writeAnimation(SwiftGenerator.framePart(a, part, anchor: anchor), layer: layer, id: partID, begin: begin,
                                      beginComment: beginComment, duration: duration, sceneBegin: sceneBegin)
            }
            return ids
        }
        if a.keyPath == "timeRemap" {
            w.line("// \(SwiftLiteral.comment(a.name)) animates timeRemap, which Core Animation has no key path for: left out.")
            notes.append("\(a.name): a timeRemap animation is drawn by LayerLab only: Core Animation has no time remapping")
            return []
        }
        if a.keyPath == "focalOffset" || a.keyPath == "lineDashPattern" {
            // LayerLab animates these; Core Animation has no focal point and does not animate dash patterns.
            let why = a.keyPath == "focalOffset" ? "CAGradientLayer has no focal point" : "Core Animation does not animate lineDashPattern"
            w.line("// \(SwiftLiteral.comment(a.name)) animates \(a.keyPath ?? ""), which \(why): left out.")
            notes.append("\(a.name): a \(a.keyPath ?? "") animation is drawn by LayerLab only: \(why)")
            return []
        }
        if a.keyPath == "frameIndex" {
            if let written = writeFrameIndex(a, layer: layer, id: id, begin: begin, beginComment: beginComment,
                                             duration: duration, sceneBegin: sceneBegin) {
                return written
            }
            w.line("// frameIndex has no Core Animation key path: animate `contents` with the frames' images instead.")
            notes.append("\(a.name): a frameIndex animation other than from/to/by is left out of the Swift export")
            return []
        }
        switch a.body {
        case .basic(let b):
            w.line("let \(id) = CABasicAnimation(keyPath: \(SwiftLiteral.string(b.keyPath)))")
            writeFromToBy(id, b.from, b.to, b.by)
            if let f = b.valueFunction { w.line("\(id).valueFunction = CAValueFunction(name: .\(f.rawValue))") }
        case .keyframes(let k):
            w.line("let \(id) = CAKeyframeAnimation(keyPath: \(SwiftLiteral.string(k.keyPath)))")
            if let f = k.valueFunction { w.line("\(id).valueFunction = CAValueFunction(name: .\(f.rawValue))") }
            if let path = k.path {
                // Core Animation ignores `values` when there is a path.
                w.line("\(id).path = " + anyValue(path))
                if let mode = k.rotationMode {
                    w.line("\(id).rotationMode = .\(mode == .auto ? "rotateAuto" : "rotateAutoReverse")")
                }
            } else {
                w.line("\(id).values = [" + k.values.map { anyValue($0) }.joined(separator: ", ") + "]")
            }
            if let kt = k.keyTimes {
                w.line("\(id).keyTimes = [" + kt.map { SwiftLiteral.number($0) }.joined(separator: ", ") + "]")
            }
            if k.calculationMode != .linear { w.line("\(id).calculationMode = .\(k.calculationMode.rawValue)") }
            if let tf = k.timingFunctions {
                w.line("\(id).timingFunctions = [" + tf.map(SwiftLiteral.timingFunction).joined(separator: ", ") + "]")
            }
            for name in Animation.Keyframes.shapeAttributes {
                if let ns = k.shapeValues(name) {
                    w.line("\(id).\(name) = [" + ns.map { SwiftLiteral.number($0) }.joined(separator: ", ") + "]")
                }
            }
        case .spring(let s):
            w.line("let \(id) = CASpringAnimation(keyPath: \(SwiftLiteral.string(s.keyPath)))")
            writeFromToBy(id, s.from, s.to, s.by)
            let solver = SpringSolver(s, duration: a.timing.duration)
            if case .dampingRatio(let zeta, _) = s.form {
                let d = a.timing.duration ?? 0.5
                w.line("// UIKit form: dampingRatio \(SwiftLiteral.number(zeta)) over \(SwiftLiteral.number(d)) s, as"
                       + " stiffness (2π/d)², mass 1, damping 4πζ/d")
            }
            w.line("\(id).mass = \(SwiftLiteral.number(solver.mass))")
            w.line("\(id).stiffness = \(SwiftLiteral.number(solver.stiffness))")
            w.line("\(id).damping = \(SwiftLiteral.number(solver.damping))")
            w.line("\(id).initialVelocity = \(SwiftLiteral.number(solver.initialVelocity))")
        case .group(let g):
            var children: [String] = []
            for (i, slot) in evaluator.childSlots(g, groupDuration: duration).enumerated() {
                let childID = names.identifier(id + String(i + 1), kind: "animation-child")
                let childBegin = slot.begin == 0 ? nil : SwiftLiteral.number(slot.begin)
                children += writeAnimation(slot.animation, layer: layer, id: childID, begin: childBegin,
                                           beginComment: g.sequence ? "after the previous child" : nil,
                                           duration: slot.duration, sceneBegin: sceneBegin + slot.begin)
            }
            w.line("let \(id) = CAAnimationGroup()")
            w.line("\(id).animations = [" + children.joined(separator: ", ") + "]")
        }
        var why: String?
        if a.timing.duration == nil {
            switch a.body {
            case .basic, .keyframes: why = "LayerLab's default: 0.25 s, or the group's span"
            case .spring: why = "the spring's settling duration"
            case .group: why = "until its last child ends"
            }
        }
        var timing = a.timing
        if case .group = a.body {
            // CAAnimationGroup has no isAdditive or isCumulative (an older project may hold them).
            timing.additive = false; timing.cumulative = false
        }
        writeTiming(id, timing, duration: duration, begin: begin, beginComment: beginComment, durationComment: why)
        return [id]
    }

    mutating func writeFromToBy(_ id: String, _ from: Value?, _ to: Value?, _ by: Value?) {
        if let from { w.line("\(id).fromValue = " + anyValue(from)) }
        if let to { w.line("\(id).toValue = " + anyValue(to)) }
        if let by { w.line("\(id).byValue = " + anyValue(by)) }
    }

    /// Every CAMediaTiming attribute that differs from Core Animation's default, and always
    /// the duration (LayerLab's defaults differ from Core Animation's).
    mutating func writeTiming(_ id: String, _ t: MediaTiming, duration: Double, begin: String?, beginComment: String?,
                              durationComment: String?) {
        w.line("\(id).duration = \(SwiftLiteral.number(duration))" + (durationComment.map { "  // " + $0 } ?? ""))
        if let begin {
            w.line("\(id).beginTime = \(begin)" + (beginComment.map { "  // \(SwiftLiteral.comment($0))" } ?? ""))
        }
        // beginTime and duration are written above, worked out from the scene.
        for attribute in MediaTiming.attributes where attribute.kind != .time && attribute.name != "duration" {
            guard let v = attribute.value(in: t) else { continue }
            let literal: String
            switch v {
            case .time(let x): literal = SwiftLiteral.comment(x.description)
            case .number(let x): literal = SwiftLiteral.number(x)
            case .bool(let b): literal = String(b)
            case .fillMode(let f): literal = "." + f.rawValue
            case .timingFunction(let f): literal = SwiftLiteral.timingFunction(f)
            }
            w.line("\(id).\(attribute.swiftName) = \(literal)")
        }
    }

    /// A basic `frameIndex` animation as a discrete keyframe animation on `contents`: the frame
    /// shown changes where `floor(from + (to − from)·f(p))` does (f its timing function, p the
    /// iteration's progress), found by sampling one iteration finely; the timing attributes stay,
    /// the timing function being folded into the key times.
    mutating func writeFrameIndex(_ a: Animation, layer: Layer, id: String, begin: String?, beginComment: String?,
                                  duration: Double, sceneBegin: Double) -> [String]? {
        guard case .basic(let b) = a.body, !a.timing.additive else { return nil }
        let frames = (layer.value("frames").list ?? []).compactMap(\.string)
        guard !frames.isEmpty else { return nil }
        let model = evaluator.modelValue(layer: layer.name, keyPath: "frameIndex", at: sceneBegin)?.number ?? 0
        let from = b.from?.number ?? model
        guard let to = b.to?.number ?? b.by?.number.map({ from + $0 }) else { return nil }
        let curve = a.timing.timingFunction ?? .linear
        func index(_ p: Double) -> Int {
            let v = from + (to - from) * curve(p)
            return clampedInt(v, 0, frames.count - 1)
        }
        var values = [index(0)], keyTimes = [0.0]
        let steps = 4096
        for k in 1...steps {
            let p = Double(k) / Double(steps)
            let i = index(p)
            guard i != values[values.count - 1] else { continue }
            // Narrow the change down to where it happens between the two samples.
            var lo = Double(k - 1) / Double(steps), hi = p
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if index(mid) == values[values.count - 1] { lo = mid } else { hi = mid }
            }
            values.append(index(hi)); keyTimes.append(hi)
        }
        keyTimes.append(1)
        w.line("// frameIndex \(SwiftLiteral.number(from)) to \(SwiftLiteral.number(to)): the frames' images on `contents`")
        w.line("let \(id) = CAKeyframeAnimation(keyPath: \"contents\")")
        w.line("\(id).values = [" + values.map { image(frames[$0]) + " as Any" }.joined(separator: ", ") + "]")
        w.line("\(id).keyTimes = [" + keyTimes.map { SwiftLiteral.number(($0 * 1e6).rounded() / 1e6) }.joined(separator: ", ") + "]")
        w.line("\(id).calculationMode = .discrete")
        var timing = a.timing
        timing.timingFunction = nil
        writeTiming(id, timing, duration: duration, begin: begin, beginComment: beginComment, durationComment: nil)
        return [id]
    }

    /// The position or size half of a `frame` animation, its rect values converted.
    static func framePart(_ a: Animation, _ part: String, anchor: Point) -> Animation {
        func convert(_ v: Value?) -> Value? {
            guard let v else { return nil }
            guard case .rect(let r) = v else { return v }
            return part == "position"
                ? .point(Point(r.minX + anchor.x * r.width, r.minY + anchor.y * r.height)) : .size(r.size)
        }
        var out = a
        switch a.body {
        case .basic(let b):
            out.body = .basic(.init(keyPath: part, from: convert(b.from), to: convert(b.to), by: convert(b.by)))
        case .keyframes(var k):
            k.keyPath = part
            k.values = k.values.map { convert($0) ?? $0 }
            out.body = .keyframes(k)
        case .spring(let s):
            out.body = .spring(.init(keyPath: part, from: convert(s.from), to: convert(s.to), by: convert(s.by), form: s.form))
        case .group: break
        }
        return out
    }

    /// A flipbook (UIImageView's animationImages) as a discrete keyframe animation on `contents`.
    mutating func writeFlipbook(_ l: Layer) {
        let frames = (l.value("frames").list ?? []).compactMap(\.string)
        guard !frames.isEmpty else { return }
        let n = Double(frames.count)
        var cycle = l.value("animationDuration").number ?? 0
        if cycle <= 0 { cycle = n / 30 }
        let repeats = l.value("animationRepeatCount").number ?? 0
        let id = names.identifier(l.name, kind: "flipbook", suffix: "Flipbook")
        let repeatCount = repeats > 0 ? SwiftLiteral.number(repeats) : ".infinity"
        w.line()
        w.line("// \(SwiftLiteral.comment(l.name)): flipbook of \(frames.count) frames, like UIImageView's animationImages")
        w.line("let \(id) = CAKeyframeAnimation(keyPath: \"contents\")")
        w.line("\(id).values = [" + frames.map { image($0) + " as Any" }.joined(separator: ", ") + "]")
        w.line("\(id).keyTimes = [" + (0...frames.count).map { SwiftLiteral.number(Double($0) / n) }.joined(separator: ", ") + "]")
        w.line("\(id).calculationMode = .discrete")
        w.line("\(id).duration = \(SwiftLiteral.number(cycle))")
        w.line("\(id).repeatCount = \(repeatCount)")
        w.line("\(id).beginTime = \(timeIdentifier(l.name))")
        w.line("\(id).fillMode = .backwards")
        for target in targets(l.name) { w.line("\(target).add(\(id), forKey: \"flipbook\")") }
    }
}
