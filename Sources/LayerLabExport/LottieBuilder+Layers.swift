#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// One LayerLab layer (or mask) sampled at every frame, with the opacity it is drawn with.
struct LottieTrack {
    var name: String
    var kind: LayerKind
    var samples: [PresentedLayer]
    var opacity: [Double]
}

/// One Lottie layer per LayerLab layer: transform, then content by kind; image contents
/// become image layers parented to it.
extension LottieBuilder {
    /// Adds the track's layer (a shape layer, or a null when it draws nothing of its own) and,
    /// for an image layer, one image layer per picture it shows, above it.
    mutating func add(_ t: LottieTrack, index: Int, parent: Int?, to comp: inout LottieComp) {
        let ps = t.samples
        var shapes: [LottieShape] = []
        let warped = LottieWarp.bakes(t.kind) ? warpSamples(t.name) : nil
        if let warped {
            // Seen in perspective (`bake`): its outlines keyed at every frame.
            shapes = bakedShapes(t, warped)
            if t.kind == .text, let g = bakedTextGroup(t.name, ps, warped) {
                shapes.insert(g, at: shapes.firstIndex { $0.name == "backgroundColor" } ?? shapes.count)
            }
            if !shapes.isEmpty { baked.append("\(t.name) in perspective as paths keyed at every frame") }
        } else {
            if let border = borderGroup(ps) { shapes.append(border) }
            switch t.kind {
            case .shape: shapes += shapeGroups(ps)
            case .text: if let g = textGroup(t.name, ps) { shapes.append(g) }
            case .gradient: if let g = gradientGroup(t.name, ps) { shapes.append(g) }
            case .image, .layer: break
            case .replicator: break  // its copies are layers of their own (LottieReplicas)
            case .transformLayer: break
            case .emitter, .emitterCell: break  // particles: noted in `build`, or baked below (`addParticles`)
            }
            switch t.kind {
            default: break
            }
            if let bg = backgroundGroup(ps) { shapes.append(bg) }
        }
        var layer = plainLayer(shapes.isEmpty ? .null : .shape, index: index, name: t.name, parent: parent)
        let spatial = spatialPosition(t)
        let orient = spatial?.autoOrient
        layer.transform = transform(ps, opacity: t.opacity, position: spatial?.property, orient: orient)
        layer.autoOrient = orient != nil
        layer.shapes = shapes
        if !effectGroups.contains(t.name) {
            let effects = [tintEffect(ps), blurEffect(ps, scales: nil)].compactMap { $0 }
            if !effects.isEmpty { layer.effects = effects }
        }
        comp.add(layer)
        if t.kind == .image { addImages(t, parent: index, to: &comp) }
        if t.kind == .emitter && options.bake { addParticles(t, parent: index, to: &comp) }
    }

    /// LayerLab's tint as After Effects' Tint effect (`ty` 20: map black to, map white to,
    /// amount in percent), or its Tritone (`ty` 23) when a midtone is set at some frame, sampled
    /// per frame like the rest; nil when the layer is never tinted.
    func tintEffect(_ ps: [PresentedLayer]) -> LottieEffect? {
        guard ps.contains(where: { $0.extras.tintAmount > 0 }) else { return nil }
        func rgb(_ c: (PresentedLayer) -> Color) -> LottieProperty {
            LottieSampling.vector(ps.map { l in let c = c(l); return [c.r, c.g, c.b, 1] })
        }
        guard ps.contains(where: { $0.extras.tintMidtone.a > 0 }) else {
            return Self.effect(20, "Tint", matchName: "ADBE Tint", [
                (2, "Map Black To", rgb { $0.extras.tintBlack }),
                (2, "Map White To", rgb { $0.extras.tintWhite }),
                (0, "Amount to Tint", LottieSampling.scalar(ps.map { $0.extras.tintAmount * 100 })),
            ])
        }
        // Through a midtone: After Effects' Tritone, blend with original in percent. A frame
        // without a midtone takes the colour halfway, which runs the tint straight.
        func mid(_ l: PresentedLayer) -> Color {
            let m = l.extras.tintMidtone, b = l.extras.tintBlack, w = l.extras.tintWhite
            return m.a > 0 ? m : Color((b.r + w.r) / 2, (b.g + w.g) / 2, (b.b + w.b) / 2)
        }
        return Self.effect(23, "Tritone", matchName: "ADBE Tritone", [
            (2, "Highlights", rgb { $0.extras.tintWhite }),
            (2, "Midtones", rgb(mid)),
            (2, "Shadows", rgb { $0.extras.tintBlack }),
            (0, "Blend With Original", LottieSampling.scalar(ps.map { (1 - min(1, $0.extras.tintAmount)) * 100 })),
        ])
    }

