import LayerLabCore

/// The colour of a CAGradientLayer at any pixel: a position `t` along the gradient (axial: the
/// projection onto start→end; radial: the distance out to the ellipse through endPoint, or from
/// a focal point (LayerLab's `focalOffset`) out to it; conic:
/// the angle clockwise from endPoint) looked up in a table of premultiplied colours.
/// Colours blend as `GradientStops` says, so a stop of `clear` (transparent black) darkens its
/// neighbours on the way, as in Core Animation.
struct GradientShader {
    /// Premultiplied RGBA at `resolution + 1` evenly spaced positions over 0…1.
    private let table: [Float]
    static let resolution = 1024

    /// The table for colours at locations (see `GradientStops`).
    static func table(_ colors: [Color], _ locations: [Double]) -> [Float] {
        let stops = GradientStops.stops(colors, locations)
        let n = resolution
        var table = [Float](repeating: 0, count: (n + 1) * 4)
        for i in 0...n {
            let c = GradientStops.color(stops, Double(i) / Double(n))
            let a = Float(max(0, min(1, c.a)))
            table[i * 4] = Float(max(0, min(1, c.r))) * a
            table[i * 4 + 1] = Float(max(0, min(1, c.g))) * a
            table[i * 4 + 2] = Float(max(0, min(1, c.b))) * a
            table[i * 4 + 3] = a
        }
        return table
    }

    let type: GradientType
    /// Device pixel → layer coordinates.
    let inverse: AffineTransform
    let start: Point
    let end: Point

    /// nil when nothing is drawn: no colours, or a transform that collapses the layer. The
    /// colour table comes from `tables` when the colours and locations are ones seen before.
    init?(_ layer: PresentedLayer, transform m: AffineTransform, tables: GradientTables) {
        let colors = layer.extras.gradientColors.colors
        guard !colors.isEmpty, let inv = m.inverted else { return nil }
        let b = layer.bounds
        inverse = inv
        type = layer.extras.gradientType
        start = Point(b.minX + layer.extras.startPoint.x * b.width, b.minY + layer.extras.startPoint.y * b.height)
        end = Point(b.minX + layer.extras.endPoint.x * b.width, b.minY + layer.extras.endPoint.y * b.height)
        table = tables.table(colors, layer.extras.gradientLocations)
        if type == .axial {
            let d = end - start
            let len2 = d.x * d.x + d.y * d.y
            axis = len2 > 0 ? Point(d.x / len2, d.y / len2) : .zero
        } else {
            axis = Point(abs(end.x - start.x), abs(end.y - start.y))
        }
        angle0 = atan2(end.y - start.y, end.x - start.x)
        // Kept inside the rim, where the cone through the focus and the circle is defined
        // (Lottie players stop the highlight short of the edge the same way).
        var f = type == .radial && layer.extras.focalOffset.x.isFinite && layer.extras.focalOffset.y.isFinite
            ? layer.extras.focalOffset : .zero
        let len = (f.x * f.x + f.y * f.y).squareRoot()
        if len > 0.99 { f = Point(f.x * 0.99 / len, f.y * 0.99 / len) }
        focus = f
        focusTerm = f.x * f.x + f.y * f.y - 1
    }

    /// Axial: start→end over its squared length; radial: the ellipse's radii.
    private let axis: Point
    /// Conic: the angle of endPoint seen from startPoint.
    private let angle0: Double
    /// Radial: the focal point, in radii from startPoint (zero: centred), and |focus|² − 1.
    private let focus: Point
    private let focusTerm: Double

    /// The gradient position of a point in layer coordinates, by kind.
    @inline(__always)
    private func axialPosition(_ p: Point) -> Double { (p.x - start.x) * axis.x + (p.y - start.y) * axis.y }

    @inline(__always)
    private func radialPosition(_ p: Point) -> Double {
        let dx = axis.x > 0 ? (p.x - start.x) / axis.x : (p.x == start.x ? 0 : .infinity)
        let dy = axis.y > 0 ? (p.y - start.y) / axis.y : (p.y == start.y ? 0 : .infinity)
        if focus == .zero || !dx.isFinite || !dy.isFinite {
            let r = (dx * dx + dy * dy).squareRoot()
            return r.isNaN ? 1 : r
        }
        // With a focus f inside the unit circle, the point lies on the circle of centre
        // f·(1 − t) and radius t (t = 0 at the focus, 1 on the rim): solve for t ≥ 0.
        let qx = dx - focus.x, qy = dy - focus.y
        let qd = -(qx * focus.x + qy * focus.y), qq = qx * qx + qy * qy
        let disc = qd * qd - focusTerm * qq
        let t = (qd - max(0, disc).squareRoot()) / focusTerm
        return t.isNaN ? 1 : t
    }

    @inline(__always)
    private func conicPosition(_ p: Point) -> Double {
        var a = atan2(p.y - start.y, p.x - start.x) - angle0
        a = a.truncatingRemainder(dividingBy: 2 * .pi)
        if a < 0 { a += 2 * .pi }
        return a / (2 * .pi)
    }

    /// Shades the pixels of row `y` whose coverage is above zero, `row[x]` for x in `x0..<x1`:
    /// the premultiplied colour at each pixel's centre. The gradient's kind is chosen once a
    /// row, not per pixel.
    func shadeRow(y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>,
                  into row: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let cy = Double(y) + 0.5
        // NB: a loop per kind, written out: passed as a closure, the radial one was not inlined.
        switch type {
        case .axial:
            for x in x0..<x1 where cover[x] > 0 {
                row[x] = colour(at: axialPosition(inverse.apply(Point(Double(x) + 0.5, cy))))
            }
        case .radial:
            for x in x0..<x1 where cover[x] > 0 {
                row[x] = colour(at: radialPosition(inverse.apply(Point(Double(x) + 0.5, cy))))
            }
        case .conic:
            for x in x0..<x1 where cover[x] > 0 {
                row[x] = colour(at: conicPosition(inverse.apply(Point(Double(x) + 0.5, cy))))
            }
        }
    }

    /// The table's colour nearest position `t` (clamped to 0…1; NaN reads the end). The index
    /// is `(t · n).rounded()`, half away from zero, worked out without a libm call: for a
    /// value of 0…n, its whole part and the exact remainder beside ½ give the same integer.
    @inline(__always)
    private func colour(at t: Double) -> SIMD4<Float> {
        let n = GradientShader.resolution
        let i: Int
        if t.isNaN {
            i = n
        } else {
            let v = max(0, min(1, t)) * Double(n)
            let whole = truncatedInt(v)
            i = v - Double(whole) >= 0.5 ? whole + 1 : whole
        }
        return table.withUnsafeBufferPointer { SIMD4(UnsafeRawPointer($0.baseAddress! + i * 4).loadUnaligned(as: SIMD4<Float>.self)) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
