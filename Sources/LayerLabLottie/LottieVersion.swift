/// Whether a Bodymovin version string (`v`, "4.6.3") is older than `minimum`, as lottie-web's
/// loader compares them before it upgrades an old file's data. A missing or unreadable version
/// counts as recent, as it does for lottie-web.
func bodymovinVersion(_ version: String, isBefore minimum: [Int]) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count >= minimum.count, parts.allSatisfy({ $0 != nil }) else { return false }
    return parts.prefix(minimum.count).map { $0! }.lexicographicallyPrecedes(minimum)
}

extension LottieProperty {
    /// The property with every outline's closed flag set to `closed`: Bodymovin before 4.4.18
    /// wrote it on the shape item (`closed`) or mask (`cl`) rather than in the outline.
    func closingOutlines(_ closed: Bool) -> LottieProperty {
        mappingOutlines { b in var b = b; b.closed = closed; return b }
    }

    /// The property with `transform` applied to its value and every keyframe's outline.
    func mappingOutlines(_ transform: (LottieBezier) -> LottieBezier) -> LottieProperty {
        func map(_ v: LottieValue?) -> LottieValue? {
            guard case .shape(let b)? = v else { return v }
            return .shape(transform(b))
        }
        var p = self
        p.value = map(value)
        for i in p.keyframes.indices {
            p.keyframes[i].start = map(p.keyframes[i].start)
            p.keyframes[i].end = map(p.keyframes[i].end)
        }
        return p
    }
}

extension LottieGlyph {
    /// Whether a file of this Bodymovin version wrote glyph tangents as absolute points: before
    /// 4.7.99, the version lottie-web checks.
    static func writesAbsoluteTangents(_ version: String) -> Bool {
        bodymovinVersion(version, isBefore: [4, 7, 99])
    }

    /// An old glyph's shapes as a current file writes them. Bodymovin before 4.7.99 wrote each
    /// glyph twice: first with tangents as absolute points, then with relative ones, shifted
    /// right by the glyph's width. lottie-web draws only the first, its tangents taken as
    /// absolute, and so does LayerLab: the first is kept, its tangents made relative.
    static func upgradedOldShapes(_ shapes: [LottieShape]) -> [LottieShape] {
        func upgrade(_ s: LottieShape) -> LottieShape {
            var s = s
            switch s.item {
            case .group(let sub): s.item = .group(sub.map(upgrade))
            case .path(let ks, let reversed): s.item = .path(ks?.mappingOutlines(\.withRelativeTangents), reversed: reversed)
            default: break
            }
            return s
        }
        return shapes.prefix(1).map(upgrade)
    }
}

extension LottieBezier {
    /// The outline with tangents written as absolute points made relative to their vertices.
    var withRelativeTangents: LottieBezier {
        func minus(_ t: [Double], _ v: [Double]) -> [Double] {
            [(t.count > 0 ? t[0] : 0) - (v.count > 0 ? v[0] : 0), (t.count > 1 ? t[1] : 0) - (v.count > 1 ? v[1] : 0)]
        }
        var r = self
        for i in vertices.indices {
            if i < inTangents.count { r.inTangents[i] = minus(inTangents[i], vertices[i]) }
            if i < outTangents.count { r.outTangents[i] = minus(outTangents[i], vertices[i]) }
        }
        return r
    }
}
