/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), as CGAffineTransform.
@usableFromInline package struct AffineTransform: Hashable, Sendable {
    @usableFromInline package var a, b, c, d, tx, ty: Double

    @inlinable package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    package static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable package static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    @inlinable package static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians; positive turns clockwise on screen (y down), as in UIKit.
    package static func rotation(_ angle: Double) -> AffineTransform {
        let co = cos(angle), si = sin(angle)
        return AffineTransform(a: co, b: si, c: -si, d: co, tx: 0, ty: 0)
    }

    /// `self` applied first, then `other`.
    @inlinable package func concatenating(_ o: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * o.a + b * o.c, b: a * o.b + b * o.d,
                        c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                        tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }

    @inlinable package func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular (for example scale 0).
    package var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The geometric mean scale factor, used to scale line widths.
    package var meanScale: Double { abs(a * d - b * c).squareRoot() }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
