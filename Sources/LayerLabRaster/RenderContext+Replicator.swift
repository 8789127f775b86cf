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
                for sub in RenderContext.ordered(sublayers) { draw(sub, parent: mk, into: target, clip: clip, alpha: alpha) }
                continue
            }
            let offscreen = borrowSurface()
            for sub in RenderContext.ordered(sublayers) { draw(sub, parent: mk, into: offscreen, clip: nil, alpha: 1) }
            target.composite(offscreen, tint: tint, opacity: alpha, clip: clip)
            giveBack(offscreen)
        }
    }
}

extension Surface {
    /// Composites `src` over this surface with every channel multiplied by `tint` (straight
    /// colour, so its alpha scales the copy's coverage), then by `opacity` and the clip.
    func composite(_ src: Surface, tint: Color, opacity: Float, clip: [Float]?) {
        let n = width * height
        let ta = Float(tint.a) * opacity
        let tr = Float(tint.r) * ta, tg = Float(tint.g) * ta, tb = Float(tint.b) * ta
        px.withUnsafeMutableBufferPointer { d in
            src.px.withUnsafeBufferPointer { s in
                for i in 0..<n {
                    let j = i * 4
                    let c: Float = clip?[i] ?? 1
                    let sa = s[j + 3] * ta * c
                    if sa <= 0 { continue }
                    let inv = 1 - sa
                    d[j] = s[j] * tr * c + d[j] * inv
                    d[j + 1] = s[j + 1] * tg * c + d[j + 1] * inv
                    d[j + 2] = s[j + 2] * tb * c + d[j + 2] * inv
                    d[j + 3] = sa + d[j + 3] * inv
                }
            }
        }
    }
}
