/// How values blend, add and measure distance, as Core Animation does for each value type.
extension Value {
    /// Interpolates from self to `other` by `t` (not clamped: springs overshoot). Values that
    /// cannot blend switch halfway; booleans blend as 0/1 numbers, so any progress towards
    /// `true` shows `true`, as Core Animation does for `hidden`.
    package func interpolated(to other: Value, _ t: Double) -> Value {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a.interpolated(to: b, t))
        case (.point(let a), .point(let b)): return .point(a.lerp(b, t))
        case (.size(let a), .size(let b)):
            return .size(Size(a.width + (b.width - a.width) * t, a.height + (b.height - a.height) * t))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(origin: a.origin.lerp(b.origin, t),
                              size: Size(a.width + (b.width - a.width) * t, a.height + (b.height - a.height) * t)))
        case (.color(let a), .color(let b)): return .color(a.lerp(b, t))
        case (.path(let a), .path(let b)): return .path(Path.morph(a, b, t))
        case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, t))
        case (.list(let a), .list(let b)) where a.count == b.count && !a.isEmpty:
            // Gradient colours and locations blend item by item when the counts agree.
            return .list(zip(a, b).map { $0.interpolated(to: $1, t) })
        case (.bool(let a), .bool(let b)):
            let v = (a ? 1.0 : 0) + ((b ? 1.0 : 0) - (a ? 1.0 : 0)) * t
            return .bool(v != 0)
        default:
            return t < 0.5 ? self : other
        }
    }

    /// The sum used by `byValue` and additive animations; values that cannot add give `other`.
    package func adding(_ other: Value) -> Value {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a.adding(b))
        case (.point(let a), .point(let b)): return .point(a + b)
        case (.size(let a), .size(let b)): return .size(Size(a.width + b.width, a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(a.minX + b.minX, a.minY + b.minY, a.width + b.width, a.height + b.height))
        case (.color(let a), .color(let b)): return .color(Color(a.r + b.r, a.g + b.g, a.b + b.b, a.a + b.a))
        // Transforms add by composing: the value beneath, then the added steps.
        case (.transform(let a), .transform(let b)): return .transform(a + b)
        case (.list(let a), .list(let b)) where a.count == b.count:
            return .list(zip(a, b).map { $0.adding($1) })
        default: return other
        }
    }

    /// The difference self − other (for `by` given with `to`).
    package func subtracting(_ other: Value) -> Value {
        adding(other.scaled(-1))
    }

    /// The value scaled by `s`, for numeric kinds.
    package func scaled(_ s: Double) -> Value {
        switch self {
        case .number(let a): return .number(a * s)
        case .point(let a): return .point(a * s)
        case .size(let a): return .size(Size(a.width * s, a.height * s))
        case .rect(let a): return .rect(Rect(a.minX * s, a.minY * s, a.width * s, a.height * s))
        case .color(let a): return .color(Color(a.r * s, a.g * s, a.b * s, a.a * s))
        case .list(let xs): return .list(xs.map { $0.scaled(s) })
        default: return self
        }
    }

    /// The additive identity of the value's kind.
    package var zero: Value {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(.clear)
        case .transform: return .transform([])
        case .list(let xs): return .list(xs.map(\.zero))
        default: return self
        }
    }

    /// Numeric components, for paced and cubic keyframes; empty for other kinds.
    package var components: [Double] {
        switch self {
        case .number(let a): return [a]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.minX, r.minY, r.width, r.height]
        case .color(let c): return [c.r, c.g, c.b, c.a]
        default: return []
        }
    }

    /// A value of the same kind built from `components`.
    package func withComponents(_ c: [Double]) -> Value {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Point(c[0], c[1]))
        case .size: return .size(Size(c[0], c[1]))
        case .rect: return .rect(Rect(c[0], c[1], c[2], c[3]))
        case .color: return .color(Color(c[0], c[1], c[2], c[3]))
        default: return self
        }
    }

    /// Euclidean distance between two values of the same kind (paced keyframes).
    package func distance(to other: Value) -> Double {
        if case .path(let a) = self, case .path(let b) = other {
            let pa = a.allPoints, pb = b.allPoints
            guard pa.count == pb.count else { return 1 }
            return zip(pa, pb).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        }
        let a = components, b = other.components
        guard a.count == b.count, !a.isEmpty else { return self == other ? 0 : 1 }
        return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}

/// What stacking animations needs of a value: `Value` in general, and `Double` for tracks
/// whose values are all numbers, so a frame handles no `Value` for those. A number blends
/// and adds the same either way (`Value`'s number cases call the `Double` ones).
protocol Stackable {
    var zero: Self { get }
    func adding(_ other: Self) -> Self
    func subtracting(_ other: Self) -> Self
    func interpolated(to other: Self, _ t: Double) -> Self
    var components: [Double] { get }
    func withComponents(_ c: [Double]) -> Self
    /// What an animation without keyframes gives (never asked of number tracks).
    static var missing: Self { get }
    /// The value added to itself `k` times (k ≥ 1), in O(log k) for transforms: what a
    /// cumulative animation's repetition k starts from.
    func repeated(_ k: Int) -> Self
}

extension Value: Stackable {
    static var missing: Value { .null }

    func repeated(_ k: Int) -> Value {
        // Transforms add by composing, so k of them is the k-th power of their matrix.
        if case .transform(let ops) = self { return .transform([.matrix(ops.matrix.power(k))]) }
        return scaled(Double(k))
    }
}

extension Double: Stackable {
    var zero: Double { 0 }
    func adding(_ other: Double) -> Double { self + other }
    /// As `Value.subtracting`: adding the other scaled by −1.
    func subtracting(_ other: Double) -> Double { self + other * -1 }
    func interpolated(to other: Double, _ t: Double) -> Double { self + (other - self) * t }
    var components: [Double] { [self] }
    func withComponents(_ c: [Double]) -> Double { c[0] }
    static var missing: Double { .nan }
    func repeated(_ k: Int) -> Double { self * Double(k) }
}

/// Colours stack as `Value`'s colour cases do, component by component, so a track whose
/// values are all colours is evaluated without building `Value`s.
extension Color: Stackable {
    var zero: Color { .clear }
    func adding(_ o: Color) -> Color { Color(r + o.r, g + o.g, b + o.b, a + o.a) }
    /// As `Value.subtracting`: adding the other scaled by −1.
    func subtracting(_ o: Color) -> Color { adding(Color(o.r * -1, o.g * -1, o.b * -1, o.a * -1)) }
    func interpolated(to other: Color, _ t: Double) -> Color { lerp(other, t) }
    var components: [Double] { [r, g, b, a] }
    func withComponents(_ c: [Double]) -> Color { Color(c[0], c[1], c[2], c[3]) }
    static var missing: Color { .clear }
    func repeated(_ k: Int) -> Color { let s = Double(k); return Color(r * s, g * s, b * s, a * s) }
}
