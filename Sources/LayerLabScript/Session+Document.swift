import LayerLabCore

/// The commands that build the layer tree: canvas, path, layer kinds, set, delete, rename, move.
extension Session {
    mutating func canvas(_ args: ArgumentList, _ c: Command) throws(ScriptError) {
        typealias Canvas = CommandTable.Canvas
        try checkAttributes(args, of: Canvas.attributes, command: Canvas.name)
        var canvas = document.canvas
        // In the order written, so the first bad value is the one reported.
        for a in args.arguments {
            if let size = try Canvas.size.value(of: a, in: self) {
                canvas.size = size
                canvas.written.note(Canvas.size.name, nil)
            } else if let color = try Canvas.background.value(of: a, in: self) {
                canvas.background = color
                canvas.written.note(Canvas.background.name, a.value.spelling(for: .color))
            } else if let poster = try Canvas.poster.value(of: a, in: self) {
                canvas.poster = poster
            } else if let duration = try Canvas.duration.value(of: a, in: self) {
                canvas.duration = duration
                canvas.written.note(Canvas.duration.name, duration == nil ? nil : a.value.spelling(for: nil))
            }
        }
        var doc = document
        try edit(args.arguments.first?.value.range ?? c.verb.range) { () throws(EditError) in try doc.setCanvas(canvas) }
        commit(doc, c.text)
    }

    mutating func definePath(_ n: Name, _ e: Expr, _ c: Command) throws(ScriptError) {
        let path: Path
        switch try reader.path(e) {
        case .path(let p): path = p
        case .pathRef(let other):
            guard other != n.text, let i = document.pathIndex(named: other) else {
                throw .invalid("a path cannot be defined as itself", e.range)
            }
            path = document.paths[i].path
        default: path = .empty
        }
        if let kind = document.kind(ofName: n.text), kind != .path {
            throw .edit(.duplicateName(n.text, by: kind), n.range)
        }
        // In place: a script's paths are defined one after another.
        let i = document.pathIndex(named: n.text)
        let region = History.Region(paths: i.map { $0..<($0 + 1) } ?? document.paths.count..<document.paths.count)
        try commitInPlace(c.text, region) { (s, doc) throws(ScriptError) in
            try s.edit(n.range) { () throws(EditError) in try doc.setPath(n.text, path, written: e.spelling(for: .path)) }
        }
    }

    mutating func addLayer(_ kind: LayerKind, _ n: Name, _ args: ArgumentList, cells: [CellCommand],
                           _ c: Command) throws(ScriptError) {
        var root = document.layers.count
        if let parent = args.parent {
            _ = try requireLayer(parent)
            root = rootIndex(ofLayer: parent.text) ?? root
        }
        // The layer and its cells all go into one root layer's subtree (or a new root layer).
        let region = History.Region(layers: args.parent == nil ? root..<root : root..<(root + 1))
        try commitInPlace(c.text, region) { (s, doc) throws(ScriptError) in
            try s.insert(kind, n, args.arguments, in: args.parent?.text, cells: cells, into: &doc)
        }
    }

    /// Adds a layer with its properties, then the cells of its block under it, in order.
    private func insert(_ kind: LayerKind, _ n: Name, _ arguments: [Argument], in parent: String?,
                        cells: [CellCommand], into doc: inout Document) throws(ScriptError) {
        try edit(n.range) { () throws(EditError) in
            try doc.addLayer(Layer(name: n.text, kind: kind), in: parent)
        }
        try assign(arguments, to: n.text, in: &doc)
        for cell in cells {
            try insert(.emitterCell, cell.name, cell.arguments.arguments, in: n.text, cells: cell.cells, into: &doc)
        }
    }

    /// Types and applies `key=value` arguments to a layer, one at a time so errors point at
    /// the argument that caused them.
    func assign(_ arguments: [Argument], to layerName: String, in doc: inout Document) throws(ScriptError) {
        for var a in arguments {
            var target = layerName
            // `emitterCells.NAME.KEY` on an emitter sets KEY on its cell NAME.
            if let (cell, keyPath) = try cellTarget(Name(text: layerName, range: a.key.range), a.key, in: doc) {
                target = cell.text
                a.key = keyPath
            }
            let list = try assignments([a], for: target, in: doc)
            try edit(a.value.range) { () throws(EditError) in try doc.setProperties(layer: target, list) }
        }
    }

    /// The typed assignments of `key=value` arguments for a layer.
    func assignments(_ arguments: [Argument], for layerName: String, in doc: Document) throws(ScriptError) -> [Assignment] {
        guard let layer = doc.layer(named: layerName) else { return [] }
        let r = ValueReader(document: doc)
        var out: [Assignment] = []
        for a in arguments {
            let kp = try resolveKeyPath(a.key, on: layer)
            let v = try r.value(a.value, type: kp.type, keyPath: kp.name)
            do { try doc.checkStoredValue(v, for: kp, layer: layerName) } catch { throw .edit(error, a.value.range) }
            out.append(Assignment(keyPath: kp.name, value: v, written: a.value.spelling(for: kp.type)))
        }
        return out
    }

