/// One drawing instruction of a path, in absolute coordinates.
@usableFromInline package enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)            // control, end
    case cubic(Point, Point, Point)    // control 1, control 2, end
    case close
}

/// A Bézier path as UIBezierPath builds it: subpaths of lines and curves.
///
/// Where a path starts and which way it runs matters for `strokeStart`/`strokeEnd`, so the
/// primitives below follow UIBezierPath's construction exactly (see `Path+Primitives.swift`).
@usableFromInline package struct Path: Hashable, Sendable {
    @usableFromInline package var elements: [PathElement]

    package init(_ elements: [PathElement] = []) { self.elements = elements }

    package static let empty = Path()

    package var isEmpty: Bool { elements.isEmpty }

    /// The path with every point mapped through `t`.
    package func applying(_ t: AffineTransform) -> Path {
        Path(elements.map { e in
            switch e {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// Every point of the path, control points included.
    package var allPoints: [Point] {
        var out: [Point] = []
        out.reserveCapacity(elements.count * 3)
        for e in elements {
            switch e {
            case .move(let p), .line(let p): out.append(p)
            case .quad(let c, let p): out.append(c); out.append(p)
            case .cubic(let c1, let c2, let p): out.append(c1); out.append(c2); out.append(p)
            case .close: break
            }
        }
        return out
    }

    /// The smallest rectangle holding every point, control points included; nil when empty.
    package var controlBounds: Rect? {
        let pts = allPoints
        guard let first = pts.first else { return nil }
        var lo = first, hi = first
        for p in pts {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return Rect(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)
    }
}