    /// LayerLab's blur as After Effects' Gaussian Blur (`ty` 29: blurriness, dimensions 1 for
    /// both, repeat edge pixels off), sampled per frame; blurriness is the radius / 0.6 (the
    /// players blur with a standard deviation of 0.3 × blurriness), times `scales` per frame
    /// when the effect sits on a canvas-sized precomposition. Nil when the layer is never blurred.
    func blurEffect(_ ps: [PresentedLayer], scales: [Double]?) -> LottieEffect? {
        guard ps.contains(where: { $0.extras.blurRadius > 0 }) else { return nil }
        let blurriness = ps.indices.map { f in max(0, ps[f].extras.blurRadius) / 0.6 * (scales.map { $0[min(f, $0.count - 1)] } ?? 1) }
        return Self.effect(29, "Gaussian Blur", matchName: "ADBE Gaussian Blur 2", [
            (0, "Blurriness", LottieSampling.scalar(blurriness)),
            (7, "Blur Dimensions", LottieSampling.scalar([1])),
            (7, "Repeat Edge Pixels", LottieSampling.scalar([0])),
        ])
    }

    /// An After Effects effect of `type` with its controls (type, name, value) in order, each
    /// control's match name the effect's and its index, as Bodymovin writes them.
    static func effect(_ type: Int, _ name: String, matchName: String, _ controls: [(Int, String, LottieProperty)]) -> LottieEffect {
        var e = LottieEffect()
        e.type = type
        e.name = name
        e.matchName = matchName
        e.controls = controls.enumerated().map { i, c in
            LottieEffectControl(type: c.0, name: c.1, matchName: "\(matchName)-000\(i + 1)", index: i + 1, value: c.2)
        }
        return e
    }

    /// A layer of the whole scene's length, unstretched, normal blending: what every layer of
    /// the export starts from.
    func plainLayer(_ type: LottieLayerType, index: Int, name: String, parent: Int? = nil) -> LottieLayer {
        var l = LottieLayer()
        l.type = type
        l.index = index
        l.name = name
        l.parent = parent
        l.outPoint = Double(lastFrame)
        return l
    }

    /// `ks`: Core Animation's bounds, anchorPoint, transform and position as Lottie's anchor,
    /// position, scale (percent), rotation (degrees) and opacity (0–100). A motion path's
    /// spatial keyframes replace the sampled position; with auto-orient the player adds the
    /// path's direction (`orient`, per frame) to the rotation, so it is taken off here.
    func transform(_ ps: [PresentedLayer], opacity: [Double], position: LottieProperty? = nil,
                   orient: [Double]? = nil) -> LottieTransform {
        var t = LottieTransform()
        t.anchor = LottieSampling.vector(ps.map { l in
            [l.bounds.minX + l.anchorPoint.x * l.bounds.width, l.bounds.minY + l.anchorPoint.y * l.bounds.height, 0]
        })
        t.position = position ?? LottieSampling.vector(ps.map { [$0.position.x + $0.translationX, $0.position.y + $0.translationY, 0] })
        t.scale = LottieSampling.vector(ps.map { [$0.scaleX * 100, $0.scaleY * 100, 100] })
        // Under auto-orient the rest of the turn wobbles by hundredths of a degree (the
        // player measures its curves its own way); 0.05° keeps that out of the keyframes.
        t.rotation = LottieSampling.scalar(rotations(ps, orient: orient).map { $0 * 180 / Double.pi },
                                           tolerance: orient == nil ? 0.001 : 0.05)
        t.opacity = LottieSampling.scalar(opacity.map { max(0, min(1, $0)) * 100 })
        return t
    }

