import LayerLabCore
import Testing
import TestSupport
@testable import LayerLabRaster

/// Compositing an offscreen layer (group opacity, masks, mattes) four channels at a time must
/// give the bytes of the per-channel formula, and a frame's straight-alpha bytes must be
/// converted wherever a pixel is translucent, however little the layers drew.
@Suite struct CompositeBlendTests {
    /// One premultiplied source pixel composited at weight `k`, channel by channel:
    /// `Pixel.byte(s · k + d · (1 − sa · (1/255) · k))`.
    static func expected(_ dst: UInt32, _ src: UInt32, _ k: Float) -> UInt32 {
        let inv = 1 - Float(UInt8(truncatingIfNeeded: src >> 24)) * (1 / 255) * k
        var out: UInt32 = 0
        for i in 0..<4 {
            let s = Float(UInt8(truncatingIfNeeded: src >> (8 * UInt32(i))))
            let d = Float(UInt8(truncatingIfNeeded: dst >> (8 * UInt32(i))))
            out |= UInt32(Pixel.byte(s * k + d * inv)) << (8 * UInt32(i))
        }
        return out
    }

    @Test func theFourChannelCompositeIsTheFormulaChannelByChannel() {
        var rng = SplitMix64(seed: 41)
        let specials: [Float] = [1, 1 / 255, 0.5, 1.0000001, 2, 1e-30]
        for n in 0..<60_000 {
            let k = n % 9 == 0 ? specials[n / 9 % specials.count] : Float.random(in: 0...1, using: &rng)
            // Premultiplied sources (no channel above alpha) and some that are not.
            let a = UInt32.random(in: 1...255, using: &rng)
            var src = a << 24
            for i in 0..<3 { src |= UInt32.random(in: 0...(n % 5 == 0 ? 255 : a), using: &rng) << (8 * UInt32(i)) }
            let dst = UInt32.random(in: 0...UInt32.max, using: &rng)
            let got = Surface.compositePixel(dst, src, k)
            #expect(got == Self.expected(dst, src, k), "source \(src) weight \(k) over \(dst)")
            if got != Self.expected(dst, src, k) { return }
        }
    }

