import LayerLabCore

/// Image layers: contents placed by contentsGravity and sampled per pixel.
extension RenderContext {
    func drawImage(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                   clip: [Float]?, alpha: Float) {
        guard !layer.contents.isEmpty, let image = images[layer.contents],
              image.width > 0, image.height > 0 else { return }
        let gravity = layer.contentsGravity
        // contentsRect picks the part shown (in image pixels); gravity places that part.
        let cr = layer.contentsRect
        let shown = Rect(cr.minX * Double(image.width), cr.minY * Double(image.height),
                         cr.width * Double(image.width), cr.height * Double(image.height))
        guard shown.width > 0, shown.height > 0, shown.width.isFinite, shown.height.isFinite,
              shown.minX.isFinite, shown.minY.isFinite else { return }
        let dest = gravity.rect(for: shown.size, in: layer.bounds)
        guard dest.width > 0, dest.height > 0, let inverse = m.inverted else { return }
        // Device pixel → image pixel.
        let toImage = inverse
            .concatenating(.translation(-dest.minX, -dest.minY))
            .concatenating(.scale(shown.width / dest.width, shown.height / dest.height))
            .concatenating(.translation(shown.minX, shown.minY))
        let src = premultiplied(layer.contents, image)
        let iw = image.width, ih = image.height
        // Samples stay inside the part shown (no bleeding from a sprite sheet's next cell);
        // beyond the image its edge pixels extend outwards, as Core Animation documents.
        let (x0, x1) = sampleLimits(shown.minX, shown.maxX, iw)
        let (y0, y1) = sampleLimits(shown.minY, shown.maxY, ih)
        let nearest = sampling == .nearest
        contours.removeAll()
        contours.add([Polyline([Point(dest.minX, dest.minY), Point(dest.maxX, dest.minY),
                                Point(dest.maxX, dest.maxY), Point(dest.minX, dest.maxY)], closed: true)])
        scan.reset()
        scan.add(contours, transform: m, normalize: false)
        if !nearest && toImage.b == 0 && toImage.c == 0 {
            drawAxisAligned(src, iw, ih, toImage, xLimits: (x0, x1), yLimits: (y0, y1), into: target, clip: clip,
                            alpha: alpha)
            return
        }
        var row = [SIMD4<Float>](repeating: .zero, count: width)
        src.withUnsafeBufferPointer { s in
        row.withUnsafeMutableBufferPointer { row in
            scan.rasterize(evenOdd: false) { y, xa, xb, cover in
                // Sample the covered pixels of the row, then blend them in one pass.
                let py = Double(y) + 0.5
                if !nearest && toImage.b == 0 {
                    // Unrotated: the source row and its weight are the same across the row.
                    let fy = min(y1, max(y0, toImage.d * py + toImage.ty)) - 0.5
                    let iy = clampedInt(fy, 0, ih - 1), iy1 = min(ih - 1, iy + 1)
                    let ty = Float(fy - Double(iy))
                    let r0 = iy * iw, r1 = iy1 * iw
                    for x in xa..<xb where cover[x] > 0 {
                        let fx = min(x1, max(x0, toImage.a * (Double(x) + 0.5) + toImage.c * py + toImage.tx)) - 0.5
                        let ix = Int(fx), ix1 = min(iw - 1, ix + 1)
                        let tx = Float(fx - Double(ix))
                        let top = s[r0 + ix] + (s[r0 + ix1] - s[r0 + ix]) * tx
                        let bottom = s[r1 + ix] + (s[r1 + ix1] - s[r1 + ix]) * tx
                        row[x] = top + (bottom - top) * ty
                    }
                    target.blend(y: y, x0: xa, x1: xb, cover: cover, alpha: alpha, clip: clip, source: row)
                    return
                }
                for x in xa..<xb where cover[x] > 0 {
                    let p = toImage.apply(Point(Double(x) + 0.5, py))
                    if nearest {
                        let ix = clampedInt(min(x1, max(x0, p.x)).rounded(.down), 0, iw - 1)
                        let iy = clampedInt(min(y1, max(y0, p.y)).rounded(.down), 0, ih - 1)
                        row[x] = s[iy * iw + ix]
                        continue
                    }
                    let fx = min(x1, max(x0, p.x)) - 0.5
                    let fy = min(y1, max(y0, p.y)) - 0.5
                    let ix = clampedInt(fx, 0, iw - 1), iy = clampedInt(fy, 0, ih - 1)
                    let ix1 = min(iw - 1, ix + 1), iy1 = min(ih - 1, iy + 1)
                    let tx = Float(fx - Double(ix)), ty = Float(fy - Double(iy))
                    let p00 = s[iy * iw + ix], p10 = s[iy * iw + ix1]
                    let p01 = s[iy1 * iw + ix], p11 = s[iy1 * iw + ix1]
                    let top = p00 + (p10 - p00) * tx, bottom = p01 + (p11 - p01) * tx
                    row[x] = top + (bottom - top) * ty
                }
                target.blend(y: y, x0: xa, x1: xb, cover: cover, alpha: alpha, clip: clip, source: row)
            }
        }
        }
    }