    /// The rotation per frame less what auto-orient adds, kept continuous (whole turns are
    /// taken off where the two directions wrap differently, so nothing spins between frames).
    func rotations(_ ps: [PresentedLayer], orient: [Double]?) -> [Double] {
        guard let orient else { return ps.map(\.rotation) }
        var out: [Double] = []
        out.reserveCapacity(ps.count)
        for (f, l) in ps.enumerated() {
            var r = l.rotation - (f < orient.count ? orient[f] : 0)
            if let last = out.last, r.isFinite {
                r -= (2 * Double.pi) * ((r - last) / (2 * Double.pi)).rounded()
            }
            out.append(r)
        }
        return out
    }

    /// The background colour filling the (rounded) bounds, when it is ever visible.
    func backgroundGroup(_ ps: [PresentedLayer]) -> LottieShape? {
        guard ps.contains(where: { $0.backgroundColor.a > 0 && $0.bounds.width > 0 && $0.bounds.height > 0 }) else { return nil }
        return LottieShapes.group("backgroundColor", [
            LottieShapes.rect(ps.map(\.bounds), radii: ps.map(\.cornerRadius), name: "bounds"),
            LottieShapes.fill(colors: ps.map(\.backgroundColor), evenOdd: false),
        ])
    }

    /// The border: a stroke centred half its width inside the bounds, as Core Animation draws it.
    func borderGroup(_ ps: [PresentedLayer]) -> LottieShape? {
        guard ps.contains(where: { $0.extras.borderWidth > 0 && $0.extras.borderColor.a > 0 }) else { return nil }
        return LottieShapes.group("border", [
            LottieShapes.rect(ps.map { $0.bounds.insetBy($0.extras.borderWidth / 2) },
                              radii: ps.map { $0.cornerRadius - $0.extras.borderWidth / 2 }, name: "bounds"),
            LottieShapes.stroke(colors: ps.map(\.extras.borderColor), widths: ps.map(\.extras.borderWidth), cap: .butt, join: .miter,
                                miterLimit: 10),
        ])
    }

    /// A shape layer's stroke (trimmed by strokeStart/strokeEnd) above its fill.
    func shapeGroups(_ ps: [PresentedLayer]) -> [LottieShape] {
        guard ps.contains(where: { !$0.path.isEmpty }) else { return [] }
        let paths = LottieShapes.paths(ps.map { LottieContour.contours(of: $0.path) }) { k, m in
            ps.map { LottieContour.resampled($0.path, contours: k, points: m) }
        }
        return strokeAndFill(paths, ps)
    }

    /// The stroke (trimmed by strokeStart/strokeEnd) above the fill of `paths`, the frames'
    /// shapes in Lottie form (also the warped outlines of a baked layer in perspective).
    func strokeAndFill(_ paths: [LottieShape], _ ps: [PresentedLayer]) -> [LottieShape] {
        guard !paths.isEmpty, let p0 = ps.first else { return [] }
        var out: [LottieShape] = []
        if ps.contains(where: { $0.strokeColor.a > 0 && $0.lineWidth > 0 }) {
            var items = paths
            if ps.contains(where: { $0.strokeStart != 0 || $0.strokeEnd != 1 }) {
                items.append(LottieShapes.trim(starts: ps.map(\.strokeStart), ends: ps.map(\.strokeEnd)))
            }
            items.append(LottieShapes.stroke(colors: ps.map(\.strokeColor), widths: ps.map(\.lineWidth), cap: p0.lineCap,
                                             join: p0.lineJoin, miterLimit: p0.extras.miterLimit, dashes: ps.map(\.extras.lineDashPattern),
                                             dashPhases: ps.map(\.lineDashPhase)))
            out.append(LottieShapes.group("stroke", items))
        }
        if ps.contains(where: { $0.fillColor.a > 0 }) {
            out.append(LottieShapes.group("fill", paths + [LottieShapes.fill(colors: ps.map(\.fillColor), evenOdd: p0.fillRule == .evenOdd)]))
        }
        return out
    }

