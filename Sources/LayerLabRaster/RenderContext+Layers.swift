import LayerLabCore

/// Drawing the layer tree as Core Animation composites it: background, contents,
/// sublayers, border; group opacity, masks, masksToBounds.
extension RenderContext {
    /// Draws sibling layers back to front; `parent` maps their superlayer's space to pixels.
    func drawLayers(_ layers: [PresentedLayer], parent: Transform3D, into target: Surface,
                    clip: [Float]?, alpha: Float) {
        let flat = RenderContext.finiteAffine(parent)
        // NB: by index through a buffer: a for-in over the array copies each layer (a dozen
        // references retained and released), which costs more than drawing a small shape.
        RenderContext.ordered(layers).withUnsafeBufferPointer { list in
            for i in list.indices {
                draw(list[i], parent: parent, flatParent: flat, into: target, clip: clip, alpha: alpha)
            }
        }
    }

    /// Draws `layer` through a 3D map of its superlayer's space to pixels (`flatParent` is
    /// `finiteAffine(parent)`, computed once for all siblings). A layer that stays affine on
    /// screen is drawn directly; one seen in perspective is drawn flat into its own plane and
    /// that picture mapped onto the screen, which is how Core Animation flattens a layer and
    /// its sublayers.
    func draw(_ layer: PresentedLayer, parent: Transform3D, flatParent: AffineTransform?, into target: Surface,
              clip: [Float]?, alpha: Float) {
        guard !layer.hidden, layer.opacity > 0, layer.opacity.isFinite || layer.opacity > 1 else { return }
        // A flat leaf (no sublayers, copies or mask) under a 2D parent needs only its 2D map:
        // the 3D product's entries are the same sums plus exact zeros, so the pixels match.
        let leaf = layer.sublayers.isEmpty && layer.replicator == nil && layer.mask.isEmpty
            && layer.kind != .transformLayer && layer.isFlat
        if leaf, let p = flatParent {
            let m = layer.transformToSuperlayer.concatenating(p)
            if !layer.isDoubleSided && !Projective2D(m).facesViewer(at: Point(layer.bounds.midX, layer.bounds.midY)) { return }
            drawAffine(layer, m, children: .identity, parent: parent, maskLayers: [], into: target, clip: clip,
                       alpha: alpha)
            return
        }
        let m3 = layer.isFlat && parent.isAffinePlane
            ? Transform3D(layer.transformToSuperlayer).concatenating(parent)
            : layer.transform3DToSuperlayer.concatenating(parent)
        let plane = m3.planar
        if !layer.isDoubleSided && !plane.facesViewer(at: Point(layer.bounds.midX, layer.bounds.midY)) { return }
        let opacity = Float(min(1, layer.opacity))
        if layer.kind == .transformLayer {
            drawTransformLayer(layer, m3, into: target, clip: clip, alpha: alpha * opacity)
            return
        }
        let children = layer.sublayerTransformAboutAnchor.concatenating(Transform3D.flatteningZ).concatenating(m3)
        let maskLayers = layer.mask.filter { !$0.hidden }
        guard let m = plane.affine else {
            drawGroup(layer, m3: m3, affine: nil, children: children, parent: parent, maskLayers: maskLayers,
                      into: target, clip: clip, alpha: alpha)
            return
        }
        drawAffine(layer, m, children: children, parent: parent, maskLayers: maskLayers, m3: m3, into: target,
                   clip: clip, alpha: alpha)
    }

    /// The parent's map when it is 2D with finite entries (then a flat leaf's map is its 2D product).
    static func finiteAffine(_ t: Transform3D) -> AffineTransform? {
        guard t.isAffinePlane, t.m.allSatisfy({ $0.isFinite }) else { return nil }
        return AffineTransform(a: t.m[0], b: t.m[1], c: t.m[4], d: t.m[5], tx: t.m[12], ty: t.m[13])
    }

