import LayerLabCore

/// Drawing a replicator's copies, in order, each through its own transform and tint.
extension RenderContext {
    /// Copy k's sublayers are drawn through `instanceTransform` k times about the replicator's
    /// centre, flattened onto the replicator's plane, and multiplied by copy k's colour. A tint
    /// other than white needs the copy drawn offscreen first, since it multiplies the copy's
    /// composited pixels (images included), not each layer's colours.
    func drawCopies(_ layer: PresentedLayer, _ r: Replication, children: Transform3D, into target: Surface,
                    clip: [Float]?, alpha: Float) {
        guard r.count > 0, !layer.sublayers.isEmpty else { return }
        let center = Point(layer.bounds.midX, layer.bounds.midY)
        for k in 0..<r.count {
            let sublayers = k == 0 ? layer.sublayers : r.copies[k - 1]
            let mk = r.transform(k, center: center).concatenating(children)
            let tint = r.tint(k)
            if tint.a <= 0 { continue }
            if tint == .white {
                drawLayers(sublayers, parent: mk, into: target, clip: clip, alpha: alpha)
                continue
            }
            let offscreen = borrowSurface()
            drawLayers(sublayers, parent: mk, into: offscreen, clip: nil, alpha: 1)
            target.composite(offscreen, opacity: alpha, mask: nil, clip: clip, tint: tint)
            giveBack(offscreen)
        }
    }
}
