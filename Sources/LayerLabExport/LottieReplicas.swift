import LayerLabCore

/// A replicator's copies as ordinary Lottie layers. Lottie's repeater cannot give each copy its
/// own time (`instanceDelay`) or tint, so copy k becomes a layer `R#k` under the replicator
/// whose transform is copy k's (about the replicator's centre; a shearing or 3D one flattened
/// by `LottieDepth` like any 3D layer), holding the sublayers as
/// evaluated for that copy, renamed `NAME#k` and with their colours multiplied by the copy's
/// tint. `#` cannot appear in a LayerLab name, so the names never collide.
extension LottieBuilder {
    static func copyName(_ name: String, _ k: Int) -> String { "\(name)#\(k)" }

    /// The presented tree with every replicator's copies turned into sublayers; notes what
    /// cannot be carried over. `counts` records the most copies each replicator showed.
    static func expandingCopies(_ layers: [PresentedLayer], counts: inout [String: Int], notes: inout [String]) -> [PresentedLayer] {
        layers.map { l in
            var l = l
            l.sublayers = expandingCopies(l.sublayers, counts: &counts, notes: &notes)
            l.extras.mask = expandingCopies(l.extras.mask, counts: &counts, notes: &notes)
            guard let r = l.extras.replicator else { return l }
            l.extras.replicator = nil
            let tint0 = r.tint(0)
            if r.count == 0 {
                l.sublayers = []
            } else if tint0 != .white {
                l.sublayers = l.sublayers.map { tinted($0, tint0, notes: &notes) }
            }
            counts[l.name] = max(counts[l.name] ?? 1, r.count)
            let centre = Point(l.bounds.midX, l.bounds.midY)
            for k in stride(from: 1, to: r.count, by: 1) {
                var copy = PresentedLayer(name: copyName(l.name, k), kind: .layer)
                let t = r.transform(k, center: centre)
                if t.planar.affine.map({ placed(&copy, $0, origin: l.bounds.origin) }) != true {
                    // It shears or is 3D: held as a transform, flattened like any 3D layer
                    // (LottieDepth: an extra parent for a shear, a stand-in for perspective).
                    copy.anchorPoint = .zero
                    copy.position = .zero
                    copy.extras.transformMatrix = Transform3D.translation(l.bounds.minX, l.bounds.minY).concatenating(t)
                }
                copy.bounds = l.bounds
                let subs = expandingCopies(r.copies[k - 1], counts: &counts, notes: &notes)
                copy.sublayers = subs.map { renamed(tinted($0, r.tint(k), notes: &notes), k) }
                l.sublayers.append(copy)
            }
            return l
        }
    }

    /// Gives `copy` the position, rotation and scales that map its coordinates like `m`, with
    /// its anchor at `origin`; false when `m` shears (Lottie layers cannot).
    static func placed(_ copy: inout PresentedLayer, _ m: AffineTransform, origin: Point) -> Bool {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        guard sx > 1e-12 else { return false }
        let angle = atan2(m.b, m.a)
        let sy = (m.a * m.d - m.b * m.c) / sx
        // The second row must be sy·(−sin, cos) for a scale followed by a rotation.
        guard abs(m.c + sy * sin(angle)) < 1e-9, abs(m.d - sy * cos(angle)) < 1e-9 else { return false }
        copy.anchorPoint = .zero
        copy.rotation = angle
        copy.scaleX = sx
        copy.scaleY = sy
        copy.translationX = 0
        copy.translationY = 0
        copy.position = m.apply(origin)
        return true
    }

    /// The subtree with every colour multiplied by `tint` (exact for copies that draw one
    /// thing; overlapping parts of one copy blend a little differently).
    static func tinted(_ l: PresentedLayer, _ tint: Color, notes: inout [String]) -> PresentedLayer {
        if tint == .white { return l }
        func mul(_ c: Color) -> Color { Color(c.r * tint.r, c.g * tint.g, c.b * tint.b, c.a * tint.a) }
        var l = l
        l.backgroundColor = mul(l.backgroundColor)
        l.extras.borderColor = mul(l.extras.borderColor)
        l.fillColor = mul(l.fillColor)
        l.strokeColor = mul(l.strokeColor)
        l.extras.foregroundColor = mul(l.extras.foregroundColor)
        l.extras.gradientColors = ColorList(l.extras.gradientColors.colors.map(mul))
        if l.kind == .image && !l.extras.contents.isEmpty {
            notes.append("\(l.name): images in tinted replicator copies are exported untinted")
        }
        l.sublayers = l.sublayers.map { tinted($0, tint, notes: &notes) }
        return l
    }

    static func renamed(_ l: PresentedLayer, _ k: Int) -> PresentedLayer {
        var l = l
        l.name = copyName(l.name, k)
        l.sublayers = l.sublayers.map { renamed($0, k) }
        l.extras.mask = l.extras.mask.map { renamed($0, k) }
        return l
    }

    /// The document's layer tree with a layer for every copy a replicator showed.
    func treeWithCopies(_ layers: [Layer], counts: [String: Int]) -> [Layer] {
        func renamed(_ l: Layer, _ k: Int) -> Layer {
            var l = l
            l.name = LottieBuilder.copyName(l.name, k)
            l.sublayers = l.sublayers.map { renamed($0, k) }
            if case .string(let m)? = l.properties["mask"] { l.properties["mask"] = .string(LottieBuilder.copyName(m, k)) }
            return l
        }
        return layers.map { l in
            var l = l
            l.sublayers = treeWithCopies(l.sublayers, counts: counts)
            if l.kind == .replicator, let n = counts[l.name], n > 1 {
                let originals = l.sublayers
                for k in 1..<n {
                    l.sublayers.append(Layer(name: LottieBuilder.copyName(l.name, k), kind: .layer,
                                             sublayers: originals.map { renamed($0, k) }))
                }
            }
            return l
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
