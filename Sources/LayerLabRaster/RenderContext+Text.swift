import LayerLabCore

/// Text layers: the built-in vector font, stroked like any shape.
extension RenderContext {
    func drawText(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                  clip: [Float]?, alpha: Float) {
    }
}
