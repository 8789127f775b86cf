import LayerLabCore
import LayerLabLottie

/// Masks and clips as Lottie layer masks (`masksProperties`) wherever the area they let through
/// is a few closed outlines: a clip's rounded bounds, a mask layer's background, border, fill, or
/// the stroke of a circle (a ring: the outer circle added, the inner one cut out).
///
/// Players draw a layer mask as a clip of the layer's own coverage, so colours come through
/// exactly; rlottie draws what it reads through a track matte at alpha 254 and a little tinted.
/// Every outline is mapped to canvas coordinates (the precomposition layer the masks sit on is
/// canvas-sized and untransformed) and sampled at every frame like any other path. Anything else
/// (translucent or partial strokes, sublayers, 3D, text, images) stays a track matte.
extension LottieBuilder {
    /// One closed outline of a mask, added to the area or cut out of it.
    struct MaskPart {
        var subtract: Bool
        var contour: LottieContour
    }

    /// `masksProperties` reading a layer's precomposition through its mask or bounds, or nil
    /// when that area is not a fixed set of outlines at every frame.
    func layerMasks(_ layer: Layer, _ matte: Matte) -> [LottieMask]? {
        let toCanvas = canvasMaps(layer.name, includingSelf: true)
        let own = samples(layer.name)
        // Seen in perspective (`bake`): the clip is its bounds flattened and sent to the canvas
        // by the true map, as the layer's own outlines are (`LottieBake+Perspective`).
        let warps = matte == .bounds ? warpSamples(layer.name) : nil
        // Per frame: nil where nothing masks the layer, else the outlines (none: nothing shows).
        var areas: [[MaskPart]?] = []
        for f in 0...lastFrame {
            let toCanvas = toCanvas[f]
            switch matte {
            case .mask:
                guard let m = maskFrames[f][layer.name] else { areas.append(nil); continue }
                if m.hidden || m.opacity <= 0 { areas.append([]); continue }
                guard m.opacity >= 1, m.isFlat, m.sublayers.isEmpty, m.extras.mask.isEmpty, !m.masksToBounds,
                      let parts = Self.outlines(of: m) else { return nil }
                areas.append(parts.map { Self.mapped($0, m.transformToSuperlayer.concatenating(toCanvas)) })
            case .bounds:
                let l = own[f]
                guard l.masksToBounds else { areas.append(nil); continue }
                guard l.bounds.width > 0, l.bounds.height > 0 else { areas.append([]); continue }
                if let warps {
                    let lines = Path.roundedRect(l.bounds, radius: l.cornerRadius).flattened(tolerance: LottieWarp.tolerance)
                    guard lines.count == 1 else { return nil }
                    let points = lines[0].points.map { warps[f]?.plane.apply($0) ?? toCanvas.apply($0) }
                    guard let outline = LottieContour.contours(of: [Polyline(points, closed: true)]).first else { return nil }
                    areas.append([MaskPart(subtract: false, contour: outline)])
                    continue
                }
                let outline = LottieContour.contours(of: .roundedRect(l.bounds, radius: l.cornerRadius))
                guard outline.count == 1 else { return nil }
                areas.append([Self.mapped(MaskPart(subtract: false, contour: outline[0]), toCanvas)])
            }
        }
        guard let tracks = unified(areas) else { return nil }
        return tracks.enumerated().map { i, t in
            var mask = LottieMask()
            mask.mode = t.subtract ? .subtract : .add
            mask.name = "\(matte == .mask ? "mask" : "bounds") of \(layer.name) \(i + 1)"
            mask.path = LottieSampling.make(t.frames.map(\.vector), tolerance: 0.001) { .shape(LottieContour(vector: $0).bezier) }
            mask.opacity = LottieSampling.scalar([100])
            mask.expansion = LottieSampling.scalar([0])
            return mask
        }
    }

