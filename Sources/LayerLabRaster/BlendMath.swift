import LayerLabCore

/// The per-pixel arithmetic of `blendMode`: one premultiplied source pixel with one
/// premultiplied destination pixel (components 0…1), as the W3C compositing and blending
/// specification defines it. Pure, so the tests check it against values worked out by hand.
enum BlendMath {
    /// The composite of source `s` on destination `d` under `mode`, premultiplied.
    ///
    /// The blend modes mix colours where both are present and keep each alone elsewhere:
    /// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb − αs·αb`, with `B` on
    /// straight colours. The Porter–Duff operators weigh the two premultiplied pixels:
    /// `co = cs·Fa + cb·Fb` (both colour and alpha).
    static func composite(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ mode: BlendMode) -> SIMD4<Float> {
        let sa = s[3], da = d[3]
        switch mode {
        case .normal: return s + d * (1 - sa)
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return simdMin(s + d, SIMD4(repeating: 1))
        default: break
        }
        if sa <= 0 { return d }
        if da <= 0 { return s }
        let cs = SIMD3(s[0], s[1], s[2]) / sa, cb = SIMD3(d[0], d[1], d[2]) / da
        let b = simdClamp01(blend(cb, cs, mode))
        let c = SIMD3(s[0], s[1], s[2]) * (1 - da) + SIMD3(d[0], d[1], d[2]) * (1 - sa) + b * (sa * da)
        return SIMD4(c[0], c[1], c[2], sa + da - sa * da)
    }

    /// `B(Cb, Cs)`: the blend function on straight colours.
    static func blend(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>, _ mode: BlendMode) -> SIMD3<Float> {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each(cs, cb, hardLight)
        case .darken: return simdMin(cb, cs)
        case .lighten: return simdMax(cb, cs)
        case .colorDodge: return each(cb, cs, colorDodge)
        case .colorBurn: return each(cb, cs, colorBurn)
        case .hardLight: return each(cb, cs, hardLight)
        case .softLight: return each(cb, cs, softLight)
        case .difference: return SIMD3(abs(cb[0] - cs[0]), abs(cb[1] - cs[1]), abs(cb[2] - cs[2]))
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    private static func each(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(b[0], s[0]), f(b[1], s[1]), f(b[2], s[2]))
    }

    static func hardLight(_ cb: Float, _ cs: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1)
    }

    static func screen(_ cb: Float, _ cs: Float) -> Float { cb + cs - cb * cs }

    static func colorDodge(_ cb: Float, _ cs: Float) -> Float {
        if cb <= 0 { return 0 }
        if cs >= 1 { return 1 }
        return min(1, cb / (1 - cs))
    }

    static func colorBurn(_ cb: Float, _ cs: Float) -> Float {
        if cb >= 1 { return 1 }
        if cs <= 0 { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }

    static func softLight(_ cb: Float, _ cs: Float) -> Float {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    }

    // The non-separable modes' helpers, as the specification defines them.

    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + SIMD3(repeating: l - lum(c))) }

    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The colour with saturation `s`, keeping the order of its components.
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let x = c.max(), n = c.min()
        guard x > n else { return .zero }
        // The largest becomes s, the smallest 0, the middle one keeps its place between them
        // (ties: the first of equal components counts as the largest).
        let iMax = c[0] == x ? 0 : (c[1] == x ? 1 : 2)
        let iMin = (0..<3).first { $0 != iMax && c[$0] == n }!
        let iMid = 3 - iMax - iMin
        var out = SIMD3<Float>.zero
        out[iMid] = (c[iMid] - n) * s / (x - n)
        out[iMax] = s
        return out
    }

    /// How strongly a mask pixel (premultiplied bytes) lets the masked layer through: its alpha,
    /// or the luminance of its colour over transparent black (Rec. 709 weights, as CSS masking
    /// reads a luminance mask), either of them inverted.
    @inline(__always)
    static func maskFactor(r: UInt8, g: UInt8, b: UInt8, a: UInt8, mode: MaskMode) -> Float {
        switch mode {
        case .alpha: return Float(a) * (1 / 255)
        case .alphaInverted: return 1 - Float(a) * (1 / 255)
        case .luminance: return min(1, luminance(r, g, b))
        case .luminanceInverted: return 1 - min(1, luminance(r, g, b))
        }
    }

    @inline(__always) private static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Float {
        (0.2125 * Float(r) + 0.7154 * Float(g) + 0.0721 * Float(b)) * (1 / 255)
    }

    private static func simdClamp01(_ v: SIMD3<Float>) -> SIMD3<Float> {
        simdMax(SIMD3(repeating: 0), simdMin(SIMD3(repeating: 1), v))
    }

    private static func simdMin<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: Comparable {
        var o = a
        for i in a.indices { o[i] = Swift.min(a[i], b[i]) }
        return o
    }

    private static func simdMax<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: Comparable {
        var o = a
        for i in a.indices { o[i] = Swift.max(a[i], b[i]) }
        return o
    }
}
