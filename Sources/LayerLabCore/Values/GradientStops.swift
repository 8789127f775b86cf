/// A gradient's colour stops, as CAGradientLayer reads `colors` and `locations`.
package enum GradientStops {
    /// Stops sorted by location: the given locations when there is one per colour, else evenly
    /// spaced (Core Animation's default when `locations` is nil).
    package static func stops(_ colors: [Color], _ locations: [Double]) -> [(Double, Color)] {
        if colors.count == 1 { return [(0, colors[0])] }
        let at = locations.count == colors.count && locations.allSatisfy(\.isFinite)
            ? locations : colors.indices.map { Double($0) / Double(colors.count - 1) }
        return zip(at, colors).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    }

    /// The colour at position `t` among sorted stops, blended component by component without
    /// premultiplying, as CGGradient does; the end colours continue beyond the ends.
    package static func color(_ stops: [(Double, Color)], _ t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        for i in 1..<stops.count where t <= stops[i].0 {
            let (t0, c0) = stops[i - 1], (t1, c1) = stops[i]
            return t1 > t0 ? c0.lerp(c1, (t - t0) / (t1 - t0)) : c1
        }
        return last.1
    }
}
