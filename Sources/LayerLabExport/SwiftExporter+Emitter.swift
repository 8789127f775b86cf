import LayerLabCore

/// Emitters in Swift: `CAEmitterLayer` with its `emitterCells`, each a `CAEmitterCell` whose
/// contents are its path drawn white into a `CGImage` (the cell's `color` tints it, as in
/// LayerLab). Cells are not layers, so their animations go on the emitter with key paths
/// `emitterCells.NAME.PROPERTY`, as Core Animation animates them.
extension SwiftGenerator {
    /// The document with every animation of a cell moved to its emitter under the key path
    /// Core Animation gives it; timed changes of cells are left out (noted).
    static func cellsOnEmitters(_ document: Document) -> (Document, [String]) {
        var owners: [String: (emitter: String, prefix: String)] = [:]
        func walk(_ ls: [Layer], emitter: String?, prefix: String) {
            for l in ls {
                if l.kind == .emitterCell, let emitter {
                    let p = prefix + "emitterCells." + l.name + "."
                    owners[l.name] = (emitter, p)
                    walk(l.sublayers, emitter: emitter, prefix: p)
                } else {
                    walk(l.sublayers, emitter: l.kind == .emitter ? l.name : nil, prefix: "")
                }
            }
        }
        walk(document.layers, emitter: nil, prefix: "")
        guard !owners.isEmpty else { return (document, []) }
        func retarget(_ a: Animation, _ prefix: String) -> Animation {
            var a = a
            switch a.body {
            case .basic(var b): b.keyPath = prefix + b.keyPath; a.body = .basic(b)
            case .keyframes(var k): k.keyPath = prefix + k.keyPath; a.body = .keyframes(k)
            case .spring(var s): s.keyPath = prefix + s.keyPath; a.body = .spring(s)
            case .group(var g): g.children = g.children.map { retarget($0, prefix) }; a.body = .group(g)
            }
            return a
        }
        var doc = document
        var notes: [String] = []
        doc.animations = doc.animations.map { a in
            guard let owner = owners[a.layer] else { return a }
            var moved = retarget(a, owner.prefix)
            moved.layer = owner.emitter
            return moved
        }
        doc.events.removeAll { e in
            guard owners[e.layer] != nil else { return false }
            notes.append("\(e.name): timed changes of the cell \(e.layer) are not exported to Swift (set them on the emitter with setValue(_:forKeyPath: \"emitterCells.\(e.layer)…\"))")
            return true
        }
        return (doc, notes)
    }

    /// Creates the cells `cells` (and theirs) and assigns them to `owner.emitterCells`.
    mutating func writeCells(_ cells: [Layer], owner: String) {
        guard !cells.isEmpty else { return }
        var ids: [String] = []
        for c in cells {
            let id = names.identifier(c.name, kind: "cell", suffix: "Cell")
            ids.append(id)
            w.line()
            w.line("let \(id) = CAEmitterCell()")
            w.line("\(id).name = \(SwiftLiteral.string(c.name))")
            // The particle (`SwiftStep.particleImage`): its picture, one pixel a point as LayerLab
            // draws it, or else its path (or the default dot) drawn into an image.
            if let file = c.properties["contents"]?.string, !file.isEmpty {
                w.line("\(id).contents = \(image(file))")
            } else {
                w.line("\(id).contents = particleImage(\(c.properties["path"].map { pathLiteral($0) } ?? "particleDot"))")
                w.line("\(id).contentsScale = particleScale")
            }
            for spec in PropertyTable.properties(for: .emitterCell) {
                guard let v = c.properties[spec.name] else { continue }
                for line in propertyAssignment(id, spec.name, v, layer: c) { w.line(line) }
            }
            writeCells(c.sublayers.filter { $0.kind == .emitterCell }, owner: id)
        }
        w.line("\(owner).emitterCells = [\(ids.joined(separator: ", "))]")
        usesParticleImage = true
    }

    /// A path value as a `CGPath` expression.
    mutating func pathLiteral(_ v: Value) -> String {
        if let ref = v.pathRefName { return "paths.\(pathIdentifier(ref))" }
        return anyValue(v)
    }

    /// `particleImage(_:)`: a cell's path filled white into an image, as its contents.
    mutating func writeParticleImageHelper() {
        w.line("/// Pixels a point in the particle images (each cell's `contentsScale`).")
        w.line("nonisolated private static let particleScale: CGFloat = 2")
        w.line()
        w.line("/// A cell's particle when it has no path of its own: a dot 4 points across.")
        w.line("private static let particleDot: CGPath = " + SwiftLiteral.path(EmitterCell.dot, helper: "makePath"))
        w.line()
        w.line("/// A cell's contents: its path (about the particle's centre, y down) filled white, so the")
        w.line("/// cell's `color` tints it.")
        w.open("nonisolated private static func particleImage(_ path: CGPath) -> CGImage?")
        w.line("let box = path.boundingBoxOfPath")
        w.line("let side = max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))")
        w.line("let pixels = max(1, Int((2 * side * particleScale).rounded(.up)))")
        w.line("guard let context = CGContext(data: nil, width: pixels, height: pixels, bitsPerComponent: 8, bytesPerRow: 0,")
        w.line("                              space: CGColorSpaceCreateDeviceRGB(),")
        w.line("                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }")
        w.line("// Centred on the particle, y down as in the path.")
        w.line("context.translateBy(x: CGFloat(pixels) / 2, y: CGFloat(pixels) / 2)")
        w.line("context.scaleBy(x: particleScale, y: -particleScale)")
        w.line("context.addPath(path)")
        w.line("context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))")
        w.line("context.fillPath()")
        w.line("return context.makeImage()")
        w.close()
    }
}
