/// Building the presentation tree that the rasterizer draws.
extension Evaluator {
    /// The presentation tree at scene time `time`, ready to draw. A layer used as another's
    /// mask is drawn only as that mask, in the masked layer's coordinates.
    package func scene(at time: Double) -> Scene { scene(at: time, drawing: false) }

    /// The scene at `time` as a frame draws it: a hidden layer's sublayers, replicated copies
    /// and particles are left out unless one may be drawn as a mask, since nothing draws them
    /// (a Lottie file's precompositions outside their in and out points cost nothing).
    /// Players and picture exports use this; queries and exports of values use `scene(at:)`.
    package func drawnScene(at time: Double) -> Scene { scene(at: time, drawing: true) }

    private func scene(at time: Double, drawing: Bool) -> Scene {
        var frame = Frame(time: time, drawing: drawing)
        var presented = walk(roots, parentTime: time, &frame)
        let maskNames = frame.maskNames, maskOf = frame.maskOf
        if !maskNames.isEmpty {
            var masks: [String: PresentedLayer] = [:]
            func collect(_ ls: [PresentedLayer]) {
                for l in ls {
                    if maskNames.contains(l.name) { masks[l.name] = l }
                    collect(l.sublayers)
                }
            }
            collect(presented)
            func rebuild(_ ls: [PresentedLayer], _ depth: Int) -> [PresentedLayer] {
                ls.compactMap { l in maskNames.contains(l.name) ? nil : finish(l, depth) }
            }
            /// The layer with its sublayers rebuilt and its mask attached. A mask may have a
            /// mask of its own (a track matte drawn through another); `depth` bounds a loop
            /// of layers masking each other (past it a mask is left off).
            func finish(_ layer: PresentedLayer, _ depth: Int) -> PresentedLayer {
                var l = layer
                l.sublayers = rebuild(l.sublayers, depth)
                if var r = l.extras.replicator {
                    r.copies = r.copies.map { rebuild($0, depth) }
                    l.extras.replicator = r
                }
                if let m = maskOf[l.name], let mask = masks[m], depth < Self.maxMaskDepth {
                    l.extras.mask = [finish(mask, depth + 1)]
                }
                return l
            }
            presented = rebuild(presented, 0)
        }
        return Scene(time: time, canvasSize: document.canvas.size, background: document.canvas.background,
                     layers: presented)
    }

    /// How many masks deep a mask's own mask is still applied.
    static let maxMaskDepth = 16

    /// What a frame's walk carries from layer to layer.
    private struct Frame {
        let time: Double
        /// Whether hidden layers' contents are left out (`drawnScene(at:)`).
        let drawing: Bool
        /// The property table's per-layer reads, taken once a frame.
        let tables = PropertyTable.frameTables
        /// One buffer for every layer's values: a frame allocates none per layer.
        var props = PropertySlots()
        /// Layers used as masks, and which layer each masks.
        var maskNames: Set<String> = []
        var maskOf: [String: String] = [:]
    }

