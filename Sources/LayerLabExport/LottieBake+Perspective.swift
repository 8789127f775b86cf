import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// How a layer seen in perspective is drawn exactly by a flat Lottie layer (`bake`): its
/// outlines, flattened in its own coordinates, are taken to the screen by the true
/// (projective) map and back by the inverse of the affine map its Lottie layer really has, so
/// the player's own transform puts every point where Core Animation shows it.
struct LottieWarp: Sendable {
    /// The layer's coordinates to the canvas, as the rasterizer maps them.
    var plane: Projective2D
    /// The canvas to the Lottie layer's coordinates (the inverse of its map through its parents).
    var back: AffineTransform

    func apply(_ p: Point) -> Point { back.apply(plane.apply(p)) }

    /// Kinds whose drawing is outlines the bake can warp (backgrounds, borders, shape paths,
    /// text's strokes); the others (images, gradients, particles) keep the flat stand-in.
    static func bakes(_ kind: LayerKind) -> Bool {
        switch kind {
        case .layer, .shape, .transformLayer, .replicator, .text: return true
        case .image, .gradient, .emitter, .emitterCell: return false
        }
    }

    /// Flattening tolerance in layer points: fine enough that the polygon and the curve differ
    /// by less than a tenth of a pixel at the scales perspective reaches.
    static let tolerance = 0.05
}

extension LottieBuilder {
    /// Each frame's warp of a layer, when it is seen in perspective at some frame (frames
    /// without one keep the last, or the first, so the outlines do not jump while hidden).
    func warpSamples(_ name: String) -> [LottieWarp?]? {
        guard options.bake, warps.contains(where: { $0[name] != nil }) else { return nil }
        var held = warps.lazy.compactMap { $0[name] }.first
        return warps.indices.map { f in
            if let w = warps[f][name] { held = w; return w }
            // Present and flat (facing the viewer): its Lottie map is exact as it is.
            return frames[f][name] == nil ? held : nil
        }
    }

    /// The layer's background, border and shape as filled outlines (and its stroke) warped
    /// frame by frame: Lottie shape groups, topmost first as Lottie lists them.
    func bakedShapes(_ t: LottieTrack, _ warps: [LottieWarp?]) -> [LottieShape] {
        let ps = t.samples
        func outlines(_ path: (PresentedLayer) -> Path?) -> [LottieShape] {
            let framesContours: [[LottieContour]] = ps.indices.map { f in
                guard let p = path(ps[f]) else { return [] }
                let lines = p.flattened(tolerance: LottieWarp.tolerance)
                let warped = lines.map { l -> Polyline in
                    guard let w = warps[f] else { return l }
                    return Polyline(l.points.map(w.apply), closed: l.closed)
                }
                return LottieContour.contours(of: warped)
            }
            guard framesContours.contains(where: { !$0.isEmpty }) else { return [] }
            return LottieShapes.paths(framesContours) { k, m in
                framesContours.map { f in
                    (0..<k).map { i -> LottieContour in
                        var c = LottieContour.resampledOpen(i < f.count ? f[i] : (f.last ?? LottieContour()), m)
                        c.closed = true
                        return c
                    }
                }
            }
        }
        var out: [LottieShape] = []
        // Border: the ring between the bounds and the bounds inset by the width, as the rasterizer fills it.
        if ps.contains(where: { $0.extras.borderWidth > 0 && $0.extras.borderColor.a > 0 }) {
            let ring = outlines { l in
                let b = l.bounds
                guard b.width > 0, b.height > 0, l.extras.borderWidth > 0 else { return nil }
                let bw = min(l.extras.borderWidth, min(b.width, b.height) / 2)
                var path = Path.roundedRect(b, radius: l.cornerRadius)
                if bw < min(b.width, b.height) / 2 {
                    path.elements += Path.roundedRect(b.insetBy(bw), radius: max(0, l.cornerRadius - bw)).elements
                }
                return path
            }
            if !ring.isEmpty {
                out.append(LottieShapes.group("border", ring + [LottieShapes.fill(colors: ps.map(\.extras.borderColor), evenOdd: true)]))
            }
        }
        if t.kind == .shape, ps.contains(where: { !$0.path.isEmpty }) {
            // The stroke follows the warped path at its own width (Lottie strokes are not foreshortened).
            out += strokeAndFill(outlines { $0.path.isEmpty ? nil : $0.path }, ps)
        }
        if ps.contains(where: { $0.backgroundColor.a > 0 && $0.bounds.width > 0 && $0.bounds.height > 0 }) {
            let bg = outlines { l in
                l.bounds.width > 0 && l.bounds.height > 0 ? .roundedRect(l.bounds, radius: l.cornerRadius) : nil
            }
            if !bg.isEmpty {
                out.append(LottieShapes.group("backgroundColor", bg + [LottieShapes.fill(colors: ps.map(\.backgroundColor), evenOdd: false)]))
            }
        }
        return out
    }
}

extension LottieBuilder {
    /// Text seen in perspective (`bake`): its strokes' outline, built in the layer's
    /// coordinates as the rasterizer builds it, warped at every frame and filled, so the
    /// strokes foreshorten as Core Animation shows them, cut to the bounds as drawn. Frames that show the same text share
    /// one outline (only the warp changes), so the paths keep one structure.
    mutating func bakedTextGroup(_ name: String, _ ps: [PresentedLayer], _ warps: [LottieWarp?]) -> LottieShape? {
        var outline: [Polyline] = []
        var frames: [[LottieContour]] = []
        frames.reserveCapacity(ps.count)
        for (f, p) in ps.enumerated() {
            if f == 0 || !LottieBuilder.sameText(p, ps[f - 1]) {
                let s = VectorFont.strokes(of: p)
                glyphsLaidOut += s.glyphs
                if s.glyphs > LottieLimits.textGlyphsShown || glyphsLaidOut > LottieLimits.textGlyphs {
                    refusal = "\(name): the text in perspective would bake over \(LottieLimits.count(Double(LottieLimits.textGlyphs)))"
                        + " glyphs into the file; shorten the text or the scene, or lower fps="
                    return nil
                }
                let width = VectorFont.of(p.extras.font.weight).lineWidth(fontSize: p.extras.fontSize)
                // Cut to the bounds where the text reaches past them, as the rasterizer cuts it.
                outline = StrokeOutline.polygons(of: s.lines, lineWidth: width, cap: .round, join: .round, miterLimit: 10,
                                                 tolerance: LottieWarp.tolerance, clip: s.crossesClip ? VectorFont.clipRect(of: p) : nil)
            }
            let warped = warps[f].map { w in outline.map { Polyline($0.points.map(w.apply), closed: true) } } ?? outline
            frames.append(LottieContour.contours(of: warped))
        }
        guard frames.contains(where: { !$0.isEmpty }) else { return nil }
        let paths = LottieShapes.paths(frames) { k, m in
            frames.map { f in
                (0..<k).map { i -> LottieContour in
                    var c = LottieContour.resampledOpen(i < f.count ? f[i] : (f.last ?? LottieContour()), m)
                    c.closed = true
                    return c
                }
            }
        }
        return LottieShapes.group("text", paths + [LottieShapes.fill(colors: ps.map(\.extras.foregroundColor), evenOdd: false)])
    }
}
