/// The colour registers of a sixel image, and the nearest register for every colour.
///
/// Colours come from a median cut over the frames (`PaletteQuantizer`, the one GIF export
/// uses), each then rounded to what a sixel colour can say (whole percents per channel), so
/// the ditherer spreads the error the terminal will really show. The nearest register is
/// kept for all 32768 15-bit colours: dithering pushes colours off the ones counted.
package struct SixelPalette: Sendable {
    /// Registers as r, g, b bytes (already on the percent grid).
    package let colors: [(UInt8, UInt8, UInt8)]
    /// 15-bit colour → nearest register.
    let nearest: [UInt8]

    /// A palette of at most `maxColors` (2…256) registers for frames flattened over `background`.
    package init(frames: [Bitmap], background: (UInt8, UInt8, UInt8), maxColors: Int = 256) {
        var h = PaletteQuantizer.Histogram()
        for f in frames { h.add(SixelEncoder.flatten(f, over: background)) }
        self.init(h, maxColors: maxColors)
    }

    /// A palette from a histogram of flattened (opaque) frames.
    package init(_ histogram: PaletteQuantizer.Histogram, maxColors: Int = 256) {
        let q = PaletteQuantizer(histogram, maxColors: max(2, min(256, maxColors)))
        var seen = Set<Int>()
        var list: [(UInt8, UInt8, UInt8)] = []
        for c in q.colors {
            let s = (SixelPalette.snap(c.0), SixelPalette.snap(c.1), SixelPalette.snap(c.2))
            // Two means that round to one sixel colour are one register.
            if seen.insert(Int(s.0) << 16 | Int(s.1) << 8 | Int(s.2)).inserted { list.append(s) }
        }
        colors = list
        var table = [UInt8](repeating: 0, count: 32768)
        list.withUnsafeBufferPointer { pal in
            for k in 0..<32768 {
                let r = (k >> 10 & 31) * 8 + 4, g = (k >> 5 & 31) * 8 + 4, b = (k & 31) * 8 + 4
                var best = 0, bestD = Int.max
                for (i, p) in pal.enumerated() {
                    let dr = Int(p.0) - r, dg = Int(p.1) - g, db = Int(p.2) - b
                    // Weighted towards green, as the eye is.
                    let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    if d < bestD { best = i; bestD = d }
                }
                table[k] = UInt8(best)
            }
        }
        nearest = table
    }

    /// A byte as the nearest whole percent, and back: what a sixel colour register holds.
    @inline(__always) static func snap(_ v: UInt8) -> UInt8 { UInt8((percent(v) * 255 + 50) / 100) }
    @inline(__always) static func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }
}
