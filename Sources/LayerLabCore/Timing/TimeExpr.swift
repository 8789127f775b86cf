/// A scene time that may depend on other animations: `1.2`, `wobble.end + 0.1`, `after spin`.
///
/// Time expressions stay symbolic in the document, so changing a duration moves everything
/// that depends on it. `after NAME` is the same as `NAME.end`.
package indirect enum TimeExpr: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    /// When the named animation (or event) begins, in scene time.
    case begin(String)
    /// When the named animation's active interval ends, in scene time.
    case end(String)
    case add(TimeExpr, TimeExpr)
    case subtract(TimeExpr, TimeExpr)
    case multiply(TimeExpr, TimeExpr)
    case divide(TimeExpr, TimeExpr)
    case negate(TimeExpr)

    package static let zero = TimeExpr.number(0)

    /// The animation names this expression refers to.
    package var references: Set<String> {
        switch self {
        case .number: return []
        case .begin(let n), .end(let n): return [n]
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .divide(let a, let b):
            return a.references.union(b.references)
        case .negate(let a): return a.references
        }
    }

    /// The constant value, when the expression names nothing.
    package var constant: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    /// Evaluates with `lookup` giving (begin, end) of a name; nil when a name is unknown.
    package func evaluate(_ lookup: (String) -> (begin: Double, end: Double)?) -> Double? {
        switch self {
        case .number(let v): return v
        case .begin(let n): return lookup(n)?.begin
        case .end(let n): return lookup(n)?.end
        case .add(let a, let b): return bin(a, b, lookup, +)
        case .subtract(let a, let b): return bin(a, b, lookup, -)
        case .multiply(let a, let b): return bin(a, b, lookup, *)
        case .divide(let a, let b): return bin(a, b, lookup, /)
        case .negate(let a): return a.evaluate(lookup).map { -$0 }
        }
    }

    private func bin(_ a: TimeExpr, _ b: TimeExpr, _ l: (String) -> (begin: Double, end: Double)?,
                     _ op: (Double, Double) -> Double) -> Double? {
        guard let x = a.evaluate(l), let y = b.evaluate(l) else { return nil }
        return op(x, y)
    }

    /// The text `inspect` and messages show: numbers rounded to 6 decimals (`TimeExprSyntax`).
    package var description: String { text(.display) }
}
