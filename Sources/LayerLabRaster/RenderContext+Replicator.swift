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
        guard src.dirtyX0 < src.dirtyX1, src.dirtyY0 < src.dirtyY1 else { return }
        let w = width, x0 = src.dirtyX0, x1 = src.dirtyX1
        let ta = Float(max(0, min(1, tint.a))) * opacity
        let t = [Float(max(0, min(1, tint.r))) * ta, Float(max(0, min(1, tint.g))) * ta,
                 Float(max(0, min(1, tint.b))) * ta, ta]
        for y in src.dirtyY0..<src.dirtyY1 { markDirty(y: y, x0: x0, x1: x1) }
        px.withUnsafeMutableBufferPointer { d in
            src.px.withUnsafeBufferPointer { s in
                for y in src.dirtyY0..<src.dirtyY1 {
                    for x in x0..<x1 {
                        let i = y * w + x, j = i * 4
                        if s[j + 3] == 0 { continue }
                        let k: Float = clip?[i] ?? 1
                        if k <= 0 { continue }
                        let inv = 1 - Float(s[j + 3]) * t[3] * k * (1 / 255)
                        for c in 0..<4 { d[j + c] = Pixel.byte(Float(s[j + c]) * t[c] * k + Float(d[j + c]) * inv) }
                    }
                }
            }
        }
    }
}
