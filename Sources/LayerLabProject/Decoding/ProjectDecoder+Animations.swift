import LayerLabCore

extension ProjectDecoder {
    static let timingKeys = MediaTiming.attributeNames
    static let kindKeys: [String: [String]] = [
        "basic": ["keyPath", "from", "to", "by", "valueFunction"],
        "keyframes": ["keyPath", "values", "path", "rotationMode", "keyTimes", "calculationMode", "timingFunctions",
                      "tensionValues", "continuityValues", "biasValues", "valueFunction"],
        "spring": ["keyPath", "from", "to", "by"] + Animation.Spring.Form.parameters.map(\.name),
        "group": ["sequence", "children"],
    ]

    /// An animation; `parent` is the enclosing group's layer and top-level name for children.
    /// `level` is 1 for a top-level animation, 2 for a group's child, …; deeper than a script
    /// may nest groups (`Limits.groupDepth`) is refused.
    mutating func animation(_ node: JSONNode, _ path: JSONPath, parent: (layer: String, top: String)?,
                            level: Int = 1) throws(ProjectFileError) -> Animation {
        if level > Limits.groupDepth {
            throw ProjectFileError(.outOfRange, at: node.position, path,
                                   "groups cannot nest more than \(Limits.groupDepth) levels deep")
        }
        // The kind decides which keys are allowed, so read it before checking keys.
        let generic = ["name", "layer", "kind"] + ProjectDecoder.timingKeys
        let all = generic + ProjectDecoder.kindKeys.values.flatMap { $0 }
        let k = try ObjectReader(node, path, what: "an animation", allowed: all)
        let kindName = try word(try k.required("kind"), k.at("kind"), ["basic", "keyframes", "spring", "group"])
        let o = try ObjectReader(node, path, what: "a \(kindName) animation", allowed: generic + ProjectDecoder.kindKeys[kindName]!)

        var animationName = ""
        let nameNode: JSONNode? = try parent == nil ? o.required("name") : o.optional("name")
        if let nameNode {
            animationName = try define(nameNode, o.at("name"), as: .animation)
            if parent == nil { timedNames.insert(animationName) }
        }
        let top = parent?.top ?? animationName

        let layer: String, kind: LayerKind
        let layerNode: JSONNode? = try parent == nil ? o.required("layer") : o.optional("layer")
        if let layerNode {
            (layer, kind) = try layerReference(layerNode, o.at("layer"))
        } else {
            layer = parent!.layer
            kind = layerKinds[layer]!
        }

        var timing = try self.timing(o, owner: top)
        let body: Animation.Body
        switch kindName {
        case "basic":
            let kp = try keyPath(try o.required("keyPath"), o.at("keyPath"), kind: kind, animating: true)
            if let f = try valueFunction(o, kp.type) {
                var b = Animation.Basic(keyPath: try string(try o.required("keyPath"), o.at("keyPath")))
                b.valueFunction = f
                for key in ["from", "to", "by"] {
                    guard let node = o.optional(key) else { continue }
                    let v = try functionValue(node, o.at(key), f)
                    if key == "from" { b.from = v } else if key == "to" { b.to = v } else { b.by = v }
                }
                body = .basic(b)
            } else {
                let (from, to, by) = try fromToBy(o, kp.type, layer: layer)
                body = .basic(.init(keyPath: try string(try o.required("keyPath"), o.at("keyPath")), from: from, to: to, by: by))
            }
        case "keyframes": body = .keyframes(try keyframes(o, layer: layer, kind: kind))
        case "spring": body = .spring(try spring(o, layer: layer, kind: kind))
        default:
            var children: [Animation] = []
            let list = try array(try o.required("children"), o.at("children"), "a list of animations")
            for (n, item) in list.enumerated() {
                children.append(try animation(item, o.at("children").appending(n), parent: (layer, top), level: level + 1))
            }
            let sequence = try o.optional("sequence").map { (s) throws(ProjectFileError) in try bool(s, o.at("sequence")) } ?? false
            body = .group(.init(children: children, sequence: sequence))
        }
        if case .group = body {
            // A group has no key path to add to: files from before groups refused these kept
            // them without effect; they are dropped so the document states only what it does.
            timing.additive = false; timing.cumulative = false
        }
        return Animation(name: animationName, layer: layer, timing: timing, body: body)
    }

