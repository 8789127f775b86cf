import LayerLabCore

/// Lottie properties into Core Animation values and keyframe animations.
extension LottieConverter {
    /// Where an animated value comes from, for names and `explain`: `Ball ks.p`.
    struct Source {
        var layer: String
        var property: String
        var text: String { "\(layer) \(property)" }
    }

    /// Sets `keyPath` on `layer` from `prop`: a fixed value as the property, keyframes as a
    /// CAKeyframeAnimation (per-segment timing functions, holds as zero-length steps), with
    /// the first keyframe's value as the model value. `convert` maps Lottie numbers to a value.
    mutating func apply(_ prop: LottieProperty?, to layer: inout Layer, _ keyPath: String, _ source: Source,
                        splitInto components: [String]? = nil, _ convert: ([Double]) -> Value?) {
        guard let prop else { return }
        noteExpression(prop, source)
        if let n = (prop.keyframes.first?.start ?? prop.value)?.numbers, let v = convert(n) { setModel(&layer, keyPath, v) }
        if !prop.isAnimated { return }
        let dims = prop.keyframes.first?.start?.numbers?.count ?? 1
        if let components, components.count <= dims, prop.keyframes.contains(where: { !$0.easesAlike(dimensions: components.count) }) {
            // Dimensions eased differently: one animation per component.
            for (d, kp) in components.enumerated() {
                addKeyframes(prop, layer: layer.name, kp, source, dimension: d) { n in n.count > d ? .number(n[d]) : nil }
            }
            return
        }
        addKeyframes(prop, layer: layer.name, keyPath, source, dimension: 0, convert)
    }

    /// Stores `value` under `keyPath`: a property, or one component of one (`position.x`).
    func setModel(_ layer: inout Layer, _ keyPath: String, _ value: Value) {
        switch keyPath {
        case "position.x", "position.y":
            var p = layer.properties["position"]?.point ?? .zero
            if keyPath == "position.x" { p.x = value.number ?? p.x } else { p.y = value.number ?? p.y }
            layer.properties["position"] = .point(p)
        default:
            layer.properties[keyPath] = value
        }
    }

    /// Adds the keyframe animation for `prop` (its values through `convert`, easing of
    /// dimension `dimension`).
    mutating func addKeyframes(_ prop: LottieProperty, layer: String, _ keyPath: String, _ source: Source,
                               dimension: Int, _ convert: ([Double]) -> Value?) {
        var times: [Double] = [], values: [Value] = [], curves: [TimingFunction] = []
        let ks = prop.keyframes
        for (i, k) in ks.enumerated() {
            guard let n = k.start?.numbers, let v = convert(n) else { continue }
            times.append(k.time); values.append(v)
            guard i + 1 < ks.count else { break }
            let next = ks[i + 1]
            if k.hold {
                curves.append(.linear)
                times.append(next.time); values.append(v)
                curves.append(.linear)
            } else if let e = k.end?.numbers, let ev = convert(e), let ns = next.start?.numbers, ns != e {
                // 4.x: this segment ends at `e`, and the next keyframe jumps to its own `s`.
                curves.append(k.timingFunction(dimension: dimension))
                times.append(next.time); values.append(ev)
                curves.append(.linear)
            } else {
                curves.append(k.timingFunction(dimension: dimension))
            }
        }
        guard values.count > 1 else { return }
        let kf = Animation.Keyframes(keyPath: keyPath, values: values, keyTimes: nil,
                                     calculationMode: .linear, timingFunctions: curves)
        addAnimation(kf, times: times, layer: layer, source)
    }

    /// Adds a keyframe animation whose keyframes fall at `times` (frames, layer time): begins at
    /// the first, lasts to the last, holds its ends (fillMode both), key times normalised.
    mutating func addAnimation(_ body: Animation.Keyframes, times: [Double], layer: String, _ source: Source) {
        guard let t0 = times.first, let t1 = times.last else { return }
        var body = body
        let span = t1 - t0
        body.keyTimes = times.map { span > 0 ? ($0 - t0) / span : 0 }
        if body.timingFunctions?.allSatisfy({ $0 == .linear }) == true { body.timingFunctions = nil }
        var timing = MediaTiming()
        timing.beginTime = .number(seconds(t0))
        timing.duration = max(seconds(span), 1e-6)
        timing.fillMode = .both
        timing.removedOnCompletion = false
        let name = uniqueName(layer + "." + lastComponent(body.keyPath), dots: true)
        document.animations.append(Animation(name: name, layer: layer, timing: timing, body: .keyframes(body)))
        provenance[name] = LottieOrigin(source: "layer \"\(source.layer)\" \(source.property)", frames: times)
    }