    /// A layer whose plane maps affinely through `m`: drawn directly unless group opacity, a
    /// mask or a shadow of its drawing needs it composited from an offscreen.
    private func drawAffine(_ layer: PresentedLayer, _ m: AffineTransform, children: Transform3D, parent: Transform3D,
                            maskLayers: [PresentedLayer], m3: Transform3D? = nil, into target: Surface,
                            clip: [Float]?, alpha: Float) {
        let opacity = Float(min(1, layer.opacity))
        let hasMask = !layer.mask.isEmpty
        let shadow = RenderContext.castsShadow(layer)
        let group = hasMask || (shadow && layer.shadowPath.isEmpty)
            || (opacity < 1 && RenderContext.drawingCount(layer, limit: 2) > 1)
        guard group else {
            if shadow {
                drawShadow(layer, transform: m, parent: parent.planar.affine ?? m, content: nil, into: target,
                           clip: clip, alpha: alpha * opacity)
            }
            drawContent(layer, transform: m, children: children, into: target, clip: clip, alpha: alpha * opacity)
            return
        }
        // A leaf's 3D map, as the general path builds it.
        let m3 = m3 ?? Transform3D(layer.transformToSuperlayer).concatenating(parent)
        drawGroup(layer, m3: m3, affine: m, children: children, parent: parent,
                  maskLayers: maskLayers, into: target, clip: clip, alpha: alpha)
    }

    /// A layer drawn offscreen, then composited with its opacity, mask and shadow.
    private func drawGroup(_ layer: PresentedLayer, m3: Transform3D, affine: AffineTransform?, children: Transform3D,
                           parent: Transform3D, maskLayers: [PresentedLayer], into target: Surface,
                           clip: [Float]?, alpha: Float) {
        let opacity = Float(min(1, layer.opacity))
        let plane = m3.planar
        let m = affine ?? .identity
        let hasMask = !layer.mask.isEmpty
        let shadow = RenderContext.castsShadow(layer)
        let offscreen = borrowSurface()
        defer { giveBack(offscreen) }
        if affine != nil {
            drawContent(layer, transform: m, children: children, into: offscreen, clip: nil, alpha: 1)
        } else {
            drawInPerspective(layer, plane, into: offscreen)
        }
        if shadow {
            let parentMap = parent.planar.affine ?? affine ?? .identity
            drawShadow(layer, transform: m, parent: parentMap, content: offscreen, into: target, clip: clip,
                       alpha: alpha * opacity)
        }
        var maskSurface: Surface? = nil
        if hasMask {
            let ms = borrowSurface()
            drawLayers(maskLayers, parent: Transform3D.flatteningZ.concatenating(m3), into: ms, clip: nil, alpha: 1)
            maskSurface = ms
        }
        target.composite(offscreen, opacity: alpha * opacity, mask: maskSurface, clip: clip)
        if let maskSurface { giveBack(maskSurface) }
    }

    /// The layer's own drawing through transform `m`, and its sublayers through `children`
    /// (the map of the layer's sublayer space: sublayerTransform, flattened, then the layer's).
    func drawContent(_ layer: PresentedLayer, transform m: AffineTransform, children: Transform3D,
                     into target: Surface, clip: [Float]?, alpha: Float) {
        let b = layer.bounds
        let hasArea = b.width > 0 && b.height > 0
        if hasArea && layer.backgroundColor.a > 0 {
            fillPath(.roundedRect(b, radius: layer.cornerRadius), transform: m, evenOdd: false,
                     color: layer.backgroundColor, into: target, clip: clip, alpha: alpha)
        }
        var inner = clip
        if layer.masksToBounds {
            if !hasArea { return }
            let c = deviceContours(.roundedRect(b, radius: layer.cornerRadius), transform: m)
            inner = coverage(c, transform: .identity, evenOdd: false, within: clip)
        }
        switch layer.kind {
        case .shape: drawShape(layer, transform: m, into: target, clip: inner, alpha: alpha)
        case .text: drawText(layer, transform: m, into: target, clip: inner, alpha: alpha)
        case .image: drawImage(layer, transform: m, into: target, clip: inner, alpha: alpha)
        case .gradient: drawGradient(layer, transform: m, into: target, clip: inner, alpha: alpha)
        case .emitter:
            if let e = layer.emission { drawEmission(e, transform: m, into: target, clip: inner, alpha: alpha) }
        case .layer, .replicator, .transformLayer, .emitterCell: break
        }
        if let r = layer.replicator {
            drawCopies(layer, r, children: children, into: target, clip: inner, alpha: alpha)
        } else {
            drawLayers(layer.sublayers, parent: children, into: target, clip: inner, alpha: alpha)
        }
        if hasArea && layer.borderWidth > 0 && layer.borderColor.a > 0 {
            let bw = min(layer.borderWidth, min(b.width, b.height) / 2)
            var path = Path.roundedRect(b, radius: layer.cornerRadius)
            if bw < min(b.width, b.height) / 2 {
                path.elements += Path.roundedRect(b.insetBy(bw), radius: max(0, layer.cornerRadius - bw)).elements
            }
            fillPath(path, transform: m, evenOdd: true, color: layer.borderColor, into: target, clip: clip, alpha: alpha)
        }
    }