    /// The presented layers at `layers` (indices in `plans`) and their sublayers, in a parent
    /// time of `parentTime`. (A method, not a closure: a closure capturing `self` copies it.)
    private func walk(_ layers: [Int], parentTime: Double, _ frame: inout Frame) -> [PresentedLayer] {
        let time = frame.time
        var out: [PresentedLayer] = []
        out.reserveCapacity(layers.count)
        for i in layers {
            modelProperties(i, at: time, into: &frame.props)
            // Events may change the layer's clock; otherwise it is the plan's. (The model
            // values are the stored ones with the events applied: without events, nothing
            // is written yet.)
            let clockChanged = !frame.props.written.isEmpty && (frame.props.isWritten(PropertyTable.Slot.beginTime)
                || frame.props.isWritten(PropertyTable.Slot.speed) || frame.props.isWritten(PropertyTable.Slot.timeOffset))
            let lt = clockChanged ? Evaluator.clockTime(parentTime, frame.props) : plans[i].clock.time(parentTime)
            var trace: [Explanation.Step]? = nil
            stack(i, sceneTime: time, layerTime: lt, into: &frame.props, trace: &trace, traceKey: nil)
            // Presented in place, in the array returned.
            out.append(plans[i].presented)
            let p = out.count - 1
            present(i, frame.props, frame.tables, layerTime: lt, into: &out[p])
            let kind = out[p].kind
            let maskChanged = frame.props.isWritten(frame.tables.mask)
            if maskChanged || plans[i].mask != nil {
                let name = out[p].name
                if let m = maskChanged ? maskTarget(frame.props.written(frame.tables.mask), of: name) : plans[i].mask {
                    frame.maskOf[name] = m
                    frame.maskNames.insert(m)
                }
            }
            // What the sublayers see as their parent's time: `timeRemap` when the layer sets it.
            let childTime = plans[i].remapsTime ? Evaluator.remappedTime(frame.props) ?? lt : lt
            // Nothing under a hidden layer is drawn (its transition, if one runs, still is).
            if frame.drawing && out[p].hidden && !plans[i].holdsMask {
                if !plans[i].transitions.isEmpty, let (t, progress) = runningTransition(i, at: time) {
                    out[p] = Evaluator.presentTransition(t, progress: progress, now: out[p])
                }
                continue
            }
            // The sublayers reuse `props`: keep what the replicator reads.
            let replicatorProps = kind == .replicator ? frame.props : nil
            // An emitter's cells are not layers: they shape its particles.
            // NB: the children are bound only when there are some (binding retains the array).
            if !plans[i].children.isEmpty {
                let children = plans[i].children
                let subs = walk(kind == .emitter ? children.filter { plans[$0].layer.kind.isLayer } : children,
                                parentTime: childTime, &frame)
                // Sublayers that blend act within this layer only, as within a precomposition.
                if plans[i].sublayersMayBlend && subs.contains(where: { $0.extras.blendMode != .normal }) {
                    out[p].extras.isolatesBlending = true
                }
                out[p].sublayers = subs
            }
            if kind == .emitter { out[p].extras.emission = emission(i, layerTime: lt, sceneTime: time) }
            if let replicatorProps {
                let children = plans[i].children
                out[p].extras.replicator = replication(replicatorProps) { k, delay in
                    walk(children, parentTime: childTime - Double(k) * delay, &frame)
                }
            }
            if !plans[i].transitions.isEmpty, let (t, progress) = runningTransition(i, at: time) {
                out[p] = Evaluator.presentTransition(t, progress: progress, now: out[p])
            }
        }
        return out
    }

    /// Typed presentation values from a layer's stored properties, through the property table
    /// (the flipbook frame, which depends on the time, is left to `present(_:_:layerTime:into:)`).
    func presentedLayer(_ l: Layer, _ props: PropertySlots) -> PresentedLayer {
        var p = PresentedLayer(name: l.name, kind: l.kind)
        let bit = l.kind.bit
        for e in props.entries where PropertyTable.kindBits[e.index] & bit != 0 {
            guard let present = PropertyTable.presenters[e.index] else { continue }
            _ = present(&p, PropertyTable.holdsPath[e.index] ? resolve(e.value) : e.value)
        }
        return p
    }

    /// The layer a `mask` value names, when it exists and is not the layer itself.
    func maskTarget(_ mask: Value?, of name: String) -> String? {
        guard case .string(let m)? = mask, m != name, entries[m] != nil else { return nil }
        return m
    }

