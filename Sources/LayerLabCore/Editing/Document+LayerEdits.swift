/// Validated edits of the layer tree. Each either applies completely or throws and leaves
/// the document as it was.
extension Document {
    /// Adds a new layer (without sublayers) under `parent` (nil: the root), at `index`
    /// (nil: on top, the end of the list).
    ///
    /// Changes the document in place (no copy of its lists, so adding one of thousands of layers
    /// costs O(1) when no other copy holds them): everything is checked first, and a refused
    /// property takes the new layer out again.
    package mutating func addLayer(_ layer: Layer, in parent: String? = nil, at index: Int? = nil) throws(EditError) {
        try checkNewName(layer.name)
        var fresh = layer
        fresh.properties = [:]
        fresh.sublayers = []
        let parentPath = try self.parentPath(parent)
        guard parentPath.count < Document.maxLayerDepth else { throw .tooDeep(Document.maxLayerDepth) }
        if let problem = LayerKind.placementProblem(layer.kind, under: parent.flatMap { self.layer(named: $0)?.kind }) {
            throw .misplaced(problem)
        }
        let count = parentPath.isEmpty ? layers.count : self.layer(at: parentPath).sublayers.count
        let i = index ?? count
        guard (0...count).contains(i) else { throw .indexOutOfRange(i, count: count) }
        let names = ownNames()
        modifySublayers(of: parentPath) { $0.insert(fresh, at: i) }
        names.add(layer.name, .layer, root: parentPath.first ?? i)
        self.names = names
        let assignments = layer.properties.sorted { $0.key < $1.key }.map { Assignment(keyPath: $0.key, value: $0.value) }
        guard !assignments.isEmpty else { return }
        do {
            try setProperties(layer: layer.name, assignments)
        } catch {
            modifySublayers(of: parentPath) { $0.remove(at: i) }
            throw error
        }
    }

    /// Sets key paths on a layer, in order (so `bounds` then `bounds.size.width` composes).
    /// In place, and only after every value is checked.
    package mutating func setProperties(layer name: String, _ assignments: [Assignment]) throws(EditError) {
        guard let path = indexPath(ofLayer: name) else { throw EditError.noSuchLayer(name) }
        let target = layer(at: path)
        var props = target.properties
        var written = target.written
        for a in assignments {
            let kp = try resolveKeyPath(a.keyPath, on: target)
            try checkStoredValue(a.value, for: kp, layer: name)
            kp.write(a.value, into: &props)
            // A spelling belongs to a whole property; a component write leaves none behind.
            for p in kp.storedProperties { written.note(p, p == kp.name ? a.written.text : nil) }
        }
        // Unset (null) masks are stored as absent, so a document compares equal to one that never set it.
        for (k, v) in props where v == .null { props[k] = nil }
        let names = self.names   // no name changes
        modifyLayer(at: path) { $0.properties = props; $0.written = written }
        self.names = names
    }

    /// Moves a layer (with its sublayers) under `parent` (nil: the root) at `index` (nil: on top).
    package mutating func moveLayer(_ name: String, into parent: String?, at index: Int? = nil) throws(EditError) {
        guard let from = indexPath(ofLayer: name) else { throw EditError.noSuchLayer(name) }
        if let parent {
            guard let pp = indexPath(ofLayer: parent) else { throw EditError.noSuchLayer(parent) }
            if pp.starts(with: from) { throw .moveIntoOwnSublayer(layer: name, parent: parent) }
        }
        if let problem = LayerKind.placementProblem(layer(at: from).kind, under: parent.flatMap { layer(named: $0)?.kind }) {
            throw .misplaced(problem)
        }
        var copy = self
        let moving = layer(at: from)
        copy.modifySublayers(of: Array(from.dropLast())) { $0.remove(at: from.last!) }
        let parentPath = try copy.parentPath(parent)
        guard parentPath.count + Document.height(of: moving) <= Document.maxLayerDepth else {
            throw .tooDeep(Document.maxLayerDepth)
        }
        var count = 0
        copy.modifySublayers(of: parentPath) { count = $0.count }
        let i = index ?? count
        guard (0...count).contains(i) else { throw .indexOutOfRange(i, count: count) }
        copy.modifySublayers(of: parentPath) { $0.insert(moving, at: i) }
        self = copy
    }

    /// Deletes a layer with its sublayers, their animations and scheduled events; masks that
    /// pointed at a deleted layer are unset.
    package mutating func deleteLayer(_ name: String) throws(EditError) {
        guard let path = indexPath(ofLayer: name) else { throw EditError.noSuchLayer(name) }
        var doomed: Set<String> = []
        func collect(_ l: Layer) { doomed.insert(l.name); l.sublayers.forEach(collect) }
        collect(layer(at: path))
        var copy = self
        copy.modifySublayers(of: Array(path.dropLast())) { $0.remove(at: path.last!) }
        let goneTimes = Set(animations.filter { doomed.contains($0.layer) }.map(\.name)
            + events.filter { doomed.contains($0.layer) }.map(\.name))
        copy.animations.removeAll { doomed.contains($0.layer) }
        copy.events.removeAll { doomed.contains($0.layer) }
        for n in goneTimes.sorted() {
            if let user = copy.timeUser(of: n) { throw .stillReferenced(n, by: user) }
        }
        for e in copy.events {
            for a in e.assignments where a.keyPath == "mask" {
                if case .string(let m) = a.value, doomed.contains(m) {
                    throw .stillReferenced(m, by: "the event '\(e.name)'")
                }
            }
        }
        for (l, _, _) in copy.allLayers {
            if case .string(let m)? = l.properties["mask"], doomed.contains(m), let p = copy.indexPath(ofLayer: l.name) {
                copy.modifyLayer(at: p) { $0.properties["mask"] = nil }
            }
        }
        self = copy
    }

    /// How deep layers may nest: drawing and evaluation recurse once a level.
    package static let maxLayerDepth = Limits.layerDepth

    func parentPath(_ parent: String?) throws(EditError) -> [Int] {
        guard let parent else { return [] }
        guard let p = indexPath(ofLayer: parent) else { throw EditError.noSuchLayer(parent) }
        return p
    }

    /// The number of levels a layer's subtree adds below itself (1 for a leaf).
    static func height(of layer: Layer) -> Int {
        1 + (layer.sublayers.map(height).max() ?? 0)
    }
}
