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
                p.sublayers = walk(l.sublayers, parentTime: lt)
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

    /// Typed presentation values from a property dictionary.
    func presentedLayer(_ l: Layer, _ props: [String: Value], layerTime: Double) -> PresentedLayer {
        var p = PresentedLayer(name: l.name, kind: l.kind)
        func num(_ k: String, _ d: Double) -> Double { props[k]?.number ?? d }
        func col(_ k: String, _ d: Color) -> Color {
            switch props[k] { case .color(let c)?: return c; case .null?: return .clear; default: return d }
        }
        func word(_ k: String, _ d: String) -> String { props[k]?.string ?? d }
        p.bounds = props["bounds"]?.rect ?? .zero
        p.position = props["position"]?.point ?? .zero
        p.anchorPoint = props["anchorPoint"]?.point ?? Point(0.5, 0.5)
        p.rotation = num("transform.rotation.z", 0)
        p.scaleX = num("transform.scale.x", 1)
        p.scaleY = num("transform.scale.y", 1)
        p.translationX = num("transform.translation.x", 0)
        p.translationY = num("transform.translation.y", 0)
        p.opacity = max(0, min(1, num("opacity", 1)))
        p.hidden = props["hidden"]?.bool ?? false
        p.zPosition = num("zPosition", 0)
        p.backgroundColor = col("backgroundColor", .clear)
        p.cornerRadius = num("cornerRadius", 0)
        p.borderWidth = num("borderWidth", 0)
        p.borderColor = col("borderColor", .black)
        p.masksToBounds = props["masksToBounds"]?.bool ?? false
        switch l.kind {
        case .shape:
            if let v = props["path"] { if case .path(let path) = resolve(v) { p.path = path } }
            p.fillColor = col("fillColor", .black)
            p.strokeColor = col("strokeColor", .clear)
            p.lineWidth = num("lineWidth", 1)
            p.strokeStart = num("strokeStart", 0)
            p.strokeEnd = num("strokeEnd", 1)
            p.lineCap = word("lineCap", "butt")
            p.lineJoin = word("lineJoin", "miter")
            p.miterLimit = num("miterLimit", 10)
            p.evenOdd = word("fillRule", "nonZero") == "evenOdd"
            p.lineDashPattern = (props["lineDashPattern"]?.list ?? []).compactMap(\.number)
            p.lineDashPhase = num("lineDashPhase", 0)
        case .text:
            p.string = word("string", "")
            p.fontSize = num("fontSize", 36)
            p.foregroundColor = col("foregroundColor", .white)
            p.alignment = word("alignment", "natural")
        case .image:
            p.contentsGravity = word("contentsGravity", "resize")
            p.contents = flipbookFrame(props, layerTime: layerTime) ?? word("contents", "")
        case .layer:
            break
        }
        return p
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
        var cycle = props["animationDuration"]?.number ?? 0
        if cycle <= 0 { cycle = Double(n) / 30 }
        let repeats = props["animationRepeatCount"]?.number ?? 0
        if t < 0 { return frames[0] }
        if repeats > 0 && t >= repeats * cycle { return nil }
        let k = (t / (cycle / Double(n))).rounded(.down).truncatingRemainder(dividingBy: Double(n))
        return frames[clampedInt(k, 0, n - 1)]
    }
}
