/// Building the presentation tree that the rasterizer draws.
extension Evaluator {
    /// The presentation tree at scene time `time`, ready to draw. A layer used as another's
    /// mask is drawn only as that mask, in the masked layer's coordinates.
    public func scene(at time: Double) -> Scene {
        var maskNames: Set<String> = []
        var presented: [PresentedLayer] = []
        var maskOf: [String: String] = [:]
        // One buffer for every layer's values: a frame allocates none per layer.
        var props = PropertySlots()
        func walk(_ layers: [Int], parentTime: Double) -> [PresentedLayer] {
            var out: [PresentedLayer] = []
            out.reserveCapacity(layers.count)
            for i in layers {
                modelProperties(i, at: time, into: &props)
                let lt = Evaluator.clockTime(parentTime, props)
                var trace: [Explanation.Step]? = nil
                stack(i, sceneTime: time, layerTime: lt, into: &props, trace: &trace, traceKey: nil)
                // Presented in place, in the array returned.
                out.append(plans[i].presented)
                let p = out.count - 1
                present(i, props, layerTime: lt, into: &out[p])
                let name = out[p].name, kind = out[p].kind
                if case .string(let m)? = props[PropertyTable.Slot.mask], m != name, entries[m] != nil {
                    maskOf[name] = m
                    maskNames.insert(m)
                }
                if let t = props[PropertyTable.Slot.transform]?.transform, !t.isEmpty { out[p].transformMatrix = t.matrix }
                if let t = props[PropertyTable.Slot.sublayerTransform]?.transform, !t.isEmpty {
                    out[p].sublayerTransform = t.matrix
                }
                // The sublayers reuse `props`: keep what the replicator reads.
                let replicatorProps = kind == .replicator ? props : nil
                // An emitter's cells are not layers: they shape its particles.
                let children = plans[i].children
                if !children.isEmpty {
                    let subs = walk(kind == .emitter ? children.filter { plans[$0].layer.kind.isLayer } : children, parentTime: lt)
                    out[p].sublayers = subs
                }
                if kind == .emitter { out[p].emission = emission(i, layerTime: lt, sceneTime: time) }
                if let replicatorProps {
                    out[p].replicator = replication(replicatorProps) { k, delay in walk(children, parentTime: lt - Double(k) * delay) }
                }
            }
            return out
        }
        presented = walk(roots, parentTime: time)
        if !maskNames.isEmpty {
            var masks: [String: PresentedLayer] = [:]
            func collect(_ ls: [PresentedLayer]) {
                for l in ls {
                    if maskNames.contains(l.name) { masks[l.name] = l }
                    collect(l.sublayers)
                }
            }
            collect(presented)
            func rebuild(_ ls: [PresentedLayer]) -> [PresentedLayer] {
                ls.compactMap { l in
                    if maskNames.contains(l.name) { return nil }
                    var l = l
                    l.sublayers = rebuild(l.sublayers)
                    if var r = l.replicator {
                        r.copies = r.copies.map(rebuild)
                        l.replicator = r
                    }
                    if let m = maskOf[l.name], var mask = masks[m] {
                        mask.sublayers = rebuild(mask.sublayers)
                        l.mask = [mask]
                    }
                    return l
                }
            }
            presented = rebuild(presented)
        }
        return Scene(time: time, canvasSize: document.canvas.size, background: document.canvas.background,
                     layers: presented)
    }

    /// Typed presentation values from a layer's stored properties, through the property table
    /// (the flipbook frame, which depends on the time, is left to `present(_:_:layerTime:into:)`).
    func presentedLayer(_ l: Layer, _ props: PropertySlots, applicable has: [Bool]) -> PresentedLayer {
        var p = PresentedLayer(name: l.name, kind: l.kind)
        for e in props.entries where has[e.index] {
            guard let present = PropertyTable.presenters[e.index] else { continue }
            present(&p, PropertyTable.holdsPath[e.index] ? resolve(e.value) : e.value)
        }
        return p
    }

    /// Presents the layer at `order` in `plans` from `props` into `p`, its stored presentation:
    /// every property an event or animation wrote is presented again.
    func present(_ order: Int, _ props: PropertySlots, layerTime: Double, into p: inout PresentedLayer) {
        let has = plans[order].applicable
        let presenters = PropertyTable.presenters, defaults = PropertyTable.defaults, holdsPath = PropertyTable.holdsPath
        for k in props.entries.indices where props.entries[k].written {
            let i = props.entries[k].index
            guard let present = presenters[i], has[i] else { continue }
            // From the default, as a fresh layer: a value of the wrong type leaves the default.
            present(&p, defaults[i])
            present(&p, holdsPath[i] ? resolve(props.entries[k].value) : props.entries[k].value)
        }
        if p.kind == .image, let frame = flipbookFrame(props, layerTime: layerTime) { p.contents = frame }
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
