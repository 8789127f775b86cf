import LayerLabCore

/// An RGBA image with 8-bit straight-alpha components, row by row from the top left.
///
/// The rasterizer's output and the image layers' input; the layout libpng reads and writes.
package struct Bitmap: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width * height * 4` bytes: r, g, b, a for each pixel.
    package var pixels: [UInt8]

    /// A bitmap filled with one colour (transparent by default).
    package init(width: Int, height: Int, fill: Color = .clear) {
        self.width = max(0, width); self.height = max(0, height)
        let px = Bitmap.bytes(fill)
        var buf = [UInt8](repeating: 0, count: self.width * self.height * 4)
        if px != (0, 0, 0, 0) {
            for i in stride(from: 0, to: buf.count, by: 4) {
                buf[i] = px.0; buf[i + 1] = px.1; buf[i + 2] = px.2; buf[i + 3] = px.3
            }
        }
        pixels = buf
    }

    /// A bitmap over existing bytes; `pixels.count` must be `width * height * 4`.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "Bitmap bytes do not match its size")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at (x, y) as a colour; transparent outside the bitmap.
    package subscript(x: Int, y: Int) -> Color {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .clear }
            let i = (y * width + x) * 4
            return Color(Double(pixels[i]) / 255, Double(pixels[i + 1]) / 255,
                         Double(pixels[i + 2]) / 255, Double(pixels[i + 3]) / 255)
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 4
            let b = Bitmap.bytes(newValue)
            pixels[i] = b.0; pixels[i + 1] = b.1; pixels[i + 2] = b.2; pixels[i + 3] = b.3
        }
    }

    /// A colour rounded to bytes.
    static func bytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
        func b(_ v: Double) -> UInt8 {
            // NB: `max(0, min(255, (v * 255).rounded()))` without a libm call: NaN gives 255 and
            // inside 0…255 the whole part is exact, so half-away rounding is one comparison.
            let x = v * 255
            if x.isNaN || x >= 255 { return 255 }
            if !(x > 0) { return 0 }
            let whole = Double(Int(x))
            return UInt8(x - whole >= 0.5 ? whole + 1 : whole)
        }
        return (b(c.r), b(c.g), b(c.b), b(c.a))
    }
}
