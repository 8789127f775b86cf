import LayerLabCore

/// Image layers: contents placed by contentsGravity and sampled per pixel.
extension RenderContext {
    func drawImage(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                   clip: [Float]?, alpha: Float) {
        guard !layer.contents.isEmpty, let image = images[layer.contents],
              image.width > 0, image.height > 0 else { return }
        let gravity = layer.contentsGravity
        let dest = gravity.rect(for: Size(Double(image.width), Double(image.height)), in: layer.bounds)
        guard dest.width > 0, dest.height > 0, let inverse = m.inverted else { return }
        // Device pixel → image pixel.
        let toImage = inverse
            .concatenating(.translation(-dest.minX, -dest.minY))
            .concatenating(.scale(Double(image.width) / dest.width, Double(image.height) / dest.height))
        let src = premultiplied(image)
        let iw = image.width, ih = image.height
        let nearest = sampling == .nearest
        contours.removeAll()
        contours.add([Polyline([Point(dest.minX, dest.minY), Point(dest.maxX, dest.minY),
                                Point(dest.maxX, dest.maxY), Point(dest.minX, dest.maxY)], closed: true)])
        scan.reset()
        scan.add(contours, transform: m, normalize: false)
        src.withUnsafeBufferPointer { s in
            scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                target.blend(y: y, x0: x0, x1: x1, cover: cover, alpha: alpha, clip: clip) { x in
                    let p = toImage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    if nearest {
                        let ix = clampedInt(p.x.rounded(.down), 0, iw - 1)
                        let iy = clampedInt(p.y.rounded(.down), 0, ih - 1)
                        let j = (iy * iw + ix) * 4
                        return SIMD4(s[j], s[j + 1], s[j + 2], s[j + 3])
                    }
                    let fx = min(Double(iw) - 0.5, max(0.5, p.x)) - 0.5
                    let fy = min(Double(ih) - 0.5, max(0.5, p.y)) - 0.5
                    let ix = clampedInt(fx, 0, iw - 1), iy = clampedInt(fy, 0, ih - 1)
                    let ix1 = min(iw - 1, ix + 1), iy1 = min(ih - 1, iy + 1)
                    let tx = Float(fx - Double(ix)), ty = Float(fy - Double(iy))
                    let j00 = (iy * iw + ix) * 4, j10 = (iy * iw + ix1) * 4
                    let j01 = (iy1 * iw + ix) * 4, j11 = (iy1 * iw + ix1) * 4
                    let p00 = SIMD4(s[j00], s[j00 + 1], s[j00 + 2], s[j00 + 3])
                    let p10 = SIMD4(s[j10], s[j10 + 1], s[j10 + 2], s[j10 + 3])
                    let p01 = SIMD4(s[j01], s[j01 + 1], s[j01 + 2], s[j01 + 3])
                    let p11 = SIMD4(s[j11], s[j11 + 1], s[j11 + 2], s[j11 + 3])
                    let top = p00 + (p10 - p00) * tx, bottom = p01 + (p11 - p01) * tx
                    return top + (bottom - top) * ty
                }
            }
        }
    }

    /// The image as premultiplied floats.
    private func premultiplied(_ image: Bitmap) -> [Float] {
        var out = [Float](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Float(p[i + 3]) / 255
                out[i] = Float(p[i]) / 255 * a
                out[i + 1] = Float(p[i + 1]) / 255 * a
                out[i + 2] = Float(p[i + 2]) / 255 * a
                out[i + 3] = a
            }
        }
        return out
    }
}
