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
        let w = width
        target.px.withUnsafeMutableBufferPointer { d in
            src.withUnsafeBufferPointer { s in
                scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                    for x in x0..<x1 {
                        var k = cover[x] * alpha
                        if let clip { k *= clip[y * w + x] }
                        if k <= 0 { continue }
                        let p = toImage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        var r: Float, g: Float, b: Float, a: Float
                        if nearest {
                            let ix = clampedInt(p.x.rounded(.down), 0, iw - 1)
                            let iy = clampedInt(p.y.rounded(.down), 0, ih - 1)
                            let j = (iy * iw + ix) * 4
                            r = s[j]; g = s[j + 1]; b = s[j + 2]; a = s[j + 3]
                        } else {
                            let fx = min(Double(iw) - 0.5, max(0.5, p.x)) - 0.5
                            let fy = min(Double(ih) - 0.5, max(0.5, p.y)) - 0.5
                            let ix = clampedInt(fx, 0, iw - 1), iy = clampedInt(fy, 0, ih - 1)
                            let ix1 = min(iw - 1, ix + 1), iy1 = min(ih - 1, iy + 1)
                            let tx = Float(fx - Double(ix)), ty = Float(fy - Double(iy))
                            let j00 = (iy * iw + ix) * 4, j10 = (iy * iw + ix1) * 4
                            let j01 = (iy1 * iw + ix) * 4, j11 = (iy1 * iw + ix1) * 4
                            func lerp2(_ o: Int) -> Float {
                                let top = s[j00 + o] + (s[j10 + o] - s[j00 + o]) * tx
                                let bot = s[j01 + o] + (s[j11 + o] - s[j01 + o]) * tx
                                return top + (bot - top) * ty
                            }
                            r = lerp2(0); g = lerp2(1); b = lerp2(2); a = lerp2(3)
                        }
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
