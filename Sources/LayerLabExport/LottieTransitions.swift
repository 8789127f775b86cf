import LayerLabCore

/// CATransitions as keyframed layers. LayerLab draws a running transition as a container with
/// the layer's geometry holding two pictures of it: the old one, frozen as it looked just before
/// the change, and the new one, live (`Evaluator+Transition`). The export gives a layer with
/// transitions that shape at every frame, so its Lottie layers are the same throughout and only
/// their keyframes change:
///
/// - `X`: the container (the layer's transform, opacity-free, its mask, clip-free, its shadow);
/// - `X (after)`: the layer's own drawing and sublayers, live, at rest outside the transitions
///   and moved or faded by them;
/// - `X (before EVENT)`, one per transition: the frozen old picture, its sublayers renamed
///   `Y (before EVENT)`, shown only while that transition runs (opacity 0 elsewhere).
///
/// Position and opacity come from the sampled frames like every other value, so they follow
/// the transition's duration, timing function and start/end progress exactly. A layer that
/// masks to its bounds clips each picture in its own place, as LayerLab does, through the
/// usual clip precomposition. Names with spaces cannot be LayerLab names, so none collide.
extension LottieBuilder {
    /// The name of a frozen picture's layer (or of a sublayer inside it) for one transition.
    static func beforeName(_ name: String, _ event: String) -> String { "\(name) (before \(event))" }

    /// The name of the live picture's layer.
    static func afterName(_ name: String) -> String { "\(name) (after)" }

    /// Each layer with a transition, with the events whose transitions it runs, in time order.
    static func transitions(in document: Document) -> [String: [(event: String, kind: Transition.Kind)]] {
        var out: [String: [(event: String, kind: Transition.Kind)]] = [:]
        for e in document.events {
            guard let t = e.transition, document.layer(named: e.layer)?.kind.isLayer == true else { continue }
            out[e.layer, default: []].append((e.name, t.type))
        }
        return out
    }

    /// A frame's presented tree with every layer that has transitions in its container shape:
    /// the running transition's pictures renamed after its event, or the new picture alone in
    /// place when none runs (which draws exactly as the layer itself).
    func settlingTransitions(_ ls: [PresentedLayer], time: Double) -> [PresentedLayer] {
        ls.map { l in
            var l = l
            guard transitioning[l.name] != nil else {
                l.sublayers = settlingTransitions(l.sublayers, time: time)
                return l
            }
            let after = Self.afterName(l.name)
            if let running = evaluator.runningTransition(on: l.name, at: time) {
                let before = "\(l.name) (before)"
                l.sublayers = l.sublayers.map { picture in
                    var picture = picture
                    if picture.name == after {
                        picture.sublayers = settlingTransitions(picture.sublayers, time: time)
                    } else if picture.name == before {
                        picture = Self.frozen(picture, event: running.event)
                        picture.name = Self.beforeName(l.name, running.event)
                    }
                    return picture
                }
            } else {
                l = Evaluator.settledTransition(l)
                if !l.sublayers.isEmpty { l.sublayers[0].sublayers = settlingTransitions(l.sublayers[0].sublayers, time: time) }
            }
            return l
        }
    }

    /// A frozen picture with its sublayers and masks renamed for `event`. (It was taken with no
    /// transitions at all, so nothing inside it is a container.)
    static func frozen(_ l: PresentedLayer, event: String) -> PresentedLayer {
        var l = l
        l.name = beforeName(l.name, event)
        l.sublayers = l.sublayers.map { frozen($0, event: event) }
        if !l.boxedFieldsAreDefault { l.extras.mask = l.extras.mask.map { frozen($0, event: event) } }
        return l
    }

    /// The document's layer tree in the same shape: each layer with transitions becomes its
    /// container holding the live picture (the layer, its sublayers shaped the same way) and a
    /// frozen picture per transition (the layer as stored, renamed), under the live one for
    /// `fade`, `moveIn` and `push` and over it for `reveal`, as LayerLab stacks them.
    func treeWithTransitions(_ layers: [Layer]) -> [Layer] {
        let compositing: Set<String> = ["blendMode", "maskMode", "mask"]
        return layers.map { l in
            guard let events = transitioning[l.name] else {
                var l = l
                l.sublayers = treeWithTransitions(l.sublayers)
                return l
            }
            var live = l
            live.name = Self.afterName(l.name)
            live.properties = l.properties.filter { !compositing.contains($0.key) }
            var container = Layer(name: l.name, kind: .layer, properties: l.properties.filter { compositing.contains($0.key) })
            var below: [Layer] = [], above: [Layer] = []
            for e in events {
                var old = Self.renamed(live, event: e.event)
                old.name = Self.beforeName(l.name, e.event)
                if e.kind == .reveal { above.append(old) } else { below.append(old) }
            }
            live.sublayers = treeWithTransitions(l.sublayers)
            container.sublayers = below + [live] + above
            return container
        }
    }

