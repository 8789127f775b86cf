import LayerLabCore

/// Image layers: contents placed by contentsGravity and sampled per pixel.
extension RenderContext {
    func drawImage(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                   clip: [Float]?, alpha: Float) {
    }
}
