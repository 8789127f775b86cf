import LayerLabCore

/// Text layers: the built-in vector font, stroked like any shape and clipped to the bounds
/// (as CATextLayer's text is, with room above for accents). Only glyphs that can reach the
/// surface are stroked, so a long text costs what shows of it.
extension RenderContext {
    func drawText(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                  clip: [Float]?, alpha: Float) {
        guard !layer.extras.string.isEmpty, layer.extras.foregroundColor.a > 0, layer.extras.fontSize > 0 else { return }
        let scale = RenderContext.maxScale(m)
        guard scale > 1e-12, scale.isFinite, let inverse = m.inverted else { return }
        // The surface in layer coordinates (the box around it, when rotated).
        let corners = [Point(0, 0), Point(Double(width), 0), Point(0, Double(height)), Point(Double(width), Double(height))]
            .map { inverse.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let surface = Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        let (lines, crossesClip, glyphs) = VectorFont.strokes(of: layer, visible: surface, cache: textLayouts)
        glyphsStroked += glyphs
        guard !lines.isEmpty else { return }
        let font = VectorFont.of(layer.extras.font.weight)
        let style = StrokeStyle(lineWidth: font.lineWidth(fontSize: layer.extras.fontSize), cap: .round, join: .round, miterLimit: 10)
        contours.removeAll()
        Stroker(style: style, tolerance: tolerance / scale).stroke(lines, into: &contours)
        if crossesClip { contours = contours.clipped(to: VectorFont.clipRect(of: layer)) }
        fill(contours, transform: m, evenOdd: false, normalize: false, color: layer.extras.foregroundColor,
             into: target, clip: clip, alpha: alpha)
    }
}
