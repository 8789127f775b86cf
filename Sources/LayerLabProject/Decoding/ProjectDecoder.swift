import LayerLabCore

/// Turns a parsed JSON tree into a `Document`, checking every type, range and reference.
///
/// Sections are read in dependency order whatever their order in the file: canvas, paths,
/// layers (a mask may name a later layer, so masks are checked after all layers), animations
/// (their layer and key path must exist), events; then the names used in time expressions, and
/// that those expressions do not depend on each other in a loop.
struct ProjectDecoder {
    /// Layers, paths, animations (at any depth) and events share one namespace, as in the
    /// editor: where and as what each name was first defined.
    var names: [String: (position: SourcePosition, kind: NameKind)] = [:]
    var pathNames: Set<String> = []
    /// The named paths' shapes, for counting a motion path's keyframes.
    var pathShapes: [String: Path] = [:]
    var layerKinds: [String: LayerKind] = [:]
    /// Top-level animations and events: the names time expressions may use.
    var timedNames: Set<String> = []
    var maskReferences: [LayerReference] = []
    var timeReferences: [TimeReference] = []

    static let rootKeys = ["format", "version", "canvas", "paths", "layers", "animations", "events"]

    mutating func document(_ root: JSONNode) throws(ProjectFileError) -> Document {
        try checkFormat(root)
        let o = try ObjectReader(root, .root, what: "a project", allowed: ProjectDecoder.rootKeys)
        var doc = Document()
        if let node = o.optional("canvas") { doc.canvas = try canvas(node, o.at("canvas")) }
        if let node = o.optional("paths") {
            for (n, item) in try array(node, o.at("paths"), "a list of paths").enumerated() {
                doc.paths.append(try namedPath(item, o.at("paths").appending(n)))
            }
            for p in doc.paths { pathShapes[p.name] = p.path }
        }
        if let node = o.optional("layers") { doc.layers = try layers(node, o.at("layers")) }
        try checkMasks()
        if let node = o.optional("animations") {
            for (n, item) in try array(node, o.at("animations"), "a list of animations").enumerated() {
                doc.animations.append(try animation(item, o.at("animations").appending(n), parent: nil))
            }
        }
        if let node = o.optional("events") {
            for (n, item) in try array(node, o.at("events"), "a list of events").enumerated() {
                doc.events.append(try event(item, o.at("events").appending(n)))
            }
        }
        try checkMasks() // masks set by events
        try checkTimeReferences(doc)
        return doc
    }

    /// The format tag and version come first, so a foreign or newer file gets that message
    /// rather than one about the first key this version does not know.
    private func checkFormat(_ root: JSONNode) throws(ProjectFileError) {
        guard case .object(let members) = root.kind else {
            throw ProjectFileError(.notAProject, at: root.position, .root,
                                   "not a LayerLab project: expected an object with \"format\": \"\(ProjectFile.formatTag)\", found \(root.summary)")
        }
        guard let format = members.first(where: { $0.key == "format" }) else {
            throw ProjectFileError(.notAProject, at: root.position, .root,
                                   "not a LayerLab project: there is no \"format\": \"\(ProjectFile.formatTag)\"")
        }
        guard format.value.isString(ProjectFile.formatTag) else {
            throw ProjectFileError(.notAProject, at: format.value.position, JSONPath.root.appending("format"),
                                   "not a LayerLab project: the format is \(format.value.summary), expected \"\(ProjectFile.formatTag)\"")
        }
        let path = JSONPath.root.appending("version")
        guard let versionNode = members.first(where: { $0.key == "version" })?.value else {
            throw ProjectFileError(.missingField, at: root.position, .root, "missing field \"version\" in a project")
        }
        guard case .number(let text) = versionNode.kind else {
            throw ProjectFileError(.wrongType, at: versionNode.position, path, "expected a whole number, found \(versionNode.summary)")
        }
        guard let v = Double(text), v == v.rounded(), v >= 1 else {
            throw ProjectFileError(.outOfRange, at: versionNode.position, path,
                                   "out of range: the version is a whole number from 1, found \(text)")
        }
        if v > Double(ProjectFile.version) {
            throw ProjectFileError(.newerVersion(Int(exactly: v) ?? Int.max), at: versionNode.position, path,
                                   "made by a newer LayerLab (format version \(text)); this one reads up to \(ProjectFile.version)")
        }
    }

