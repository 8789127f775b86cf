import LayerLabCore

/// A premultiplied floating-point RGBA buffer: where layers are drawn and composited.
///
/// A class so drawing code mutates one buffer in place without copy-on-write checks.
final class Surface {
    let width: Int
    let height: Int
    /// Premultiplied r, g, b, a per pixel, 0…1.
    var px: [Float]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        px = [Float](repeating: 0, count: width * height * 4)
    }

    /// Makes every pixel transparent.
    func clear() {
        px.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] = 0 }
        }
    }

    /// Fills every pixel with a straight-alpha colour.
    func fill(_ c: Color) {
        let a = Float(c.a), r = Float(c.r) * a, g = Float(c.g) * a, b = Float(c.b) * a
        px.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = r; p[i + 1] = g; p[i + 2] = b; p[i + 3] = a
            }
        }
    }

    /// Composites `src` over this surface with `opacity`, optionally multiplied by a mask
    /// surface's alpha (mask layers) and a clip coverage buffer.
    func composite(_ src: Surface, opacity: Float, mask: Surface?, clip: [Float]?) {
        let n = width * height
        px.withUnsafeMutableBufferPointer { d in
            src.px.withUnsafeBufferPointer { s in
                for i in 0..<n {
                    let j = i * 4
                    var k = opacity
                    if let mask { k *= mask.px[j + 3] }
                    if let clip { k *= clip[i] }
                    Surface.over(d, at: j, s[j], s[j + 1], s[j + 2], s[j + 3], k)
                }
            }
        }
    }

    /// Source-over, the one blend every drawing path uses: the premultiplied colour (r, g, b, a)
    /// scaled by `k` (coverage × opacity) onto the pixel at `j`.
    @inline(__always)
    static func over(_ d: UnsafeMutableBufferPointer<Float>, at j: Int, _ r: Float, _ g: Float, _ b: Float, _ a: Float,
                     _ k: Float) {
        let sa = a * k
        if sa <= 0 { return }
        let inv = 1 - sa
        d[j] = r * k + d[j] * inv
        d[j + 1] = g * k + d[j + 1] * inv
        d[j + 2] = b * k + d[j + 2] * inv
        d[j + 3] = sa + d[j + 3] * inv
    }

    /// The surface as straight-alpha bytes.
    func bitmap() -> Bitmap {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        px.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = min(1, max(0, p[i + 3]))
                if a <= 0 { continue }
                let inv = 1 / a
                out[i] = Surface.byte(p[i] * inv)
                out[i + 1] = Surface.byte(p[i + 1] * inv)
                out[i + 2] = Surface.byte(p[i + 2] * inv)
                out[i + 3] = Surface.byte(a)
            }
        }
        return Bitmap(width: width, height: height, pixels: out)
    }

    /// 0…1 to a byte, rounding half up (no libm call: this runs for every channel).
    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        let x = v * 255 + 0.5
        return x > 0 ? (x >= 255 ? 255 : UInt8(x)) : 0   // NaN → 0

    }
}
