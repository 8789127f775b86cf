import LayerLabCore

/// Image layers: contents placed by contentsGravity and sampled per pixel.
extension RenderContext {
    func drawImage(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                   clip: [Float]?, alpha: Float) {
        guard !layer.extras.contents.isEmpty, let image = images[layer.extras.contents],
              image.width > 0, image.height > 0 else { return }
        let gravity = layer.extras.contentsGravity
        // contentsRect picks the part shown (in image pixels); gravity places that part.
        let cr = layer.extras.contentsRect
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
        let src = premultiplied(layer.extras.contents, image)
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
            drawAxisAligned(src, opaqueWords(layer.extras.contents, image, src), image, toImage, xLimits: (x0, x1),
                            yLimits: (y0, y1), into: target, clip: clip, alpha: alpha)
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
                        let ix = clampedInt(fx, 0, iw - 1), ix1 = min(iw - 1, ix + 1)
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
    /// blended in one pass. Where a fully covered pixel's four source pixels are one opaque
    /// colour (the inside of flat, scaled-up art) the bilinear mix is that colour exactly and
    /// the blend is a plain store of its bytes, worked out once per image; where all four are
    /// transparent nothing is drawn. Same arithmetic, hence the same bytes, as the general path.
    private func drawAxisAligned(_ src: [SIMD4<Float>], _ opaque: [UInt32], _ image: Bitmap, _ toImage: AffineTransform,
                                 xLimits: (Double, Double), yLimits: (Double, Double), into target: Surface,
                                 clip: [Float]?, alpha: Float) {
        let iw = image.width, ih = image.height
        var columns = [(Int32, Int32, Float)](repeating: (0, 0, 0), count: width)
        for x in 0..<width {
            let fx = min(xLimits.1, max(xLimits.0, toImage.a * (Double(x) + 0.5) + toImage.tx)) - 0.5
            let ix = clampedInt(fx, 0, iw - 1), ix1 = min(iw - 1, ix + 1)
            columns[x] = (Int32(ix), Int32(ix1), Float(fx - Double(ix)))
        }
        let w = width
        src.withUnsafeBufferPointer { s in
        opaque.withUnsafeBufferPointer { opaque in
        image.pixels.withUnsafeBufferPointer { raw in
        columns.withUnsafeBufferPointer { columns in
            let words = UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: UInt32.self)
            // The alpha byte of an RGBA pixel read as one word.
            let alphaMask = UInt32(littleEndian: 0xFF00_0000)
            scan.rasterize(evenOdd: false) { y, xa, xb, cover in
                let py = Double(y) + 0.5
                let fy = min(yLimits.1, max(yLimits.0, toImage.d * py + toImage.ty)) - 0.5
                let iy = clampedInt(fy, 0, ih - 1), iy1 = min(ih - 1, iy + 1)
                let ty = Float(fy - Double(iy))
                let r0 = s.baseAddress! + iy * iw, r1 = s.baseAddress! + iy1 * iw
                let w0 = words + iy * iw, w1 = words + iy1 * iw, o0 = opaque.baseAddress! + iy * iw
                target.markDirty(y: y, x0: xa, x1: xb)
                target.px.withUnsafeMutableBufferPointer { d in
                    let out = UnsafeMutableRawPointer(d.baseAddress!).assumingMemoryBound(to: UInt32.self)
                    for x in xa..<xb {
                        var k = cover[x] * alpha
                        if let clip { k *= clip[y * w + x] }
                        if k <= 0 { continue }
                        let (i0, i1, tx) = columns[x]
                        let ix = Int(i0), ix1 = Int(i1)
                        let p = w0[ix], q = w0[ix1], u = w1[ix], v = w1[ix1]
                        // Four transparent source pixels mix to nothing: over() would return.
                        if (p | q | u | v) & alphaMask == 0 { continue }
                        // NB: at k ≥ 1 − 10⁻⁶ over() gives an opaque colour's own bytes: each
                        // channel lands within 10⁻³ of the integer s · 255 stored in `opaque`.
                        if k >= 0.999999 {
                            let o = o0[ix]
                            if o != 0 && q == p && u == p && v == p {
                                out[y * w + x] = o
                                continue
                            }
                        }
                        let a = r0[ix], b = r0[ix1], c = r1[ix], e = r1[ix1]
                        let top = a + (b - a) * tx
                        let bottom = c + (e - c) * tx
                        Surface.over(top + (bottom - top) * ty, k, d, (y * w + x) * 4)
                    }
                }
            }
        }
        }
        }
        }
    }

    /// For each opaque image pixel, the bytes `Surface.over` writes for it at full weight
    /// (the premultiplied colour times 255, rounded); 0 for pixels that are not opaque.
    /// Worked out once per context and image.
    private func opaqueWords(_ name: String, _ image: Bitmap, _ src: [SIMD4<Float>]) -> [UInt32] {
        if let done = opaqueImageWords[name] { return done }
        var out = [UInt32](repeating: 0, count: src.count)
        for i in 0..<src.count where image.pixels[i * 4 + 3] == 255 {
            let v = src[i]
            // NB: over() at k = 1 computes s * 1 * 255 + d * 0 for each channel: this.
            out[i] = Pixel(r: Pixel.byte(v[0] * 1 * 255 + 0), g: Pixel.byte(v[1] * 1 * 255 + 0),
                           b: Pixel.byte(v[2] * 1 * 255 + 0), a: Pixel.byte(v[3] * 1 * 255 + 0)).word
        }
        opaqueImageWords[name] = out
        return out
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
