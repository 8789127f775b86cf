/// Building the presentation tree that the rasterizer draws.
extension Evaluator {
    /// The presentation tree at scene time `time`, ready to draw. A layer used as another's
    /// mask is drawn only as that mask, in the masked layer's coordinates.
    public func scene(at time: Double) -> Scene {
        var maskNames: Set<String> = []
        var presented: [PresentedLayer] = []
        var maskOf: [String: String] = [:]
        func walk(_ layers: [Layer], parentTime: Double) -> [PresentedLayer] {
            var out: [PresentedLayer] = []
            out.reserveCapacity(layers.count)
            for l in layers {
                let model = modelProperties(l.name, at: time)
                let lt = Evaluator.clockTime(parentTime, model)
                var trace: [Explanation.Step]? = nil
                let props = presentedProperties(l.name, sceneTime: time, layerTime: lt, trace: &trace, traceKey: nil)
                var p = presentedLayer(l, props, layerTime: lt)
                if case .string(let m) = props["mask"] ?? .null, m != l.name, entries[m] != nil {
                    maskOf[l.name] = m
                    maskNames.insert(m)
                }
                // An emitter's cells are not layers: they shape its particles.
                p.sublayers = walk(l.kind == .emitter ? l.sublayers.filter(\.kind.isLayer) : l.sublayers, parentTime: lt)
                if l.kind == .emitter { p.emission = emission(l, layerTime: lt, sceneTime: time) }
                if let t = props["transform"]?.transform, !t.isEmpty { p.transformMatrix = t.matrix }
                if let t = props["sublayerTransform"]?.transform, !t.isEmpty { p.sublayerTransform = t.matrix }
                if l.kind == .replicator {
                    p.replicator = replication(props) { k, delay in walk(l.sublayers, parentTime: lt - Double(k) * delay) }
                }
                out.append(p)
            }
            return out
        }
        presented = walk(document.layers, parentTime: time)
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

    /// Typed presentation values from a property dictionary, through the property table.
    func presentedLayer(_ l: Layer, _ props: [String: Value], layerTime: Double) -> PresentedLayer {
        var p = PresentedLayer(name: l.name, kind: l.kind)
        for spec in PropertyTable.properties(for: l.kind) {
            guard let present = spec.present, let v = props[spec.name] else { continue }
            present(&p, spec.type == .path ? resolve(v) : v)
        }
        if l.kind == .image, let frame = flipbookFrame(props, layerTime: layerTime) { p.contents = frame }
        return p
    }

    /// A replicator's copies from its presentation values; `copies(k, delay)` walks the
    /// sublayers `k · delay` earlier.
    func replication(_ props: [String: Value], copies: (Int, Double) -> [PresentedLayer]) -> Replication {
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
    func flipbookFrame(_ props: [String: Value], layerTime t: Double) -> String? {
        let frames = (props["frames"]?.list ?? []).compactMap(\.string)
        guard !frames.isEmpty else { return nil }
        let n = frames.count
        if let idx = props["frameIndex"]?.number, idx.isFinite {
            return frames[clampedInt(idx.rounded(.down), 0, n - 1)]
        }
        var cycle = PropertyTable.value("animationDuration", in: props).number ?? 0
        if cycle <= 0 { cycle = Double(n) / 30 }
        let repeats = PropertyTable.value("animationRepeatCount", in: props).number ?? 0
        if t < 0 { return frames[0] }
        if repeats > 0 && t >= repeats * cycle { return nil }
        let k = (t / (cycle / Double(n))).rounded(.down).truncatingRemainder(dividingBy: Double(n))
        return frames[clampedInt(k, 0, n - 1)]
    }
}
