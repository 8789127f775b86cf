import LayerLabCore
import Testing
@testable import LayerLabRaster

/// The straight-alpha conversion multiplies by a reciprocal instead of dividing: it must give
/// the division's byte for every alpha and channel value, and touch only the region asked.
@Suite struct StraightAlphaTests {
    /// The division it replaces: `min(255, (c · 255 + a / 2) / a)`.
    static func divided(_ c: UInt32, _ a: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }

    @Test func everyAlphaAndChannelValueGivesTheDivisionsByte() {
        // One row per alpha, one pixel per channel value (r = g = b = c).
        var words = [UInt32](repeating: 0, count: 256 * 256)
        for a in 0..<256 { for c in 0..<256 { words[a * 256 + c] = UInt32(littleEndian: UInt32(c) * 0x010101 | UInt32(a) << 24) } }
        words.withUnsafeMutableBufferPointer { StraightAlpha.convert($0.baseAddress!, width: 256, rows: 0..<256, cols: 0..<256) }
        var wrong = 0
        for a in 0..<256 {
            for c in 0..<256 {
                let v = UInt32(c)
                // Alpha 0 and 255 are left as they are (straight already, or nothing to show).
                let e = a == 0 || a == 255 ? v : Self.divided(v, UInt32(a))
                let want = UInt32(littleEndian: e * 0x010101 | UInt32(a) << 24)
                if words[a * 256 + c] != want { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test func channelsConvertSeparatelyAndOnlyInsideTheRegion() {
        // r, g, b differ, so a mixed-up channel shows; the pixels outside the region stay.
        let p = UInt32(littleEndian: 10 | 60 << 8 | 120 << 16 | 128 << 24)
        var words = [UInt32](repeating: p, count: 4 * 3)
        words.withUnsafeMutableBufferPointer { StraightAlpha.convert($0.baseAddress!, width: 4, rows: 1..<2, cols: 1..<3) }
        let converted = UInt32(littleEndian: Self.divided(10, 128) | Self.divided(60, 128) << 8
            | Self.divided(120, 128) << 16 | 128 << 24)
        for i in words.indices {
            let inside = i / 4 == 1 && (1..<3).contains(i % 4)
            #expect(words[i] == (inside ? converted : p), "pixel \(i)")
        }
    }

    @Test func aFrameConvertsTheSameAsTheDivision() {
        // A translucent fill through the whole pipeline: the bitmap's bytes are the division's.
        let surface = Surface(width: 3, height: 1, fill: Color(0.2, 0.5, 0.9, 0.3))
        let bitmap = surface.bitmap(keep: true)
        for x in 0..<3 {
            let i = x * 4, a = UInt32(surface.px[i + 3])
            for c in 0..<3 { #expect(UInt32(bitmap.pixels[i + c]) == Self.divided(UInt32(surface.px[i + c]), a)) }
        }
    }

    @Test func mixedRowsConvertEveryTranslucentPixelWhateverItsNeighbours() {
        // Four pixels are skipped together only when all four are clear or opaque: a lone
        // translucent pixel anywhere in a group, or in the columns after the last group, converts.
        var rng = SystemRandomNumberGenerator()
        let width = 23
        var words = [UInt32](repeating: 0, count: width * 64)
        for i in words.indices {
            let a: UInt32 = [0, 255, 255, 0, UInt32.random(in: 1...254, using: &rng)][Int.random(in: 0..<5, using: &rng)]
            let c = UInt32.random(in: 0...a, using: &rng)
            words[i] = UInt32(littleEndian: c * 0x010101 | a << 24)
        }
        let before = words
        let cols = 2..<21
        words.withUnsafeMutableBufferPointer { StraightAlpha.convert($0.baseAddress!, width: width, rows: 0..<64, cols: cols) }
        var wrong = 0
        for i in words.indices {
            let p = UInt32(littleEndian: before[i]), a = p >> 24, c = p & 0xFF
            let e = a == 0 || a == 255 || !cols.contains(i % width) ? c : Self.divided(c, a)
            if words[i] != UInt32(littleEndian: e * 0x010101 | a << 24) { wrong += 1 }
        }
        #expect(wrong == 0)
    }
}
