import LayerLabCore

/// Drawing a gradient layer: its (rounded) bounds filled with the gradient's colours.
extension RenderContext {
    func drawGradient(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                      clip: [Float]?, alpha: Float) {
        let b = layer.bounds
        guard b.width > 0, b.height > 0, alpha > 0, let shader = GradientShader(layer, transform: m) else { return }
        let c = deviceContours(.roundedRect(b, radius: layer.cornerRadius), transform: m)
        fill(c, shader: shader, into: target, clip: clip, alpha: alpha)
    }

    /// Fills device-space contours with a shader's colour at each pixel, multiplied by `alpha`
    /// and the clip coverage: the paint hook beside `fill(…color:…)`'s solid colour.
    func fill(_ c: Contours, shader: GradientShader, into target: Surface, clip: [Float]?, alpha: Float) {
        guard !c.isEmpty else { return }
        scan.reset()
        scan.add(c, transform: .identity, normalize: false)
        let w = width
        target.px.withUnsafeMutableBufferPointer { d in
            scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                for x in x0..<x1 {
                    var k = cover[x] * alpha
                    if let clip { k *= clip[y * w + x] }
                    if k <= 0 { continue }
                    let (r, g, b, a) = shader.shade(x, y)
                    let sa = a * k
                    if sa <= 0 { continue }
                    let j = (y * w + x) * 4
                    let inv = 1 - sa
                    d[j] = r * k + d[j] * inv
                    d[j + 1] = g * k + d[j + 1] * inv
                    d[j + 2] = b * k + d[j + 2] * inv
                    d[j + 3] = sa + d[j + 3] * inv
                }
            }
        }
    }
}
