/// Validated edits of animations, events, named paths and the canvas.
extension Document {
    /// Appends an animation (it wins over earlier ones on the same key path).
    /// In place and O(its own size) (see `addLayer`): everything is checked before it is added.
    package mutating func addAnimation(_ animation: Animation) throws(EditError) {
        try checkNewName(animation.name, dots: true)
        let checked = try checkedAnimation(animation, existing: nil)
        try checkTimeReferences(ofNew: animation.name, checked.timeReferences)
        let names = ownNames()
        animations.append(checked)
        for n in Document.childNames(of: checked) { names.add(n, .animation) }
        self.names = names
    }

    /// Replaces the animation called `name` in place (keeping its precedence), as `set ANIMATION`.
    package mutating func replaceAnimation(named name: String, with animation: Animation) throws(EditError) {
        guard let i = animationIndex(named: name) else { throw EditError.noSuchAnimation(name) }
        var copy = self
        copy.animations.remove(at: i)
        if animation.name != name { try copy.checkNewName(animation.name, dots: true) }
        let checked = try copy.checkedAnimation(animation, existing: animations[i])
        copy.animations.insert(checked, at: i)
        try copy.checkTimeReferences(edited: animation.name)
        self = copy
    }

    package mutating func deleteAnimation(_ name: String) throws(EditError) {
        guard let i = animationIndex(named: name) else { throw EditError.noSuchAnimation(name) }
        var copy = self
        copy.animations.remove(at: i)
        if let user = copy.timeUser(of: name) { throw .stillReferenced(name, by: user) }
        self = copy
    }

    /// Schedules a change: `at TIME set LAYER …`.
    package mutating func addEvent(_ event: Event) throws(EditError) {
        try checkNewName(event.name, dots: true)
        guard let target = layer(named: event.layer) else { throw EditError.noSuchLayer(event.layer) }
        for a in event.assignments {
            let kp = try resolveKeyPath(a.keyPath, on: target)
            try checkStoredValue(a.value, for: kp, layer: event.layer)
        }
        if let t = event.transition { try t.validate() }
        try checkTimeReferences(ofNew: event.name, event.time.references.sorted())
        let names = ownNames()
        events.append(event)
        names.add(event.name, .event)
        self.names = names
    }

    package mutating func deleteEvent(_ name: String) throws(EditError) {
        guard let i = eventIndex(named: name) else { throw EditError.noSuchName(name) }
        var copy = self
        copy.events.remove(at: i)
        if let user = copy.timeUser(of: name) { throw .stillReferenced(name, by: user) }
        self = copy
    }

