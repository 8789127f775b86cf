import LayerLabCore

/// Layer shadows, drawn under the layer: the layer's composited alpha (or its `shadowPath`),
/// moved by `shadowOffset`, blurred by `shadowRadius` and painted in `shadowColor` at
/// `shadowOpacity`.
extension RenderContext {
    /// Whether the layer casts a visible shadow.
    static func castsShadow(_ ref: LayerRef) -> Bool {
        RenderContext.inPlace(ref) { !$0.boxedFieldsAreDefault && castsShadow($0.extras.shadowOpacity, $0.extras.shadowColor) }
    }

    static func castsShadow(_ opacity: Double, _ color: Color) -> Bool { opacity > 0 && color.a > 0 }

    /// Draws the shadow. `content` is the layer drawn offscreen (its alpha is the shadow's
    /// shape) unless the layer has a shadowPath. The offset is in the superlayer's points, the
    /// blur's standard deviation half the radius, both scaled to pixels by `parent`.
    func drawShadow(_ layer: PresentedLayer, transform m: AffineTransform, parent: AffineTransform,
                    content: Surface?, into target: Surface, clip: [Float]?, alpha: Float) {
        var shape: [Float]
        if !layer.extras.shadowPath.isEmpty {
            shape = coverage(deviceContours(layer.extras.shadowPath, transform: m), transform: .identity, evenOdd: false, within: nil)
        } else if let content {
            shape = [Float](repeating: 0, count: width * height)
            content.px.withUnsafeBufferPointer { p in
                for i in 0..<shape.count { shape[i] = Float(p[i * 4 + 3]) * (1 / 255) }
            }
        } else {
            return
        }
        let o = layer.extras.shadowOffset
        let dx = parent.a * o.width + parent.c * o.height, dy = parent.b * o.width + parent.d * o.height
        shape = RenderContext.shifted(shape, width: width, height: height, dx: dx, dy: dy)
        let sigma = layer.extras.shadowRadius / 2 * parent.meanScale
        if sigma > 0.05 { BoxBlur.blur(&shape, width: width, height: height, sigma: sigma) }
        let c = layer.extras.shadowColor
        let a = Float(max(0, min(1, c.a * layer.extras.shadowOpacity))) * alpha
        guard a > 0 else { return }
        let paint = SIMD4(Float(max(0, min(1, c.r))), Float(max(0, min(1, c.g))), Float(max(0, min(1, c.b))), 1)
        let w = width
        var source = [SIMD4<Float>](repeating: paint, count: w)
        source.withUnsafeMutableBufferPointer { colour in
        shape.withUnsafeMutableBufferPointer { all in
            for y in 0..<height {
                let row = UnsafeMutableBufferPointer(rebasing: all[(y * w)..<(y * w + w)])
                // `blend` reads cover[x] for columns x of the row.
                guard let first = row.firstIndex(where: { $0 > 0 }), let last = row.lastIndex(where: { $0 > 0 }) else { continue }
                target.blend(y: y, x0: first, x1: last + 1, cover: row, alpha: a, clip: clip, source: colour)
            }
        }
        }
    }

    /// A coverage buffer moved by (dx, dy) pixels, bilinearly for fractional offsets.
    static func shifted(_ src: [Float], width w: Int, height h: Int, dx: Double, dy: Double) -> [Float] {
        if dx == 0 && dy == 0 { return src }
        guard dx.isFinite, dy.isFinite, abs(dx) < Double(w), abs(dy) < Double(h) else {
            return [Float](repeating: 0, count: src.count)
        }
        let ix = clampedInt(dx.rounded(.down), -w, w), iy = clampedInt(dy.rounded(.down), -h, h)
        let fx = Float(dx - Double(ix)), fy = Float(dy - Double(iy))
        var out = [Float](repeating: 0, count: src.count)
        func at(_ x: Int, _ y: Int) -> Float { x >= 0 && x < w && y >= 0 && y < h ? src[y * w + x] : 0 }
        for y in 0..<h {
            for x in 0..<w {
                let sx = x - ix, sy = y - iy
                // out(x) = src(x − d): blend the two source pixels either side of x − d.
                let v = at(sx, sy) * (1 - fx) * (1 - fy) + at(sx - 1, sy) * fx * (1 - fy)
                    + at(sx, sy - 1) * (1 - fx) * fy + at(sx - 1, sy - 1) * fx * fy
                out[y * w + x] = v
            }
        }
        return out
    }
}