    /// A shape layer's path: fill, then stroke (trimmed, dashed) on top.
    private func drawShape(_ layer: PresentedLayer, transform m: AffineTransform, into target: Surface,
                           clip: [Float]?, alpha: Float) {
        guard !layer.path.isEmpty else { return }
        if layer.fillColor.a > 0 {
            fillPath(layer.path, transform: m, evenOdd: layer.fillRule == .evenOdd, color: layer.fillColor,
                     into: target, clip: clip, alpha: alpha)
        }
        if layer.strokeColor.a > 0 && layer.lineWidth > 0 && layer.lineWidth.isFinite {
            let style = StrokeStyle(lineWidth: layer.lineWidth, cap: layer.lineCap, join: layer.lineJoin,
                                    miterLimit: layer.miterLimit)
            strokePolylines(layer.path, style: style, start: layer.strokeStart, end: layer.strokeEnd,
                            dashes: layer.lineDashPattern, phase: layer.lineDashPhase, transform: m,
                            color: layer.strokeColor, into: target, clip: clip, alpha: alpha)
        }
    }

    /// Strokes a path given in layer coordinates; the outline is built there so non-uniform
    /// scales give an elliptical pen, as in Core Graphics.
    func strokePolylines(_ path: Path, style: StrokeStyle, start: Double, end: Double, dashes: [Double],
                         phase: Double, transform m: AffineTransform, color: Color, into target: Surface,
                         clip: [Float]?, alpha: Float) {
        let scale = RenderContext.maxScale(m)
        guard scale > 1e-12, scale.isFinite else { return }
        let tol = tolerance / scale
        let lines = path.flattened(tolerance: tol).stroked(start: start, end: end, dashes: dashes, phase: phase)
        guard !lines.isEmpty else { return }
        contours.removeAll()
        Stroker(style: style, tolerance: tol).stroke(lines, into: &contours)
        fill(contours, transform: m, evenOdd: false, normalize: false, color: color, into: target,
             clip: clip, alpha: alpha)
    }

    /// The largest stretch the transform applies to any direction.
    static func maxScale(_ m: AffineTransform) -> Double {
        let e = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d
        let det = m.a * m.d - m.b * m.c
        let disc = max(0, e * e - 4 * det * det)
        return ((e + disc.squareRoot()) / 2).squareRoot()
    }

    /// How many separate drawings a layer subtree makes, counting up to `limit`; group
    /// opacity needs an offscreen only when there is more than one.
    static func drawingCount(_ layer: PresentedLayer, limit: Int) -> Int {
        if layer.hidden || layer.opacity <= 0 { return 0 }
        var n = 0
        let hasArea = layer.bounds.width > 0 && layer.bounds.height > 0
        if hasArea && layer.backgroundColor.a > 0 { n += 1 }
        if hasArea && layer.borderWidth > 0 && layer.borderColor.a > 0 { n += 1 }
        switch layer.kind {
        case .shape:
            if !layer.path.isEmpty {
                if layer.fillColor.a > 0 { n += 1 }
                if layer.strokeColor.a > 0 && layer.lineWidth > 0 { n += 1 }
            }
        case .text: if !layer.string.isEmpty && layer.foregroundColor.a > 0 { n += 1 }
        case .image: if !layer.contents.isEmpty { n += 1 }
        case .gradient: if !layer.gradientColors.colors.isEmpty { n += 1 }
        case .emitter: n += min(limit, layer.emission?.particles.count ?? 0)
        case .layer, .replicator, .transformLayer, .emitterCell: break
        }
        if let r = layer.replicator, r.count > 1, !layer.sublayers.isEmpty { return limit }
        if n >= limit { return n }
        for sub in layer.sublayers {
            n += drawingCount(sub, limit: limit - n)
            if n >= limit { return n }
        }
        return n
    }
}
