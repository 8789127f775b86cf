/// Frames as DEC sixel graphics: a palette of colour registers, the pixels dithered onto it
/// (Floyd–Steinberg, integer arithmetic, so the same frame gives the same bytes), then written
/// six rows at a time, each register's row of sixels run-length encoded.
///
/// The image starts at the cursor. Raster attributes give its size (`"1;1;W;H`, square pixels),
/// and every pixel is written (flattened over the background first), so a frame drawn over the
/// one before replaces it whole.
///
/// While playing, a frame can be sent as what changed: the image is drawn with `P2=1`, where a
/// pixel no register paints keeps what the screen shows, so given the register indices of the
/// frame on the screen (same size, same palette) only pixels whose register changed are painted.
/// The terminal ends with exactly the new frame, and bands with no change cost one byte each.
package enum SixelEncoder {
    /// Appends the sixel image of `bitmap` over `background` in `palette`'s registers, and
    /// returns its register indices (row by row). With `previous` (the indices of the frame on
    /// the screen, same size) only the pixels that differ are painted, and nothing at all is
    /// appended when none does.
    @discardableResult
    package static func write(_ bitmap: Bitmap, palette: SixelPalette, background: (UInt8, UInt8, UInt8),
                             previous: [UInt8]? = nil, into out: inout [UInt8]) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        let indices = dither(flatten(bitmap, over: background), palette: palette)
        var prev = previous?.count == indices.count ? previous : nil
        if let p = prev {
            if p == indices { return indices }
            // Where most pixels changed, holes in the runs cost more than they save: send it whole.
            var changed = 0
            for i in 0..<p.count where p[i] != indices[i] { changed += 1 }
            if changed * 2 > p.count { prev = nil }
        }
        encode(indices, width: w, height: h, palette: palette, previous: prev, into: &out)
        return indices
    }

    /// The sixel stream of register `indices` (`width` x `height`); with `previous`, only the
    /// pixels whose index differs from it.
    static func encode(_ indices: [UInt8], width w: Int, height h: Int, palette: SixelPalette, previous: [UInt8]?,
                       into out: inout [UInt8]) {
        out += "\u{1B}P0;1;0q\"1;1;\(w);\(h)".utf8
        for (i, c) in palette.colors.enumerated() {
            out += "#\(i);2;\(SixelPalette.percent(c.0));\(SixelPalette.percent(c.1));\(SixelPalette.percent(c.2))".utf8
        }
        guard w > 0, h > 0 else { out += [0x1B, UInt8(ascii: "\\")]; return }
        let n = palette.colors.count
        // Per band: each register's sixel bits across the row, and the span it covers.
        var bits = [UInt8](repeating: 0, count: n * w)
        var first = [Int](repeating: Int.max, count: n), last = [Int](repeating: -1, count: n)
        var used: [Int] = []
        used.reserveCapacity(n)
        let old = previous ?? []
        let delta = previous != nil
        indices.withUnsafeBufferPointer { idx in
        old.withUnsafeBufferPointer { old in
        bits.withUnsafeMutableBufferPointer { bits in
            for top in stride(from: 0, to: h, by: 6) {
                used.removeAll(keepingCapacity: true)
                for dy in 0..<min(6, h - top) {
                    let row = (top + dy) * w, bit = UInt8(1) << UInt8(dy)
                    for x in 0..<w {
                        let c = Int(idx[row + x])
                        // Unchanged since the frame on the screen: left unpainted, so it stays.
                        if delta && old[row + x] == idx[row + x] { continue }
                        if last[c] < 0 { used.append(c) }
                        bits[c * w + x] |= bit
                        if x < first[c] { first[c] = x }
                        if x > last[c] { last[c] = x }
                    }
                }
                used.sort()
                for (k, c) in used.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: "$")) }
                    out.append(UInt8(ascii: "#"))
                    decimal(c, into: &out)
                    let base = c * w
                    // Columns before this register's first are empty sixels: one run.
                    if first[c] > 0 { run(63, first[c], into: &out) }
                    var x = first[c]
                    while x <= last[c] {
                        let v = bits[base + x]
                        var end = x + 1
                        while end <= last[c] && bits[base + end] == v { end += 1 }
                        run(63 + v, end - x, into: &out)
                        x = end
                    }
                    for x in first[c]...last[c] { bits[base + x] = 0 }
                    first[c] = Int.max; last[c] = -1
                }
                out.append(UInt8(ascii: "-"))
            }
        }
        }
        }
        out += [0x1B, UInt8(ascii: "\\")]
    }

    /// `count` copies of the sixel `ch`: `!count ch` when that is shorter.
    @inline(__always) static func run(_ ch: UInt8, _ count: Int, into out: inout [UInt8]) {
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            decimal(count, into: &out)
            out.append(ch)
        } else {
            for _ in 0..<count { out.append(ch) }
        }
    }

    /// The decimal digits of `v` (≥ 0), without building a string: a frame has thousands.
    static func decimal(_ v: Int, into out: inout [UInt8]) {
        var p = 1
        while p <= v / 10 { p *= 10 }
        var r = v
        while p > 0 {
            out.append(UInt8(48 + r / p))
            r %= p; p /= 10
        }
    }

    /// The pixels over an opaque background (integer "over", rounded), alpha 255.
    package static func flatten(_ bitmap: Bitmap, over background: (UInt8, UInt8, UInt8)) -> Bitmap {
        var px = bitmap.pixels
        let br = Int(background.0), bg = Int(background.1), bb = Int(background.2)
        px.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                if a == 255 { continue }
                p[i] = UInt8((Int(p[i]) * a + br * (255 - a) + 127) / 255)
                p[i + 1] = UInt8((Int(p[i + 1]) * a + bg * (255 - a) + 127) / 255)
                p[i + 2] = UInt8((Int(p[i + 2]) * a + bb * (255 - a) + 127) / 255)
                p[i + 3] = 255
            }
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: px)
    }

    /// Register indices of an opaque bitmap, Floyd–Steinberg dithered (serpentine scan, errors
    /// in sixteenths). Where a pixel's register is its exact colour nothing is spread, so flat
    /// areas stay flat and only gradients and edges get a pattern.
    package static func dither(_ bitmap: Bitmap, palette: SixelPalette) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: w * h)
        // Errors for this row and the next, per channel, with a guard column each side.
        var cur = [Int32](repeating: 0, count: (w + 2) * 3), next = cur
        palette.nearest.withUnsafeBufferPointer { nearest in
        palette.colors.withUnsafeBufferPointer { pal in
        bitmap.pixels.withUnsafeBufferPointer { p in
        out.withUnsafeMutableBufferPointer { o in
            for y in 0..<h {
                let forward = y % 2 == 0
                var x = forward ? 0 : w - 1
                let step = forward ? 1 : -1
                for _ in 0..<w {
                    let i = y * w + x, e = (x + 1) * 3
                    let r = clamp(Int32(p[i * 4]) + (cur[e] + 8) >> 4)
                    let g = clamp(Int32(p[i * 4 + 1]) + (cur[e + 1] + 8) >> 4)
                    let b = clamp(Int32(p[i * 4 + 2]) + (cur[e + 2] + 8) >> 4)
                    let k = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                    let c = nearest[k]
                    o[i] = c
                    let q = pal[Int(c)]
                    let er = r - Int32(q.0), eg = g - Int32(q.1), eb = b - Int32(q.2)
                    if er != 0 || eg != 0 || eb != 0 {
                        let ahead = e + 3 * step, behind = e - 3 * step
                        cur[ahead] += er * 7; cur[ahead + 1] += eg * 7; cur[ahead + 2] += eb * 7
                        next[behind] += er * 3; next[behind + 1] += eg * 3; next[behind + 2] += eb * 3
                        next[e] += er * 5; next[e + 1] += eg * 5; next[e + 2] += eb * 5
                        next[ahead] += er; next[ahead + 1] += eg; next[ahead + 2] += eb
                    }
                    x += step
                }
                swap(&cur, &next)
                for j in 0..<next.count { next[j] = 0 }
            }
        }
        }
        }
        }
        return out
    }

    @inline(__always) static func clamp(_ v: Int32) -> Int32 { max(0, min(255, v)) }
}
