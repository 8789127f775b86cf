import LayerLabCore
import Testing
import TestSupport
@testable import LayerLabRaster

/// The blend every fill, stroke and text pixel goes through, checked channel by channel
/// against its formula: `c · k + d · (1 − k) + ½` in `Float`, truncated, alpha blended with 255.
@Suite struct PixelBlendTests {
    /// What one channel must become, computed as a scalar would.
    static func channel(_ c: Float, _ d: UInt8, _ k: Float) -> UInt32 {
        let inv = 1 - k
        let t = c * k
        let u = Float(d) * inv
        return UInt32(UInt8(t + u + 0.5))
    }

    /// A pixel blended through a one-pixel `SolidSpans` row at weight `k`.
    static func blended(_ dst: UInt32, r: Float, g: Float, b: Float, k: Float) -> UInt32 {
        var word = dst
        var cover: [Float] = [k]
        withUnsafeMutablePointer(to: &word) { w in
            cover.withUnsafeMutableBufferPointer { cov in
                var spans = SolidSpans(words: w, width: 1, color: .init(r: r, g: g, b: b, a: 1, word: 0xDEAD_BEEF),
                                       clip: nil)
                spans.row(y: 0, x0: 0, x1: 1, cover: cov, runs: UnsafeBufferPointer(start: nil, count: 0))
            }
        }
        return word
    }

    @Test func everyChannelIsTheScalarFormula() {
        var rng = SplitMix64(seed: 12)
        var weights: [Float] = [SolidSpans.faint, 0.5, 0.99998, 1 / 255, 254 / 255]
        for _ in 0..<40_000 { weights.append(Float.random(in: SolidSpans.faint..<0.99999, using: &rng)) }
        for (n, k) in weights.enumerated() {
            let dst = UInt32.random(in: 0...UInt32.max, using: &rng)
            // Opaque and translucent destinations alike; whole and fractional colour levels.
            let d = n % 3 == 0 ? dst | 0xFF00_0000 : dst
            let r = Float(n % 256), g = Float.random(in: 0...255, using: &rng), b = Float(255 - n % 256)
            var expected: UInt32 = 0
            for (i, c) in [r, g, b, 255].enumerated() {
                expected |= PixelBlendTests.channel(c, UInt8(truncatingIfNeeded: d >> (8 * UInt32(i))), k) << (8 * UInt32(i))
            }
            let got = PixelBlendTests.blended(d, r: r, g: g, b: b, k: k)
            #expect(got == expected, "dst \(d) colour \(r) \(g) \(b) weight \(k)")
            if got != expected { return }
        }
    }

    /// `Surface.over` (images, gradients, shadows: a premultiplied source per pixel) against
    /// its formula channel by channel: `Pixel.byte(s · k · 255 + d · (1 − s.a · k))`, with
    /// sources past 1, weights past 1, NaN and infinities, which clamp to 0 or 255.
    @Test func overIsItsFormulaChannelByChannel() {
        var rng = SplitMix64(seed: 29)
        let specials: [Float] = [0, 1, 1.5, -0.25, .nan, .infinity, -.infinity, 1e-30, 0.999999]
        for n in 0..<60_000 {
            let pick = { (x: Float) -> Float in n % 7 == 0 ? specials[Int.random(in: 0..<specials.count, using: &rng)] : x }
            let a = pick(Float.random(in: 0...1, using: &rng))
            let s = SIMD4<Float>(pick(Float.random(in: 0...1, using: &rng) * a), pick(Float.random(in: 0...1, using: &rng) * a),
                                 pick(Float.random(in: 0...1, using: &rng) * a), a)
            let k = n % 11 == 0 ? pick(1) : Float.random(in: 0...1, using: &rng)
            let dst = UInt32.random(in: 0...UInt32.max, using: &rng)
            var expected = dst
            let sa = s[3] * k
            if sa > 0 || sa.isNaN {
                let inv = 1 - sa
                expected = 0
                for i in 0..<4 {
                    let d = Float(UInt8(truncatingIfNeeded: dst >> (8 * UInt32(i))))
                    let v = i == 3 ? sa * 255 + d * inv : s[i] * k * 255 + d * inv
                    expected |= UInt32(Pixel.byte(v)) << (8 * UInt32(i))
                }
            }
            var word = dst
            withUnsafeMutableBytes(of: &word) { raw in
                Surface.over(s, k, raw.bindMemory(to: UInt8.self), 0)
            }
            #expect(word == expected, "source \(s) weight \(k) over \(dst)")
            if word != expected { return }
        }
    }

    @Test func fullWeightStoresTheColourAndFaintWeightNothing() {
        #expect(PixelBlendTests.blended(0x1122_3344, r: 1, g: 2, b: 3, k: 1) == 0xDEAD_BEEF)
        #expect(PixelBlendTests.blended(0x1122_3344, r: 1, g: 2, b: 3, k: SolidSpans.faint / 2) == 0x1122_3344)
    }

    @Test func anOpaquePixelStaysOpaque() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<10_000 {
            let k = Float.random(in: SolidSpans.faint..<0.99999, using: &rng)
            let got = PixelBlendTests.blended(0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng),
                                              r: 200, g: 100, b: 0, k: k)
            #expect(got >> 24 == 255)
        }
    }
}