    mutating func set(_ target: Name, _ args: ArgumentList, _ c: Command) throws(ScriptError) {
        if document.layer(named: target.text) != nil {
            guard !args.arguments.isEmpty else {
                throw .unexpected(found: "end of command", expected: "prop=value", c.range)
            }
            if args.has(CommandTable.SetCommand.animated) {
                // An implicit action at the current time: an event whose change animates from
                // the presentation value then, as Core Animation's default action does.
                let list = try assignments(args.arguments, for: target.text, in: document)
                let event = Event(name: document.uniqueName(base: "\(target.text).set"), time: .number(time),
                                  layer: target.text, assignments: list, animated: true)
                let end = document.events.count
                try commitInPlace(c.text, History.Region(events: end..<end)) { (s, doc) throws(ScriptError) in
                    try s.edit(target.range) { () throws(EditError) in try doc.addEvent(event) }
                }
            } else {
                try assignInPlace(args.arguments, to: target.text, c)
            }
        } else if document.animationIndex(named: target.text) != nil {
            if let f = args.flags.first { throw .invalid("'animated' applies to layers, not animations", f.range) }
            try setAnimation(target, args.arguments, c)
        } else {
            let names = document.allLayers.map(\.layer.name) + document.animations.map(\.name)
            throw .unknown(what: "layer or animation", name: target.text, target.range,
                           suggestion: Suggestion.nearest(target.text, in: names))
        }
    }

    /// `set LAYER.KEYPATH = value`, or `set ANIMATION.ATTRIBUTE = value`.
    mutating func setKeyPath(_ target: Name, _ e: Expr, _ c: Command) throws(ScriptError) {
        let (owner, rest) = splitTarget(target)
        guard let rest else {
            throw .unexpected(found: "'='", expected: "LAYER.KEYPATH = value or LAYER prop=value", target.range)
        }
        let arg = Argument(key: rest, value: e)
        if document.layer(named: owner.text) == nil, document.animationIndex(named: owner.text) != nil {
            try setAnimation(owner, [arg], c)
            return
        }
        _ = try requireLayer(owner)
        try assignInPlace([arg], to: owner.text, c)
    }

    /// `set LAYER …`: the assignments, made in place (only that layer's root subtree changes).
    mutating func assignInPlace(_ arguments: [Argument], to layerName: String, _ c: Command) throws(ScriptError) {
        guard let root = rootIndex(ofLayer: layerName) else { return }
        try commitInPlace(c.text, History.Region(layers: root..<(root + 1))) { (s, doc) throws(ScriptError) in
            try s.assign(arguments, to: layerName, in: &doc)
        }
    }

    /// Splits `box.position.x` into the layer `box` and key path `position.x`, or an animation
    /// name with dots (`oval.path.2.duration`) into the animation and the attribute.
    func splitTarget(_ target: Name) -> (Name, Name?) {
        let text = target.text
        var cut: String.Index?
        if let dot = text.firstIndex(of: "."), document.layer(named: String(text[..<dot])) != nil {
            cut = dot
        } else {
            for a in document.animations.map(\.name).sorted(by: { $0.count > $1.count })
            where text.hasPrefix(a + ".") {
                cut = text.index(text.startIndex, offsetBy: a.count)
                break
            }
            if cut == nil { cut = text.firstIndex(of: ".") }
        }
        guard let cut else { return (target, nil) }
        let ownerLen = text.distance(from: text.startIndex, to: cut)
        let start = target.range.start
        let mid = SourceLocation(line: start.line, column: start.column + ownerLen)
        let owner = Name(text: String(text[..<cut]), range: SourceRange(start, mid))
        let restStart = SourceLocation(line: start.line, column: mid.column + 1)
        let rest = Name(text: String(text[text.index(after: cut)...]), range: SourceRange(restStart, target.range.end))
        return (owner, rest)
    }

    mutating func delete(_ n: Name, _ c: Command) throws(ScriptError) {
        var doc = document
        guard doc.kind(ofName: n.text) != nil else {
            let names = doc.allLayers.map(\.layer.name) + doc.allAnimationNames + doc.events.map(\.name) + doc.paths.map(\.name)
            throw .unknown(what: "name", name: n.text, n.range, suggestion: Suggestion.nearest(n.text, in: names))
        }
        try edit(n.range) { () throws(EditError) in try doc.delete(n.text) }
        commit(doc, c.text)
    }

    mutating func rename(_ old: Name, _ new: Name, _ c: Command) throws(ScriptError) {
        var doc = document
        guard doc.kind(ofName: old.text) != nil else {
            let names = doc.allLayers.map(\.layer.name) + doc.allAnimationNames + doc.events.map(\.name) + doc.paths.map(\.name)
            throw .unknown(what: "name", name: old.text, old.range, suggestion: Suggestion.nearest(old.text, in: names))
        }
        try edit(new.range) { () throws(EditError) in try doc.rename(old.text, to: new.text) }
        commit(doc, c.text)
    }

    mutating func move(_ n: Name, _ args: ArgumentList, _ c: Command) throws(ScriptError) {
        typealias Move = CommandTable.Move
        try checkAttributes(args, of: Move.attributes, command: Move.name)
        _ = try requireLayer(n)
        if let p = args.parent { _ = try requireLayer(p) }
        let index = try value(Move.index, in: args)
        var doc = document
        let range = args[Move.index]?.value.range ?? args.parent?.range ?? n.range
        try edit(range) { () throws(EditError) in try doc.moveLayer(n.text, into: args.parent?.text, at: index) }
        commit(doc, c.text)
    }

    /// `auto` or `none`: a canvas duration or poster time left to the scene.
    static func isAuto(_ e: Expr) -> Bool {
        if case .word(let w, _) = e { return w == "auto" || w == "none" }
        return false
    }
}
