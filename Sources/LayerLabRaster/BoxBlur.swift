import LayerLabCore

/// A Gaussian blur of a coverage buffer approximated by three box blurs in each direction
/// (within a few percent of the true Gaussian), linear in the size of the buffer whatever
/// the radius.
enum BoxBlur {
    /// The largest standard deviation honoured, in pixels: a million, boxes of about two
    /// million pixels, wider than any buffer a frame blurs.
    static let widestSigma = 1_000_000.0

    /// Box widths whose three passes give standard deviation `sigma` (Kovesi's construction).
    static func boxes(sigma: Double) -> [Int] {
        guard sigma > 0, sigma.isFinite else { return [] }
        // Past `widestSigma` every box already spans any buffer a frame can have: the result
        // is the same, and the widths below stay far inside Int.
        let sigma = min(sigma, widestSigma)
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = clampedInt(ideal, 1, Int(Int32.max))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs `buf` (width × height, row-major) in place with standard deviation `sigma` pixels.
    static func blur(_ buf: inout [Float], width: Int, height: Int, sigma: Double) {
        let widths = boxes(sigma: sigma)
        guard !widths.isEmpty, width > 0, height > 0 else { return }
        var tmp = [Float](repeating: 0, count: buf.count)
        for w in widths where w > 1 {
            let r = (w - 1) / 2
            pass(buf, into: &tmp, count: height, length: width, stride: 1, lineStride: width, radius: r)
            pass(tmp, into: &buf, count: width, length: height, stride: width, lineStride: 1, radius: r)
        }
    }

    /// One box pass along lines of `length` samples `stride` apart; outside the buffer is 0.
    private static func pass(_ src: [Float], into dst: inout [Float], count: Int, length: Int, stride: Int,
                             lineStride: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for line in 0..<count {
                    let base = line * lineStride
                    var sum: Float = 0
                    for i in 0...min(r, length - 1) { sum += s[base + i * stride] }
                    for i in 0..<length {
                        d[base + i * stride] = sum * scale
                        let add = i + r + 1, drop = i - r
                        if add < length { sum += s[base + add * stride] }
                        if drop >= 0 { sum -= s[base + drop * stride] }
                    }
                }
            }
        }
    }
}
