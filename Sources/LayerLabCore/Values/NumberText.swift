/// How a printer writes numbers: rounded for people to read, or every bit for files that must
/// read back exactly. Every printer of the command language's syntaxes (time expressions,
/// values, SVG path data) takes one, so a syntax has one printer whatever it is printed for.
package enum NumberStyle: Sendable {
    /// `formatNumber`: the shortest form at 6 decimals (`0.3`, `2`): `inspect`, `explain`, messages.
    case display
    /// `exactNumberText`: every bit (`0.1`, `1e-07`): saved scripts and project files.
    case exact

    package func text(_ v: Double) -> String {
        switch self {
        case .display: return formatNumber(v)
        case .exact: return exactNumberText(v)
        }
    }
}

/// Formats a number in the shortest form that round-trips at 6 decimals (`0.3`, `2`, `-1.5`).
package func formatNumber(_ v: Double) -> String {
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
package func formatFoundNumber(_ v: Double) -> String {
    let s = formatNumber(v)
    return s == "0" && v != 0 ? exactNumberText(v) : s
}

/// Every bit of a number, for files that must read back exactly (projects, scripts): `0.1`,
/// `2`, `1e-07`, `inf`. Negative zero is written `0`: it equals 0, and readers give back +0.
package func exactNumberText(_ v: Double) -> String {
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
