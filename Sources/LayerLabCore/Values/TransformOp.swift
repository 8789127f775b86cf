/// One step of a transform written as a list: `translate(x, y[, z])`, `rotate(angle[, x, y, z])`,
/// `scale(sx[, sy[, sz]])`, `perspective(d)`, and `matrix(m11, …, m44)` for any other matrix.
///
/// A list applies left to right in the frame each step leaves, as chained CATransform3DTranslate /
/// CATransform3DRotate calls (and CSS transform lists) do: `perspective(500) rotate(0.5, 0, 1, 0)`
/// turns the layer about y and then views it in perspective.
package enum TransformOp: Hashable, Sendable {
    case translate(Double, Double, Double)
    case rotate(Double, Double, Double, Double)
    case scale(Double, Double, Double)
    case perspective(Double)
    /// A whole matrix, row by row as CATransform3D's fields.
    case matrix(Transform3D)

    /// The step's own matrix.
    package var matrix: Transform3D {
        switch self {
        case .translate(let x, let y, let z): return .translation(x, y, z)
        case .rotate(let a, let x, let y, let z): return .rotation(a, x, y, z)
        case .scale(let x, let y, let z): return .scale(x, y, z)
        case .perspective(let d): return .perspective(d)
        case .matrix(let m): return m
        }
    }

    /// The function name as written.
    package var name: String {
        switch self {
        case .translate: return "translate"
        case .rotate: return "rotate"
        case .scale: return "scale"
        case .perspective: return "perspective"
        case .matrix: return "matrix"
        }
    }

    /// Parameters in written order, every one given.
    package var parameters: [Double] {
        switch self {
        case .translate(let x, let y, let z): return [x, y, z]
        case .rotate(let a, let x, let y, let z): return [a, x, y, z]
        case .scale(let x, let y, let z): return [x, y, z]
        case .perspective(let d): return [d]
        case .matrix(let m): return m.m
        }
    }

    /// The parameters worth writing: trailing defaults dropped (z = 0 for translate, the z axis
    /// for rotate, sy = sx and sz = 1 for scale).
    package var writtenParameters: [Double] {
        switch self {
        case .translate(let x, let y, let z): return z == 0 ? [x, y] : [x, y, z]
        case .rotate(let a, let x, let y, let z): return (x, y, z) == (0, 0, 1) ? [a] : [a, x, y, z]
        case .scale(let x, let y, let z):
            if z == 1 { return x == y ? [x] : [x, y] }
            return [x, y, z]
        case .perspective(let d): return [d]
        case .matrix(let m): return m.m
        }
    }

    /// A step from a function name and its written parameters; nil for an unknown name or a
    /// wrong count. The message says what the function takes.
    package static func make(_ name: String, _ p: [Double]) -> Result<TransformOp, TransformOpError> {
        switch (name, p.count) {
        case ("translate", 2): return .success(.translate(p[0], p[1], 0))
        case ("translate", 3): return .success(.translate(p[0], p[1], p[2]))
        case ("rotate", 1): return .success(.rotate(p[0], 0, 0, 1))
        case ("rotate", 4): return .success(.rotate(p[0], p[1], p[2], p[3]))
        case ("scale", 1): return .success(.scale(p[0], p[0], 1))
        case ("scale", 2): return .success(.scale(p[0], p[1], 1))
        case ("scale", 3): return .success(.scale(p[0], p[1], p[2]))
        case ("perspective", 1):
            return p[0] > 0 ? .success(.perspective(p[0])) : .failure(.init("perspective's distance must be above 0"))
        case ("matrix", 16): return .success(.matrix(Transform3D(p)))
        case ("translate", _), ("rotate", _), ("scale", _), ("perspective", _), ("matrix", _):
            return .failure(.init("\(usage[name]!) takes \(counts[name]!), found \(p.count)"))
        default:
            return .failure(.init("unknown transform function '\(name)'"))
        }
    }

    package static let functionNames = ["translate", "rotate", "scale", "perspective", "matrix"]
    static let usage = ["translate": "translate(x, y[, z])", "rotate": "rotate(angle[, x, y, z])",
                        "scale": "scale(sx[, sy[, sz]])", "perspective": "perspective(d)",
                        "matrix": "matrix(m11, m12, …, m44)"]
    static let counts = ["translate": "2 or 3 numbers", "rotate": "1 or 4 numbers",
                         "scale": "1 to 3 numbers", "perspective": "1 number", "matrix": "16 numbers"]

    /// The same kind of step doing nothing, for lists of different lengths.
    var identity: TransformOp {
        switch self {
        case .translate: return .translate(0, 0, 0)
        case .rotate(_, let x, let y, let z): return .rotate(0, x, y, z)
        case .scale: return .scale(1, 1, 1)
        case .perspective: return .perspective(.infinity)
        case .matrix: return .matrix(.identity)
        }
    }

    /// Interpolates two steps of the same kind parameter by parameter; nil for different kinds
    /// or rotations about different axes. Perspective blends 1/d, so it passes through none.
    func interpolated(to o: TransformOp, _ t: Double) -> TransformOp? {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, o) {
        case (.translate(let a, let b, let c), .translate(let x, let y, let z)):
            return .translate(mix(a, x), mix(b, y), mix(c, z))
        case (.scale(let a, let b, let c), .scale(let x, let y, let z)):
            return .scale(mix(a, x), mix(b, y), mix(c, z))
        case (.rotate(let a, let x, let y, let z), .rotate(let b, let u, let v, let w)) where (x, y, z) == (u, v, w):
            return .rotate(mix(a, b), x, y, z)
        case (.perspective(let a), .perspective(let b)):
            let k = mix(a.isFinite ? 1 / a : 0, b.isFinite ? 1 / b : 0)
            return .perspective(k == 0 ? .infinity : 1 / k)
        case (.matrix(let a), .matrix(let b)):
            return .matrix(Transform3D(zip(a.m, b.m).map { $0 + ($1 - $0) * t }))
        default: return nil
        }
    }
}

package struct TransformOpError: Error, Hashable, Sendable {
    package let message: String
    init(_ message: String) { self.message = message }
}

/// A transform written as a list of steps; the empty list is the identity.
package extension Array where Element == TransformOp {
    /// The product of the steps, left to right in the frame each leaves.
    var matrix: Transform3D {
        var t = Transform3D.identity
        for op in self { t = op.matrix.concatenating(t) }
        return t
    }

    /// Core Animation interpolates transforms component by component: lists with the same kinds
    /// of steps (the shorter padded with steps that do nothing) blend each parameter, which is
    /// what animating `rotate(0)` to `rotate(pi)` means. Lists that do not line up blend their
    /// matrices entry by entry.
    func interpolated(to other: [TransformOp], _ t: Double) -> [TransformOp] {
        let n = Swift.max(count, other.count)
        var out: [TransformOp] = []
        for i in 0..<n {
            let a = i < count ? self[i] : other[i].identity
            let b = i < other.count ? other[i] : self[i].identity
            guard let mixed = a.interpolated(to: b, t) else {
                let x = matrix.m, y = other.matrix.m
                return [.matrix(Transform3D(zip(x, y).map { $0 + ($1 - $0) * t }))]
            }
            out.append(mixed)
        }
        return out
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
