/// An emitter layer's particles from its values and its cells' (see `EmissionBuilder`).
extension Evaluator {
    /// The particles of emitter `l` at scene time `sceneTime`, when its clock reads `layerTime`.
    /// Values at other emitter times are read at the scene time that clock passed through
    /// them (the clock is taken to run at its current rate).
    func emission(_ l: Layer, layerTime: Double, sceneTime: Double) -> Emission {
        var cells: [(Layer, path: Int)] = []
        var shapes: [Path] = []
        func index(_ layers: [Layer]) {
            for c in layers where c.kind == .emitterCell {
                cells.append((c, shapes.count))
                shapes.append(.empty)
                index(c.sublayers)
            }
        }
        index(l.sublayers)
        let names = [l.name] + cells.map(\.0.name)
        let animated = names.contains { n in
            !(compiledByLayer[n] ?? []).isEmpty || !(eventsByLayer[n] ?? []).isEmpty || !(implicitByLayer[n] ?? []).isEmpty
        }
        let rate = self.layerTime(l.name, at: sceneTime + 1) - layerTime
        func state(at t: Double) -> EmitterState {
            let s = rate != 0 && rate.isFinite ? sceneTime + (t - layerTime) / rate : sceneTime
            var trace: [Explanation.Step]? = nil
            let emitter = EmitterValues(presentedProperties(l.name, sceneTime: s, layerTime: t, trace: &trace, traceKey: nil))
            var next = 0
            func states(_ layers: [Layer]) -> [CellState] {
                layers.filter { $0.kind == .emitterCell }.map { c in
                    let shape = next
                    next += 1
                    let props = presentedProperties(c.name, sceneTime: s, layerTime: t, trace: &trace, traceKey: nil)
                    var path = EmitterCell.dot
                    if case .path(let p)? = props["path"].map(resolve) { path = p }
                    return CellState(name: c.name, values: CellValues(props, path: path), cells: states(c.sublayers),
                                     shape: shape)
                }
            }
            return EmitterState(emitter: emitter, cells: states(l.sublayers))
        }
        let current = state(at: layerTime)
        func paths(_ cs: [CellState]) { for c in cs { shapes[c.shape] = c.values.path; paths(c.cells) } }
        paths(current.cells)
        let builder = EmissionBuilder(now: layerTime, sample: animated ? state : { _ in current }, animated: animated,
                                      shapes: shapes)
        return builder.build()
    }
}
