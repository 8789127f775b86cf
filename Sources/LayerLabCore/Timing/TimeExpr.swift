/// A scene time that may depend on other animations: `1.2`, `wobble.end + 0.1`, `after spin`.
///
/// Time expressions stay symbolic in the document, so changing a duration moves everything
/// that depends on it. `after NAME` is the same as `NAME.end`.
public indirect enum TimeExpr: Hashable, Sendable, CustomStringConvertible {
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

    public static let zero = TimeExpr.number(0)

    /// The animation names this expression refers to.
    public var references: Set<String> {
        switch self {
        case .number: return []
        case .begin(let n), .end(let n): return [n]
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .divide(let a, let b):
            return a.references.union(b.references)
        case .negate(let a): return a.references
        }
    }

    /// The constant value, when the expression names nothing.
    public var constant: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    /// Evaluates with `lookup` giving (begin, end) of a name; nil when a name is unknown.
    public func evaluate(_ lookup: (String) -> (begin: Double, end: Double)?) -> Double? {
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

    /// The canonical text, which the command language parses back to the same expression.
    public var description: String { text(precedence: 0) }

    private func text(precedence: Int) -> String {
        func wrap(_ s: String, _ p: Int) -> String { p < precedence ? "(\(s))" : s }
        switch self {
        case .number(let v): return formatNumber(v)
        case .begin(let n): return "\(n).begin"
        case .end(let n): return "\(n).end"
        case .add(let a, let b): return wrap("\(a.text(precedence: 1)) + \(b.text(precedence: 2))", 1)
        case .subtract(let a, let b): return wrap("\(a.text(precedence: 1)) - \(b.text(precedence: 2))", 1)
        case .multiply(let a, let b): return wrap("\(a.text(precedence: 2)) * \(b.text(precedence: 3))", 2)
        case .divide(let a, let b): return wrap("\(a.text(precedence: 2)) / \(b.text(precedence: 3))", 2)
        case .negate(let a): return "-" + a.text(precedence: 3)
        }
    }
}

/// Formats a number in the shortest form that round-trips at 6 decimals (`0.3`, `2`, `-1.5`).
public func formatNumber(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    // NB: past 1e15 six decimals say nothing and v · 1e6 could overflow to infinity.
    if abs(v) >= 1e15 { return String(v) }
    let rounded = (v * 1_000_000).rounded() / 1_000_000
    if rounded == 0 { return "0" }
    var s = String(format6(rounded))
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s
}

/// A number quoted back in an error: as `formatNumber`, except that a nonzero number it
/// would round to 0 is written in full (`found 1e-300`, not `found 0` under "must be from
/// 0.001", which would contradict the message).
public func formatFoundNumber(_ v: Double) -> String {
    let s = formatNumber(v)
    return s == "0" && v != 0 ? exactNumberText(v) : s
}

/// Every bit of a number, for files that must read back exactly (projects, scripts): `0.1`,
/// `2`, `1e-07`, `inf`. Negative zero is written `0`: it equals 0, and readers give back +0.
public func exactNumberText(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    if v == 0 { return "0" }
    var s = v.description
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}

/// Fixed six-decimal formatting without Foundation (locale-independent).
private func format6(_ v: Double) -> String {
    // (formatNumber passes less than 1e15; anything else gets the shortest form.)
    guard v.isFinite, abs(v) < 1e16 else { return String(v) }
    let neg = v < 0
    let scaled = (abs(v) * 1_000_000).rounded()
    let whole = (scaled / 1_000_000).rounded(.down)
    let frac = clampedInt(scaled - whole * 1_000_000, 0, 999_999)
    var f = String(frac)
    while f.count < 6 { f = "0" + f }
    let w = String(clampedInt(whole, 0, Int.max))
    return (neg ? "-" : "") + w + "." + f
}
