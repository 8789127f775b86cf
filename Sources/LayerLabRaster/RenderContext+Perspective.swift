import LayerLabCore

/// Layers seen in perspective, and CATransformLayer's shared 3D space.
extension RenderContext {
    /// Draws the layer flat (its content and sublayers, in its own plane) into a picture of its
    /// extent, then maps that picture through `plane` onto `target`, sampling bilinearly.
    /// Content beyond the bounds and the sublayers' frames is not drawn.
    func drawInPerspective(_ layer: PresentedLayer, _ plane: Projective2D, into target: Surface) {
        var ext = layer.bounds
        for s in layer.sublayers where !s.hidden {
            let f = RenderContext.frame(of: s)
            ext = ext.width <= 0 || ext.height <= 0 ? f
                : Rect(min(ext.minX, f.minX), min(ext.minY, f.minY), 0, 0).spanning(max(ext.maxX, f.maxX), max(ext.maxY, f.maxY))
        }
        guard ext.width > 0, ext.height > 0, let inverse = plane.inverted else { return }
        // Enough pixels for the largest stretch the projection gives the extent's corners.
        let corners = [Point(ext.minX, ext.minY), Point(ext.maxX, ext.minY), Point(ext.maxX, ext.maxY), Point(ext.minX, ext.maxY)]
        guard corners.allSatisfy({ plane.w($0) > 0 }) else { return }  // partly behind the eye
        let shown = corners.map(plane.apply)
        var stretch = 1.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let len = a.distance(to: b)
            if len > 0 { stretch = max(stretch, shown[i].distance(to: shown[(i + 1) % 4]) / len) }
        }
        let limit = 2048.0
        let scale = min(stretch, limit / ext.width, limit / ext.height)
        let ow = clampedInt((ext.width * scale).rounded(.up), 1, Int(limit)), oh = clampedInt((ext.height * scale).rounded(.up), 1, Int(limit))
        let local = AffineTransform.translation(-ext.minX, -ext.minY).concatenating(.scale(scale, scale))
        let flat = RenderContext(width: ow, height: oh, images: images, sampling: sampling)
        let picture = Surface(width: ow, height: oh)
        let children = layer.sublayerTransformAboutAnchor.concatenating(Transform3D.flatteningZ)
            .concatenating(Transform3D(local))
        var unshadowed = layer
        unshadowed.extras.shadowOpacity = 0
        withUnsafePointer(to: unshadowed) {
            flat.drawContent($0, transform: local, children: children, into: picture, clip: nil, alpha: 1)
        }
        // Only the pixels the projected extent can reach.
        // (Clamped: a corner projected far off screen, or not finite, reaches the edge.)
        let x0 = clampedInt(shown.map(\.x).min()!.rounded(.down), 0, width), x1 = clampedInt(shown.map(\.x).max()!.rounded(.up), 0, width)
        let y0 = clampedInt(shown.map(\.y).min()!.rounded(.down), 0, height), y1 = clampedInt(shown.map(\.y).max()!.rounded(.up), 0, height)
        guard x0 < x1, y0 < y1 else { return }
        var ones = [Float](repeating: 1, count: width)
        var source = [SIMD4<Float>](repeating: .zero, count: width)
        picture.px.withUnsafeBufferPointer { src in
            func at(_ a: Int, _ b: Int) -> SIMD4<Float> {
                guard a >= 0 && a < ow && b >= 0 && b < oh else { return .zero }
                let k = (b * ow + a) * 4
                return SIMD4(Float(src[k]), Float(src[k + 1]), Float(src[k + 2]), Float(src[k + 3])) * (1 / 255)
            }
            ones.withUnsafeMutableBufferPointer { cover in
                source.withUnsafeMutableBufferPointer { row in
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let q = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                            let u = (q.x - ext.minX) * scale - 0.5, v = (q.y - ext.minY) * scale - 0.5
                            guard u > -1, v > -1, u < Double(ow), v < Double(oh) else { row[x] = .zero; continue }
                            let iu = clampedInt(u.rounded(.down), -1, ow), iv = clampedInt(v.rounded(.down), -1, oh)
                            let fu = Float(u - Double(iu)), fv = Float(v - Double(iv))
                            let top = at(iu, iv) * (1 - fu) + at(iu + 1, iv) * fu
                            let bottom = at(iu, iv + 1) * (1 - fu) + at(iu + 1, iv + 1) * fu
                            row[x] = top * (1 - fv) + bottom * fv
                        }
                        target.blend(y: y, x0: x0, x1: x1, cover: cover, alpha: 1, clip: nil, source: row)
                    }
                }
            }
        }
    }

    /// A layer's frame in its superlayer (its 2D transform's image of the bounds' corners).
    static func frame(of l: PresentedLayer) -> Rect {
        let t = l.transformToSuperlayer
        let b = l.bounds
        let ps = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map(t.apply)
        let xs = ps.map(\.x), ys = ps.map(\.y)
        return Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    /// A transformLayer draws nothing itself; its sublayers live in its 3D space, drawn back to
    /// front by the depth of their centres, each with the transformLayer's opacity.
    func drawTransformLayer(_ layer: PresentedLayer, _ m3: Transform3D, into target: Surface, clip: [Float]?, alpha: Float) {
        let space = layer.sublayerTransformAboutAnchor.concatenating(m3)
        let depths = layer.sublayers.map { s -> Double in
            let c = Point(s.bounds.midX, s.bounds.midY)
            let p = s.transform3DToSuperlayer.concatenating(space).apply(c.x, c.y, 0)
            return p.w != 0 ? p.z / p.w : p.z
        }
        let order = layer.sublayers.indices.sorted {
            depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1
        }
        let flat = RenderContext.finiteAffine(space)
        layer.sublayers.withUnsafeBufferPointer { subs in
            for i in order {
                draw(subs.baseAddress! + i, parent: space, flatParent: flat, into: target, clip: clip, alpha: alpha)
            }
        }
    }
}

private extension Rect {
    /// This rectangle's origin, reaching to (maxX, maxY).
    func spanning(_ maxX: Double, _ maxY: Double) -> Rect { Rect(minX, minY, maxX - minX, maxY - minY) }
}