    /// An image neither rotated nor skewed, bilinear: each column's source pair and weight
    /// are the same on every row, so they are worked out once, and each pixel is sampled and
    /// blended in one pass. Same arithmetic, hence the same bytes, as the general path.
    private func drawAxisAligned(_ src: [SIMD4<Float>], _ iw: Int, _ ih: Int, _ toImage: AffineTransform,
                                 xLimits: (Double, Double), yLimits: (Double, Double), into target: Surface,
                                 clip: [Float]?, alpha: Float) {
        var columns = [(Int32, Int32, Float)](repeating: (0, 0, 0), count: width)
        for x in 0..<width {
            let fx = min(xLimits.1, max(xLimits.0, toImage.a * (Double(x) + 0.5) + toImage.tx)) - 0.5
            let ix = Int(fx), ix1 = min(iw - 1, ix + 1)
            columns[x] = (Int32(ix), Int32(ix1), Float(fx - Double(ix)))
        }
        src.withUnsafeBufferPointer { s in
        columns.withUnsafeBufferPointer { columns in
            scan.rasterize(evenOdd: false) { y, xa, xb, cover in
                let py = Double(y) + 0.5
                let fy = min(yLimits.1, max(yLimits.0, toImage.d * py + toImage.ty)) - 0.5
                let iy = clampedInt(fy, 0, ih - 1), iy1 = min(ih - 1, iy + 1)
                let ty = Float(fy - Double(iy))
                let r0 = s.baseAddress! + iy * iw, r1 = s.baseAddress! + iy1 * iw
                target.blend(y: y, x0: xa, x1: xb, cover: cover, alpha: alpha, clip: clip) { x in
                    let (ix, ix1, tx) = columns[x]
                    let a = r0[Int(ix)], b = r0[Int(ix1)], c = r1[Int(ix)], d = r1[Int(ix1)]
                    let top = a + (b - a) * tx
                    let bottom = c + (d - c) * tx
                    return top + (bottom - top) * ty
                }
            }
        }
        }
    }

    /// The range pixel centres may be sampled in for the image pixels `a…b` of an axis `n`
    /// pixels long: within the image, at least one pixel wide.
    private func sampleLimits(_ a: Double, _ b: Double, _ n: Int) -> (Double, Double) {
        let lo = min(max(a, 0), Double(n) - 1)
        let hi = max(min(b, Double(n)), lo + 1)
        return (lo + 0.5, hi - 0.5)
    }

    /// The image as premultiplied float pixels, converted once per context (a canvas keeps
    /// them from frame to frame).
    private func premultiplied(_ name: String, _ image: Bitmap) -> [SIMD4<Float>] {
        if let done = premultipliedImages[name] { return done }
        let out = RenderContext.premultiplied(image)
        premultipliedImages[name] = out
        return out
    }

    private static func premultiplied(_ image: Bitmap) -> [SIMD4<Float>] {
        var out = [SIMD4<Float>](repeating: .zero, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<out.count {
                let a = Float(p[i * 4 + 3]) / 255
                out[i] = SIMD4(Float(p[i * 4]) / 255 * a, Float(p[i * 4 + 1]) / 255 * a, Float(p[i * 4 + 2]) / 255 * a, a)
            }
        }
        return out
    }
}
