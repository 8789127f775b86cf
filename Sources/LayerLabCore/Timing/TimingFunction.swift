/// A timing curve mapping the fraction of time elapsed to the fraction of progress.
///
/// The named curves carry Core Animation's control points exactly; UIKit's names are aliases.
package enum TimingFunction: Hashable, Sendable, CustomStringConvertible {
    case linear, easeIn, easeOut, easeInEaseOut
    /// `kCAMediaTimingFunctionDefault`, the curve of implicit animations.
    case `default`
    case cubic(Double, Double, Double, Double)

    /// Looks a curve up by name, accepting UIKit's aliases.
    package static func named(_ name: String) -> TimingFunction? {
        switch name {
        case "linear", "curveLinear": return .linear
        case "easeIn", "curveEaseIn": return .easeIn
        case "easeOut", "curveEaseOut": return .easeOut
        case "easeInEaseOut", "curveEaseInOut", "easeInOut": return .easeInEaseOut
        case "default": return .default
        default: return nil
        }
    }

    package static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default",
                               "curveLinear", "curveEaseIn", "curveEaseOut", "curveEaseInOut"]

    /// The Bézier control points (x1, y1, x2, y2) between (0,0) and (1,1).
    package var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        case .cubic(let a, let b, let c, let d): return (a, b, c, d)
        }
    }

    /// As `help` and `inspect` show it: a name, or `cubic(…)` with rounded numbers.
    package var description: String { text(.display) }

    /// The text the command language reads: a name, or `cubic(x1, y1, x2, y2)` with numbers in
    /// `numbers` style (the one printer for `inspect` and saved scripts alike).
    package func text(_ numbers: NumberStyle) -> String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInEaseOut: return "easeInEaseOut"
        case .default: return "default"
        case .cubic(let a, let b, let c, let d):
            return "cubic(" + numbers.text(a) + ", " + numbers.text(b) + ", " + numbers.text(c) + ", " + numbers.text(d) + ")"
        }
    }

    /// Progress at time fraction `x`. `x` outside 0…1 is clamped; the result may overshoot
    /// 0…1 when control points' y does. Solved for x to within 1e-7.
    package func callAsFunction(_ x: Double) -> Double {
        if case .linear = self { return x }
        let (x1, y1, x2, y2) = controlPoints
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Bezier coefficients: B(s) = ((a s + b) s + c) s
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sx(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func dsx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        var s = x
        var solved = false
        for _ in 0..<8 {
            let err = sx(s) - x
            if abs(err) < 1e-9 { solved = true; break }
            let d = dsx(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        if !solved || s < 0 || s > 1 {
            var lo = 0.0, hi = 1.0
            s = x
            for _ in 0..<64 {
                let v = sx(s)
                if abs(v - x) < 1e-10 { break }
                if v < x { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
        }
        return ((ay * s + by) * s + cy) * s
    }
}
