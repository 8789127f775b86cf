import LayerLabCore

/// Drawing an emitter's particles: each one its cell's path, placed, turned and scaled, filled
/// with its colour, in the order the evaluator chose (`renderMode`), above the emitter's
/// background and below its sublayers.
extension RenderContext {
    func drawEmission(_ e: Emission, transform m: AffineTransform, into target: Surface, clip: [Float]?, alpha: Float) {
        guard !e.particles.isEmpty else { return }
        for p in e.particles where p.shape < e.shapes.count {
            let t = AffineTransform.scale(p.scale, p.scale)
                .concatenating(.rotation(p.angle))
                .concatenating(.translation(p.position.x, p.position.y))
                .concatenating(m)
            if p.shape < e.images.count, !e.images[p.shape].isEmpty, let picture = images[e.images[p.shape]],
               picture.width > 0, picture.height > 0 {
                drawPicture(e.images[p.shape], picture, transform: t, color: p.color, additive: e.additive, into: target,
                            clip: clip, alpha: alpha)
                continue
            }
            let c = deviceContours(e.shapes[p.shape], transform: t)
            if e.additive {
                add(c, color: p.color, into: target, clip: clip, alpha: alpha)
            } else {
                fill(c, transform: .identity, evenOdd: false, normalize: false, color: p.color, into: target,
                     clip: clip, alpha: alpha)
            }
        }
    }

    /// A particle's image, one point a pixel centred on the particle, multiplied by its colour
    /// (drawn offscreen, then composited with the colour as tint).
    private func drawPicture(_ name: String, _ picture: Bitmap, transform t: AffineTransform, color: Color, additive: Bool,
                             into target: Surface, clip: [Float]?, alpha: Float) {
        var l = PresentedLayer(name: "", kind: .image)
        let w = Double(picture.width), h = Double(picture.height)
        l.bounds = Rect(-w / 2, -h / 2, w, h)
        l.extras.contents = name
        let offscreen = borrowSurface()
        defer { giveBack(offscreen) }
        drawImage(l, transform: t, into: offscreen, clip: nil, alpha: 1)
        target.composite(offscreen, opacity: alpha, mask: nil, clip: clip, tint: color, additive: additive)
    }

    /// Fills device contours by adding the colour's light to what is beneath (renderMode
    /// additive): overlapping particles brighten towards white.
    private func add(_ c: Contours, color: Color, into target: Surface, clip: [Float]?, alpha: Float) {
        guard color.a > 0, alpha > 0, !c.isEmpty else { return }
        scan.reset()
        scan.add(c, transform: .identity, normalize: false)
        scan.rasterize(evenOdd: false) { y, x0, x1, cover in
            target.add(color, y: y, x0: x0, x1: x1, cover: cover, alpha: alpha, clip: clip)
        }
    }
}

extension Surface {
    /// Adds a straight colour, premultiplied and weighted by `cover[x] * alpha` and the clip,
    /// to row `y` (each channel clamped at full).
    func add(_ c: Color, y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>, alpha: Float,
             clip: [Float]?) {
        guard x1 > x0 else { return }
        markDirty(y: y, x0: x0, x1: x1)
        let a = Float(max(0, min(1, c.a))) * alpha
        let r = Float(max(0, min(1, c.r))) * 255, g = Float(max(0, min(1, c.g))) * 255
        let b = Float(max(0, min(1, c.b))) * 255
        let w = width
        px.withUnsafeMutableBufferPointer { d in
            for x in x0..<x1 {
                var k = cover[x] * a
                if let clip { k *= clip[y * w + x] }
                if k <= 0 { continue }
                let j = (y * w + x) * 4
                d[j] = Pixel.byte(Float(d[j]) + r * k)
                d[j + 1] = Pixel.byte(Float(d[j + 1]) + g * k)
                d[j + 2] = Pixel.byte(Float(d[j + 2]) + b * k)
                d[j + 3] = Pixel.byte(Float(d[j + 3]) + 255 * k)
            }
        }
    }
}