    private func lastComponent(_ keyPath: String) -> String {
        switch keyPath {
        case "transform.rotation.z": return "rotation"
        case "transform.rotation.x": return "rotationX"
        case "transform.rotation.y": return "rotationY"
        case "transform.scale.x": return "scaleX"
        case "transform.scale.y": return "scaleY"
        case "position.x": return "positionX"
        case "position.y": return "positionY"
        default: return keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        }
    }

    /// Frames to seconds.
    func seconds(_ frames: Double) -> Double { frames / file.frameRate }

    mutating func noteExpression(_ prop: LottieProperty, _ source: Source) {
        if prop.expression != nil { warnings.add("{expression|expressions} not run ({keyframed value|keyframed values} used)", source.text) }
    }

    /// Keyframes from `keyed` (times in frames, values, a timing function a segment) on `keyPath`.
    mutating func addKeyed(_ k: (times: [Double], values: [Value], curves: [TimingFunction]), layer: String,
                           _ keyPath: String, _ source: Source) {
        let body = Animation.Keyframes(keyPath: keyPath, values: k.values, keyTimes: nil, calculationMode: .linear,
                                       timingFunctions: k.curves)
        addAnimation(body, times: k.times, layer: layer, source)
    }

    /// A property sampled once per frame over `frames` into keyframes on `keyPath`: for values
    /// Core Animation cannot interpolate as Lottie does (a path rebuilt from an animated size).
    /// A sample equal to the ones before and after it is left out: between equal linear
    /// keyframes the value is that value, so nothing drawn changes, and a property that holds
    /// still for most of the span (a gradient's points while its colours move) costs two
    /// keyframes there instead of one a frame (in the document, `save` and `export x.lab`).
    /// With `unlessConstant`, samples that are all one value (a trim's start held while its
    /// end moves) add nothing: the caller has set the model to that value.
    mutating func addSampled(layer: String, _ keyPath: String, frames: ClosedRange<Double>, _ source: Source,
                             unlessConstant: Bool = false, _ value: (Double) -> Value) {
        let count = Int(min(2000, max(1, (frames.upperBound - frames.lowerBound).rounded(.up))))
        let step = (frames.upperBound - frames.lowerBound) / Double(count)
        var times: [Double] = [], values: [Value] = []
        var pending: (time: Double, value: Value)? = nil
        for i in 0...count {
            let t = frames.lowerBound + Double(i) * step
            let v = value(t)
            if i > 0 && i < count && v == values[values.count - 1] {
                pending = (t, v)
                continue
            }
            // The last of a run of equal samples ends the hold before a change.
            if let p = pending, p.value != v { times.append(p.time); values.append(p.value) }
            pending = nil
            times.append(t); values.append(v)
        }
        if unlessConstant, values.allSatisfy({ $0 == values[0] }) { return }
        let body = Animation.Keyframes(keyPath: keyPath, values: values, calculationMode: .linear)
        addAnimation(body, times: times, layer: layer, Source(layer: source.layer, property: source.property + " (sampled each frame)"))
    }
}

/// The frames over which any of `props` changes, or nil when none does (keyframes that all
/// hold one value change nothing: such a property is the same at every frame).
func animatedSpan(_ props: [LottieProperty?]) -> ClosedRange<Double>? {
    var lo = Double.infinity, hi = -Double.infinity
    for p in props.compactMap({ $0 }) where p.changes {
        lo = min(lo, p.keyframes[0].time); hi = max(hi, p.keyframes[p.keyframes.count - 1].time)
    }
    return lo <= hi ? lo...hi : nil
}