    /// A surface's composite through a mask and a clip, against the formula per pixel.
    @Test func maskedClippedCompositeMatchesTheFormula() {
        var rng = SplitMix64(seed: 7)
        let w = 13, h = 9
        let dst = Surface(width: w, height: h), src = Surface(width: w, height: h), mask = Surface(width: w, height: h)
        for i in 0..<(w * h * 4) {
            dst.px[i] = UInt8.random(in: 0...255, using: &rng)
            mask.px[i] = UInt8.random(in: 0...255, using: &rng)
        }
        for i in 0..<(w * h) {
            let a = i % 4 == 0 ? 0 : UInt8.random(in: 1...255, using: &rng)
            for c in 0..<3 { src.px[i * 4 + c] = UInt8.random(in: 0...a, using: &rng) }
            src.px[i * 4 + 3] = a
        }
        src.markDirty(y: 1, x0: 2, x1: 11)
        src.markDirty(y: 7, x0: 2, x1: 11)
        let clip = (0..<(w * h)).map { _ in Float.random(in: -0.1...1, using: &rng) }
        let before = dst.px
        dst.composite(src, opacity: 0.8, mask: mask, clip: clip)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, j = i * 4
                let word = { (p: [UInt8]) in (0..<4).reduce(UInt32(0)) { $0 | UInt32(p[j + $1]) << (8 * UInt32($1)) } }
                var want = word(before)
                let k = 0.8 * (Float(mask.px[j + 3]) * (1 / 255)) * clip[i]
                if (1..<8).contains(y) && (2..<11).contains(x) && src.px[j + 3] != 0 && k > 0 {
                    want = Self.expected(want, word(src.px), k)
                }
                #expect(word(dst.px) == want, "pixel \(x), \(y)")
            }
        }
    }

    /// Straight-alpha bytes of a surface, every pixel converted: what `bitmap` must give.
    static func straight(_ s: Surface) -> [UInt8] {
        var p = s.px
        for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] != 0 && p[i + 3] != 255 {
            let a = Int(p[i + 3])
            for c in 0..<3 { p[i + c] = UInt8(min(255, (Int(p[i + c]) * 255 + a / 2) / a)) }
        }
        return p
    }

    static func scene(background: Color) -> Scene {
        var doc = Document()
        doc.canvas.size = Size(40, 30)
        doc.canvas.background = background
        doc.layers = [
            Layer(name: "dot", kind: .shape, properties: [
                "path": .path(.circle(center: Point(12, 10), radius: 5)), "fillColor": .color(Color(0.9, 0.3, 0.1, 0.6)),
            ]),
        ]
        return Evaluator(document: doc).scene(at: 0)
    }

    @Test(arguments: [Color.clear, Color(0.2, 0.4, 0.6, 1), Color(0.2, 0.4, 0.6, 0.5)])
    func framesAreStraightAlphaEverywhere(_ background: Color) {
        let scene = Self.scene(background: background)
        let context = RenderContext(width: 40, height: 30, images: ImageStore(), sampling: .linear)
        let surface = context.draw(scene, transform: .scale(1, 1))
        let want = Self.straight(surface)
        #expect(surface.bitmap(keep: true).pixels == want)
        #expect(Rasterizer().render(scene, width: 40, height: 30).pixels == want)
        let canvas = FrameCanvas(width: 40, height: 30)
        #expect(canvas.render(scene).pixels == want)
        #expect(canvas.render(Self.scene(background: .clear)).pixels
                == Rasterizer().render(Self.scene(background: .clear), width: 40, height: 30).pixels)
    }
    /// Opaque source pixels at weights at and just under 1 (a mask byte of 255 or 254, clips
    /// a hair under full): the composites skip the float work there, and must still give the
    /// formula's bytes, for source-over and for the operators masks cut with.
    @Test(arguments: [BlendMode.normal, .destinationOut, .destinationIn, .xor])
    func opaqueSourcesAtFullWeightGiveTheFormulasBytes(_ blend: BlendMode) {
        var rng = SplitMix64(seed: 25)
        let w = 31, h = 7
        let dst = Surface(width: w, height: h), src = Surface(width: w, height: h), mask = Surface(width: w, height: h)
        for i in 0..<(w * h) {
            for c in 0..<4 { dst.px[i * 4 + c] = UInt8.random(in: 0...255, using: &rng) }
            for c in 0..<3 { src.px[i * 4 + c] = UInt8.random(in: 0...255, using: &rng) }
            src.px[i * 4 + 3] = i % 7 == 3 ? UInt8.random(in: 0...254, using: &rng) : 255
            mask.px[i * 4 + 3] = i % 5 == 2 ? 254 : 255
        }
        src.markDirty(y: 0, x0: 0, x1: w)
        src.markDirty(y: h - 1, x0: 0, x1: w)
        let weights: [Float] = [1, 0.99999, 0.999_995, 0.999_98, 1.0000001, 0.5]
        let clip = (0..<(w * h)).map { weights[$0 % weights.count] }
        let word = { (p: [UInt8], j: Int) in (0..<4).reduce(UInt32(0)) { $0 | UInt32(p[j + $1]) << (8 * UInt32($1)) } }
        for opacity: Float in [1, 0.999_995] {
            // Source-over through the plain composite.
            if blend == .normal {
                let d = Surface(width: w, height: h)
                d.px = dst.px
                d.composite(src, opacity: opacity, mask: mask, clip: clip)
                for i in 0..<(w * h) where src.px[i * 4 + 3] != 0 {
                    let k = opacity * (Float(mask.px[i * 4 + 3]) * (1 / 255)) * clip[i]
                    #expect(word(d.px, i * 4) == Self.expected(word(dst.px, i * 4), word(src.px, i * 4), k), "pixel \(i)")
                }
            }
            // The operator's formula, per pixel, as the blend composite defines it.
            let d = Surface(width: w, height: h)
            d.px = dst.px
            d.composite(src, opacity: opacity, mask: mask, maskMode: .alpha, clip: clip, blend: blend)
            for i in 0..<(w * h) {
                let j = i * 4
                var want = Array(dst.px[j..<(j + 4)])
                let clear = src.px[j + 3] == 0 && !blend.clearsOutsideSource
                if !clear && clip[i] > 0 {
                    let so = opacity * (Float(mask.px[j + 3]) * (1 / 255))
                    let sp = SIMD4(Float(src.px[j]), Float(src.px[j + 1]), Float(src.px[j + 2]), Float(src.px[j + 3])) * (so / 255)
                    let dp = SIMD4(Float(dst.px[j]), Float(dst.px[j + 1]), Float(dst.px[j + 2]), Float(dst.px[j + 3])) * (1 / 255)
                    let out = (dp + (BlendMath.composite(sp, dp, blend) - dp) * clip[i]) * 255
                    want = (0..<4).map { Pixel.byte(out[$0]) }
                }
                #expect(Array(d.px[j..<(j + 4)]) == want, "\(blend) pixel \(i) opacity \(opacity)")
            }
        }
    }
}
