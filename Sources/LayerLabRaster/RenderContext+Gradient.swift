import LayerLabCore

/// Drawing a gradient layer: its (rounded) bounds filled with the gradient's colours.
extension RenderContext {
    func drawGradient(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                      clip: [Float]?, alpha: Float) {
        let b = layer.bounds
        guard b.width > 0, b.height > 0, alpha > 0, let shader = GradientShader(layer, transform: m, tables: gradientTables) else { return }
        let c = deviceContours(.roundedRect(b, radius: layer.cornerRadius), transform: m)
        fill(c, shader: shader, into: target, clip: clip, alpha: alpha)
    }

    /// Fills device-space contours with a shader's colour at each pixel, multiplied by `alpha`
    /// and the clip coverage: the per-pixel paint beside `fill(…paint:…)`'s solid colour.
    func fill(_ c: Contours, shader: GradientShader, into target: Surface, clip: [Float]?, alpha: Float) {
        guard !c.isEmpty else { return }
        scan.reset()
        scan.add(c, transform: .identity, normalize: false)
        var source = [SIMD4<Float>](repeating: .zero, count: width)
        source.withUnsafeMutableBufferPointer { row in
            scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                shader.shadeRow(y: y, x0: x0, x1: x1, cover: cover, into: row)
                target.blend(y: y, x0: x0, x1: x1, cover: cover, alpha: alpha, clip: clip, source: row)
            }
        }
    }
}
