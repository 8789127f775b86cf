/// Keyframe interpolation for CAKeyframeAnimation's calculation modes.
extension Animation.Keyframes {
    /// Whether `count` key times fit the values: one per value, or for discrete mode also one
    /// more, as Core Animation documents it (the extra time ends the last value's hold; without
    /// it the last value holds to the end of the duration anyway).
    public func acceptsKeyTimeCount(_ count: Int) -> Bool {
        count == values.count || (calculationMode == .discrete && count == values.count + 1)
    }

    /// Why `count` key times do not fit the values, or nil when they do.
    public func keyTimeCountProblem(_ count: Int) -> String? {
        if acceptsKeyTimeCount(count) { return nil }
        let n = values.count
        return "keyTimes has \(count) entries but values has \(n)" + (calculationMode == .discrete ? " (discrete takes \(n) or \(n + 1))" : "")
    }

    /// The key times in use: given ones, or evenly spaced (n+1 of them for discrete mode);
    /// paced modes space them by the distance between values.
    func effectiveKeyTimes(_ values: [Value]) -> [Double] {
        let n = values.count
        switch calculationMode {
        case .paced, .cubicPaced:
            var cumulative = [0.0]
            for i in 1..<max(n, 1) { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = cumulative.last ?? 0
            if total <= 0 { return evenly(n) }
            return cumulative.map { $0 / total }
        case .discrete:
            if let k = keyTimes, k.count == n || k.count == n + 1 { return k }
            return (0...n).map { Double($0) / Double(max(n, 1)) }
        default:
            if let k = keyTimes, k.count == n { return k }
            return evenly(n)
        }
    }

    private func evenly(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// The value at fraction `f` (0…1) of the animation's duration.
    func value(at f: Double, values: [Value], times: [Double]) -> Value {
        guard let first = values.first else { return .null }
        if values.count == 1 { return first }
        if calculationMode == .discrete {
            var index = 0
            for (i, k) in times.enumerated() where i < values.count && f >= k { index = i }
            return values[index]
        }
        if f <= times[0] { return first }
        if f >= times[values.count - 1] { return values[values.count - 1] }
        var i = 0
        while i < values.count - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (f - times[i]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced,
           let tfs = timingFunctions, !tfs.isEmpty {
            s = tfs[min(i, tfs.count - 1)](s)
        }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            return catmullRom(values, i, s)
        }
        return values[i].interpolated(to: values[i + 1], s)
    }

    /// Catmull-Rom through the values (Kochanek-Bartels with tension, continuity and bias 0),
    /// the end values repeated as their own neighbours.
    private func catmullRom(_ v: [Value], _ i: Int, _ s: Double) -> Value {
        let p1 = v[i].components, p2 = v[i + 1].components
        guard !p1.isEmpty, p1.count == p2.count else { return v[i].interpolated(to: v[i + 1], s) }
        let p0 = i > 0 ? v[i - 1].components : p1
        let p3 = i + 2 < v.count ? v[i + 2].components : p2
        guard p0.count == p1.count, p3.count == p1.count else { return v[i].interpolated(to: v[i + 1], s) }
        let s2 = s * s, s3 = s2 * s
        var out = [Double](repeating: 0, count: p1.count)
        for k in 0..<p1.count {
            let m1 = (p2[k] - p0[k]) / 2, m2 = (p3[k] - p1[k]) / 2
            out[k] = (2 * s3 - 3 * s2 + 1) * p1[k] + (s3 - 2 * s2 + s) * m1
                + (-2 * s3 + 3 * s2) * p2[k] + (s3 - s2) * m2
        }
        return v[i].withComponents(out)
    }
}
