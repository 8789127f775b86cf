/// The numbers a property or attribute accepts beyond being a number. One value serves the
/// editor, the project decoder and the test generator, so they cannot disagree.
///
/// For a point the range applies to both coordinates, for a size or rect to the size (an origin
/// may be anywhere), for a list to every entry.
package struct ValueRange: Hashable, Sendable {
    package var lowerBound: Double?
    /// Whether `lowerBound` itself is allowed (`0 or more`) or not (`more than 0`).
    package var includesLowerBound: Bool
    package var upperBound: Double?
    /// Whether +∞ is allowed (repeatCount, repeatDuration).
    package var allowsInfinity: Bool

    package init(lowerBound: Double? = nil, includesLowerBound: Bool = true, upperBound: Double? = nil,
                allowsInfinity: Bool = false) {
        self.lowerBound = lowerBound; self.includesLowerBound = includesLowerBound
        self.upperBound = upperBound; self.allowsInfinity = allowsInfinity
    }

    /// Any finite number.
    package static let finite = ValueRange()
    package static let nonNegative = ValueRange(lowerBound: 0)
    package static let positive = ValueRange(lowerBound: 0, includesLowerBound: false)
    package static let unit = ValueRange(lowerBound: 0, upperBound: 1)
    package static let nonNegativeOrInfinite = ValueRange(lowerBound: 0, allowsInfinity: true)

    package func contains(_ v: Double) -> Bool {
        if v.isNaN { return false }
        if v.isInfinite { return allowsInfinity && v > 0 && upperBound == nil }
        if let lo = lowerBound, includesLowerBound ? v < lo : v <= lo { return false }
        if let hi = upperBound, v > hi { return false }
        return true
    }

    /// What the range asks for, completing "lineWidth …": `must be 0 or more`.
    package var requirement: String { requirement(writingInfinityAs: "inf") }

    /// `requirement`, naming infinity as the format at hand spells it (`"inf"` in JSON).
    package func requirement(writingInfinityAs infinity: String) -> String {
        let base: String
        switch (lowerBound, upperBound) {
        case let (lo?, hi?):
            base = includesLowerBound ? "must be from \(formatNumber(lo)) to \(formatNumber(hi))"
                : "must be more than \(formatNumber(lo)) and at most \(formatNumber(hi))"
        case let (lo?, nil): base = includesLowerBound ? "must be \(formatNumber(lo)) or more" : "must be more than \(formatNumber(lo))"
        case let (nil, hi?): base = "must be \(formatNumber(hi)) or less"
        case (nil, nil): base = "must be a finite number"
        }
        return allowsInfinity ? base + " (or \(infinity))" : base
    }

    /// The range in a few characters for help tables: `≥ 0`, `> 0`, `0…1`; "" when any finite
    /// number goes.
    package var shortText: String {
        var s: String
        switch (lowerBound, upperBound) {
        case let (lo?, hi?): s = (includesLowerBound ? "" : "> ") + "\(formatNumber(lo))…\(formatNumber(hi))"
        case let (lo?, nil): s = (includesLowerBound ? "≥ " : "> ") + formatNumber(lo)
        case let (nil, hi?): s = "≤ " + formatNumber(hi)
        case (nil, nil): s = ""
        }
        if allowsInfinity { s += s.isEmpty ? "or inf" : " or inf" }
        return s
    }

    /// The first number of `value` outside the range: its index among the numbers as written
    /// (`[x, y, width, height]` for a rect, the entry for a list; nil for a lone number).
    package func violation(in value: Value) -> (component: Int?, number: Double)? {
        if self == .finite { return nil }
        func first(_ xs: [(Int?, Double)]) -> (component: Int?, number: Double)? {
            xs.first { !contains($0.1) }.map { (component: $0.0, number: $0.1) }
        }
        switch value {
        case .number(let v): return first([(nil, v)])
        case .point(let p): return first([(0, p.x), (1, p.y)])
        case .size(let s): return first([(0, s.width), (1, s.height)])
        case .rect(let r): return first([(2, r.width), (3, r.height)])
        case .list(let items): return first(items.enumerated().compactMap { i, v in v.number.map { (i, $0) } })
        default: return nil
        }
    }

    /// What a component of `value` is called in messages: `width` of a rect, `entries` of a list.
    package static func part(_ component: Int?, of value: Value) -> String? {
        guard let i = component else { return nil }
        switch value {
        case .rect: return ["x", "y", "width", "height"][i]
        case .size: return ["width", "height"][i]
        case .point: return ["x", "y"][i]
        case .list: return "entries"
        default: return nil
        }
    }
}
