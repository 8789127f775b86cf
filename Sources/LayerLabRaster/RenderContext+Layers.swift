import LayerLabCore

/// A layer read in place from the array that holds it. Drawing passes layers by pointer:
/// `PresentedLayer` is large and holds a dozen references, and a value parameter read from
/// an array is copied (retaining all of them), which costs more than drawing a small shape.
typealias LayerRef = UnsafePointer<PresentedLayer>

/// Drawing the layer tree as Core Animation composites it: background, contents,
/// sublayers, border; group opacity, masks, masksToBounds.
extension RenderContext {
    /// Draws sibling layers back to front; `parent` maps their superlayer's space to pixels.
    func drawLayers(_ layers: [PresentedLayer], parent: Transform3D, into target: Surface,
                    clip: [Float]?, alpha: Float) {
        guard !layers.isEmpty else { return }
        let flat = RenderContext.finiteAffine(parent)
        RenderContext.ordered(layers).withUnsafeBufferPointer { list in
            for i in list.indices {
                draw(list.baseAddress! + i, parent: parent, flatParent: flat, into: target, clip: clip, alpha: alpha)
            }
        }
    }

    /// Draws `layer` through a 3D map of its superlayer's space to pixels (`flatParent` is
    /// `finiteAffine(parent)`, computed once for all siblings). A layer that stays affine on
    /// screen is drawn directly; one seen in perspective is drawn flat into its own plane and
    /// that picture mapped onto the screen, which is how Core Animation flattens a layer and
    /// its sublayers.
    func draw(_ ref: LayerRef, parent: Transform3D, flatParent: AffineTransform?, into target: Surface,
              clip: [Float]?, alpha: Float) {
        guard !ref.pointee.hidden, ref.pointee.opacity > 0, ref.pointee.opacity.isFinite || ref.pointee.opacity > 1
        else { return }
        // A flat leaf (no sublayers, so no copies either, and no mask) under a 2D parent needs
        // only its 2D map: the 3D product's entries are the same sums plus exact zeros, so the
        // pixels match.
        let leaf = RenderContext.inPlace(ref) {
            $0.sublayers.isEmpty && $0.kind != .transformLayer
                && ($0.boxedFieldsAreDefault || ($0.extras.mask.isEmpty && $0.isFlat && $0.extras.blendMode == .normal))
        }
        if leaf, let p = flatParent {
            let m = RenderContext.inPlace(ref) { $0.transformToSuperlayer }.concatenating(p)
            if !RenderContext.inPlace(ref, { $0.boxedFieldsAreDefault || $0.extras.isDoubleSided })
                && !Projective2D(m).facesViewer(at: Point(ref.pointee.bounds.midX, ref.pointee.bounds.midY)) { return }
            drawAffine(ref, m, children: identity3D, parent: parent, maskLayers: [], into: target, clip: clip,
                       alpha: alpha)
            return
        }
        let layer = ref.pointee
        let m3 = layer.isFlat && parent.isAffinePlane
            ? Transform3D(layer.transformToSuperlayer).concatenating(parent)
            : layer.transform3DToSuperlayer.concatenating(parent)
        let plane = m3.planar
        if !layer.extras.isDoubleSided && !plane.facesViewer(at: Point(layer.bounds.midX, layer.bounds.midY)) { return }
        let opacity = Float(min(1, layer.opacity))
        if layer.kind == .transformLayer {
            drawTransformLayer(layer, m3, into: target, clip: clip, alpha: alpha * opacity)
            return
        }
        let children = layer.sublayerTransformAboutAnchor.concatenating(Transform3D.flatteningZ).concatenating(m3)
        let maskLayers = layer.extras.mask.filter { !$0.hidden }
        guard let m = plane.affine else {
            drawGroup(layer, m3: m3, affine: nil, children: children, parent: parent, maskLayers: maskLayers,
                      into: target, clip: clip, alpha: alpha)
            return
        }
        drawAffine(ref, m, children: children, parent: parent, maskLayers: maskLayers, m3: m3, into: target,
                   clip: clip, alpha: alpha)
    }

    /// `read(layer)` without copying the layer: a computed property of a value read through a
    /// pointer is otherwise called on a copy (retaining every reference the layer holds). The
    /// closure borrows the layer where it lies: it can read it and nothing more, so the
    /// memory behind `ref` (an array's buffer, never written while drawing) is only read.
    @inline(__always)
    static func inPlace<T>(_ ref: LayerRef, _ read: (borrowing PresentedLayer) -> T) -> T {
        read(ref.pointee)
    }

