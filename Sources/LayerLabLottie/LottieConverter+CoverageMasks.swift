import LayerLabCore

/// Layer masks with a lighten or darken mask of partial opacity. After Effects combines masks
/// as coverages: lighten keeps the higher of (the masks so far, this mask times its opacity),
/// darken the lower. No Porter–Duff operator on alpha takes a maximum or minimum, so such masks
/// are drawn as a picture of their coverage instead, grey levels on opaque black (white where
/// the first mask subtracts, intersects or darkens, as those act on everything), which the
/// layer reads as a luminance mask. Each mask is its outline filled with its coverage and
/// combined with the masks before it by the blend function that computes the same thing.
extension LottieConverter {
    /// Whether the masks need drawing as coverage: some lighten or darken mask has an opacity
    /// other than 100 % at some time (at full opacity they are exactly add and intersect).
    static func drawsCoverage(_ masks: [LottieMask]) -> Bool {
        masks.contains { m in
            (m.mode == .lighten || m.mode == .darken) && (m.opacity?.isAnimated == true || (m.opacity?.number(at: 0, 100) ?? 100) != 100)
        }
    }

    /// The coverage picture: add is `screen` (p + m − p·m), subtract `multiply` by 1 − m,
    /// intersect `multiply` by m, lighten `lighten`, darken `darken`, difference `exclusion`
    /// (p + m − 2·p·m, what the alpha masks' `xor` gives);
    /// intersect and darken also paint black outside their outline (coverage 0 there).
    mutating func coverageMasks(_ masks: [LottieMask], owner: String, who: String) -> Layer {
        var group = Layer(name: uniqueName(owner + "_masks"), kind: .layer)
        var base = Layer(name: uniqueName(owner + "_mask_all"), kind: .shape)
        base.properties["path"] = .path(Self.bigRect(sign: 1))
        base.properties["fillColor"] = .color([.subtract, .intersect, .darken].contains(masks.first?.mode ?? .add) ? .white : .black)
        group.sublayers.append(base)
        if masks.contains(where: Self.expands) {
            warnings.add("mask {expansion|expansions} beside lighten or darken masks of partial opacity not drawn", who)
        }
        for (i, m) in masks.enumerated() {
            let name = uniqueName(owner + "_mask_" + sanitized(m.name, fallback: "\(i + 1)"))
            var shape = Layer(name: name, kind: .shape)
            maskShape([m], into: &shape, who: who)
            let blend: BlendMode = switch m.mode {
            case .subtract, .intersect: .multiply
            case .lighten: .lighten
            case .darken: .darken
            case .difference: .exclusion
            case .add, .none: .screen
            }
            shape.properties["blendMode"] = .string(blend.rawValue)
            let subtracts = m.mode == .subtract
            shape.properties["fillColor"] = .color(subtracts ? .black : .white)
            apply(m.opacity, to: &shape, "fillColor", Source(layer: who, property: "mask \(m.name) o")) { n in
                n.first.map { v in
                    let c = min(1, max(0, v / 100)), g = subtracts ? 1 - c : c
                    return .color(Color(g, g, g))
                }
            }
            group.sublayers.append(shape)
            if m.mode == .intersect || m.mode == .darken {
                var outside = Layer(name: uniqueName(name + "_outside"), kind: .shape)
                var other = m
                other.inverted.toggle()
                maskShape([other], into: &outside, who: who)
                outside.properties["fillColor"] = .color(.black)
                group.sublayers.append(outside)
            }
        }
        return group
    }
}