    /// Text as the strokes of LayerLab's vector font, so it looks the same with no fonts; the
    /// glyphs wholly outside the bounds are left out, but those crossing them are not cut.
    mutating func textGroup(_ name: String, _ ps: [PresentedLayer]) -> LottieShape? {
        // Frames that show the same text share one layout (the arrays are shared, not copied),
        // so a still text costs its glyphs once however long the scene; the glyphs laid out
        // are bounded (`LottieLimits`).
        var strokes: [(lines: [Polyline], crossesClip: Bool)] = []
        var contours: [[LottieContour]] = []
        strokes.reserveCapacity(ps.count)
        for (f, p) in ps.enumerated() {
            if f > 0, LottieBuilder.sameText(p, ps[f - 1]) {
                strokes.append(strokes[f - 1]); contours.append(contours[f - 1]); continue
            }
            // The layout is cheap and cached; the strokes of the glyphs shown are what the file holds.
            let s = VectorFont.strokes(of: p)
            if s.glyphs > LottieLimits.textGlyphsShown {
                refusal = "\(name): the text shows \(LottieLimits.count(Double(s.glyphs))) glyphs at \(formatNumber(Double(f) / fps)) s,"
                    + " over the limit of \(LottieLimits.count(Double(LottieLimits.textGlyphsShown))) for a Lottie file"
                    + " (each glyph is drawn as strokes)"
                return nil
            }
            glyphsLaidOut += s.glyphs
            if glyphsLaidOut > LottieLimits.textGlyphs {
                refusal = "\(name): its text changes in so many frames that the file would hold over"
                    + " \(LottieLimits.count(Double(LottieLimits.textGlyphs))) glyphs; shorten the scene or lower fps="
                return nil
            }
            // A dot is a stroke of one point; players draw no caps on a path of no length, so it
            // becomes a stroke a tenth of a point long.
            let lines = s.lines.map { l in
                l.points.count == 1 ? Polyline([l.points[0], l.points[0] + Point(0.1, 0)], closed: false) : l
            }
            strokes.append((lines, s.crossesClip))
            contours.append(LottieContour.contours(of: lines))
        }
        guard strokes.contains(where: { !$0.lines.isEmpty }) else { return nil }
        if strokes.contains(where: \.crossesClip) {
            notes.append("\(name): text reaching outside the layer's bounds is not clipped in Lottie")
        }
        let frames = contours
        let paths = LottieShapes.paths(frames) { k, m in
            frames.map { f in
                (0..<k).map { i -> LottieContour in
                    if i < f.count { return LottieContour.resampledOpen(f[i], m) }
                    return LottieContour.resampledOpen(f.last ?? LottieContour(), m)
                }
            }
        }
        let stroke = LottieShapes.stroke(colors: ps.map(\.extras.foregroundColor),
                                         widths: ps.map { VectorFont.of($0.extras.font.weight).lineWidth(fontSize: $0.extras.fontSize) },
                                         cap: .round, join: .round, miterLimit: 10)
        // rlottie draws nothing of a stroke over more than about 64 long paths, so longer texts
        // are stroked in groups of 32 paths.
        let size = 32
        guard paths.count > size else { return LottieShapes.group("text", paths + [stroke]) }
        let chunks = stride(from: 0, to: paths.count, by: size).map { i in
            LottieShapes.group("text \(i / size + 1)", Array(paths[i..<min(i + size, paths.count)]) + [stroke])
        }
        return LottieShapes.group("text", chunks)
    }
}

extension LottieBuilder {
    /// Whether two samples of a text layer lay out the same strokes (what `VectorFont.strokes`
    /// reads: the text, its font and size, the bounds and the layout modes).
    static func sameText(_ a: PresentedLayer, _ b: PresentedLayer) -> Bool {
        a.bounds == b.bounds && a.extras.fontSize == b.extras.fontSize && a.extras.font == b.extras.font && a.extras.isWrapped == b.extras.isWrapped
            && a.extras.truncationMode == b.extras.truncationMode && a.extras.alignment == b.extras.alignment && a.extras.string == b.extras.string
    }
}

extension LottieContour {
    /// An open contour resampled to `m` evenly spaced vertices.
    static func resampledOpen(_ c: LottieContour, _ m: Int) -> LottieContour {
        var out = LottieContour()
        out.vertices = evenlySpaced(Polyline(c.vertices, closed: c.closed), m)
        out.inTangents = Array(repeating: .zero, count: m)
        out.outTangents = out.inTangents
        out.closed = c.closed
        return out
    }
}
