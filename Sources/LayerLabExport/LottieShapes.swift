import LayerLabCore
import LayerLabLottie

/// Lottie shape items (groups, fills, strokes, trims, transforms) from sampled values.
enum LottieShapes {
    /// A shape group: its items, then the group transform Lottie requires last.
    static func group(_ name: String, _ items: [LottieShape]) -> LottieShape {
        LottieShape(.group(items + [LottieShape(.transform(identityTransform(layer: false)))]), name: name)
    }

    /// A transform that changes nothing: a layer's `ks`, or a group's `tr` item (which also
    /// says skew).
    static func identityTransform(layer: Bool, opacity: LottieProperty = LottieSampling.scalar([100])) -> LottieTransform {
        var t = LottieTransform()
        t.anchor = LottieSampling.vector([[0, 0, 0]])
        t.position = LottieSampling.vector([[0, 0, 0]])
        t.scale = LottieSampling.vector([[100, 100, 100]])
        t.rotation = LottieSampling.scalar([0])
        t.opacity = opacity
        if !layer { t.skew = LottieSampling.scalar([0]); t.skewAxis = LottieSampling.scalar([0]) }
        return t
    }

    /// Colour as RGB with full alpha, the alpha going to the item's opacity (0–100).
    ///
    /// A quarter of an 8-bit step high (and written unrounded, as the writer writes colours),
    /// so a player that rounds and one that truncates (rlottie) both land on the byte LayerLab
    /// draws.
    static func rgb(_ colors: [Color]) -> LottieProperty {
        func channel(_ v: Double) -> Double { min(1, max(0, v) + 0.25 / 255) }
        return LottieSampling.make(colors.map { [channel($0.r), channel($0.g), channel($0.b), 1] }, tolerance: 0.0005)
    }
    static func alpha(_ colors: [Color], times factor: [Double]? = nil) -> LottieProperty {
        LottieSampling.scalar(colors.enumerated().map { $0.element.a * 100 * (factor?[$0.offset] ?? 1) })
    }

    /// `fl`: a fill of the paths before it in its group.
    static func fill(colors: [Color], evenOdd: Bool) -> LottieShape {
        LottieShape(.fill(color: rgb(colors), opacity: alpha(colors), evenOdd: evenOdd), name: "fill")
    }

    /// `st`: a stroke of the paths before it in its group. `dashes` and `dashPhases` are one a
    /// frame (LayerLab animates the pattern); a pattern whose length changes keeps the first
    /// frame's.
    static func stroke(colors: [Color], widths: [Double], cap: LineCap, join: LineJoin, miterLimit: Double,
                       dashes: [[Double]] = [], dashPhases: [Double] = []) -> LottieShape {
        var st = LottieStroke()
        st.color = rgb(colors)
        st.opacity = alpha(colors)
        st.width = LottieSampling.scalar(widths)
        st.cap = switch cap { case .butt: 1; case .round: 2; case .square: 3 }
        st.join = switch join { case .miter: 1; case .round: 2; case .bevel: 3 }
        st.miterLimit = miterLimit
        // An odd-length pattern repeats twice, as Core Graphics reads it.
        let frames = dashes.map { d -> [Double] in
            let dash = d.map { $0.isFinite ? max(0, $0) : 0 }
            return dash.count % 2 == 1 ? dash + dash : dash
        }
        if let first = frames.first, !first.isEmpty, frames.contains(where: { $0.contains { $0 > 0 } }) {
            let pattern = frames.map { $0.count == first.count ? $0 : first }
            st.dashes = first.indices.map { i in (i % 2 == 0 ? LottieStroke.dash : LottieStroke.gap, LottieSampling.scalar(pattern.map { $0[i] })) }
            st.dashes.append((LottieStroke.offset, LottieSampling.scalar(dashPhases.isEmpty ? [0] : dashPhases)))
        }
        return LottieShape(.stroke(st), name: "stroke")
    }

    /// `tm`: strokeStart and strokeEnd as a trim over the whole path (`m: 2`, the subpaths
    /// taken one after another, as Core Animation measures them).
    static func trim(starts: [Double], ends: [Double]) -> LottieShape {
        LottieShape(.trim(start: LottieSampling.scalar(starts.map { max(0, min(1, $0)) * 100 }),
                          end: LottieSampling.scalar(ends.map { max(0, min(1, $0)) * 100 }),
                          offset: LottieSampling.scalar([0]), individually: true), name: "strokeStart/strokeEnd")
    }

    /// `rc`: a (rounded) rectangle, for backgrounds and borders.
    static func rect(_ rects: [Rect], radii: [Double], name: String) -> LottieShape {
        LottieShape(.rectangle(position: LottieSampling.vector(rects.map { [$0.midX, $0.midY] }),
                               size: LottieSampling.vector(rects.map { [max(0, $0.width), max(0, $0.height)] }),
                               roundness: LottieSampling.scalar(radii.map { max(0, $0) }), reversed: false), name: name)
    }

    /// `sh` items for geometry sampled at every frame: one per contour, animated vertex by
    /// vertex when the structure stays the same, else every frame resampled to a common
    /// structure (evenly spaced points) so the morph still plays.
    static func paths(_ frames: [[LottieContour]], resample: (Int, Int) -> [[LottieContour]]) -> [LottieShape] {
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
            return path(LottieSampling.make(track, tolerance: 0.001) { .shape(LottieContour(vector: $0).bezier) })
        }
    }

    /// `sh`: an outline.
    static func path(_ outline: LottieProperty) -> LottieShape {
        LottieShape(.path(outline, reversed: false), name: "path")
    }
}