    /// The animation's `valueFunction`, when given: only on a transform key path.
    private func valueFunction(_ o: ObjectReader, _ type: ValueType) throws(ProjectFileError) -> ValueFunctionName? {
        guard let node = o.optional("valueFunction") else { return nil }
        guard type == .transform else {
            throw ProjectFileError(.outOfRange, at: node.position, o.at("valueFunction"),
                                   "valueFunction makes a transform: the key path must be transform or sublayerTransform")
        }
        return try word(node, o.at("valueFunction"), as: ValueFunctionName.self)
    }

    /// A value given to a value function: a number, or an array of three.
    private func functionValue(_ node: JSONNode, _ path: JSONPath, _ f: ValueFunctionName) throws(ProjectFileError) -> Value {
        if f.inputCount == 1 { return .number(try number(node, path)) }
        return .list(try numbers(node, path, count: 3, "three numbers [x, y, z] for valueFunction \(f.rawValue)").map { .number($0) })
    }

    private mutating func fromToBy(_ o: ObjectReader, _ type: ValueType, layer: String) throws(ProjectFileError) -> (Value?, Value?, Value?) {
        var out: [Value?] = []
        for key in ["from", "to", "by"] {
            if let node = o.optional(key) { out.append(try value(node, o.at(key), type, layer: layer)) } else { out.append(nil) }
        }
        return (out[0], out[1], out[2])
    }

    /// Keyframes with the editor's shape rules: at least one value, one key time per value
    /// (rising within 0…1), one timing function per segment.
    private mutating func keyframes(_ o: ObjectReader, layer: String, kind: LayerKind) throws(ProjectFileError) -> Animation.Keyframes {
        let kpNode = try o.required("keyPath")
        let kp = try keyPath(kpNode, o.at("keyPath"), kind: kind, animating: true)
        var values: [Value] = []
        // A motion path replaces the values (its vertices are the keyframes).
        var motion: (value: Value, vertices: Int)?
        if let node = o.optional("path") {
            guard kp.type == .point else {
                throw ProjectFileError(.wrongType, at: node.position, o.at("path"),
                                       "a motion path drives a point (position, anchorPoint…), not \(kp.name)")
            }
            let v = try value(node, o.at("path"), .path, layer: layer)
            let shape: Path
            switch v {
            case .path(let p): shape = p
            case .pathRef(let n): shape = pathShapes[n] ?? .empty
            default: shape = .empty
            }
            guard let m = MotionPath(shape) else {
                throw ProjectFileError(.outOfRange, at: node.position, o.at("path"), "the motion path has no points")
            }
            motion = (v, m.vertices.count)
        }
        let function = try valueFunction(o, kp.type)
        if function != nil, let node = o.optional("path") {
            throw ProjectFileError(.outOfRange, at: node.position, o.at("path"), "a motion path gives points, not a value function's numbers")
        }
        let valuesNode = motion == nil ? try o.required("values") : o.optional("values")
        if let valuesNode {
            for (n, item) in try array(valuesNode, o.at("values"), "a list of values").enumerated() {
                if let function {
                    values.append(try functionValue(item, o.at("values").appending(n), function))
                    continue
                }
                values.append(try value(item, o.at("values").appending(n), kp.type, layer: layer))
            }
            if values.isEmpty && motion == nil {
                throw ProjectFileError(.outOfRange, at: valuesNode.position, o.at("values"), "keyframes need at least one value")
            }
        }
        var k = Animation.Keyframes(keyPath: try string(kpNode, o.at("keyPath")), values: values, path: motion?.value)
        k.valueFunction = function
        if let node = o.optional("rotationMode") {
            guard motion != nil else {
                throw ProjectFileError(.outOfRange, at: node.position, o.at("rotationMode"), "rotationMode needs a path")
            }
            k.rotationMode = try word(node, o.at("rotationMode"), as: Animation.RotationMode.self)
        }
        let count = motion?.vertices ?? values.count
        if let node = o.optional("keyTimes") {
            var times: [Double] = []
            for (n, item) in try array(node, o.at("keyTimes"), "a list of key times").enumerated() {
                let t = try number(item, o.at("keyTimes").appending(n), .unit)
                if let last = times.last, t < last {
                    throw ProjectFileError(.outOfRange, at: item.position, o.at("keyTimes").appending(n),
                                           "out of range: key times must not decrease, found \(item.summary) after \(JSONWriter.numberText(last))")
                }
                times.append(t)
            }
            k.keyTimes = times
        }
        if let node = o.optional("calculationMode") {
            k.calculationMode = try word(node, o.at("calculationMode"), as: Animation.CalculationMode.self)
        }
        if let times = k.keyTimes, let problem = k.keyTimeCountProblem(times.count, pathVertices: motion?.vertices),
           let node = o.optional("keyTimes") {
            throw ProjectFileError(.outOfRange, at: node.position, o.at("keyTimes"), problem)
        }
        if let node = o.optional("timingFunctions") {
            var fs: [TimingFunction] = []
            for (n, item) in try array(node, o.at("timingFunctions"), "a list of timing functions").enumerated() {
                fs.append(try timingFunction(item, o.at("timingFunctions").appending(n)))
            }
            if fs.count != count - 1 {
                throw ProjectFileError(.outOfRange, at: node.position, o.at("timingFunctions"),
                                       "timingFunctions needs \(count - 1) entries (one per segment), found \(fs.count)")
            }
            k.timingFunctions = fs
        }
        for name in Animation.Keyframes.shapeAttributes {
            guard let node = o.optional(name) else { continue }
            var ns: [Double] = []
            for (n, item) in try array(node, o.at(name), "a list of numbers").enumerated() {
                ns.append(try number(item, o.at(name).appending(n), .finite))
            }
            if ns.count != count {
                throw ProjectFileError(.outOfRange, at: node.position, o.at(name),
                                       "\(name) needs \(count) entries (one per keyframe), found \(ns.count)")
            }
            k.setShapeValues(name, ns)
        }
        return k
    }