    /// The area a mask layer covers fully, as outlines in its coordinates (a ring first, since
    /// its cut would remove anything added before it), or nil when it is not such an area.
    static func outlines(of m: PresentedLayer) -> [MaskPart]? {
        var ring: [MaskPart] = []
        var adds: [MaskPart] = []
        func add(_ p: Path) -> Bool {
            let cs = LottieContour.contours(of: p)
            guard cs.count == 1 else { return false }
            var c = cs[0]
            c.closed = true
            adds.append(MaskPart(subtract: false, contour: c))
            return true
        }
        func setRing(_ outer: Path, _ inner: Path) -> Bool {
            let o = LottieContour.contours(of: outer), i = LottieContour.contours(of: inner)
            guard ring.isEmpty, o.count == 1, i.count == 1 else { return false }
            ring = [MaskPart(subtract: false, contour: o[0]), MaskPart(subtract: true, contour: i[0])]
            return true
        }
        let b = m.bounds
        let hasArea = b.width > 0 && b.height > 0
        let background = hasArea && m.backgroundColor.a > 0
        if background {
            guard m.backgroundColor.a >= 1, add(.roundedRect(b, radius: m.cornerRadius)) else { return nil }
        }
        // A border lies inside the bounds, so over a background it adds nothing.
        if hasArea && m.extras.borderWidth > 0 && m.extras.borderColor.a > 0 && !background {
            guard m.extras.borderColor.a >= 1 else { return nil }
            let bw = min(m.extras.borderWidth, min(b.width, b.height) / 2)
            let inner = bw < min(b.width, b.height) / 2
                ? Path.roundedRect(b.insetBy(bw), radius: max(0, m.cornerRadius - bw))
                : Path.circle(center: Point(b.midX, b.midY), radius: 0)
            guard setRing(.roundedRect(b, radius: m.cornerRadius), inner) else { return nil }
        }
        if m.kind == .shape && !m.path.isEmpty {
            let fills = m.fillColor.a > 0
            let strokes = m.strokeColor.a > 0 && m.lineWidth > 0
            if fills && !strokes {
                guard m.fillColor.a >= 1, m.fillRule == .nonZero, add(m.path) else { return nil }
            } else if strokes {
                // Only a whole, undashed circle strokes to a ring that outlines say exactly.
                guard m.strokeColor.a >= 1, !fills || m.fillColor.a >= 1, m.strokeStart <= 0, m.strokeEnd >= 1,
                      !m.extras.lineDashPattern.contains(where: { $0 > 0 }), m.lineWidth.isFinite,
                      let (centre, r) = circle(m.path) else { return nil }
                let outer = Path.circle(center: centre, radius: r + m.lineWidth / 2)
                if fills {
                    guard add(outer) else { return nil }
                } else {
                    guard setRing(outer, .circle(center: centre, radius: max(0, r - m.lineWidth / 2))) else { return nil }
                }
            }
        } else if m.kind != .layer {
            // Text, images and gradients cover by their pixels, not by outlines.
            let drawsNothing = (m.kind == .text && (m.extras.string.isEmpty || m.extras.foregroundColor.a <= 0))
                || (m.kind == .image && m.extras.contents.isEmpty) || (m.kind == .gradient && m.extras.gradientColors.colors.isEmpty)
                || m.kind == .shape
            guard drawsNothing else { return nil }
        }
        return ring + adds
    }

    /// The centre and radius when `path` is exactly a circle as `circle(…)` makes it.
    static func circle(_ path: Path) -> (Point, Double)? {
        guard path.elements.count == 6, case .move(let start)? = path.elements.first,
              case .cubic(_, _, let opposite) = path.elements[2] else { return nil }
        let centre = Point((start.x + opposite.x) / 2, start.y)
        let r = (start.x - opposite.x) / 2
        guard r >= 0, r.isFinite else { return nil }
        let tolerance = 1e-9 * max(1, r, abs(centre.x), abs(centre.y))
        let ideal = Path.circle(center: centre, radius: r).allPoints
        let points = path.allPoints
        guard points.count == ideal.count, path.elements.last == .close else { return nil }
        for (p, q) in zip(points, ideal) where p.distance(to: q) > tolerance { return nil }
        return (centre, r)
    }