    /// Defines a named path, or redefines it (every use follows, since uses are references).
    /// In place, keeping the name index (see `addLayer`): a script defines its paths one by one.
    package mutating func setPath(_ name: String, _ path: Path, written: String? = nil) throws(EditError) {
        let existing = pathIndex(named: name)
        if existing == nil { try checkNewName(name) }
        if path.allPoints.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            throw .invalidValue(keyPath: name, reason: "path coordinates must be finite")
        }
        let names = ownNames()
        if let i = existing {
            paths[i].path = path
            paths[i].written = WrittenForm(written)
        } else {
            var p = NamedPath(name: name, path: path)
            p.written = WrittenForm(written)
            paths.append(p)
            names.add(name, .path)
        }
        self.names = names
    }

    package mutating func deletePath(_ name: String) throws(EditError) {
        guard let i = pathIndex(named: name) else { throw EditError.noSuchPath(name) }
        if let user = pathUser(of: name) { throw .stillReferenced(name, by: user) }
        paths.remove(at: i)
    }

    /// Replaces the canvas after checking its size and duration.
    package mutating func setCanvas(_ canvas: Canvas) throws(EditError) {
        guard canvas.size.width > 0, canvas.size.height > 0,
              canvas.size.width.isFinite, canvas.size.height.isFinite else {
            throw .invalidValue(keyPath: "size", reason: "the canvas needs a positive, finite size")
        }
        var copy = self
        copy.canvas = canvas
        try copy.checkTimeReferences(edited: nil)
        self = copy
    }

    /// Deletes whatever `name` names: a layer (with its subtree), animation, event or path.
    package mutating func delete(_ name: String) throws(EditError) {
        switch kind(ofName: name) {
        case .layer: try deleteLayer(name)
        case .animation:
            guard animationIndex(named: name) != nil else {
                throw .invalidAnimation("'\(name)' is a group's child: delete the group or redefine it")
            }
            try deleteAnimation(name)
        case .event: try deleteEvent(name)
        case .path: try deletePath(name)
        case nil: throw .noSuchName(name)
        }
    }

    // MARK: - Checks

    /// The number of vertices of a keyframe animation's motion path (nil without one), after
    /// checking that the path exists, has a point, and drives a point key path.
    func motionPathVertices(_ k: Animation.Keyframes, on target: Layer) throws(EditError) -> Int? {
        guard let pv = k.path else {
            if k.rotationMode != nil { throw .invalidAnimation("rotationMode needs a path", attribute: "rotationMode") }
            return nil
        }
        let kp = try resolveKeyPath(k.keyPath, on: target, animatable: true)
        guard kp.type == .point else {
            throw .invalidAnimation("a motion path drives a point (position, anchorPoint…), not \(k.keyPath)", attribute: "path")
        }
        try checkValue(pv, type: .path, keyPath: "path", layer: target.name)
        let path: Path
        switch pv {
        case .path(let p): path = p
        case .pathRef(let n): path = paths.first { $0.name == n }?.path ?? .empty
        default: throw .wrongType(keyPath: "path", expected: .path)
        }
        guard let motion = MotionPath(path) else {
            throw .invalidAnimation("the motion path has no points", attribute: "path")
        }
        return motion.vertices.count
    }

    /// The animation with its group children's layer filled in, after checking key paths,
    /// value types, keyframe shapes and timing ranges.
    func checkedAnimation(_ a: Animation, existing: Animation?) throws(EditError) -> Animation {
        guard let target = layer(named: a.layer) else { throw EditError.noSuchLayer(a.layer) }
        var a = a
        try checkTiming(a.timing)
        func values(_ vs: [Value?], _ kp: String) throws(EditError) {
            let resolved = try resolveKeyPath(kp, on: target, animatable: true)
            for v in vs.compactMap({ $0 }) { try checkValue(v, for: resolved, layer: a.layer) }
        }
        /// Values given to a value function: numbers (or three) on a transform key path.
        func functionValues(_ vs: [Value?], _ kp: String, _ f: ValueFunctionName, _ attribute: String) throws(EditError) {
            let resolved = try resolveKeyPath(kp, on: target, animatable: true)
            guard resolved.type == .transform else {
                throw .invalidAnimation("valueFunction makes a transform: animate transform or sublayerTransform, not \(kp)",
                                        attribute: "valueFunction")
            }
            for v in vs.compactMap({ $0 }) where f.inputs(v) == nil {
                throw .invalidAnimation("with valueFunction=\(f.rawValue), each value is \(f.inputDescription)", attribute: attribute)
            }
        }
        switch a.body {
        case .basic(let b):
            if let f = b.valueFunction { try functionValues([b.from, b.to, b.by], b.keyPath, f, "from") }
            else { try values([b.from, b.to, b.by], b.keyPath) }
        case .keyframes(let k):
            let vertices = try motionPathVertices(k, on: target)
            if let f = k.valueFunction {
                if k.path != nil { throw .invalidAnimation("a motion path gives points, not a value function's numbers", attribute: "valueFunction") }
                try functionValues(k.values, k.keyPath, f, "values")
                if k.values.isEmpty { throw .invalidAnimation("keyframes need at least one value", attribute: "values") }
            } else if k.path == nil {
                try values(k.values, k.keyPath)
                if k.values.isEmpty { throw .invalidAnimation("keyframes need at least one value", attribute: "values") }
            }
            if let kt = k.keyTimes {
                if let problem = k.keyTimeCountProblem(kt.count, pathVertices: vertices) {
                    throw .invalidAnimation(problem, attribute: "keyTimes")
                }
                if kt.contains(where: { !(0...1).contains($0) }) || zip(kt, kt.dropFirst()).contains(where: { $0 > $1 }) {
                    throw .invalidAnimation("keyTimes must rise from 0 to 1", attribute: "keyTimes")
                }
            }
            let segments = max(0, k.keyframeCount(pathVertices: vertices) - 1)
            if let tf = k.timingFunctions, tf.count != segments {
                throw .invalidAnimation("timingFunctions needs \(segments) entries (one per segment)",
                                        attribute: "timingFunctions")
            }
            let keyframes = k.keyframeCount(pathVertices: vertices)
            for name in Animation.Keyframes.shapeAttributes {
                guard let vs = k.shapeValues(name) else { continue }
                if vs.count != keyframes {
                    throw .invalidAnimation("\(name) needs \(keyframes) entries (one per keyframe)", attribute: name)
                }
                if vs.contains(where: { !$0.isFinite }) {
                    throw .invalidAnimation("\(name) must be finite numbers", attribute: name)
                }
            }
        case .spring(let s):
            try values([s.from, s.to, s.by], s.keyPath)
            for (p, v) in s.form.values where !p.range.contains(v) {
                throw .outOfRange(keyPath: p.name, p.range, found: v)
            }
        case .group(var g):
            if groupDepth(a) > Document.maxGroupDepth {
                throw .invalidAnimation("groups cannot nest more than \(Document.maxGroupDepth) levels deep")
            }
            var seen: Set<String> = [a.name]
            for i in g.children.indices {
                var child = g.children[i]
                child.layer = a.layer
                // Names inside a group, at any depth, are unique among themselves and the document's.
                for name in Document.childNames(of: child) {
                    if seen.contains(name) { throw .duplicateName(name, by: .animation) }
                    try checkNewName(name, dots: true)
                    seen.insert(name)
                }
                let inner = try checkedAnimation(child, existing: nil)
                g.children[i] = inner
            }
            a.body = .group(g)
        }
        return a
    }

    /// How deep groups may nest inside one another.
    package static let maxGroupDepth = Limits.groupDepth

    /// 1 for an animation, 1 + the deepest child for a group.
    func groupDepth(_ a: Animation) -> Int {
        guard case .group(let g) = a.body else { return 1 }
        return 1 + (g.children.map(groupDepth).max() ?? 0)
    }

    /// The animation's own name (when it has one) and every named animation inside it.
    static func childNames(of a: Animation) -> [String] {
        var names = a.name.isEmpty ? [] : [a.name]
        if case .group(let g) = a.body { names += g.children.flatMap(childNames) }
        return names
    }

    func checkTiming(_ t: MediaTiming) throws(EditError) {
        for attribute in MediaTiming.attributes {
            if case .number(let v)? = attribute.value(in: t), !attribute.range.contains(v) {
                throw .outOfRange(keyPath: attribute.name, attribute.range, found: v)
            }
        }
        if case .cubic(let a, let b, let c, let d) = t.timingFunction {
            if ![a, b, c, d].allSatisfy(\.isFinite) || !(0...1).contains(a) || !(0...1).contains(c) {
                throw .invalidTiming(attribute: "timingFunction", reason: "cubic x values must be in 0…1")
            }
        }
    }

    /// Who (in words) uses a named path, if anyone.
    func pathUser(of name: String) -> String? {
        let ref = Value.pathRef(name)
        for (l, _, _) in allLayers where l.properties.values.contains(where: { $0.mentions(ref) }) {
            return "the layer '\(l.name)'"
        }
        var found: String?
        forEachAnimation { a in
            if found == nil, a.values.contains(where: { $0.mentions(ref) }) { found = "the animation '\(a.name)'" }
        }
        if let found { return found }
        for e in events where e.assignments.contains(where: { $0.value.mentions(ref) }) {
            return "the event '\(e.name)'"
        }
        return nil
    }

    /// Calls `body` for every animation, group children included.
    func forEachAnimation(_ body: (Animation) -> Void) {
        func walk(_ a: Animation) {
            body(a)
            if case .group(let g) = a.body { g.children.forEach(walk) }
        }
        animations.forEach(walk)
    }
}

extension Value {
    func mentions(_ v: Value) -> Bool {
        if self == v { return true }
        if case .list(let xs) = self { return xs.contains { $0.mentions(v) } }
        return false
    }
}

extension Animation {
    /// Every value the animation carries (not its children's).
    var values: [Value] {
        switch body {
        case .basic(let b): return [b.from, b.to, b.by].compactMap { $0 }
        case .keyframes(let k): return k.values + (k.path.map { [$0] } ?? [])
        case .spring(let s): return [s.from, s.to, s.by].compactMap { $0 }
        case .group: return []
        }
    }
}
