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
    /// `whole`, also where `s` is clear.
    @inline(__always)
    private static func composite(_ s: UnsafeBufferPointer<UInt8>, into d: UnsafeMutableBufferPointer<UInt8>,
                                  region: (x0: Int, x1: Int, y0: Int, y1: Int), width w: Int, opacity o: Float,
                                  mask: UnsafePointer<UInt8>?, maskMode: MaskMode, clip: UnsafePointer<Float>?,
                                  blend: BlendMode, whole: Bool) {
        for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
                let i = y * w + x, j = i * 4
                if s[j + 3] == 0 && !whole { continue }
                let k = clip?[i] ?? 1
                if k <= 0 { continue }
                var so = o
                if let mask {
                    so *= BlendMath.maskFactor(r: mask[j], g: mask[j + 1], b: mask[j + 2], a: mask[j + 3], mode: maskMode)
                }
                let sp = SIMD4(Float(s[j]), Float(s[j + 1]), Float(s[j + 2]), Float(s[j + 3])) * (so / 255)
                let dp = SIMD4(Float(d[j]), Float(d[j + 1]), Float(d[j + 2]), Float(d[j + 3])) * (1 / 255)
                let r = BlendMath.composite(sp, dp, blend)
                let out = (dp + (r - dp) * k) * 255
                for c in 0..<4 { d[j + c] = Pixel.byte(out[c]) }
            }
        }
    }
}
