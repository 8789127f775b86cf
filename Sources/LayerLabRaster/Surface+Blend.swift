import LayerLabCore

/// Compositing a layer drawn offscreen with LayerLab's extensions: a `blendMode` other than
/// source-over, or a mask read other than by its alpha (`maskMode`).
extension Surface {
    /// Composites `src` (drawn offscreen) onto this surface under `blend`. The opacity and the
    /// mask (read as `maskMode` says) belong to the source, as a masked layer's pixels do; the
    /// clip (an ancestor's masksToBounds) bounds where the result replaces what is beneath:
    /// `d + (op(s·opacity·mask, d) − d)·clip`. For source-over and the blend modes this is the
    /// same as weighting the source, as `composite` does; for the Porter–Duff operators it keeps
    /// a clip from clearing outside itself.
    func composite(_ src: Surface, opacity: Float, mask: Surface?, maskMode: MaskMode, clip: [Float]?,
                   blend: BlendMode) {
        let whole = blend.clearsOutsideSource
        let region: (x0: Int, x1: Int, y0: Int, y1: Int)
        if whole {
            region = (0, width, 0, height)
        } else {
            guard let drawn = src.drawn else { return }
            region = drawn
        }
        if blend != .normal && blend != .destinationOver && blend != .plusLighter && !blend.isBlendFunction {
            markTranslucent()
        }
        let w = width
        for y in region.y0..<region.y1 { markDirty(y: y, x0: region.x0, x1: region.x1) }
        let o = max(0, min(1, opacity))
        // NB: the mask's and the clip's memory taken once, not per pixel (see `composite`).
        px.withUnsafeMutableBufferPointer { d in
            src.px.withUnsafeBufferPointer { s in
                Surface.withBytes(mask) { mask in
                    Surface.withValues(clip) { clip in
                        Surface.composite(s, into: d, region: region, width: w, opacity: o, mask: mask,
                                          maskMode: maskMode, clip: clip, blend: blend, whole: whole)
                    }
                }
            }
        }
    }

    /// The pixels of `region`: `d + (op(s·opacity·mask, d) − d)·clip` (see above); with
    /// `whole`, also where `s` is clear. The operator is chosen once, outside the loop: the
    /// Porter–Duff operators that Lottie masks use (an inverted mask cuts with destinationOut,
    /// an intersected one with destinationIn) get a loop of their own with `BlendMath`'s
    /// formula written in it, the same float operations in the same order, so the same bytes.
    @inline(__always)
    private static func composite(_ s: UnsafeBufferPointer<UInt8>, into d: UnsafeMutableBufferPointer<UInt8>,
                                  region: (x0: Int, x1: Int, y0: Int, y1: Int), width w: Int, opacity o: Float,
                                  mask: UnsafePointer<UInt8>?, maskMode: MaskMode, clip: UnsafePointer<Float>?,
                                  blend: BlendMode, whole: Bool) {
        func run(_ opaque: OpaqueSource = .compute, _ op: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) {
            composite(s, into: d, region: region, width: w, opacity: o, mask: mask, maskMode: maskMode, clip: clip,
                      whole: whole, opaque: opaque, op: op)
        }
        switch blend {
        case .normal: run(.replaces) { s, d in s + d * (1 - s[3]) }
        case .destinationOut: run(.clears) { s, d in d * (1 - s[3]) }
        case .destinationIn: run(.keeps) { s, d in d * s[3] }
        case .sourceIn: run { s, d in s * d[3] }
        case .sourceOut: run { s, d in s * (1 - d[3]) }
        case .xor: run { s, d in s * (1 - d[3]) + d * (1 - s[3]) }
        default: run { BlendMath.composite($0, $1, blend) }
        }
    }

    /// The loop of `composite` for one operator `op`. Pixels are read and written as words
    /// (bytes r, g, b, a from the low byte up), each channel converted as a byte alone would be.
    @inline(__always)
    private static func composite(_ s: UnsafeBufferPointer<UInt8>, into d: UnsafeMutableBufferPointer<UInt8>,
                                  region: (x0: Int, x1: Int, y0: Int, y1: Int), width w: Int, opacity o: Float,
                                  mask: UnsafePointer<UInt8>?, maskMode: MaskMode, clip: UnsafePointer<Float>?,
                                  whole: Bool, opaque: OpaqueSource,
                                  op: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) {
        let src = UnsafeRawPointer(s.baseAddress!).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(d.baseAddress!).assumingMemoryBound(to: UInt32.self)
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                let i = y * w + x
                let sw = UInt32(littleEndian: src[i])
                if sw >> 24 == 0 && !whole { continue }
                let k = clip?[i] ?? 1
                if k <= 0 { continue }
                var so = o
                if let mask {
                    let j = i * 4
                    so *= BlendMath.maskFactor(r: mask[j], g: mask[j + 1], b: mask[j + 2], a: mask[j + 3], mode: maskMode)
                }
                // A masked-out pixel under source-over or destinationOut: the operator gives
                // the destination back, which rounds to its own bytes (see `OpaqueSource`).
                if so == 0 && (opaque == .replaces || opaque == .clears) { continue }
                if opaque != .compute && sw >> 24 == 255 && so >= Surface.fullWeight && so <= 1
                    && k >= Surface.fullWeight && k <= 1 {
                    switch opaque {
                    case .replaces: dst[i] = src[i]
                    case .clears: dst[i] = 0
                    case .keeps, .compute: break
                    }
                    continue
                }
                let dw = UInt32(littleEndian: dst[i])
                let sp = SIMD4<Float>(SIMD4<UInt32>(sw, sw >> 8, sw >> 16, sw >> 24) & 0xFF) * (so / 255)
                let dp = SIMD4<Float>(SIMD4<UInt32>(dw, dw >> 8, dw >> 16, dw >> 24) & 0xFF) * (1 / 255)
                let r = op(sp, dp)
                let out = (dp + (r - dp) * k) * 255
                dst[i] = UInt32(littleEndian: UInt32(Pixel.byte(out[0])) | UInt32(Pixel.byte(out[1])) << 8
                    | UInt32(Pixel.byte(out[2])) << 16 | UInt32(Pixel.byte(out[3])) << 24)
            }
        }
    }

    /// What an operator makes of an opaque source pixel at full weight, whatever is beneath:
    /// worked out per pixel, or known. At a weight `k` of at least `fullWeight` (and at most 1)
    /// the formula lands within 0.01 of a whole byte value, so rounding gives exactly the
    /// source (source-over), zero (destinationOut) or the destination unchanged (destinationIn):
    /// those pixels skip the float work with the same bytes.
    enum OpaqueSource {
        case compute, replaces, clears, keeps
    }

    /// A weight this close to 1 moves a rounded byte by less than 0.01 (255 · 1e-5 · 2).
    static let fullWeight: Float = 0.99999
}
