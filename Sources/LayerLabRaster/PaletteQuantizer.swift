/// A deterministic palette for GIF frames and sixel images: exact colours when a sequence uses few, else a
/// median cut over a 15-bit histogram of the frames (all of them, or a sample of a long
/// export: see `Histogram`). Colours the histogram never saw map to their nearest entry.
///
/// Pixels with alpha below 128 map to a transparent index (the last one) when any exist.
package struct PaletteQuantizer: Sendable {
    /// Palette colours, r g b.
    package private(set) var colors: [(UInt8, UInt8, UInt8)] = []
    /// The transparent index, when some pixel is transparent.
    package private(set) var transparentIndex: Int? = nil
    /// 15-bit colour → palette index (filled for every colour).
    /// (Read by the sixel ditherer, which looks up colours off the pixels' own.)
    package private(set) var lookup = [UInt8](repeating: 0, count: 32768)

    /// Pixel counts and colour sums per 15-bit colour: frames are added one at a time and
    /// not kept, so a palette from many frames costs no memory per frame.
    package struct Histogram: Sendable {
        package var count = [Int](repeating: 0, count: 32768)
        package var sums = [Int](repeating: 0, count: 32768 * 3)
        package var anyTransparent = false

        package init() {}

        package mutating func add(_ f: Bitmap) {
            f.pixels.withUnsafeBufferPointer { p in
                count.withUnsafeMutableBufferPointer { count in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for i in stride(from: 0, to: p.count, by: 4) {
                            if p[i + 3] < 128 { anyTransparent = true; continue }
                            let k = PaletteQuantizer.key(p[i], p[i + 1], p[i + 2])
                            count[k] += 1
                            sums[k * 3] += Int(p[i]); sums[k * 3 + 1] += Int(p[i + 1]); sums[k * 3 + 2] += Int(p[i + 2])
                        }
                    }
                }
            }
        }
    }

    package init(frames: [Bitmap], maxColors: Int = 256) {
        var h = Histogram()
        for f in frames { h.add(f) }
        self.init(h, maxColors: maxColors)
    }

    /// The palette for a histogram; `reserveTransparent` keeps a transparent index even when
    /// the (sampled) frames had no transparent pixel.
    package init(_ h: Histogram, maxColors: Int = 256, reserveTransparent: Bool = false) {
        let count = h.count, sums = h.sums
        let anyTransparent = h.anyTransparent || reserveTransparent
        let slots = max(1, maxColors - (anyTransparent ? 1 : 0))
        let used = (0..<32768).filter { count[$0] > 0 }
        var boxes: [[Int]] = used.isEmpty ? [] : [used]
        // Split the box with the most pixels spread over the widest channel, until enough.
        while boxes.count < slots {
            var best = -1, bestScore = 0, bestChannel = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                var lo = [31, 31, 31], hi = [0, 0, 0]
                for k in box {
                    let c = PaletteQuantizer.channels(k)
                    for ch in 0..<3 { lo[ch] = min(lo[ch], c[ch]); hi[ch] = max(hi[ch], c[ch]) }
                }
                let ranges = (0..<3).map { hi[$0] - lo[$0] }
                let channel = ranges.firstIndex(of: ranges.max()!)!
                let pixels = box.reduce(0) { $0 + count[$1] }
                let score = ranges[channel] * Int(Double(pixels).squareRoot() + 1)
                if score > bestScore { best = i; bestScore = score; bestChannel = channel }
            }
            if best < 0 { break }
            let sorted = boxes[best].sorted {
                let a = PaletteQuantizer.channels($0)[bestChannel], b = PaletteQuantizer.channels($1)[bestChannel]
                return a != b ? a < b : $0 < $1
            }
            let total = sorted.reduce(0) { $0 + count[$1] }
            var acc = 0, cut = 1
            for (i, k) in sorted.enumerated() {
                acc += count[k]
                if acc * 2 >= total { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[best] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        for (index, box) in boxes.enumerated() {
            var n = 0, r = 0, g = 0, b = 0
            for k in box { n += count[k]; r += sums[k * 3]; g += sums[k * 3 + 1]; b += sums[k * 3 + 2] }
            colors.append((UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n)))
            for k in box { lookup[k] = UInt8(index) }
        }
        if colors.isEmpty { colors.append((0, 0, 0)) }
        // Colours no counted frame had (a sampled palette): the nearest entry, by squared distance.
        if used.count < 32768 {
            for k in 0..<32768 where count[k] == 0 {
                let c = PaletteQuantizer.channels(k).map { $0 * 8 + 4 }
                var best = 0, bestD = Int.max
                for (i, p) in colors.enumerated() {
                    let dr = Int(p.0) - c[0], dg = Int(p.1) - c[1], db = Int(p.2) - c[2]
                    let d = dr * dr + dg * dg + db * db
                    if d < bestD { best = i; bestD = d }
                }
                lookup[k] = UInt8(best)
            }
        }
        if anyTransparent {
            transparentIndex = colors.count
            colors.append((0, 0, 0))
        }
    }

    /// The palette index of a pixel.
    @inline(__always) package func index(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        if a < 128, let t = transparentIndex { return UInt8(t) }
        return lookup[PaletteQuantizer.key(r, g, b)]
    }

    /// A bitmap's palette indices, one byte a pixel.
    package func indices(of bitmap: Bitmap) -> [UInt8] {
        let n = bitmap.width * bitmap.height
        guard n > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: n) { out, count in
            bitmap.pixels.withUnsafeBufferPointer { map($0, into: out.baseAddress!) }
            count = n
        }
    }

    /// Palette indices of RGBA pixels, written to `out` (one byte a pixel).
    package func map(_ pixels: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
        let n = pixels.count / 4
        let t = transparentIndex.map { UInt8($0) }
        lookup.withUnsafeBufferPointer { lookup in
            for i in 0..<n {
                let j = i * 4
                if let t, pixels[j + 3] < 128 { out[i] = t; continue }
                out[i] = lookup[PaletteQuantizer.key(pixels[j], pixels[j + 1], pixels[j + 2])]
            }
        }
    }

    @inline(__always) package static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (Int(r) >> 3) << 10 | (Int(g) >> 3) << 5 | Int(b) >> 3
    }

    static func channels(_ k: Int) -> [Int] { [(k >> 10) & 31, (k >> 5) & 31, k & 31] }
}