    private mutating func canvas(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Canvas {
        let o = try ObjectReader(node, path, what: "the canvas", allowed: ["size", "background", "duration", "poster"])
        var canvas = Canvas()
        if let size = o.optional("size") {
            let items = try array(size, o.at("size"), "a size [width, height]")
            let c = try numbers(size, o.at("size"), count: 2, "a size [width, height]")
            for n in 0..<2 { _ = try number(items[n], o.at("size").appending(n), .positive) }
            canvas.size = Size(c[0], c[1])
        }
        if let bg = o.optional("background") { canvas.background = try color(bg, o.at("background")) }
        if let p = o.optional("poster") { canvas.poster = try number(p, o.at("poster"), Limits.sceneTimes) }
        if let d = o.optional("duration") {
            canvas.duration = try time(d, o.at("duration"), owner: nil)
            if let v = canvas.duration?.constant, !(v >= 0) {
                throw ProjectFileError(.outOfRange, at: d.position, o.at("duration"), "out of range: must be 0 or more, found \(d.summary)")
            }
        }
        return canvas
    }

    private mutating func namedPath(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> NamedPath {
        let o = try ObjectReader(node, path, what: "a named path", allowed: ["name", "data"])
        let nameNode = try o.required("name")
        let n = try define(nameNode, o.at("name"), as: .path)
        pathNames.insert(n)
        return NamedPath(name: n, path: try pathData(try o.required("data"), o.at("data")))
    }

    private mutating func event(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Event {
        let o = try ObjectReader(node, path, what: "an event", allowed: ["name", "time", "layer", "animated", "transition", "set"])
        let nameNode = try o.required("name")
        let n = try define(nameNode, o.at("name"), as: .event)
        timedNames.insert(n)
        let t = try time(try o.required("time"), o.at("time"), owner: n)
        let (layer, kind) = try layerReference(try o.required("layer"), o.at("layer"))
        let animated = try o.optional("animated").map { (a) throws(ProjectFileError) in try bool(a, o.at("animated")) } ?? false
        var assignments: [Assignment] = []
        for (i, item) in try array(try o.required("set"), o.at("set"), "a list of {\"keyPath\", \"value\"}").enumerated() {
            let p = o.at("set").appending(i)
            let a = try ObjectReader(item, p, what: "an assignment", allowed: ["keyPath", "value"])
            let kpNode = try a.required("keyPath")
            let kp = try keyPath(kpNode, a.at("keyPath"), kind: kind, animating: false)
            let valueNode = try a.required("value")
            let v = try value(valueNode, a.at("value"), kp.type, layer: layer)
            try checkRange(v, kp.range, valueNode, a.at("value"))
            assignments.append(Assignment(keyPath: try string(kpNode, a.at("keyPath")), value: v))
        }
        var event = Event(name: n, time: t, layer: layer, assignments: assignments, animated: animated)
        if let node = o.optional("transition") {
            guard kind.isLayer else {
                throw ProjectFileError(.outOfRange, at: node.position, o.at("transition"), "a transition draws a layer, not an emitter cell")
            }
            event.transition = try transition(node, o.at("transition"))
        }
        return event
    }

    /// `{"type": "push", "subtype": "fromRight", "duration": 0.4, …}`.
    private func transition(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> Transition {
        let o = try ObjectReader(node, path, what: "a transition", allowed: ["type", "subtype", "duration", "timingFunction",
                                                                              "startProgress", "endProgress"])
        var t = Transition(type: try word(try o.required("type"), o.at("type"), as: Transition.Kind.self))
        if let s = o.optional("subtype") {
            guard t.type != .fade else {
                throw ProjectFileError(.outOfRange, at: s.position, o.at("subtype"), "a fade has no subtype")
            }
            t.subtype = try word(s, o.at("subtype"), as: Transition.Subtype.self)
        }
        if let d = o.optional("duration") { t.duration = try number(d, o.at("duration"), .nonNegative) }
        if let f = o.optional("timingFunction") { t.timingFunction = try timingFunction(f, o.at("timingFunction")) }
        if let p = o.optional("startProgress") { t.startProgress = try number(p, o.at("startProgress"), .unit) }
        if let p = o.optional("endProgress") {
            t.endProgress = try number(p, o.at("endProgress"), .unit)
            if t.endProgress < t.startProgress {
                throw ProjectFileError(.outOfRange, at: p.position, o.at("endProgress"),
                                       "endProgress must not be less than startProgress (\(formatNumber(t.startProgress)))")
            }
        }
        return t
    }

    // MARK: - Names

    /// Reads and records a new name, refusing one that is malformed or already taken.
    mutating func define(_ node: JSONNode, _ path: JSONPath, as kind: NameKind) throws(ProjectFileError) -> String {
        let n = try name(node, path, dots: kind == .animation || kind == .event)
        if let first = names[n] {
            throw ProjectFileError(.duplicateName, at: node.position, path,
                                   "the name \(JSONValue.quoted(n)) is already used by the \(first.kind) at line \(first.position.line), column \(first.position.column)")
        }
        names[n] = (node.position, kind)
        return n
    }

    /// A layer name that must exist (layers are all known by the time anything refers to them).
    func layerReference(_ node: JSONNode, _ path: JSONPath) throws(ProjectFileError) -> (String, LayerKind) {
        let n = try name(node, path)
        guard let kind = layerKinds[n] else {
            var message = "no layer named \(JSONValue.quoted(n))"
            if let hint = Suggestion.nearest(n, in: layerKinds.keys.sorted()) { message += "; did you mean \(JSONValue.quoted(hint))?" }
            throw ProjectFileError(.danglingReference, at: node.position, path, message)
        }
        return (n, kind)
    }

    /// A key path valid for the layer kind. Callers keep the text as written (an alias stays an
    /// alias), so the document comes back exactly as it was saved.
    func keyPath(_ node: JSONNode, _ path: JSONPath, kind: LayerKind, animating: Bool) throws(ProjectFileError) -> LayerKeyPath {
        let text = try string(node, path)
        guard let kp = LayerKeyPath.resolve(text, for: kind) else {
            var message = "unknown key path \(node.summary) for a \(kind.rawValue) layer"
            if let hint = Suggestion.nearest(text, in: LayerKeyPath.names(for: kind)) { message += "; did you mean \(JSONValue.quoted(hint))?" }
            throw ProjectFileError(.outOfRange, at: node.position, path, message)
        }
        if animating && !kp.isAnimatable {
            throw ProjectFileError(.outOfRange, at: node.position, path, "the key path \(node.summary) cannot be animated")
        }
        return kp
    }
}

/// A layer name used as a mask, checked once every layer is known.
struct LayerReference {
    var name: String
    /// The layer being masked.
    var owner: String
    var position: SourcePosition
    var path: JSONPath
}

/// A time expression that names animations or events, checked once all of them are known.
struct TimeReference {
    var expr: TimeExpr
    /// The top-level animation or event whose timing this is; nil for the canvas duration.
    var owner: String?
    var position: SourcePosition
    var path: JSONPath
}