    /// A spring in one of two forms: CASpringAnimation's (mass, stiffness, damping,
    /// initialVelocity) or UIKit's (dampingRatio, initialSpringVelocity); mixing them is refused.
    private mutating func spring(_ o: ObjectReader, layer: String, kind: LayerKind) throws(ProjectFileError) -> Animation.Spring {
        let kpNode = try o.required("keyPath")
        let kp = try keyPath(kpNode, o.at("keyPath"), kind: kind, animating: true)
        let (from, to, by) = try fromToBy(o, kp.type, layer: layer)
        typealias Form = Animation.Spring.Form
        let ratioKey = Form.ratioParameters[0].name
        // The ratio form's marking key chooses the form; the other form's keys are refused.
        let (params, other) = o.has(ratioKey) ? (Form.ratioParameters, Form.physicsParameters)
                                              : (Form.physicsParameters, Form.ratioParameters)
        if let key = other.map(\.name).first(where: o.has) {
            let message = o.has(ratioKey)
                ? "\(JSONValue.quoted(key)) belongs to the physical spring form; with \"dampingRatio\" use \"initialSpringVelocity\""
                : "\(JSONValue.quoted(key)) belongs to the \"dampingRatio\" form; the physical form uses \"initialVelocity\""
            throw ProjectFileError(.unknownKey, at: o.keyPosition(key), o.at(key), message)
        }
        var numbers: [Double] = []
        for p in params {
            numbers.append(try o.optional(p.name).map { (n) throws(ProjectFileError) in try number(n, o.at(p.name), p.range) } ?? p.defaultValue)
        }
        let form = o.has(ratioKey) ? Form(ratio: numbers) : Form(physics: numbers)
        return Animation.Spring(keyPath: try string(kpNode, o.at("keyPath")), from: from, to: to, by: by, form: form)
    }

    /// The CAMediaTiming attributes; absent ones take Core Animation's defaults.
    private mutating func timing(_ o: ObjectReader, owner: String) throws(ProjectFileError) -> MediaTiming {
        var t = MediaTiming()
        for attribute in MediaTiming.attributes {
            guard let n = o.optional(attribute.name) else { continue }
            let p = o.at(attribute.name)
            let v: TimingValue
            switch attribute.kind {
            case .time: v = .time(try time(n, p, owner: owner))
            case .seconds, .number: v = .number(try number(n, p, attribute.range))
            case .bool: v = .bool(try bool(n, p))
            case .fillMode: v = .fillMode(try word(n, p, as: FillMode.self))
            case .timingFunction: v = .timingFunction(try timingFunction(n, p))
            }
            attribute.set(v, in: &t)
        }
        return t
    }
}
