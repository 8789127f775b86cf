import LayerLabCore

/// Gradient colour tables kept between frames: building one evaluates the stops at 1,025
/// positions, which a gradient whose colours and locations hold still would redo every frame.
/// Keyed by the exact bits of the colours and locations, so a kept table is the one that
/// would be built (same rounding); at most `capacity` are kept, all dropped when full.
final class GradientTables {
    static let capacity = 32
    private var kept: [[UInt64]: [Float]] = [:]
    /// Tables built since the context was made (tests check that a still gradient builds one).
    private(set) var built = 0

    var count: Int { kept.count }

    func table(_ colors: [Color], _ locations: [Double]) -> [Float] {
        var key: [UInt64] = []
        key.reserveCapacity(colors.count * 4 + locations.count + 1)
        for c in colors { key += [c.r.bitPattern, c.g.bitPattern, c.b.bitPattern, c.a.bitPattern] }
        // NB: the count separates the colours from the locations.
        key.append(UInt64(colors.count))
        for l in locations { key.append(l.bitPattern) }
        if let t = kept[key] { return t }
        let t = GradientShader.table(colors, locations)
        built += 1
        if kept.count >= GradientTables.capacity { kept.removeAll(keepingCapacity: true) }
        kept[key] = t
        return t
    }
}
