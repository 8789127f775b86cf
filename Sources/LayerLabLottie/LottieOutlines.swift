#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// Rectangles, ellipses and polystars as Lottie players build them. Where an outline starts
/// and which way it runs decide what a trim or a dash draws, so these follow the players
/// (lottie-web, rlottie), not Core Animation's `ovalIn:`: an ellipse starts at 12 o'clock, a
/// rectangle at its top-right corner (below the corner's rounding), a polystar at its first
/// point; all run clockwise on screen unless the item's direction `d` is 3 (reversed).
enum LottieOutline {
    /// Handle length of a cubic quarter circle of radius 1 (4/3·(√2−1)), as players use.
    static let kappa = 0.5522847498307936

    /// An ellipse of size `w`×`h` about `c`: four cubic quarters from the top.
    static func ellipse(center c: Point, width w: Double, height h: Double, reversed: Bool) -> Path {
        let rx = w / 2, ry = h / 2, kx = rx * kappa, ky = ry * kappa
        let top = Point(c.x, c.y - ry), right = Point(c.x + rx, c.y), bottom = Point(c.x, c.y + ry), left = Point(c.x - rx, c.y)
        if !reversed {
            return Path([
                .move(top),
                .cubic(Point(c.x + kx, top.y), Point(right.x, c.y - ky), right),
                .cubic(Point(right.x, c.y + ky), Point(c.x + kx, bottom.y), bottom),
                .cubic(Point(c.x - kx, bottom.y), Point(left.x, c.y + ky), left),
                .cubic(Point(left.x, c.y - ky), Point(c.x - kx, top.y), top),
                .close,
            ])
        }
        return Path([
            .move(top),
            .cubic(Point(c.x - kx, top.y), Point(left.x, c.y - ky), left),
            .cubic(Point(left.x, c.y + ky), Point(c.x - kx, bottom.y), bottom),
            .cubic(Point(c.x + kx, bottom.y), Point(right.x, c.y + ky), right),
            .cubic(Point(right.x, c.y - ky), Point(c.x + kx, top.y), top),
            .close,
        ])
    }

    /// A rectangle of size `w`×`h` about `c` with corner radius `r` (clamped to half the
    /// shorter side), from the top of its right side.
    static func rectangle(center c: Point, width w: Double, height h: Double, radius: Double, reversed: Bool) -> Path {
        let x0 = c.x - w / 2, x1 = c.x + w / 2, y0 = c.y - h / 2, y1 = c.y + h / 2
        let r = min(max(0, radius), w / 2, h / 2)
        guard r > 0 else {
            let corners = reversed ? [Point(x1, y0), Point(x0, y0), Point(x0, y1), Point(x1, y1)]
                                   : [Point(x1, y0), Point(x1, y1), Point(x0, y1), Point(x0, y0)]
            return Path([.move(corners[0])] + corners.dropFirst().map { .line($0) } + [.close])
        }
        let k = r * kappa
        // Clockwise: down the right side, along the bottom, up the left, along the top.
        var e: [PathElement] = [
            .move(Point(x1, y0 + r)),
            .line(Point(x1, y1 - r)),
            .cubic(Point(x1, y1 - r + k), Point(x1 - r + k, y1), Point(x1 - r, y1)),
            .line(Point(x0 + r, y1)),
            .cubic(Point(x0 + r - k, y1), Point(x0, y1 - r + k), Point(x0, y1 - r)),
            .line(Point(x0, y0 + r)),
            .cubic(Point(x0, y0 + r - k), Point(x0 + r - k, y0), Point(x0 + r, y0)),
            .line(Point(x1 - r, y0)),
            .cubic(Point(x1 - r + k, y0), Point(x1, y0 + r - k), Point(x1, y0 + r)),
            .close,
        ]
        if reversed { e = LottieConverter.reversedPath(Path(e)).elements }
        return Path(e)
    }

    /// A star (points alternate between the outer and inner radius) or a polygon (outer
    /// points only) about `c`, its first point straight up turned by `rotation` degrees.
    /// Roundness (percent) bends each side into a cubic whose handles leave each point at
    /// right angles to its radius, as After Effects draws it; a fractional number of points
    /// gives a star a last, shorter point.
    static func polystar(center c: Point, points: Double, outer: Double, inner: Double,
                         outerRoundness: Double, innerRoundness: Double,
                         rotation: Double, isStar: Bool, reversed: Bool) -> Path {
        let dir: Double = reversed ? -1 : 1
        var angle = (rotation - 90) * .pi / 180
        var vertices: [(point: Point, radius: Double, roundness: Double)] = []
        if isStar {
            let per = 2 * Double.pi / points, half = per / 2
            let partial = points - points.rounded(.down)
            let count = Int(points.rounded(.up)) * 2
            var partialRadius = 0.0
            if partial != 0 {
                angle += half * (1 - partial) * dir
                partialRadius = inner + partial * (outer - inner)
                // Its handles are an outer point's, shortened below by the partial amount.
                vertices.append((Point(partialRadius * cos(angle), partialRadius * sin(angle)), outer, outerRoundness))
                angle += per * partial / 2 * dir
            } else {
                vertices.append((Point(outer * cos(angle), outer * sin(angle)), outer, outerRoundness))
                angle += half * dir
            }
            var long = false
            for i in 0..<count {
                var r = long ? outer : inner
                var step = half
                if partialRadius != 0 && i == count - 2 { step = per * partial / 2 }
                if partialRadius != 0 && i == count - 1 { r = partialRadius }
                vertices.append((Point(r * cos(angle), r * sin(angle)), long ? outer : inner, long ? outerRoundness : innerRoundness))
                angle += step * dir
                long.toggle()
            }
        } else {
            let n = max(1, points.rounded(.down))
            let per = 2 * Double.pi / n
            for _ in 0...Int(n) {
                vertices.append((Point(outer * cos(angle), outer * sin(angle)), outer, outerRoundness))
                angle += per * dir
            }
        }
        guard let first = vertices.first else { return .empty }
        // Handle length: a fraction of the radius, per point (stars) or a quarter (polygons).
        let magic = isStar ? 0.47829 / 0.28 / points : 0.25
        let rounded = vertices.contains { $0.roundness != 0 }
        // A fractional star's first and last sides (to and from its shorter point) have their
        // handles shortened by the fraction, as lottie-android and rlottie draw them.
        let partial = isStar ? points - points.rounded(.down) : 0
        var e: [PathElement] = [.move(first.point + c)]
        for (i, (a, b)) in zip(vertices, vertices.dropFirst()).enumerated() {
            if rounded {
                let shorten = partial != 0 && (i == 0 || i == vertices.count - 2) ? partial : 1
                func handle(_ v: (point: Point, radius: Double, roundness: Double)) -> Point {
                    let theta = atan2(v.point.y, v.point.x) - .pi / 2 * dir
                    let len = v.radius * v.roundness / 100 * magic * shorten
                    return Point(cos(theta) * len, sin(theta) * len)
                }
                let h1 = handle(a), h2 = handle(b)
                e.append(.cubic(Point(a.point.x - h1.x + c.x, a.point.y - h1.y + c.y),
                                Point(b.point.x + h2.x + c.x, b.point.y + h2.y + c.y), b.point + c))
            } else {
                e.append(.line(b.point + c))
            }
        }
        e.append(.close)
        return Path(e)
    }
}