    /// The parent's map when it is 2D with finite entries (then a flat leaf's map is its 2D product).
    static func finiteAffine(_ t: Transform3D) -> AffineTransform? {
        guard t.isAffinePlane, t.m.allSatisfy({ $0.isFinite }) else { return nil }
        return AffineTransform(a: t.m[0], b: t.m[1], c: t.m[4], d: t.m[5], tx: t.m[12], ty: t.m[13])
    }

    /// A layer whose plane maps affinely through `m`: drawn directly unless group opacity, a
    /// mask, a blend mode, a tint, a blur or a shadow of its drawing needs it composited from an offscreen.
    private func drawAffine(_ ref: LayerRef, _ m: AffineTransform, children: Transform3D, parent: Transform3D,
                            maskLayers: [PresentedLayer], m3: Transform3D? = nil, into target: Surface,
                            clip: [Float]?, alpha: Float) {
        let opacity = Float(min(1, ref.pointee.opacity))
        let masksOrBlends = RenderContext.inPlace(ref) {
            !$0.boxedFieldsAreDefault && (!$0.extras.mask.isEmpty || $0.extras.blendMode != .normal || $0.extras.isolatesBlending
                || $0.extras.tintAmount > 0 || $0.extras.blurRadius > 0)
        }
        let shadow = RenderContext.castsShadow(ref)
        let group = masksOrBlends || (shadow && RenderContext.inPlace(ref) { $0.extras.shadowPath.isEmpty })
            || (opacity < 1 && RenderContext.drawingCount(ref, limit: 2) > 1)
        guard group else {
            if shadow {
                drawShadow(ref.pointee, transform: m, parent: parent.planar.affine ?? m, content: nil, into: target,
                           clip: clip, alpha: alpha * opacity)
            }
            drawContent(ref, transform: m, children: children, into: target, clip: clip, alpha: alpha * opacity)
            return
        }
        if !shadow, drawMaskedByCoverage(ref, m, children: children, into: target, clip: clip, alpha: alpha * opacity) {
            return
        }
        let layer = ref.pointee
        // A leaf's 3D map, as the general path builds it.
        let m3 = m3 ?? Transform3D(layer.transformToSuperlayer).concatenating(parent)
        drawGroup(layer, m3: m3, affine: m, children: children, parent: parent,
                  maskLayers: maskLayers, into: target, clip: clip, alpha: alpha)
    }

    /// A layer that makes one drawing, masked by one filled or stroked shape (a Lottie gradient
    /// under its outline, a shape under one mask): drawn straight onto the target through the
    /// mask's coverage, as a clip, instead of offscreen and then composited through the mask's
    /// pixels. With one drawing there is nothing for a group to composite first, so the picture
    /// is the same (up to the rounding of the two offscreen pictures to bytes, which this
    /// skips). False, drawing nothing, when the layer or its mask asks for more.
    private func drawMaskedByCoverage(_ ref: LayerRef, _ m: AffineTransform, children: Transform3D,
                                      into target: Surface, clip: [Float]?, alpha: Float) -> Bool {
        let eligible = RenderContext.inPlace(ref) { l in
            l.extras.mask.count == 1 && l.extras.maskMode == .alpha && l.extras.blendMode == .normal
                && !l.extras.isolatesBlending && l.extras.tintAmount <= 0 && l.extras.blurRadius <= 0
                && RenderContext.plainShape(l.extras.mask[0])
        }
        guard eligible, RenderContext.drawingCount(ref, limit: 2) == 1 else { return false }
        let mask = ref.pointee.extras.mask[0]
        let mm = mask.transformToSuperlayer.concatenating(m)
        let filled = mask.fillColor.a > 0
        let weight = Float(filled ? mask.fillColor.a : mask.strokeColor.a) * Float(min(1, mask.opacity))
        var pooled: (buffer: [Float], rows: Range<Int>)
        // Through the coverage cache, as the mask's own drawing would be: a mask that holds
        // still is scan-converted once.
        if filled {
            let evenOdd = mask.fillRule == .evenOdd
            pooled = shapeCoverage(.fill(mask.path, mm, evenOdd: evenOdd), evenOdd: evenOdd, within: clip) {
                scan.reset()
                scan.add(mask.path, tolerance: tolerance, transform: mm)
                return !scan.isEmpty
            }
        } else {
            let scale = RenderContext.maxScale(mm)
            // A map that collapses the stroke leaves nothing showing through it.
            guard scale > 1e-12, scale.isFinite else { return true }
            let style = StrokeStyle(of: mask)
            let (start, end, dashes, phase) = (mask.strokeStart, mask.strokeEnd, mask.extras.lineDashPattern, mask.lineDashPhase)
            let key = CoverageCache.Key.stroke(mask.path, mm, style: style, start: start, end: end, dashes: dashes, phase: phase)
            pooled = shapeCoverage(key, evenOdd: false, within: clip) {
                guard strokeOutline(mask.path, style: style, start: start, end: end, dashes: dashes, phase: phase,
                                    scale: scale) else { return false }
                scan.reset()
                scan.add(contours, transform: mm, normalize: false)
                return true
            }
        }
        if weight < 1 {
            let w = width, rows = pooled.rows
            pooled.buffer.withUnsafeMutableBufferPointer { b in
                for i in (rows.lowerBound * w)..<(rows.upperBound * w) { b[i] *= weight }
            }
        }
        if !pooled.rows.isEmpty {
            drawContent(ref, transform: m, children: children, into: target, clip: pooled.buffer, alpha: alpha)
        }
        giveBack(coverage: pooled.buffer, rows: pooled.rows)
        return true
    }

