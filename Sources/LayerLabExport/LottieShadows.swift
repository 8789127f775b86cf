#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore
import LayerLabLottie

/// Layer shadows as Lottie drop-shadow effects (`ef`, type 25) on the layer's precomposition.
///
/// The precomposition is canvas-sized and untransformed, so the effect's offset and blur are in
/// canvas pixels, as Core Animation's are in the superlayer's points mapped to the screen; its
/// alpha is the layer's with its sublayers, the shape Core Animation shadows. lottie-web blurs
/// with a Gaussian of standard deviation softness / 4 and lottie-ios sets `shadowRadius` to
/// softness / 5; the softness written is 2 × shadowRadius, LayerLab's own Gaussian (standard
/// deviation shadowRadius / 2) in lottie-web. rlottie draws no effects: the export says so.
extension LottieBuilder {
    /// Whether the layer casts a visible shadow at some frame.
    func castsShadow(_ name: String) -> Bool {
        frames.contains { f in
            guard let l = f[name] else { return false }
            return !l.hidden && l.extras.shadowOpacity > 0 && l.extras.shadowColor.a > 0
        }
    }

    /// The drop-shadow effect of a layer's shadow, sampled at every frame.
    mutating func shadowEffect(_ name: String) -> LottieEffect {
        let superlayers = canvasMaps(name, includingSelf: false)
        let own = samples(name)
        var colours: [Color] = [], opacity: [Double] = [], direction: [Double] = [], distance: [Double] = []
        var softness: [Double] = []
        for f in 0...lastFrame {
            let l = own[f]
            let superlayer = superlayers[f]
            let o = l.extras.shadowOffset
            let dx = superlayer.a * o.width + superlayer.c * o.height, dy = superlayer.b * o.width + superlayer.d * o.height
            let d = (dx * dx + dy * dy).squareRoot()
            // Lottie's direction: 0° up, clockwise (y down); unwrapped so keyframes turn the short way.
            var angle = d > 1e-9 ? atan2(dy, dx) * 180 / Double.pi + 90 : (direction.last ?? 180)
            if let last = direction.last { angle -= 360 * ((angle - last) / 360).rounded() }
            colours.append(l.extras.shadowColor)
            opacity.append(max(0, min(1, l.extras.shadowColor.a * l.extras.shadowOpacity)) * 255)
            direction.append(angle)
            distance.append(d)
            softness.append(2 * max(0, l.extras.shadowRadius) * superlayer.meanScale)
        }
        func slider(_ index: Int, _ label: String, _ v: LottieProperty, type: Int = 0) -> LottieEffectControl {
            LottieEffectControl(type: type, name: label, matchName: "ADBE Drop Shadow-000\(index)", index: index, value: v)
        }
        notes.append("\(name): its shadow is a Lottie drop-shadow effect, drawn by lottie-web and lottie-ios "
                     + "(which blurs it less) but not by rlottie; export with bake (--bake) to draw it as images")
        var shadow = LottieEffect()
        shadow.type = 25
        shadow.name = "shadow"
        shadow.propertyCount = 8
        shadow.matchName = "ADBE Drop Shadow"
        shadow.index = 1
        shadow.controls = [
            slider(1, "Shadow Color", LottieShapes.rgb(colours), type: 2),
            slider(2, "Opacity", LottieSampling.scalar(opacity)),
            slider(3, "Direction", LottieSampling.scalar(direction)),
            slider(4, "Distance", LottieSampling.scalar(distance)),
            slider(5, "Softness", LottieSampling.scalar(softness)),
            slider(6, "Shadow Only", LottieSampling.scalar([0]), type: 7),
        ]
        return shadow
    }
}