    /// A stored layer subtree renamed as `frozen` renames its picture.
    static func renamed(_ l: Layer, event: String) -> Layer {
        var l = l
        l.name = beforeName(l.name, event)
        l.sublayers = l.sublayers.map { renamed($0, event: event) }
        if case .string(let m)? = l.properties["mask"] { l.properties["mask"] = .string(beforeName(m, event)) }
        return l
    }
}

/// `fade` drawn exactly with normal blending. LayerLab adds the two pictures (old at 1 − p,
/// new at p, so an opaque pixel stays opaque), and rlottie has no additive blend. Drawn over one
/// another they would let the background show through at mid-fade (an opaque card would be a
/// quarter see-through at p = ½), so the old picture is drawn twice, cut by the new one's
/// coverage through track mattes:
///
/// 1. the old picture at (1 − p) where the new one draws nothing (inverted alpha matte);
/// 2. the old picture at full opacity where the new one covers (alpha matte);
/// 3. the new picture at p over both (its own layers, as at any other time).
///
/// Where the new picture is opaque this is p·new + (1 − p)·old, and where it is empty
/// (1 − p)·old: LayerLab's sum, in every player. Only antialiased edges and translucent parts
/// of the new picture land between the two.
extension LottieBuilder {
    /// Each fading transition's frozen picture by its layer name, with its layer and event.
    static func fadingPictures(_ transitioning: [String: [(event: String, kind: Transition.Kind)]]) -> [String: (layer: String, event: String)] {
        var out: [String: (layer: String, event: String)] = [:]
        for (layer, events) in transitioning {
            for e in events where e.kind == .fade { out[beforeName(layer, e.event)] = (layer, e.event) }
        }
        return out
    }

    /// The live pictures in the exported tree, by name.
    static func livePictures(in tree: [Layer], _ transitioning: [String: [(event: String, kind: Transition.Kind)]]) -> [String: Layer] {
        var out: [String: Layer] = [:]
        func walk(_ ls: [Layer]) {
            for l in ls {
                if transitioning[l.name] != nil, let live = l.sublayers.first(where: { $0.name == afterName(l.name) }) {
                    out[live.name] = live
                }
                walk(l.sublayers)
            }
        }
        walk(tree)
        return out
    }

    /// A fade's frozen picture `old` as the two matted precompositions above (the live picture
    /// follows as the container's next sublayer).
    mutating func emitFadingPicture(_ old: Layer, live: Layer, container: String, event: String,
                                    in comp: inout LottieComp, foldRoot: String?) {
        let progress: [Double?] = (0...lastFrame).map { f in
            evaluator.runningTransition(on: container, at: Double(f) / fps).flatMap { $0.event == event ? $0.progress : nil }
        }
        // The frozen picture's own opacity is constant: read where 1 − p does not hide it.
        var frozen = 1.0
        for f in 0...lastFrame {
            if let p = progress[f], p <= 0.99, let l = frames[f][old.name] { frozen = l.opacity / (1 - p); break }
        }
        let above = foldedOpacity(container, root: foldRoot)
        let fading = foldedOpacity(old.name, root: foldRoot)
        let whole = (0...lastFrame).map { f in progress[f] != nil && frames[f][old.name]?.hidden == false ? frozen * above[f] : 0 }
        // The new picture's coverage, at its own opacity (the fade's p taken back out).
        let coverage = (0...lastFrame).map { f -> Double in
            guard let l = frames[f][live.name], !l.hidden else { return 0 }
            guard let p = progress[f] else { return max(0, min(1, l.opacity)) }
            return p >= 0.01 ? max(0, min(1, l.opacity / p)) : 1
        }
        var oldComp = LottieComp()
        emitLayer(old, in: &oldComp, foldRoot: old.name)
        let oldID = addComp(oldComp)
        var liveComp = LottieComp()
        emitLayer(live, in: &liveComp, foldRoot: live.name)
        let liveID = addComp(liveComp)
        comp.add(precompLayer(oldID, index: comp.nextIndex(), name: "\(old.name) (fading)", opacity: fading,
                              matte: .matted(.alphaInverted)))
        comp.add(precompLayer(liveID, index: comp.nextIndex(), name: "\(live.name) (coverage)", opacity: coverage, matte: .source))
        comp.add(precompLayer(oldID, index: comp.nextIndex(), name: "\(old.name) (under the new)", opacity: whole,
                              matte: .matted(.alpha)))
        comp.add(precompLayer(liveID, index: comp.nextIndex(), name: "\(live.name) (coverage)", opacity: coverage, matte: .source))
    }
}
