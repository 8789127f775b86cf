/// Trimming and dashing of flattened paths by arc length, for `strokeStart`, `strokeEnd`,
/// `lineDashPattern` and `lineDashPhase`.
///
/// NB: dashes are laid out on the untrimmed path and then trimmed, so animating
/// `strokeEnd` reveals a fixed dash pattern instead of making the dashes crawl.
extension Array where Element == Polyline {
    /// Total length of every polyline.
    package var totalLength: Double { reduce(0) { $0 + $1.length } }

    /// Most dashes drawn on one subpath; a finer pattern draws the subpath solid.
    package static var maxDashes: Int { 100_000 }

    /// The part of the polylines a stroke draws: trimmed to the fractions `start...end` of the
    /// total length (each clamped to 0…1), then cut into dashes.
    ///
    /// - Parameters:
    ///   - start: `strokeStart`, a fraction of the whole length; nothing is drawn when it is
    ///     not below `end`.
    ///   - dashes: alternating on and off lengths; empty, all zero, or any negative means solid.
    ///     The pattern restarts at each subpath, `phase` points into it.
    package func stroked(start: Double, end: Double, dashes: [Double] = [],
                        phase: Double = 0) -> [Polyline] {
        let s = Swift.max(0, Swift.min(1, start.isFinite ? start : 0))
        let e = Swift.max(0, Swift.min(1, end.isFinite ? end : 1))
        guard s < e else { return [] }
        let dashPeriod = dashes.reduce(0, +)
        let dashed = !dashes.isEmpty && dashPeriod > 1e-9 && !dashes.contains { $0 < 0 || !$0.isFinite }
        if !dashed && s == 0 && e == 1 { return self }
        let total = totalLength
        let lo = s * total, hi = e * total
        var out: [Polyline] = []
        var offset = 0.0
        for line in self {
            let len = line.length
            defer { offset += len }
            if len == 0 {
                // A dot survives when its position lies inside the trimmed range.
                if lo <= offset && offset <= hi && !dashed { out.append(line) }
                continue
            }
            // Intervals along this polyline, in its own arc length.
            var intervals: [(Double, Double)] = []
            let solid = !dashed || len / dashPeriod * Double(dashes.count) > Double(Self.maxDashes)
            if !solid {
                let pattern = dashes.count % 2 == 0 ? dashes : dashes + dashes
                let period = pattern.reduce(0, +)
                var p = phase.truncatingRemainder(dividingBy: period)
                if p < 0 { p += period }
                var index = 0
                while p >= pattern[index] { p -= pattern[index]; index = (index + 1) % pattern.count }
                var pos = -p
                var guardCount = 0
                while pos < len && guardCount < 1_000_000 {
                    let next = pos + pattern[index]
                    if index % 2 == 0 {
                        let a = Swift.max(0, pos), b = Swift.min(len, next)
                        if b > a || (pattern[index] == 0 && pos >= 0) { intervals.append((a, b)) }
                    }
                    pos = next; index = (index + 1) % pattern.count; guardCount += 1
                }
            } else {
                intervals = [(0, len)]
            }
            for (a0, b0) in intervals {
                let a = Swift.max(a0, lo - offset), b = Swift.min(b0, hi - offset)
                guard b >= a, b >= 0, a <= len else { continue }
                if solid && a <= 0 && b >= len && line.closed {
                    out.append(line)
                } else {
                    out.append(line.extract(from: a, to: b))
                }
            }
        }
        return out
    }
}

extension Polyline {
    /// The open piece of the polyline between arc lengths `a` and `b` (closing segment
    /// included for a closed polyline).
    package func extract(from a: Double, to b: Double) -> Polyline {
        var pts = points
        if closed, let first = points.first { pts.append(first) }
        var result: [Point] = []
        var acc = 0.0
        for i in 1..<Swift.max(1, pts.count) {
            let p0 = pts[i - 1], p1 = pts[i]
            let seg = p0.distance(to: p1)
            let s0 = acc, s1 = acc + seg
            acc = s1
            if s1 < a || seg == 0 { continue }
            if s0 > b { break }
            let ta = Swift.max(0, (a - s0) / seg), tb = Swift.min(1, (b - s0) / seg)
            if result.isEmpty { result.append(p0.lerp(p1, ta)) }
            let q = p0.lerp(p1, tb)
            if let last = result.last, last.distance(to: q) > 1e-12 { result.append(q) }
        }
        if result.isEmpty, let p = pts.first { result = [p] }
        return Polyline(result, closed: false)
    }
}
