import LayerLabCore

/// After Effects' Gaussian Blur on a layer drawn offscreen (LayerLab's `blurRadius`): the four
/// premultiplied channels blurred alike, so colour spreads with its coverage and a blurred
/// edge fades to clear rather than to black.
extension Surface {
    /// Blurs the drawn part of the surface with standard deviation `sigma` pixels; the drawn
    /// rectangle grows by the blur's reach (clamped to the surface), outside of which the
    /// surface is clear. A `sigma` under a twentieth of a pixel changes nothing.
    func blur(sigma: Double) {
        guard sigma > 0.05, sigma.isFinite, let r = drawn else { return }
        // Three boxes reach the sum of their radii: the drawn rectangle grows by that much.
        let reach = BoxBlur.boxes(sigma: sigma).reduce(0) { $0 + ($1 - 1) / 2 }
        let x0 = max(0, r.x0 - reach), x1 = min(width, r.x1 + reach)
        let y0 = max(0, r.y0 - reach), y1 = min(height, r.y1 + reach)
        let w = x1 - x0, h = y1 - y0
        var planes = [[Float]](repeating: [Float](repeating: 0, count: w * h), count: 4)
        let stride = width
        px.withUnsafeBufferPointer { p in
            for c in 0..<4 {
                planes[c].withUnsafeMutableBufferPointer { plane in
                    for y in y0..<y1 {
                        let row = (y * stride + x0) * 4 + c, out = (y - y0) * w
                        for x in 0..<w { plane[out + x] = Float(p[row + x * 4]) }
                    }
                }
            }
        }
        for c in 0..<4 { BoxBlur.blur(&planes[c], width: w, height: h, sigma: sigma) }
        px.withUnsafeMutableBufferPointer { p in
            for y in y0..<y1 {
                let row = (y * stride + x0) * 4, src = (y - y0) * w
                for x in 0..<w {
                    let a = Pixel.byte(planes[3][src + x])
                    // NB: each channel rounds on its own; a colour is kept at most its alpha.
                    p[row + x * 4] = min(a, Pixel.byte(planes[0][src + x]))
                    p[row + x * 4 + 1] = min(a, Pixel.byte(planes[1][src + x]))
                    p[row + x * 4 + 2] = min(a, Pixel.byte(planes[2][src + x]))
                    p[row + x * 4 + 3] = a
                }
            }
        }
        markDirty(y: y0, x0: x0, x1: x1)
        markDirty(y: y1 - 1, x0: x0, x1: x1)
        markTranslucent()
    }
}
