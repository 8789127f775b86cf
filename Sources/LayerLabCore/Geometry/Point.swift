/// A point or vector in points, y growing downwards as in UIKit.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }

    /// Euclidean length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// Distance to another point.
    public func distance(to p: Point) -> Double { (self - p).length }

    /// Linear interpolation: `t` 0 gives self, 1 gives `other`; not clamped.
    public func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }
}

/// A size in points, written `WxH` in the command language.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    public static let zero = Size(0, 0)
}

/// A rectangle: origin plus size, written `rect(x, y, w, h)`.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    public static let zero = Rect(0, 0, 0, 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle grown by `d` on every side (shrunk for negative `d`).
    public func insetBy(_ d: Double) -> Rect {
        Rect(origin.x + d, origin.y + d, size.width - 2 * d, size.height - 2 * d)
    }
}
