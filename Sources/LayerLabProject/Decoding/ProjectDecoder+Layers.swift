import LayerLabCore

extension ProjectDecoder {
    /// The layers of a list at `depth` (1 for the document's own); deeper than a script may
    /// nest them (`Limits.layerDepth`) is refused.
    mutating func layers(_ node: JSONNode, _ path: JSONPath, depth: Int = 1,
                         parent: LayerKind? = nil) throws(ProjectFileError) -> [Layer] {
        var out: [Layer] = []
        let list = try array(node, path, "a list of layers")
        if depth > Limits.layerDepth, let first = list.first {
            throw ProjectFileError(.outOfRange, at: first.position, path.appending(0),
                                   "layers cannot nest more than \(Limits.layerDepth) levels deep")
        }
        for (n, item) in list.enumerated() {
            out.append(try layer(item, path.appending(n), depth: depth, parent: parent))
        }
        return out
    }

    private mutating func layer(_ node: JSONNode, _ path: JSONPath, depth: Int,
                                parent: LayerKind?) throws(ProjectFileError) -> Layer {
        let o = try ObjectReader(node, path, what: "a layer", allowed: ["name", "kind", "properties", "sublayers"])
        let nameNode = try o.required("name")
        let n = try define(nameNode, o.at("name"), as: .layer)
        let kindNode = try o.required("kind")
        let kind = try word(kindNode, o.at("kind"), as: LayerKind.self)
        if let problem = LayerKind.placementProblem(kind, under: parent) {
            throw ProjectFileError(.outOfRange, at: kindNode.position, o.at("kind"), problem)
        }
        layerKinds[n] = kind
        var properties: [String: Value] = [:]
        if let propsNode = o.optional("properties") {
            guard case .object(let members) = propsNode.kind else {
                throw ProjectFileError(.wrongType, at: propsNode.position, o.at("properties"),
                                       "expected the layer's properties (an object), found \(propsNode.summary)")
            }
            for m in members {
                let p = o.at("properties").appending(m.key)
                let spec = try propertySpec(m, p, kind: kind)
                properties[m.key] = try propertyValue(m.value, p, spec, layer: n)
            }
        }
        var sublayers: [Layer] = []
        if let subs = o.optional("sublayers") {
            sublayers = try layers(subs, o.at("sublayers"), depth: depth + 1, parent: kind)
        }
        return Layer(name: n, kind: kind, properties: properties, sublayers: sublayers)
    }

    private func propertySpec(_ m: JSONMember, _ path: JSONPath, kind: LayerKind) throws(ProjectFileError) -> PropertySpec {
        guard let spec = PropertyTable.spec(m.key) else {
            var message = "unknown property \(JSONValue.quoted(m.key))"
            if LayerKeyPath.resolve(m.key, for: kind) != nil {
                message += " (a derived key path; store the property it sets)"
            } else if let hint = Suggestion.nearest(m.key, in: PropertyTable.properties(for: kind).map(\.name)) {
                message += "; did you mean \(JSONValue.quoted(hint))?"
            }
            throw ProjectFileError(.unknownKey, at: m.keyPosition, path, message)
        }
        guard spec.applies(to: kind) else {
            let owners = LayerKind.allCases.filter { spec.applies(to: $0) }.map(\.rawValue).joined(separator: ", ")
            throw ProjectFileError(.unknownKey, at: m.keyPosition, path,
                                   "a \(kind.rawValue) layer has no property \(JSONValue.quoted(m.key)) (only \(owners) layers do)")
        }
        return spec
    }

    /// A stored property's value: its table type and range.
    private mutating func propertyValue(_ node: JSONNode, _ path: JSONPath, _ spec: PropertySpec,
                                        layer: String) throws(ProjectFileError) -> Value {
        let v = try value(node, path, spec.type, layer: layer)
        try checkRange(v, spec.range, node, path)
        return v
    }

    /// Masks may name layers anywhere in the tree, so they are checked after the whole tree.
    mutating func checkMasks() throws(ProjectFileError) {
        for ref in maskReferences where ref.name == ref.owner {
            throw ProjectFileError(.outOfRange, at: ref.position, ref.path, "a layer cannot mask itself")
        }
        for ref in maskReferences where layerKinds[ref.name] == .emitterCell {
            throw ProjectFileError(.outOfRange, at: ref.position, ref.path, "a cell cannot be a mask")
        }
        for ref in maskReferences where layerKinds[ref.name] == nil {
            var message = "the mask names no layer \(JSONValue.quoted(ref.name))"
            if let hint = Suggestion.nearest(ref.name, in: layerKinds.keys.sorted()) { message += "; did you mean \(JSONValue.quoted(hint))?" }
            throw ProjectFileError(.danglingReference, at: ref.position, ref.path, message)
        }
        maskReferences = []
    }
}
