import LayerLabCore
import LayerLabRaster

/// One Lottie layer per LayerLab layer: transform, then content by kind.
extension LottieBuilder {
    mutating func layerJSON(_ layer: Layer, parent: String?) -> JSONValue {
        let s = samples(layer.name)
        let ps = s.map(\.layer)
        var shapes: [JSONValue] = []
        if let border = borderGroup(ps) { shapes.append(border) }
        var refID: String?
        switch layer.kind {
        case .shape: shapes += shapeGroups(ps)
        case .text: if let t = textGroup(ps) { shapes.append(t) }
        case .image: refID = imageAsset(layer, ps)
        case .gradient: if let g = gradientGroup(layer.name, ps) { shapes.append(g) }
        case .layer: break
        case .replicator:
            if ps.contains(where: { ($0.replicator?.count ?? 1) != 1 }) {
                notes.append("\(layer.name): a replicator's copies are not exported to Lottie; only its sublayers themselves are")
            }
        }
        if let bg = backgroundGroup(ps) { shapes.append(bg) }
        if !layer.sublayers.isEmpty, maskFrames.contains(where: { $0[layer.name] != nil }) {
            notes.append("\(layer.name): its mask covers only the layer's own content in Lottie, not its sublayers")
        }
        if ps.contains(where: \.masksToBounds) && !layer.sublayers.isEmpty {
            notes.append("\(layer.name): masksToBounds does not clip its sublayers in Lottie")
        }
        if refID != nil && !shapes.isEmpty {
            notes.append("\(layer.name): an image layer's background and border are not exported")
        }

        let type: Double = refID != nil ? 2 : shapes.isEmpty ? 3 : 4
        var pairs: [(String, JSONValue)] = [
            ("ddd", .number(0)), ("ind", .number(Double(indices[layer.name] ?? 0))), ("ty", .number(type)),
            ("nm", .string(layer.name)),
        ]
        if let parent, let p = indices[parent] { pairs.append(("parent", .number(Double(p)))) }
        if let refID { pairs.append(("refId", .string(refID))) }
        pairs += [("sr", .number(1)), ("ks", transform(s)), ("ao", .number(0))]
        if type == 4 { pairs.append(("shapes", .array(shapes))) }
        pairs += [("ip", .number(0)), ("op", .number(Double(lastFrame))), ("st", .number(0)), ("bm", .number(0))]
        return .object(pairs)
    }

