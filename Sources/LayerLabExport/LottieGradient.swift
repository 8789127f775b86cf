#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore
import LayerLabLottie

/// A gradient layer as a Lottie gradient fill (`gf`) over its (rounded) bounds.
extension LottieBuilder {
    /// Stops are written exactly when every frame has the same number of them, all within 0…1,
    /// of one alpha; otherwise (locations swept outside 0…1, as shimmers do, a changing colour
    /// count, or colours fading out) the gradient is resampled at 33 evenly spaced stops each
    /// frame. Close stops also keep players that blend premultiplied colours (rlottie) within a
    /// hair of Core Graphics, which blends straight colours.
    mutating func gradientGroup(_ layer: String, _ ps: [PresentedLayer]) -> LottieShape? {
        guard ps.contains(where: { !$0.extras.gradientColors.colors.isEmpty && $0.bounds.width > 0 && $0.bounds.height > 0 }) else {
            return nil
        }
        let stops = ps.map { GradientStops.stops($0.extras.gradientColors.colors, $0.extras.gradientLocations) }
        let count = stops.first?.count ?? 0
        let exact = count > 1 && stops.allSatisfy { s in
            s.count == count && s.allSatisfy { (0...1).contains($0.0) && $0.1.a == s[0].1.a }
        }
        let resampled = 33
        let frames: [[(Double, Color)]] = exact ? stops : stops.map { s in
            (0..<resampled).map { i in
                let t = Double(i) / Double(resampled - 1)
                return (t, s.isEmpty ? Color.clear : GradientStops.color(s, t))
            }
        }
        let n = frames.first?.count ?? 0
        let hasAlpha = frames.contains { $0.contains { $0.1.a < 1 } }
        let values = frames.map { f -> [Double] in
            var v: [Double] = []
            for (t, c) in f { v += [t, c.r, c.g, c.b] }
            if hasAlpha { for (t, c) in f { v += [t, c.a] } }
            return v
        }
        let type = ps.first?.extras.gradientType ?? .axial
        if type == .conic {
            notes.append("\(layer): Lottie has no conic gradient; it is exported as an axial one")
        }
        func unit(_ l: PresentedLayer, _ u: Point) -> Point {
            Point(l.bounds.minX + u.x * l.bounds.width, l.bounds.minY + u.y * l.bounds.height)
        }
        let starts = ps.map { unit($0, $0.extras.startPoint) }
        var ends = ps.map { unit($0, $0.extras.endPoint) }
        if type == .radial {
            // Lottie's radial gradient is a circle through the end point; Core Animation's is the
            // ellipse with radii |end − start| along each axis.
            if zip(starts, ends).contains(where: { abs(abs($1.x - $0.x) - abs($1.y - $0.y)) > 1e-6 && abs($1.y - $0.y) > 0 }) {
                notes.append("\(layer): a radial gradient's ellipse is exported as a circle of its horizontal radius")
            }
            ends = zip(starts, ends).map { Point($0.x + abs($1.x - $0.x), $0.y) }
        }
        var g = LottieGradient()
        g.opacity = LottieSampling.scalar([100])
        g.start = LottieSampling.vector(starts.map { [$0.x, $0.y] })
        g.end = LottieSampling.vector(ends.map { [$0.x, $0.y] })
        g.radial = type == .radial
        g.colorCount = n
        g.stops = LottieSampling.vector(values)
        // The focal point as Lottie's highlight: its length (percent of the radius) and its
        // angle (degrees) from the start→end line, which points right here.
        g.highlight = LottieSampling.scalar(ps.map { type == .radial ? min(99, 100 * ($0.extras.focalOffset.x * $0.extras.focalOffset.x + $0.extras.focalOffset.y * $0.extras.focalOffset.y).squareRoot()) : 0 })
        g.highlightAngle = LottieSampling.scalar(ps.map { type == .radial && $0.extras.focalOffset != .zero ? atan2($0.extras.focalOffset.y, $0.extras.focalOffset.x) * 180 / .pi : 0 })
        let fill = LottieShape(.gradientFill(g), name: "gradient")
        return LottieShapes.group("gradient", [
            LottieShapes.rect(ps.map(\.bounds), radii: ps.map(\.cornerRadius), name: "bounds"), fill,
        ])
    }
}
