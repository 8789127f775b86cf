/// An emitter layer's particles from its values and its cells' (see `EmissionBuilder`).
extension Evaluator {
    /// The particles of emitter `layer` at scene time `time` as drawn, or nil when it is not
    /// an emitter (or not drawn, as a mask).
    package func emission(of layer: String, at time: Double) -> Emission? {
        guard entries[layer]?.layer.kind == .emitter else { return nil }
        func find(_ ls: [PresentedLayer]) -> Emission? {
            for l in ls {
                if l.name == layer { return l.extras.emission }
                if let e = find(l.sublayers) ?? l.extras.replicator.flatMap({ find($0.copies.flatMap { $0 }) }) { return e }
            }
            return nil
        }
        return find(scene(at: time).layers)
    }

    /// The particles of emitter `l` at scene time `sceneTime`, when its clock reads `layerTime`.
    /// Values at other emitter times are read at the scene time that clock passed through
    /// them (the clock is taken to run at its current rate).
    func emission(_ order: Int, layerTime: Double, sceneTime: Double) -> Emission {
        let l = plans[order].layer
        var cells: [(Int, path: Int)] = []
        var shapes: [Path] = []
        func index(_ children: [Int]) {
            for c in children where plans[c].layer.kind == .emitterCell {
                cells.append((c, shapes.count))
                shapes.append(.empty)
                index(plans[c].children)
            }
        }
        index(plans[order].children)
        // Any change over time of a cell, or of the emitter's own emission values (not its
        // position or opacity, which move the drawing, not the particles), takes the grid.
        let emitterKeys = Set(PropertyTable.properties(for: .emitter).filter { $0.kinds?.contains(.emitter) == true }.map(\.name))
        func touches(_ kp: LayerKeyPath?) -> Bool { kp.map { !emitterKeys.isDisjoint(with: $0.storedProperties) } ?? false }
        func changes(_ i: Int) -> Bool {
            touches(animationTable.details[i].keyPath) || animationTable.bodies[i].children.contains(where: changes)
        }
        let animated = cells.contains { c in
            !plans[c.0].animations.isEmpty || !plans[c.0].events.isEmpty || !plans[c.0].implicit.isEmpty
        } || plans[order].animations.contains(where: changes)
            || plans[order].events.contains { $0.keyPaths.contains(where: touches) }
            || plans[order].implicit.contains { touches($0.keyPath) }
        let rate = self.layerTime(l.name, at: sceneTime + 1) - layerTime
        func state(at t: Double) -> EmitterState {
            let s = rate != 0 && rate.isFinite ? sceneTime + (t - layerTime) / rate : sceneTime
            var trace: [Explanation.Step]? = nil
            let emitter = EmitterValues(presentedProperties(l.name, sceneTime: s, layerTime: t, trace: &trace, traceKey: nil))
            var next = 0
            func states(_ children: [Int]) -> [CellState] {
                children.filter { plans[$0].layer.kind == .emitterCell }.map { i in
                    let c = plans[i].layer
                    let shape = next
                    next += 1
                    let props = presentedProperties(c.name, sceneTime: s, layerTime: t, trace: &trace, traceKey: nil)
                    var path = EmitterCell.dot
                    if case .path(let p)? = props["path"].map(resolve) { path = p }
                    return CellState(name: c.name, values: CellValues(props, path: path), cells: states(plans[i].children),
                                     shape: shape)
                }
            }
            return EmitterState(emitter: emitter, cells: states(plans[order].children))
        }
        let current = state(at: layerTime)
        var images = [String](repeating: "", count: shapes.count)
        func looks(_ cs: [CellState]) {
            for c in cs { shapes[c.shape] = c.values.path; images[c.shape] = c.values.image; looks(c.cells) }
        }
        looks(current.cells)
        let builder = EmissionBuilder(now: layerTime, sample: animated ? state : { _ in current }, animated: animated,
                                      shapes: shapes, images: images)
        return builder.build()
    }
}
