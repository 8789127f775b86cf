/// Drawing a CATransition: while an event's transition runs, the layer is presented as a
/// container with the layer's geometry (position, bounds, transform, mask, blend mode, shadow)
/// holding two copies of its drawing: the old one, frozen as the layer looked just before the
/// change, and the new one, live. The copies carry the layer's own drawing (background,
/// contents, path, text, border) and its sublayers, each in the layer's coordinates, and move or
/// fade as the transition's type says. The rasterizer needs nothing new: it draws a tree.
extension Evaluator {
    /// A transition compiled for one layer: when it runs and what the layer looked like before.
    struct LayerTransition: Sendable {
        var eventName: String
        var transition: Transition
        /// The event's time, in scene time.
        var begin: Double
        /// The layer (with its sublayers) as drawn just before the change; nil when it was not
        /// drawn at all then (it was some layer's mask, say), so only the new state shows.
        var before: PresentedLayer?
    }

    /// The transitions of every event that has one, by layer, in time order. The state before
    /// each is taken from the document with the changes made at that moment left out and no
    /// transitions at all (so one transition's snapshot never needs another's).
    mutating func compileTransitions() {
        guard document.events.contains(where: { $0.transition != nil }) else { return }
        for (index, e) in document.events.enumerated() {
            guard let tr = e.transition, let order = entries[e.layer]?.order, let begin = intervals[e.name]?.begin,
                  begin.isFinite else { continue }
            var without = document
            for j in without.events.indices {
                without.events[j].transition = nil
                // Every change made at that moment (on any layer: a card's face and its
                // background change together) is left out. Emptied, not removed: other times
                // may still name the events.
                if j == index || intervals[without.events[j].name]?.begin == begin { without.events[j].assignments = [] }
            }
            let scene = Evaluator(document: without).scene(at: begin)
            plans[order].transitions.append(LayerTransition(eventName: e.name, transition: tr, begin: begin,
                                                            before: Evaluator.find(e.layer, in: scene.layers)))
        }
        for i in plans.indices where plans[i].transitions.count > 1 {
            plans[i].transitions = plans[i].transitions.enumerated()
                .sorted { ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset) }.map(\.element)
        }
    }

    /// The layer named `name` in a presented tree (not looking into replicator copies).
    static func find(_ name: String, in layers: [PresentedLayer]) -> PresentedLayer? {
        for l in layers {
            if l.name == name { return l }
            if let found = find(name, in: l.sublayers) { return found }
        }
        return nil
    }

    /// The transition running on the layer at `order` at scene time `time` (the latest to have
    /// begun, as a transition added to a layer replaces the one it had), with its progress.
    func runningTransition(_ order: Int, at time: Double) -> (LayerTransition, Double)? {
        for t in plans[order].transitions.reversed() where t.begin <= time {
            if let p = t.transition.progress(elapsed: time - t.begin) { return (t, p) }
            // A later change without transition does not end an earlier one, but a later
            // transition that has ended does: it replaced the earlier one when it began.
            return nil
        }
        return nil
    }

    /// The transition running on the layer named `layer` at scene time `time`: its event's
    /// name and its progress; nil when none runs. (The Lottie export names each frozen picture
    /// after its event, so the pictures of successive transitions stay apart.)
    package func runningTransition(on layer: String, at time: Double) -> (event: String, progress: Double)? {
        guard let order = entries[layer]?.order, !plans[order].transitions.isEmpty,
              let (t, p) = runningTransition(order, at: time) else { return nil }
        return (t.eventName, p)
    }

    /// The container with the layer's drawing stripped off: its geometry, mask, blend mode and
    /// shadow stay, to apply to the pictures it holds as to the layer.
    static func transitionContainer(_ now: PresentedLayer) -> PresentedLayer {
        var container = now
        container.kind = .layer
        container.sublayers = []
        container.backgroundColor = .clear
        container.path = .empty
        container.masksToBounds = false
        container.opacity = 1
        if !container.boxedFieldsAreDefault {
            container.extras.borderWidth = 0
            container.extras.replicator = nil
            container.extras.emission = nil
            container.extras.sublayerTransform = .identity
        }
        return container
    }

    /// One picture of a transition: `l`'s drawing and sublayers in the container's coordinates,
    /// moved by `offset` times the layer's size along `motion` and drawn at `alpha` of its opacity.
    static func transitionPicture(_ l: PresentedLayer, _ suffix: String, size: (Double, Double), motion: (dx: Double, dy: Double),
                                  offset: Double, alpha: Double, blend: BlendMode = .normal) -> PresentedLayer {
        var c = l
        c.name = "\(l.name) (\(suffix))"
        // The layer's own map is the container's; the copy only moves within it.
        let ax = c.bounds.minX + c.anchorPoint.x * c.bounds.width
        let ay = c.bounds.minY + c.anchorPoint.y * c.bounds.height
        c.position = Point(ax + motion.dx * offset * size.0, ay + motion.dy * offset * size.1)
        c.rotation = 0; c.scaleX = 1; c.scaleY = 1; c.translationX = 0; c.translationY = 0
        c.zPosition = 0
        c.opacity = l.opacity * alpha
        if !c.boxedFieldsAreDefault {
            c.extras.rotationX = 0; c.extras.rotationY = 0; c.extras.scaleZ = 1; c.extras.translationZ = 0
            c.extras.transformMatrix = .identity
            c.extras.isDoubleSided = true
            c.extras.shadowOpacity = 0
            c.extras.mask = []
            c.extras.blendMode = .normal
        }
        if blend != .normal { c.extras.blendMode = blend }
        return c
    }

    /// The layer as a transition's container shows it once the transition is over: the new
    /// picture alone, in place. It draws exactly as `now` does; the Lottie export draws a layer
    /// that has transitions this way at every frame, so its Lottie layers stay the same ones
    /// throughout and only their keyframes change.
    package static func settledTransition(_ now: PresentedLayer) -> PresentedLayer {
        var container = transitionContainer(now)
        container.sublayers = [transitionPicture(now, "after", size: (now.bounds.width, now.bounds.height), motion: (0, 0),
                                                 offset: 0, alpha: 1)]
        return container
    }

    /// The presented layer `now` turned into the transition's container at `progress`.
    static func presentTransition(_ t: LayerTransition, progress: Double, now: PresentedLayer) -> PresentedLayer {
        var container = transitionContainer(now)
        container.hidden = now.hidden && (t.before?.hidden ?? true)
        let size = (now.bounds.width, now.bounds.height)
        let motion = t.transition.effectiveSubtype.motion
        func copy(_ l: PresentedLayer, _ suffix: String, offset: Double, alpha: Double,
                  blend: BlendMode = .normal) -> PresentedLayer {
            transitionPicture(l, suffix, size: size, motion: motion, offset: offset, alpha: alpha, blend: blend)
        }
        let p = progress
        var old: PresentedLayer? = nil, new: PresentedLayer
        switch t.transition.type {
        case .fade:
            // A cross-dissolve: the two add up, so an opaque pixel stays opaque throughout.
            old = t.before.map { copy($0, "before", offset: 0, alpha: 1 - p) }
            new = copy(now, "after", offset: 0, alpha: p, blend: .plusLighter)
            container.extras.isolatesBlending = true
            container.sublayers = (old.map { [$0] } ?? []) + [new]
        case .moveIn:
            old = t.before.map { copy($0, "before", offset: 0, alpha: 1) }
            new = copy(now, "after", offset: -(1 - p), alpha: 1)
            container.sublayers = (old.map { [$0] } ?? []) + [new]
        case .push:
            old = t.before.map { copy($0, "before", offset: p, alpha: 1) }
            new = copy(now, "after", offset: -(1 - p), alpha: 1)
            container.sublayers = (old.map { [$0] } ?? []) + [new]
        case .reveal:
            old = t.before.map { copy($0, "before", offset: p, alpha: 1) }
            new = copy(now, "after", offset: 0, alpha: 1)
            container.sublayers = [new] + (old.map { [$0] } ?? [])
        }
        return container
    }
}
