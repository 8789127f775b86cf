import LayerLabCore

/// Lottie shape items (groups, fills, strokes, trims, transforms) from sampled values.
enum LottieShapes {
    /// A shape group: its items, then the group transform Lottie requires last.
    static func group(_ name: String, _ items: [JSONValue]) -> JSONValue {
        .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [identityTransform(layer: false)]))])
    }

    /// A transform that changes nothing: a layer's `ks`, or a group's `tr` item.
    static func identityTransform(layer: Bool, opacity: JSONValue = LottieProperty.scalar([100])) -> JSONValue {
        var pairs: [(String, JSONValue)] = layer ? [] : [("ty", .string("tr"))]
        pairs += [
            ("a", LottieProperty.vector([[0, 0, 0]])),
            ("p", LottieProperty.vector([[0, 0, 0]])),
            ("s", LottieProperty.vector([[100, 100, 100]])),
            ("r", LottieProperty.scalar([0])),
            ("o", opacity),
        ]
        if !layer { pairs += [("sk", LottieProperty.scalar([0])), ("sa", LottieProperty.scalar([0]))] }
        return .object(pairs)
    }

    /// Colour as RGB with full alpha, the alpha going to the item's opacity (0–100).
    ///
    /// Written unrounded and a quarter of an 8-bit step high, so a player that rounds and one
    /// that truncates (rlottie) both land on the byte LayerLab draws.
    static func rgb(_ colors: [Color]) -> JSONValue {
        func channel(_ v: Double) -> Double { min(1, max(0, v) + 0.25 / 255) }
        return LottieProperty.make(colors.map { [channel($0.r), channel($0.g), channel($0.b), 1] }, tolerance: 0.0005,
                                   still: { .array($0.map(JSONValue.precise)) }, key: { .array($0.map(JSONValue.precise)) })
    }
    static func alpha(_ colors: [Color], times factor: [Double]? = nil) -> JSONValue {
        LottieProperty.scalar(colors.enumerated().map { $0.element.a * 100 * (factor?[$0.offset] ?? 1) })
    }

    /// `fl`: a fill of the paths before it in its group.
    static func fill(colors: [Color], evenOdd: Bool) -> JSONValue {
        .object([("ty", .string("fl")), ("nm", .string("fill")), ("c", rgb(colors)), ("o", alpha(colors)),
                 ("r", .number(evenOdd ? 2 : 1))])
    }

    /// `st`: a stroke of the paths before it in its group. `dashes` and `dashPhases` are one a
    /// frame (LayerLab animates the pattern); a pattern whose length changes keeps the first
    /// frame's.
    static func stroke(colors: [Color], widths: [Double], cap: LineCap, join: LineJoin, miterLimit: Double,
                       dashes: [[Double]] = [], dashPhases: [Double] = []) -> JSONValue {
        let lc: Double = switch cap { case .butt: 1; case .round: 2; case .square: 3 }
        let lj: Double = switch join { case .miter: 1; case .round: 2; case .bevel: 3 }
        var pairs: [(String, JSONValue)] = [
            ("ty", .string("st")), ("nm", .string("stroke")), ("c", rgb(colors)), ("o", alpha(colors)),
            ("w", LottieProperty.scalar(widths)), ("lc", .number(lc)), ("lj", .number(lj)), ("ml", .number(miterLimit)),
        ]
        // An odd-length pattern repeats twice, as Core Graphics reads it.
        let frames = dashes.map { d -> [Double] in
            let dash = d.map { $0.isFinite ? max(0, $0) : 0 }
            return dash.count % 2 == 1 ? dash + dash : dash
        }
        if let first = frames.first, !first.isEmpty, frames.contains(where: { $0.contains { $0 > 0 } }) {
            let pattern = frames.map { $0.count == first.count ? $0 : first }
            var items: [JSONValue] = first.indices.map { i in
                .object([("n", .string(i % 2 == 0 ? "d" : "g")), ("nm", .string(i % 2 == 0 ? "dash" : "gap")),
                         ("v", LottieProperty.scalar(pattern.map { $0[i] }))])
            }
            items.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", LottieProperty.scalar(dashPhases.isEmpty ? [0] : dashPhases))]))
            pairs.append(("d", .array(items)))
        }
        return .object(pairs)
    }

    /// `tm`: strokeStart and strokeEnd as a trim over the whole path (`m: 2`, the subpaths
    /// taken one after another, as Core Animation measures them).
    static func trim(starts: [Double], ends: [Double]) -> JSONValue {
        .object([("ty", .string("tm")), ("nm", .string("strokeStart/strokeEnd")),
                 ("s", LottieProperty.scalar(starts.map { max(0, min(1, $0)) * 100 })),
                 ("e", LottieProperty.scalar(ends.map { max(0, min(1, $0)) * 100 })),
                 ("o", LottieProperty.scalar([0])), ("m", .number(2))])
    }

    /// `rc`: a (rounded) rectangle, for backgrounds and borders.
    static func rect(_ rects: [Rect], radii: [Double], name: String) -> JSONValue {
        .object([("ty", .string("rc")), ("nm", .string(name)), ("d", .number(1)),
                 ("p", LottieProperty.vector(rects.map { [$0.midX, $0.midY] })),
                 ("s", LottieProperty.vector(rects.map { [max(0, $0.width), max(0, $0.height)] })),
                 ("r", LottieProperty.scalar(radii.map { max(0, $0) }))])
    }

    /// `sh` items for geometry sampled at every frame: one per contour, animated vertex by
    /// vertex when the structure stays the same, else every frame resampled to a common
    /// structure (evenly spaced points) so the morph still plays.
    static func paths(_ frames: [[LottieContour]], resample: (Int, Int) -> [[LottieContour]]) -> [JSONValue] {
        guard let first = frames.first else { return [] }
        let shape = first.map { $0.vertices.count }
        var sampled = frames
        if !frames.allSatisfy({ $0.map { $0.vertices.count } == shape }) {
            let k = max(1, frames.map(\.count).max() ?? 1)
            sampled = resample(k, 64)
        }
        guard let structure = sampled.first else { return [] }
        return structure.indices.map { i in
            let track = sampled.map { $0[i].vector }
            let value = LottieProperty.make(track, tolerance: 0.001,
                                            still: { LottieContour(vector: $0).json },
                                            key: { .array([LottieContour(vector: $0).json]) })
            return .object([("ty", .string("sh")), ("nm", .string("path")), ("ks", value)])
        }
    }
}
