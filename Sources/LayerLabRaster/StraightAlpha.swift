/// Premultiplied to straight alpha without a division per channel: `c · 255 / a` rounded to
/// nearest becomes a multiply by a reciprocal and a shift, which gives the same byte for
/// every `a` in 1…254 and `c` in 0…255 (`StraightAlphaTests` checks all of them).
///
/// Why exact: with `n = c · 255 + a / 2 < 2¹⁶` and `m = ⌊2³² / a⌋ + 1`, `n · m / 2³²` exceeds
/// `n / a` by at most `n / 2³² < 2⁻¹⁶`, while `n / a` sits at least `1 / a ≥ 1 / 254` below the
/// next whole number, so the floor is the same.
enum StraightAlpha {
    /// `⌊2³² / a⌋ + 1` for each alpha (entry 0 unused).
    static let reciprocals: [UInt64] = (0...255).map { $0 == 0 ? 0 : (UInt64(1) << 32) / UInt64($0) + 1 }

    /// `min(255, (c · 255 + a / 2) / a)` for 1 ≤ a ≤ 254, through the reciprocal `m` of `a`.
    @inline(__always)
    static func channel(_ c: UInt32, _ halfA: UInt32, _ m: UInt64) -> UInt32 {
        let q = UInt32(truncatingIfNeeded: (UInt64(c &* 255 &+ halfA) &* m) >> 32)
        return q > 255 ? 255 : q
    }

    /// One pixel, in place, when translucent.
    @inline(__always)
    static func convert(_ pixel: UnsafeMutablePointer<UInt32>, _ table: UnsafePointer<UInt64>) {
        let p = UInt32(littleEndian: pixel.pointee)
        let a = p >> 24
        if a &- 1 >= 254 { return }
        let m = table[Int(a)], h = a >> 1
        let r = channel(p & 0xFF, h, m), g = channel(p >> 8 & 0xFF, h, m), b = channel(p >> 16 & 0xFF, h, m)
        pixel.pointee = UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
    }

    /// Four pixels `v` at `p`, at least one translucent: the same arithmetic as `convert` on
    /// all four lanes at once, clear and opaque lanes written back as they were. (The products
    /// are 64-bit, so alpha 1's reciprocal, 2³² + 1, needs no case of its own.)
    @inline(__always)
    static func convert4(_ p: UnsafeMutablePointer<UInt32>, _ v: SIMD4<UInt32>, _ table: UnsafePointer<UInt64>) {
        let a = v &>> 24
        let m = SIMD4<UInt64>(table[Int(a[0])], table[Int(a[1])], table[Int(a[2])], table[Int(a[3])])
        let h = a &>> 1
        @inline(__always) func channel(_ c: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let n = SIMD4<UInt64>(truncatingIfNeeded: c &* 255 &+ h)
            let q = SIMD4<UInt32>(truncatingIfNeeded: (n &* m) &>> 32)
            return q.replacing(with: 255, where: q .> 255)
        }
        let low = SIMD4<UInt32>(repeating: 0xFF)
        let out = channel(v & low) | channel(v &>> 8 & low) &<< 8 | channel(v &>> 16 & low) &<< 16 | a &<< 24
        UnsafeMutableRawPointer(p).storeBytes(of: out.replacing(with: v, where: (a &- 1) .>= 254), as: SIMD4<UInt32>.self)
    }

    /// Converts the translucent pixels of rows `rows`, columns `cols` of a `width`-pixel-wide
    /// buffer of premultiplied words (bytes r, g, b, a from the low byte up) in place.
    static func convert(_ words: UnsafeMutablePointer<UInt32>, width w: Int, rows: Range<Int>, cols: Range<Int>) {
        reciprocals.withUnsafeBufferPointer { table in
            let base = table.baseAddress!
            for y in rows {
                let row = words + y * w
                var x = cols.lowerBound
                // Four pixels a step while they are all clear or opaque (most of a frame): one
                // vector comparison instead of four.
                while x + 4 <= cols.upperBound {
                    let v = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<UInt32>.self)
                    // NB: alpha 0 wraps past 254 here, so one comparison finds 0 and 255 (the
                    // words are little-endian, as on every platform LayerLab builds for).
                    if !any((v &>> 24 &- 1) .< 254) { x += 4; continue }
                    convert4(row + x, v, base)
                    x += 4
                }
                while x < cols.upperBound { convert(row + x, base); x += 1 }
            }
        }
    }
}
