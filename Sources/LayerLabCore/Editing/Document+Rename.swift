/// Renaming keeps every reference intact: masks, animations' and events' layers, time
/// expressions and path references all follow the new name.
extension Document {
    package mutating func rename(_ old: String, to new: String) throws(EditError) {
        guard let kind = kind(ofName: old) else { throw EditError.noSuchName(old) }
        if old == new { return }
        try checkNewName(new, dots: kind == .animation || kind == .event)
        var copy = self
        switch kind {
        case .layer:
            if let p = copy.indexPath(ofLayer: old) { copy.modifyLayer(at: p) { $0.name = new } }
            let ref = Value.string(old)
            copy.mapLayers { l in
                if l.properties["mask"] == ref { l.properties["mask"] = .string(new) }
            }
            copy.mapAnimations { a in if a.layer == old { a.layer = new } }
            for i in copy.events.indices {
                if copy.events[i].layer == old { copy.events[i].layer = new }
                for j in copy.events[i].assignments.indices
                where copy.events[i].assignments[j].keyPath == "mask" && copy.events[i].assignments[j].value == ref {
                    copy.events[i].assignments[j].value = .string(new)
                }
            }
        case .animation, .event:
            copy.mapAnimations { a in if a.name == old { a.name = new } }
            if let i = copy.eventIndex(named: old) { copy.events[i].name = new }
            copy.mapAnimations { a in a.timing.beginTime = a.timing.beginTime.renaming(old, to: new) }
            for i in copy.events.indices { copy.events[i].time = copy.events[i].time.renaming(old, to: new) }
            copy.canvas.duration = copy.canvas.duration?.renaming(old, to: new)
        case .path:
            if let i = copy.pathIndex(named: old) { copy.paths[i].name = new }
            let (from, to) = (Value.pathRef(old), Value.pathRef(new))
            copy.mapLayers { l in
                for (k, v) in l.properties { l.properties[k] = v.replacing(from, with: to) }
            }
            copy.mapAnimations { a in a.mapValues { $0.replacing(from, with: to) } }
            for i in copy.events.indices {
                for j in copy.events[i].assignments.indices {
                    copy.events[i].assignments[j].value = copy.events[i].assignments[j].value.replacing(from, with: to)
                }
            }
        }
        self = copy
    }

    mutating func mapLayers(_ body: (inout Layer) -> Void) {
        func walk(_ l: inout Layer) {
            body(&l)
            for i in l.sublayers.indices { walk(&l.sublayers[i]) }
        }
        for i in layers.indices { walk(&layers[i]) }
    }

    mutating func mapAnimations(_ body: (inout Animation) -> Void) {
        func walk(_ a: inout Animation) {
            body(&a)
            if case .group(var g) = a.body {
                for i in g.children.indices { walk(&g.children[i]) }
                a.body = .group(g)
            }
        }
        for i in animations.indices { walk(&animations[i]) }
    }
}

extension Value {
    func replacing(_ old: Value, with new: Value) -> Value {
        if self == old { return new }
        if case .list(let xs) = self { return .list(xs.map { $0.replacing(old, with: new) }) }
        return self
    }
}

extension Animation {
    mutating func mapValues(_ f: (Value) -> Value) {
        switch body {
        case .basic(var b): b.from = b.from.map(f); b.to = b.to.map(f); b.by = b.by.map(f); body = .basic(b)
        case .keyframes(var k): k.values = k.values.map(f); k.path = k.path.map(f); body = .keyframes(k)
        case .spring(var s): s.from = s.from.map(f); s.to = s.to.map(f); s.by = s.by.map(f); body = .spring(s)
        case .group: break
        }
    }
}