    /// The track matte of a masked layer, parented to it so it draws in the layer's own
    /// coordinates: the mask's shapes while it is the mask, and an opaque cover over everything
    /// in the frames where the layer has no mask (a mask set and removed by `at … set`).
    func matteJSON(for layer: Layer, index: Int) -> JSONValue? {
        guard let first = maskFrames.lazy.compactMap({ $0[layer.name] }).first else { return nil }
        var held = first
        var content: [PresentedLayer] = [], placed: [LayerSample] = [], masked: [Bool] = []
        for f in maskFrames {
            if let m = f[layer.name] {
                held = m
                placed.append(LayerSample(layer: m, opacity: m.hidden ? 0 : m.opacity))
                masked.append(true)
            } else {
                placed.append(LayerSample(layer: PresentedLayer(name: held.name, kind: .layer), opacity: 1))
                masked.append(false)
            }
            content.append(held)
        }
        var shapes = shapeGroups(content)
        if let bg = backgroundGroup(content) { shapes.append(bg) }
        if masked.contains(false) {
            let everything = Rect(-100_000, -100_000, 200_000, 200_000)
            shapes.append(LottieShapes.group("unmasked", [
                LottieShapes.rect(masked.map { _ in everything }, radii: masked.map { _ in 0 }, name: "everything"),
                LottieShapes.fill(colors: masked.map { $0 ? Color.clear : Color.black }, evenOdd: false),
            ]))
        }
        var pairs: [(String, JSONValue)] = [
            ("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(4)),
            ("nm", .string("mask of \(layer.name)")), ("td", .number(1)),
        ]
        if let p = indices[layer.name] { pairs.append(("parent", .number(Double(p)))) }
        pairs += [("sr", .number(1)), ("ks", transform(placed)), ("ao", .number(0)), ("shapes", .array(shapes)),
                  ("ip", .number(0)), ("op", .number(Double(lastFrame))), ("st", .number(0)), ("bm", .number(0))]
        return .object(pairs)
    }

    /// `ks`: Core Animation's bounds, anchorPoint, transform and position as Lottie's anchor,
    /// position, scale (percent), rotation (degrees) and opacity (0–100, ancestors folded in).
    func transform(_ s: [LayerSample]) -> JSONValue {
        let anchors = s.map { x -> [Double] in
            let l = x.layer
            return [l.bounds.minX + l.anchorPoint.x * l.bounds.width, l.bounds.minY + l.anchorPoint.y * l.bounds.height, 0]
        }
        return .object([
            ("a", LottieProperty.vector(anchors)),
            ("p", LottieProperty.vector(s.map { [$0.layer.position.x + $0.layer.translationX,
                                                 $0.layer.position.y + $0.layer.translationY, 0] })),
            ("s", LottieProperty.vector(s.map { [$0.layer.scaleX * 100, $0.layer.scaleY * 100, 100] })),
            ("r", LottieProperty.scalar(s.map { $0.layer.rotation * 180 / Double.pi })),
            ("o", LottieProperty.scalar(s.map { max(0, min(1, $0.opacity)) * 100 })),
        ])
    }

    /// The background colour filling the (rounded) bounds, when it is ever visible.
    func backgroundGroup(_ ps: [PresentedLayer]) -> JSONValue? {
        guard ps.contains(where: { $0.backgroundColor.a > 0 && $0.bounds.width > 0 && $0.bounds.height > 0 }) else { return nil }
        return LottieShapes.group("backgroundColor", [
            LottieShapes.rect(ps.map(\.bounds), radii: ps.map(\.cornerRadius), name: "bounds"),
            LottieShapes.fill(colors: ps.map(\.backgroundColor), evenOdd: false),
        ])
    }

    /// The border: a stroke centred half its width inside the bounds, as Core Animation draws it.
    func borderGroup(_ ps: [PresentedLayer]) -> JSONValue? {
        guard ps.contains(where: { $0.borderWidth > 0 && $0.borderColor.a > 0 }) else { return nil }
        return LottieShapes.group("border", [
            LottieShapes.rect(ps.map { $0.bounds.insetBy($0.borderWidth / 2) },
                              radii: ps.map { $0.cornerRadius - $0.borderWidth / 2 }, name: "bounds"),
            LottieShapes.stroke(colors: ps.map(\.borderColor), widths: ps.map(\.borderWidth), cap: .butt, join: .miter,
                                miterLimit: 10),
        ])
    }

    /// A shape layer's stroke (trimmed by strokeStart/strokeEnd) above its fill.
    func shapeGroups(_ ps: [PresentedLayer]) -> [JSONValue] {
        guard ps.contains(where: { !$0.path.isEmpty }) else { return [] }
        let paths = LottieShapes.paths(ps.map { LottieContour.contours(of: $0.path) }) { k, m in
            ps.map { LottieContour.resampled($0.path, contours: k, points: m) }
        }
        guard !paths.isEmpty, let p0 = ps.first else { return [] }
        var out: [JSONValue] = []
        if ps.contains(where: { $0.strokeColor.a > 0 && $0.lineWidth > 0 }) {
            var items = paths
            if ps.contains(where: { $0.strokeStart != 0 || $0.strokeEnd != 1 }) {
                items.append(LottieShapes.trim(starts: ps.map(\.strokeStart), ends: ps.map(\.strokeEnd)))
            }
            items.append(LottieShapes.stroke(colors: ps.map(\.strokeColor), widths: ps.map(\.lineWidth), cap: p0.lineCap,
                                             join: p0.lineJoin, miterLimit: p0.miterLimit, dashes: p0.lineDashPattern,
                                             dashPhase: p0.lineDashPhase))
            out.append(LottieShapes.group("stroke", items))
        }
        if ps.contains(where: { $0.fillColor.a > 0 }) {
            out.append(LottieShapes.group("fill", paths + [LottieShapes.fill(colors: ps.map(\.fillColor), evenOdd: p0.fillRule == .evenOdd)]))
        }
        return out
    }

    /// Text as the strokes of LayerLab's vector font, so it looks the same with no fonts.
    func textGroup(_ ps: [PresentedLayer]) -> JSONValue? {
        let font = VectorFont.standard
        let lines = ps.map { font.layout($0.string, fontSize: $0.fontSize, alignment: $0.alignment, in: $0.bounds) }
        guard lines.contains(where: { !$0.isEmpty }) else { return nil }
        let frames = lines.map { LottieContour.contours(of: $0) }
        let paths = LottieShapes.paths(frames) { k, m in
            frames.map { f in
                (0..<k).map { i -> LottieContour in
                    if i < f.count { return LottieContour.resampledOpen(f[i], m) }
                    return LottieContour.resampledOpen(f.last ?? LottieContour(), m)
                }
            }
        }
        let stroke = LottieShapes.stroke(colors: ps.map(\.foregroundColor),
                                         widths: ps.map { VectorFont.lineWidth(fontSize: $0.fontSize) },
                                         cap: .round, join: .round, miterLimit: 10)
        return LottieShapes.group("text", paths + [stroke])
    }

    /// A plain PNG shown stretched over the bounds becomes an image asset; anything else
    /// (text art, flipbooks, other gravities) is left out with a note.
    mutating func imageAsset(_ layer: Layer, _ ps: [PresentedLayer]) -> String? {
        guard let p0 = ps.first else { return nil }
        let frames = layer.value("frames").list ?? []
        let files = Set(ps.map(\.contents))
        guard frames.isEmpty, files.count == 1, let file = files.first, !file.isEmpty else {
            notes.append("\(layer.name): flipbooks and changing image contents are not exported")
            return nil
        }
        guard file.lowercased().hasSuffix(".png") else {
            notes.append("\(layer.name): \(file) is text art, which Lottie cannot show; the layer is left empty")
            return nil
        }
        if p0.contentsGravity != .resize {
            notes.append("\(layer.name): contentsGravity \(p0.contentsGravity.rawValue) is exported as resize")
        }
        let id = "image_\(assets.count)"
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        assets.append(.object([("id", .string(id)), ("w", .number(p0.bounds.width)), ("h", .number(p0.bounds.height)),
                               ("u", .string(folder)), ("p", .string(name)), ("e", .number(0))]))
        return id
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