    static func mapped(_ part: MaskPart, _ m: AffineTransform) -> MaskPart {
        var c = part.contour
        let linear = AffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0)
        c.vertices = c.vertices.map(m.apply)
        c.inTangents = c.inTangents.map(linear.apply)
        c.outTangents = c.outTangents.map(linear.apply)
        return MaskPart(subtract: part.subtract, contour: c)
    }

    /// One outline track a mask, the same outlines with the same vertex counts at every frame:
    /// an unmasked frame shows the canvas through the first outline (the others collapsed to a
    /// point), a frame where nothing shows collapses the outlines it adds and makes each cut the
    /// canvas (a cut applied to nothing would cut the canvas instead). Nil when the masked frames
    /// differ in structure, or an outline has too few vertices to cover the canvas.
    func unified(_ areas: [[MaskPart]?]) -> [(subtract: Bool, frames: [LottieContour])]? {
        let template = areas.lazy.compactMap { $0 }.first { !$0.isEmpty }
            ?? [MaskPart(subtract: false, contour: cover(4))]
        let shape = template.map { [$0.subtract ? 1 : 0, $0.contour.vertices.count] }
        guard template.first?.subtract == false, let firstCount = shape.first?[1], firstCount >= 3,
              !template.contains(where: { $0.subtract && $0.contour.vertices.count < 3 }) else { return nil }
        let size = document.canvas.size
        var tracks = template.map { (subtract: $0.subtract, frames: [LottieContour]()) }
        for area in areas {
            if let p = area, !p.isEmpty {
                guard p.map({ [$0.subtract ? 1 : 0, $0.contour.vertices.count] }) == shape else { return nil }
                // Until an outline adds pixels, a cut would apply to the whole canvas: there it
                // is the canvas, so the area stays empty.
                var empty = true
                for (i, part) in p.enumerated() {
                    if part.subtract && empty {
                        tracks[i].frames.append(cover(part.contour.vertices.count))
                    } else {
                        tracks[i].frames.append(part.contour)
                        if !part.subtract && Self.coversPixels(part.contour, size) { empty = false }
                    }
                }
            } else if area == nil {
                for i in tracks.indices {
                    tracks[i].frames.append(i == 0 ? cover(firstCount) : Self.collapsed(template[i].contour))
                }
            } else {
                for i in tracks.indices {
                    let n = template[i].contour.vertices.count
                    if tracks[i].subtract {
                        tracks[i].frames.append(cover(n))
                    } else {
                        tracks[i].frames.append(Self.collapsed(template[i].contour))
                    }
                }
            }
        }
        return tracks
    }

    /// A closed outline of `n` (≥ 3) vertices covering the whole canvas and no more than
    /// twice its size: the canvas rectangle, or a right triangle over it.
    func cover(_ n: Int) -> LottieContour {
        let w = document.canvas.size.width, h = document.canvas.size.height
        var c = LottieContour()
        let corners = n == 3
            ? [Point(0, 0), Point(2 * w + 1, 0), Point(0, 2 * h + 1)]
            : [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)]
        c.vertices = corners + Array(repeating: corners[corners.count - 1], count: max(0, n - corners.count))
        c.inTangents = Array(repeating: .zero, count: c.vertices.count)
        c.outTangents = c.inTangents
        c.closed = true
        return c
    }

    /// The outline shrunk to its first vertex: no area.
    static func collapsed(_ c: LottieContour) -> LottieContour {
        var out = c
        let p = c.vertices.first ?? .zero
        out.vertices = Array(repeating: p, count: c.vertices.count)
        out.inTangents = Array(repeating: .zero, count: c.vertices.count)
        out.outTangents = out.inTangents
        return out
    }

    /// Whether the outline's control box overlaps the canvas by at least a pixel's area (a
    /// player's outline that covers nothing drawn is empty, not a zero-coverage area).
    static func coversPixels(_ c: LottieContour, _ size: Size) -> Bool {
        var pts = c.vertices
        for (i, v) in c.vertices.enumerated() {
            pts.append(v + c.inTangents[i])
            pts.append(v + c.outTangents[i])
        }
        guard let x0 = pts.map(\.x).min(), let x1 = pts.map(\.x).max(), let y0 = pts.map(\.y).min(),
              let y1 = pts.map(\.y).max() else { return false }
        let w = min(x1, size.width) - max(x0, 0), h = min(y1, size.height) - max(y0, 0)
        return w > 0 && h > 0 && w * h >= 1
    }
}