    /// A mask layer whose coverage is its path's fill or its stroke alone: a flat, visible
    /// shape layer that fills or strokes its path and draws nothing else (no background,
    /// border, sublayers or effects).
    static func plainShape(_ l: PresentedLayer) -> Bool {
        let fills = l.fillColor.a > 0, strokes = l.strokeColor.a > 0 && l.lineWidth > 0 && l.lineWidth.isFinite
        guard l.kind == .shape, !l.hidden, l.opacity > 0, l.opacity.isFinite, l.isFlat, l.sublayers.isEmpty,
              !l.masksToBounds, fills != strokes, !l.path.isEmpty, l.backgroundColor.a <= 0 else { return false }
        if l.boxedFieldsAreDefault { return true }
        let e = l.extras
        return e.mask.isEmpty && e.blendMode == .normal && !e.isolatesBlending && e.tintAmount <= 0 && e.blurRadius <= 0
            && (e.borderWidth <= 0 || e.borderColor.a <= 0) && !castsShadow(e.shadowOpacity, e.shadowColor)
            && e.replicator == nil && e.isDoubleSided
    }

    /// A layer drawn offscreen, tinted and blurred, then composited with its opacity, mask (read
    /// as `maskMode` says), blend mode and shadow (of the tinted, blurred drawing, as After
    /// Effects applies effects before the layer style).
    private func drawGroup(_ layer: PresentedLayer, m3: Transform3D, affine: AffineTransform?, children: Transform3D,
                           parent: Transform3D, maskLayers: [PresentedLayer], into target: Surface,
                           clip: [Float]?, alpha: Float) {
        let opacity = Float(min(1, layer.opacity))
        let plane = m3.planar
        let m = affine ?? .identity
        let hasMask = !layer.extras.mask.isEmpty
        let shadow = RenderContext.castsShadow(layer.extras.shadowOpacity, layer.extras.shadowColor)
        let offscreen = borrowSurface()
        defer { giveBack(offscreen) }
        if affine != nil {
            withUnsafePointer(to: layer) { drawContent($0, transform: m, children: children, into: offscreen, clip: nil, alpha: 1) }
        } else {
            drawInPerspective(layer, plane, into: offscreen)
        }
        offscreen.tint(black: layer.extras.tintBlack, white: layer.extras.tintWhite, mid: layer.extras.tintMidtone,
                       amount: layer.extras.tintAmount)
        // The blur is in the layer's own points, as the shadow's radius is in its superlayer's.
        if layer.extras.blurRadius > 0 {
            offscreen.blur(sigma: layer.extras.blurRadius / 2 * (affine ?? plane.affine ?? .identity).meanScale)
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
        if layer.extras.blendMode == .normal && (!hasMask || layer.extras.maskMode == .alpha) {
            target.composite(offscreen, opacity: alpha * opacity, mask: maskSurface, clip: clip)
        } else {
            target.composite(offscreen, opacity: alpha * opacity, mask: maskSurface, maskMode: layer.extras.maskMode, clip: clip,
                             blend: layer.extras.blendMode)
        }
        if let maskSurface { giveBack(maskSurface) }
    }

    /// The layer's own drawing through transform `m`, and its sublayers through `children`
    /// (the map of the layer's sublayer space: sublayerTransform, flattened, then the layer's).
    func drawContent(_ ref: LayerRef, transform m: AffineTransform, children: Transform3D,
                     into target: Surface, clip: [Float]?, alpha: Float) {
        let b = ref.pointee.bounds
        let hasArea = b.width > 0 && b.height > 0
        if hasArea && ref.pointee.backgroundColor.a > 0 {
            fillPath(.roundedRect(b, radius: ref.pointee.cornerRadius), transform: m, evenOdd: false,
                     color: ref.pointee.backgroundColor, into: target, clip: clip, alpha: alpha)
        }
        var inner = clip
        // The bounds' coverage, from and back to the pool (a clip per clipping layer per frame).
        var innerRows: Range<Int>? = nil
        if ref.pointee.masksToBounds && !coversSurface(b, radius: ref.pointee.cornerRadius, transform: m) {
            if !hasArea { return }
            let c = deviceContours(.roundedRect(b, radius: ref.pointee.cornerRadius), transform: m)
            let pooled = pooledCoverage(c, transform: .identity, evenOdd: false, within: clip)
            inner = pooled.buffer
            innerRows = pooled.rows
        }
        switch ref.pointee.kind {
        case .shape: drawShape(ref, transform: m, into: target, clip: inner, alpha: alpha)
        case .text: drawText(ref.pointee, transform: m, into: target, clip: inner, alpha: alpha)
        case .image: drawImage(ref.pointee, transform: m, into: target, clip: inner, alpha: alpha)
        case .gradient: drawGradient(ref.pointee, transform: m, into: target, clip: inner, alpha: alpha)
        case .emitter:
            if let e = ref.pointee.extras.emission { drawEmission(e, transform: m, into: target, clip: inner, alpha: alpha) }
        case .layer, .replicator, .transformLayer, .emitterCell: break
        }
        // NB: without sublayers a replicator has nothing to copy.
        if RenderContext.inPlace(ref, { !$0.sublayers.isEmpty }) {
            if let r = ref.pointee.extras.replicator {
                drawCopies(ref.pointee, r, children: children, into: target, clip: inner, alpha: alpha)
            } else {
                drawLayers(ref.pointee.sublayers, parent: children, into: target, clip: inner, alpha: alpha)
            }
        }
        if let rows = innerRows, let buffer = inner {
            // NB: `inner` let go first, so the pooled buffer is held once.
            inner = nil
            giveBack(coverage: buffer, rows: rows)
        }
        if hasArea && ref.pointee.extras.borderWidth > 0 && ref.pointee.extras.borderColor.a > 0 {
            let bw = min(ref.pointee.extras.borderWidth, min(b.width, b.height) / 2)
            var path = Path.roundedRect(b, radius: ref.pointee.cornerRadius)
            if bw < min(b.width, b.height) / 2 {
                path.elements += Path.roundedRect(b.insetBy(bw), radius: max(0, ref.pointee.cornerRadius - bw)).elements
            }
            fillPath(path, transform: m, evenOdd: true, color: ref.pointee.extras.borderColor, into: target, clip: clip,
                     alpha: alpha)
        }
    }

    /// Whether bounds mapped through `m` cover every pixel of the surface whole, so clipping
    /// to them changes nothing (a coverage of 1 everywhere). Precompositions the size of their
    /// composition clip to it: their clip is skipped instead of scan-converted each frame.
    func coversSurface(_ b: Rect, radius: Double, transform m: AffineTransform) -> Bool {
        guard radius <= 0, m.b == 0, m.c == 0, b.width > 0, b.height > 0 else { return false }
        let x0 = m.a * b.minX + m.tx, x1 = m.a * b.maxX + m.tx
        let y0 = m.d * b.minY + m.ty, y1 = m.d * b.maxY + m.ty
        // NB: a millionth of a pixel short still counts as covering: a scale from a
        // composition to the output size may land its edge that close to the surface's.
        let slack = 1e-6
        return min(x0, x1) <= slack && max(x0, x1) >= Double(width) - slack
            && min(y0, y1) <= slack && max(y0, y1) >= Double(height) - slack
    }

    /// A shape layer's path: fill, then stroke (trimmed, dashed) on top.
    private func drawShape(_ ref: LayerRef, transform m: AffineTransform, into target: Surface,
                           clip: [Float]?, alpha: Float) {
        guard RenderContext.inPlace(ref, { !$0.path.isEmpty }) else { return }
        if ref.pointee.fillColor.a > 0 {
            RenderContext.inPlace(ref) { layer in
                fillPath(layer.path, transform: m, evenOdd: layer.fillRule == .evenOdd, color: layer.fillColor,
                         into: target, clip: clip, alpha: alpha)
            }
        }
        if ref.pointee.strokeColor.a > 0 && ref.pointee.lineWidth > 0 && ref.pointee.lineWidth.isFinite {
            let layer = ref.pointee
            strokePolylines(layer.path, style: StrokeStyle(of: layer), start: layer.strokeStart, end: layer.strokeEnd,
                            dashes: layer.extras.lineDashPattern, phase: layer.lineDashPhase, transform: m,
                            color: layer.strokeColor, into: target, clip: clip, alpha: alpha)
        }
    }

    /// Strokes a path given in layer coordinates; the outline is built there so non-uniform
    /// scales give an elliptical pen, as in Core Graphics.
    func strokePolylines(_ path: Path, style: StrokeStyle, start: Double, end: Double, dashes: [Double],
                         phase: Double, transform m: AffineTransform, color: Color, into target: Surface,
                         clip: [Float]?, alpha: Float) {
        let scale = RenderContext.maxScale(m)
        guard scale > 1e-12, scale.isFinite, color.a > 0, alpha > 0 else { return }
        let key = CoverageCache.Key.stroke(path, m, style: style, start: start, end: end, dashes: dashes, phase: phase)
        if paintKept(key, .color(color), into: target, clip: clip, alpha: alpha) { return }
        guard strokeOutline(path, style: style, start: start, end: end, dashes: dashes, phase: phase, scale: scale)
        else { return }
        scan.reset()
        scan.add(contours, transform: m, normalize: false)
        paintScan(.color(color), evenOdd: false, into: target, clip: clip, alpha: alpha, key: key)
    }

    /// A stroke's outline (trimmed, dashed) in the path's own coordinates, into `contours`,
    /// flattened finely enough for a map that stretches by up to `scale`; false when nothing
    /// is left to stroke.
    func strokeOutline(_ path: Path, style: StrokeStyle, start: Double, end: Double, dashes: [Double], phase: Double,
                       scale: Double) -> Bool {
        let tol = tolerance / scale
        let lines = path.flattened(tolerance: tol).stroked(start: start, end: end, dashes: dashes, phase: phase)
        guard !lines.isEmpty else { return false }
        contours.removeAll()
        Stroker(style: style, tolerance: tol).stroke(lines, into: &contours)
        return !contours.isEmpty
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
    static func drawingCount(_ ref: LayerRef, limit: Int) -> Int {
        if ref.pointee.hidden || ref.pointee.opacity <= 0 { return 0 }
        var n = 0
        let hasArea = ref.pointee.bounds.width > 0 && ref.pointee.bounds.height > 0
        if hasArea && ref.pointee.backgroundColor.a > 0 { n += 1 }
        if hasArea && ref.pointee.extras.borderWidth > 0 && ref.pointee.extras.borderColor.a > 0 { n += 1 }
        switch ref.pointee.kind {
        case .shape:
            if !ref.pointee.path.isEmpty {
                if ref.pointee.fillColor.a > 0 { n += 1 }
                if ref.pointee.strokeColor.a > 0 && ref.pointee.lineWidth > 0 { n += 1 }
            }
        case .text: if !ref.pointee.extras.string.isEmpty && ref.pointee.extras.foregroundColor.a > 0 { n += 1 }
        case .image: if !ref.pointee.extras.contents.isEmpty { n += 1 }
        case .gradient: if !ref.pointee.extras.gradientColors.colors.isEmpty { n += 1 }
        case .emitter: n += min(limit, ref.pointee.extras.emission?.particles.count ?? 0)
        case .layer, .replicator, .transformLayer, .emitterCell: break
        }
        if RenderContext.inPlace(ref, { !$0.sublayers.isEmpty && ($0.extras.replicator?.count ?? 0) > 1 }) { return limit }
        if n >= limit { return n }
        return ref.pointee.sublayers.withUnsafeBufferPointer { subs in
            for i in subs.indices {
                n += drawingCount(subs.baseAddress! + i, limit: limit - n)
                if n >= limit { return n }
            }
            return n
        }
    }
}
