/// A 4×4 homogeneous transform laid out as CATransform3D: points are row vectors multiplied on
/// the left, `(x, y, z, 1) · M`, so `m41 m42 m43` translate and `m34` carries perspective.
///
/// y grows downwards, as in UIKit, so a positive rotation about z turns clockwise on screen.
package struct Transform3D: Hashable, Sendable {
    /// Row-major: `m[0]` is m11, `m[3]` m14, `m[12]` m41, `m[15]` m44.
    package var m: [Double]

    package init(_ m: [Double]) {
        precondition(m.count == 16)
        self.m = m
    }

    package static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    package subscript(row: Int, col: Int) -> Double {
        get { m[(row - 1) * 4 + col - 1] }
        set { m[(row - 1) * 4 + col - 1] = newValue }
    }

    package var m34: Double {
        get { self[3, 4] }
        set { self[3, 4] = newValue }
    }

    package var isIdentity: Bool { self == .identity }

    /// Drops z, keeping w: what a layer does to its sublayers' 3D drawing (Core Animation
    /// flattens every layer but a transformLayer into its own plane).
    package static let flatteningZ = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])

    /// Whether points of the z = 0 plane map affinely and to z = 0: a plain 2D transform.
    package var isAffinePlane: Bool {
        m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[14] == 0 && m[15] == 1
    }

    // MARK: - Makers (CATransform3DMake…)

    package static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
        var t = identity
        t[4, 1] = x; t[4, 2] = y; t[4, 3] = z
        return t
    }

    package static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Transform3D {
        var t = identity
        t[1, 1] = x; t[2, 2] = y; t[3, 3] = z
        return t
    }

    /// Rotation by `angle` radians about the axis (x, y, z), as CATransform3DMakeRotation; a zero
    /// axis gives the identity.
    package static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), k = 1 - c
        return Transform3D([
            c + ux * ux * k, ux * uy * k + uz * s, ux * uz * k - uy * s, 0,
            ux * uy * k - uz * s, c + uy * uy * k, uy * uz * k + ux * s, 0,
            ux * uz * k + uy * s, uy * uz * k - ux * s, c + uz * uz * k, 0,
            0, 0, 0, 1,
        ])
    }

    /// The perspective of an eye `d` points in front of the plane: m34 = −1/d.
    package static func perspective(_ d: Double) -> Transform3D {
        var t = identity
        if d != 0 && d.isFinite { t.m34 = -1 / d }
        return t
    }

    /// The 2D affine transform as a 3D one (z untouched).
    package init(_ a: AffineTransform) {
        self.init([a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1])
    }

    // MARK: - Composition

    /// `self` applied first, then `o` (CATransform3DConcat(self, o)).
    package func concatenating(_ o: Transform3D) -> Transform3D {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += m[i * 4 + k] * o.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Transform3D(r)
    }

    /// `self` composed with itself `n` times (identity for n ≤ 0).
    package func power(_ n: Int) -> Transform3D {
        var result = Transform3D.identity, base = self, k = n
        while k > 0 {
            if k & 1 == 1 { result = result.concatenating(base) }
            base = base.concatenating(base)
            k >>= 1
        }
        return result
    }

    /// Homogeneous image of (x, y, z, 1).
    package func apply(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m[0] + y * m[4] + z * m[8] + m[12],
         x * m[1] + y * m[5] + z * m[9] + m[13],
         x * m[2] + y * m[6] + z * m[10] + m[14],
         x * m[3] + y * m[7] + z * m[11] + m[15])
    }

    // MARK: - Flattening onto the screen

    /// The map of the layer's plane (z = 0) onto the screen, dropping z as Core Animation
    /// flattens a layer: a projective map of the plane.
    package var planar: Projective2D {
        Projective2D(m11: m[0], m12: m[1], m14: m[3], m21: m[4], m22: m[5], m24: m[7],
                     m41: m[12], m42: m[13], m44: m[15])
    }

    /// The same transform with every z component dropped, as a layer that is not a
    /// transformLayer flattens what its sublayers draw into its own plane.
    package var flattened: Transform3D {
        var t = self
        t[1, 3] = 0; t[2, 3] = 0; t[4, 3] = 0
        t[3, 1] = 0; t[3, 2] = 0; t[3, 3] = 1; t[3, 4] = 0
        return t
    }
}

/// A projective map of the plane: `(x, y) ↦ ((x·m11 + y·m21 + m41) / w, (x·m12 + y·m22 + m42) / w)`
/// with `w = x·m14 + y·m24 + m44`. Straight lines stay straight, so flattened polygons can be
/// mapped point by point.
package struct Projective2D: Hashable, Sendable {
    package var m11, m12, m14, m21, m22, m24, m41, m42, m44: Double

    package init(m11: Double, m12: Double, m14: Double, m21: Double, m22: Double, m24: Double,
                m41: Double, m42: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m14 = m14; self.m21 = m21; self.m22 = m22; self.m24 = m24
        self.m41 = m41; self.m42 = m42; self.m44 = m44
    }

    /// A 2D affine map as a projective one (w = 1).
    package init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m14: 0, m21: t.c, m22: t.d, m24: 0, m41: t.tx, m42: t.ty, m44: 1)
    }

    /// Whether w is constant: then the map is affine.
    package var isAffine: Bool { m14 == 0 && m24 == 0 }

    /// The affine map when w is constant (m44 divides through), else nil.
    package var affine: AffineTransform? {
        guard isAffine, m44 != 0 else { return nil }
        return AffineTransform(a: m11 / m44, b: m12 / m44, c: m21 / m44, d: m22 / m44, tx: m41 / m44, ty: m42 / m44)
    }

    /// w at a point: positive in front of the eye.
    package func w(_ p: Point) -> Double { p.x * m14 + p.y * m24 + m44 }

    package func apply(_ p: Point) -> Point {
        let w = self.w(p)
        return Point((p.x * m11 + p.y * m21 + m41) / w, (p.x * m12 + p.y * m22 + m42) / w)
    }

    /// Whether the plane faces the viewer: the image of its x and y axes keeps their
    /// orientation (isDoubleSided = false hides a layer when this is false).
    package func facesViewer(at p: Point) -> Bool {
        let eps = 1.0
        let o = apply(p), ax = apply(Point(p.x + eps, p.y)), ay = apply(Point(p.x, p.y + eps))
        let cross = (ax.x - o.x) * (ay.y - o.y) - (ax.y - o.y) * (ay.x - o.x)
        return cross * w(p).sign.factor >= 0
    }
}

private extension FloatingPointSign {
    var factor: Double { self == .minus ? -1 : 1 }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Projective2D {
    /// The inverse map, or nil when the plane collapses to a line.
    package var inverted: Projective2D? {
        // Row-vector 3x3 [[m11 m12 m14] [m21 m22 m24] [m41 m42 m44]]: invert by cofactors.
        let a = m11, b = m12, c = m14, d = m21, e = m22, f = m24, g = m41, h = m42, i = m44
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Projective2D(m11: A * k, m12: -(b * i - c * h) * k, m14: (b * f - c * e) * k,
                            m21: B * k, m22: (a * i - c * g) * k, m24: -(a * f - c * d) * k,
                            m41: C * k, m42: -(a * h - b * g) * k, m44: (a * e - b * d) * k)
    }

    /// The map as a 3D transform of the plane (z passes through untouched).
    package var transform3D: Transform3D {
        Transform3D([m11, m12, 0, m14, m21, m22, 0, m24, 0, 0, 1, 0, m41, m42, 0, m44])
    }
}