    /// `transform` and `sublayerTransform` as matrices (identity unless a non-empty list of steps).
    /// Static: the evaluator's init calls it on a plan in place, and a method call there would
    /// copy every plan.
    static func presentTransforms(_ props: PropertySlots, into p: inout PresentedLayer) {
        func matrix(_ v: Value?) -> Transform3D {
            if let t = v?.transform, !t.isEmpty { return t.matrix }
            return .identity
        }
        // Written only when a bit changes, so a layer without transforms keeps sharing the
        // default box of rarely set fields (`boxedFieldsAreDefault`).
        func sameBits(_ a: Transform3D, _ b: Transform3D) -> Bool {
            a.m.elementsEqual(b.m) { $0.bitPattern == $1.bitPattern }
        }
        let t = matrix(props[PropertyTable.Slot.transform])
        if !sameBits(t, p.extras.transformMatrix) { p.extras.transformMatrix = t }
        let s = matrix(props[PropertyTable.Slot.sublayerTransform])
        if !sameBits(s, p.extras.sublayerTransform) { p.extras.sublayerTransform = s }
    }

    /// Presents the layer at `order` in `plans` from `props` into `p`, its stored presentation:
    /// every property an event or animation wrote is presented again.
    func present(_ order: Int, _ props: PropertySlots, _ tables: PropertyTable.FrameTables, layerTime: Double,
                 into p: inout PresentedLayer) {
        let bit = plans[order].layer.kind.bit
        let presenters = tables.presenters, defaults = tables.defaults, holdsPath = tables.holdsPath
        let kindBits = tables.kindBits
        for k in props.written.indices {
            let i = props.written[k].index
            guard kindBits[i] & bit != 0, let present = presenters[i] else { continue }
            // A value of the wrong type leaves the default, as on a fresh layer.
            if !present(&p, holdsPath[i] ? resolve(props.written[k].value) : props.written[k].value) {
                _ = present(&p, defaults[i])
            }
        }
        if p.kind == .image, let frame = flipbookFrame(props, layerTime: layerTime) { p.extras.contents = frame }
        if props.isWritten(tables.transform) || props.isWritten(tables.sublayerTransform) {
            Evaluator.presentTransforms(props, into: &p)
        }
    }

    /// A replicator's copies from its presentation values; `copies(k, delay)` walks the
    /// sublayers `k · delay` earlier.
    func replication(_ props: PropertySlots, copies: (Int, Double) -> [PresentedLayer]) -> Replication {
        func num(_ k: String) -> Double { props[k]?.number ?? 0 }
        let count = Replication.count(props["instanceCount"]?.number ?? 1)
        let delay = num("instanceDelay").isFinite ? num("instanceDelay") : 0
        let color: Color
        switch props["instanceColor"] { case .color(let c)?: color = c; case .null?: color = .clear; default: color = .white }
        return Replication(count: count, delay: delay,
                           transform: (props["instanceTransform"]?.transform ?? []).matrix, color: color,
                           offsets: Color(num("instanceRedOffset"), num("instanceGreenOffset"),
                                          num("instanceBlueOffset"), num("instanceAlphaOffset")),
                           copies: count > 1 ? (1..<count).map { copies($0, delay) } : [])
    }

    /// The flipbook frame shown at layer time `t`, like UIImageView's animationImages:
    /// `frameIndex` when set or animated, else the frame the flipbook clock is on. After a
    /// finite `animationRepeatCount` the layer shows its `contents`.
    func flipbookFrame(_ props: PropertySlots, layerTime t: Double) -> String? {
        let frames = (props[PropertyTable.Slot.frames]?.list ?? []).compactMap(\.string)
        guard !frames.isEmpty else { return nil }
        let n = frames.count
        if let idx = props[PropertyTable.Slot.frameIndex]?.number, idx.isFinite {
            return frames[clampedInt(idx.rounded(.down), 0, n - 1)]
        }
        var cycle = props.value(PropertyTable.Slot.animationDuration).number ?? 0
        if cycle <= 0 { cycle = Double(n) / 30 }
        let repeats = props.value(PropertyTable.Slot.animationRepeatCount).number ?? 0
        if t < 0 { return frames[0] }
        if repeats > 0 && t >= repeats * cycle { return nil }
        let k = (t / (cycle / Double(n))).rounded(.down).truncatingRemainder(dividingBy: Double(n))
        return frames[clampedInt(k, 0, n - 1)]
    }
}
