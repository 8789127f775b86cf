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

    /// Converts the translucent pixels of rows `rows`, columns `cols` of a `width`-pixel-wide
    /// buffer of premultiplied words (bytes r, g, b, a from the low byte up) in place.
    static func convert(_ words: UnsafeMutablePointer<UInt32>, width w: Int, rows: Range<Int>, cols: Range<Int>) {
        reciprocals.withUnsafeBufferPointer { table in
            for y in rows {
                let row = words + y * w
                for x in cols {
                    let p = UInt32(littleEndian: row[x])
                    let a = p >> 24
                    // NB: alpha 0 wraps past 254 here, so one comparison skips 0 and 255.
                    if a &- 1 >= 254 { continue }
                    let m = table[Int(a)], h = a >> 1
                    let r = channel(p & 0xFF, h, m), g = channel(p >> 8 & 0xFF, h, m), b = channel(p >> 16 & 0xFF, h, m)
                    row[x] = UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
                }
            }
        }
    }
}
