import LayerLabCore

/// After Effects' Gradient Ramp (`ADBE Ramp`, written as a custom effect): the layer's pixels
/// take a two-colour linear or radial gradient, their coverage kept, as Skia's Skottie draws
/// it (lottie-web and rlottie draw none). Blend With Original mixes the layer's own colours
/// back in, which Skottie leaves out.
extension LottieConverter {
    /// The gradient over the layer's content: a CAGradientLayer composited `sourceAtop` (its
    /// colour where the content is, at the content's coverage), at 1 − Blend With Original / 100
    /// opacity, so the rest is the content's own colour. `extent` is the layer's size.
    mutating func gradientRamp(_ e: LottieEffect, owner: String, who: String, extent: Size) -> Layer {
        let v = e.values
        let startPoint = v[0], startColor = v[1], endPoint = v[2], endColor = v[3], shape = v[4]
        let scatter = v[5], blend = v[6]
        if scatter.changes || scatter.number(at: 0, 0) > 0 { warnings.add("{gradient ramp's|gradient ramps'} scatter not drawn", who) }
        // A box past the layer on every side (the gradient pads with its end colours), so a
        // layer's content a little outside its own size is covered too.
        let w = max(1, extent.width), h = max(1, extent.height)
        let box = Rect(-w, -h, 3 * w, 3 * h)
        func unit(_ p: Point) -> Point { Point((p.x - box.minX) / box.width, (p.y - box.minY) / box.height) }
        func point(_ p: LottieProperty, _ f: Double) -> Point {
            let n = p.numbers(at: f, [0, 0])
            return n.count >= 2 ? Point(n[0], n[1]) : Point(0, 0)
        }
        // Ramp Shape 1 is linear; After Effects writes 2 for radial (Skottie treats all but 1 so).
        let radial = shape.number(at: 0, 1).rounded() != 1
        if shape.changes { warnings.add("{gradient ramp whose shape changes|gradient ramps whose shape changes} drawn in its first shape", who) }
        var ramp = Layer(name: uniqueName(owner + "_gradient_ramp"), kind: .gradient)
        ramp.properties["bounds"] = .rect(Rect(0, 0, box.width, box.height))
        ramp.properties["anchorPoint"] = .point(.zero)
        ramp.properties["position"] = .point(Point(box.minX, box.minY))
        ramp.properties["blendMode"] = .string(BlendMode.sourceAtop.rawValue)
        if radial { ramp.properties["type"] = .string(GradientType.radial.rawValue) }
        let source = Source(layer: who, property: "gradient ramp")
        setControls([
            ("colors", [startColor, endColor], { f in
                .list([Self.colorControl(startColor, [0, 0, 0, 1])(f), Self.colorControl(endColor, [1, 1, 1, 1])(f)])
            }),
            ("startPoint", [startPoint], { f in .point(unit(point(startPoint, f))) }),
            // A radial ramp's end names its radius: the end point is that far from the centre on both axes.
            ("endPoint", [startPoint, endPoint], { f in
                let s = point(startPoint, f), t = point(endPoint, f)
                guard radial else { return .point(unit(t)) }
                let r = s.distance(to: t)
                return .point(unit(Point(s.x + r, s.y + r)))
            }),
            ("opacity", [blend], { f in .number(min(1, max(0, 1 - blend.number(at: f, 0) / 100))) }),
        ], on: &ramp, source)
        return ramp
    }
}
