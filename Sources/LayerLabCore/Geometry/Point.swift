/// A point or vector in points, y growing downwards as in UIKit.
@usableFromInline package struct Point: Hashable, Sendable {
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double

    @inlinable package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    package static let zero = Point(0, 0)

    @inlinable package static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable package static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable package static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable package static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }

    /// Euclidean length of the vector.
    @inlinable package var length: Double { (x * x + y * y).squareRoot() }

    /// Distance to another point.
    package func distance(to p: Point) -> Double { (self - p).length }

    /// Linear interpolation: `t` 0 gives self, 1 gives `other`; not clamped.
    package func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
}

/// A size in points, written `WxH` in the command language.
@usableFromInline package struct Size: Hashable, Sendable {
    package var width: Double
    package var height: Double

    package init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    package static let zero = Size(0, 0)
}

/// A rectangle: origin plus size, written `rect(x, y, w, h)`.
@usableFromInline package struct Rect: Hashable, Sendable {
    package var origin: Point
    package var size: Size

    package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }

    package init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    package static let zero = Rect(0, 0, 0, 0)

    package var minX: Double { origin.x }
    package var minY: Double { origin.y }
    package var maxX: Double { origin.x + size.width }
    package var maxY: Double { origin.y + size.height }
    package var width: Double { size.width }
    package var height: Double { size.height }
    package var midX: Double { origin.x + size.width / 2 }
    package var midY: Double { origin.y + size.height / 2 }

    /// The rectangle grown by `d` on every side (shrunk for negative `d`).
    package func insetBy(_ d: Double) -> Rect {
        Rect(origin.x + d, origin.y + d, size.width - 2 * d, size.height - 2 * d)
    }
}
