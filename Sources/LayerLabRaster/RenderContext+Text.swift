import LayerLabCore

/// Text layers: the built-in vector font, stroked like any shape.
extension RenderContext {
    func drawText(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                  clip: [Float]?, alpha: Float) {
        guard !layer.string.isEmpty, layer.foregroundColor.a > 0, layer.fontSize > 0 else { return }
        let lines = VectorFont.standard.layout(layer.string, fontSize: layer.fontSize,
                                               alignment: layer.alignment, in: layer.bounds)
        guard !lines.isEmpty else { return }
        let scale = RenderContext.maxScale(m)
        guard scale > 1e-12, scale.isFinite else { return }
        let style = StrokeStyle(lineWidth: VectorFont.lineWidth(fontSize: layer.fontSize),
                                cap: .round, join: .round, miterLimit: 10)
        contours.removeAll()
        Stroker(style: style, tolerance: tolerance / scale).stroke(lines, into: &contours)
        fill(contours, transform: m, evenOdd: false, normalize: false, color: layer.foregroundColor,
             into: target, clip: clip, alpha: alpha)
    }
}
