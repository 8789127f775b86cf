#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cubic control-point distance for a quarter circle of radius 1 (4/3·(√2−1)).
let quarterCircleKappa = 0.5522847498307936

extension Path {
    /// An oval inscribed in `r`, as `UIBezierPath(ovalIn:)`: starts at 3 o'clock and runs
    /// clockwise on screen in four cubic quarters. A zero-sized rect gives a degenerate oval
    /// whose points all coincide (the seed's `ovalPathSmall`).
    package static func oval(in r: Rect) -> Path {
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * quarterCircleKappa, ky = ry * quarterCircleKappa
        return Path([
            .move(Point(cx + rx, cy)),
            .cubic(Point(cx + rx, cy + ky), Point(cx + kx, cy + ry), Point(cx, cy + ry)),
            .cubic(Point(cx - kx, cy + ry), Point(cx - rx, cy + ky), Point(cx - rx, cy)),
            .cubic(Point(cx - rx, cy - ky), Point(cx - kx, cy - ry), Point(cx, cy - ry)),
            .cubic(Point(cx + kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + rx, cy)),
            .close,
        ])
    }

    /// A circle of radius `r` about `c`: the oval in its bounding square.
    package static func circle(center c: Point, radius r: Double) -> Path {
        oval(in: Rect(c.x - r, c.y - r, 2 * r, 2 * r))
    }

    /// A rectangle starting at its top-left corner and running clockwise on screen.
    package static func rect(_ r: Rect) -> Path {
        Path([.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)),
              .line(Point(r.maxX, r.maxY)), .line(Point(r.minX, r.maxY)), .close])
    }

    /// A rounded rectangle starting after the top-left corner and running clockwise on screen.
    package static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        if rad == 0 { return rect(r) }
        let k = rad * quarterCircleKappa
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        return Path([
            .move(Point(x0 + rad, y0)),
            .line(Point(x1 - rad, y0)),
            .cubic(Point(x1 - rad + k, y0), Point(x1, y0 + rad - k), Point(x1, y0 + rad)),
            .line(Point(x1, y1 - rad)),
            .cubic(Point(x1, y1 - rad + k), Point(x1 - rad + k, y1), Point(x1 - rad, y1)),
            .line(Point(x0 + rad, y1)),
            .cubic(Point(x0 + rad - k, y1), Point(x0, y1 - rad + k), Point(x0, y1 - rad)),
            .line(Point(x0, y0 + rad)),
            .cubic(Point(x0, y0 + rad - k), Point(x0 + rad - k, y0), Point(x0 + rad, y0)),
            .close,
        ])
    }

    /// An arc about `center` from `start` to `end` radians (0 at 3 o'clock). `clockwise` means
    /// clockwise on screen (angles growing with y down), as UIBezierPath's flag in UIKit.
    package static func arc(center: Point, radius: Double, start: Double, end: Double,
                           clockwise: Bool) -> Path {
        var sweep = end - start
        let twoPi = 2 * Double.pi
        // Angles far apart overflow to an infinite sweep: that is at least a full turn.
        if sweep.isInfinite { sweep = sweep > 0 ? twoPi : -twoPi }
        if sweep.isNaN { sweep = 0 }
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            if sweep > twoPi { sweep = twoPi }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            if sweep < -twoPi { sweep = -twoPi }
        }
        func pt(_ a: Double) -> Point { Point(center.x + radius * cos(a), center.y + radius * sin(a)) }
        var elements: [PathElement] = [.move(pt(start))]
        let pieces = clampedInt((abs(sweep) / (Double.pi / 2)).rounded(.up), 1, 4)
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var a = start
        for _ in 0..<pieces {
            let b = a + step
            let p0 = pt(a), p3 = pt(b)
            let c1 = Point(p0.x - k * sin(a), p0.y + k * cos(a))
            let c2 = Point(p3.x + k * sin(b), p3.y - k * cos(b))
            elements.append(.cubic(c1, c2, p3))
            a = b
        }
        return Path(elements)
    }

    /// A closed polygon through `points` in order.
    package static func polygon(_ points: [Point]) -> Path {
        guard let first = points.first else { return .empty }
        return Path([.move(first)] + points.dropFirst().map { .line($0) } + [.close])
    }

    /// An open polyline through `points` in order.
    package static func polyline(_ points: [Point]) -> Path {
        guard let first = points.first else { return .empty }
        return Path([.move(first)] + points.dropFirst().map { .line($0) })
    }
}
