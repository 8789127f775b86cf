import LayerLabCore

/// After Effects' Tint and Tritone effects on a layer drawn offscreen (LayerLab's `tintAmount`,
/// `tintBlack`, `tintWhite`, `tintMidtone`): each pixel's luminance picks a colour on the line
/// from `black` to `white` (through `mid` at luminance 0.5, when it is not clear), and the
/// pixel moves that far towards it. Coverage (alpha) is kept.
extension Surface {
    /// Luminance weights of Rec. 709, as Skia's and ThorVG's Lottie players weigh the channels.
    static let tintWeights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)

    /// Tints the drawn part of the surface; an amount of 0 or less changes nothing.
    func tint(black: Color, white: Color, mid: Color = .clear, amount: Double) {
        let k = Float(min(1, amount))
        guard k > 0, let r = drawn else { return }
        let b = SIMD4<Float>(Float(black.r), Float(black.g), Float(black.b), 0)
        let span = SIMD4<Float>(Float(white.r), Float(white.g), Float(white.b), 0) - b
        // Tritone: black → mid over luminance 0…0.5, mid → white over 0.5…1.
        let m = SIMD4<Float>(Float(mid.r), Float(mid.g), Float(mid.b), 0), tritone = mid.a > 0
        let top = SIMD4<Float>(Float(white.r), Float(white.g), Float(white.b), 0)
        let w = width
        px.withUnsafeMutableBufferPointer { p in
            let words = UnsafeMutableRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    let i = y * w + x
                    let word = UInt32(littleEndian: words[i])
                    let a = word >> 24
                    if a == 0 { continue }
                    // Straight colour in 0…1, then the mapped colour, mixed in, premultiplied again.
                    let alpha = Float(a) / 255
                    let c = SIMD4<Float>(SIMD4<UInt32>(word, word >> 8, word >> 16, 0) & 0xFF) / (255 * alpha)
                    let luma = min(1, (c * Surface.tintWeights).sum())
                    let mapped = !tritone ? b + span * luma
                        : luma < 0.5 ? b + (m - b) * (luma * 2) : m + (top - m) * (luma * 2 - 1)
                    let out = (c + (mapped - c) * k) * (alpha * 255)
                    words[i] = UInt32(littleEndian: UInt32(Pixel.byte(out[0])) | UInt32(Pixel.byte(out[1])) << 8
                        | UInt32(Pixel.byte(out[2])) << 16 | a << 24)
                }
            }
        }
    }
}
