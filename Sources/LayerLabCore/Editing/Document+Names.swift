/// Looking things up by name: the layer tree, animations, events and paths.
extension Document {
    /// A layer anywhere in the tree.
    package func layer(named name: String) -> Layer? {
        guard let path = indexPath(ofLayer: name) else { return nil }
        return layer(at: path)
    }

    /// The indices from the root list down to the layer, or nil.
    package func indexPath(ofLayer name: String) -> [Int]? {
        // NB: called several times by every command, on trees of many thousands of layers.
        // With the name index, a name that is no layer costs O(1), and a layer is looked for
        // first in the subtree it was added to; without, a walk that copies no layers and
        // builds no arrays along the way (depth is bounded by `maxLayerDepth`).
        var visited = 0
        defer { WorkCounter.current?.add(visited) }
        var path: [Int] = []
        func search(_ layers: [Layer]) -> Bool {
            for i in layers.indices {
                visited += 1
                path.append(i)
                if layers[i].name == name { return true }
                if !layers[i].sublayers.isEmpty, search(layers[i].sublayers) { return true }
                path.removeLast()
            }
            return false
        }
        if let names {
            guard names.kinds[name] == .layer else { return nil }
            if let r = names.roots[name], r < layers.count {
                path = [r]
                visited += 1
                if layers[r].name == name || search(layers[r].sublayers) { return path }
                path = []
            }
        }
        return search(layers) ? path : nil
    }

    func layer(at path: [Int]) -> Layer {
        var l = layers[path[0]]
        for i in path.dropFirst() { l = l.sublayers[i] }
        return l
    }

    /// Calls `body` with the layer at `path`, in place.
    mutating func modifyLayer(at path: [Int], _ body: (inout Layer) -> Void) {
        func walk(_ list: inout [Layer], _ rest: ArraySlice<Int>) {
            guard let i = rest.first else { return }
            if rest.count == 1 { body(&list[i]) } else { walk(&list[i].sublayers, rest.dropFirst()) }
        }
        walk(&layers, path[...])
    }

    /// The sublayer list at `parentPath` (the root list for an empty path), in place.
    mutating func modifySublayers(of parentPath: [Int], _ body: (inout [Layer]) -> Void) {
        if parentPath.isEmpty { body(&layers) } else { modifyLayer(at: parentPath) { body(&$0.sublayers) } }
    }

    /// Every layer, depth first in drawing order, with its depth and superlayer name.
    package var allLayers: [(layer: Layer, depth: Int, parent: String?)] {
        var out: [(Layer, Int, String?)] = []
        func walk(_ ls: [Layer], _ depth: Int, _ parent: String?) {
            for l in ls { out.append((l, depth, parent)); walk(l.sublayers, depth + 1, l.name) }
        }
        walk(layers, 0, nil)
        return out.map { (layer: $0.0, depth: $0.1, parent: $0.2) }
    }

    /// The index of a top-level animation.
    package func animationIndex(named name: String) -> Int? { animations.firstIndex { $0.name == name } }

    package func animation(named name: String) -> Animation? { animationIndex(named: name).map { animations[$0] } }

    package func eventIndex(named name: String) -> Int? { events.firstIndex { $0.name == name } }

    package func pathIndex(named name: String) -> Int? { paths.firstIndex { $0.name == name } }

    /// What holds `name`, if anything (group children's names count as animations).
    package func kind(ofName name: String) -> NameKind? {
        if let names { return names.kinds[name] }
        if layer(named: name) != nil { return .layer }
        if allAnimationNames.contains(name) { return .animation }
        if eventIndex(named: name) != nil { return .event }
        if pathIndex(named: name) != nil { return .path }
        return nil
    }

    /// Every animation name, group children included.
    package var allAnimationNames: [String] {
        var out: [String] = []
        func walk(_ a: Animation) {
            if !a.name.isEmpty { out.append(a.name) }
            if case .group(let g) = a.body { g.children.forEach(walk) }
        }
        animations.forEach(walk)
        return out
    }

    /// Names a time expression may refer to: top-level animations and events.
    package var timeReferenceNames: [String] { animations.map(\.name) + events.map(\.name) }

    /// Whether a time expression may refer to `name` (one of `timeReferenceNames`), without
    /// building the list.
    package func isTimeReference(_ name: String) -> Bool {
        animations.contains { $0.name == name } || events.contains { $0.name == name }
    }

    /// `base` if free, else `base.2`, `base.3`, …: how unnamed animations and events are named.
    package func uniqueName(base: String) -> String {
        if kind(ofName: base) == nil { return base }
        var n = names?.nextSuffix[base] ?? 2
        while kind(ofName: "\(base).\(n)") != nil { n += 1 }
        return "\(base).\(n)"
    }

    /// Checks that `name` is well formed and free; `dots` allows `a.b` (animation and event names).
    package func checkNewName(_ name: String, dots: Bool = false) throws(EditError) {
        try Document.checkNameSyntax(name, dots: dots)
        if let k = kind(ofName: name) { throw .duplicateName(name, by: k) }
    }

    /// Words that cannot be names because the command language gives them a meaning there.
    package static let reservedNames: Set<String> = ["none", "in", "as", "on", "after", "animated",
                                                    "sequence", "true", "false", "inf", "pi"]

    static func checkNameSyntax(_ name: String, dots: Bool) throws(EditError) {
        if name.isEmpty { throw .emptyName }
        if reservedNames.contains(name) { throw .reservedName(name) }
        var prevDot = true
        for (i, ch) in name.unicodeScalars.enumerated() {
            let letter = ("a"..."z").contains(ch) || ("A"..."Z").contains(ch) || ch == "_"
            let digit = ("0"..."9").contains(ch)
            if ch == "." && dots && !prevDot { prevDot = true; continue }
            if !(letter || (digit && i > 0)) { throw .invalidName(name) }
            prevDot = false
        }
        if prevDot { throw .invalidName(name) }
        if name.hasSuffix(".begin") || name.hasSuffix(".end") { throw .reservedName(name) }
    }
}
