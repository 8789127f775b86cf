import CNumeric
import LayerLabCore

/// A premultiplied 8-bit RGBA buffer: where layers are drawn and composited.
///
/// Blending computes in `Float` and rounds once per layer, so a single layer is as exact as
/// 8-bit output allows, and fully covered pixels are plain stores.
/// A class so drawing code mutates one buffer in place without copy-on-write checks. It
/// remembers the rectangle drawn into since it was cleared, so offscreen surfaces (group
/// opacity, masks) are cleared and composited only there.
final class Surface {
    let width: Int
    let height: Int
    /// Premultiplied r, g, b, a bytes per pixel, row by row.
    var px: [UInt8]
    /// Pixels drawn into since the last clear: columns `dirtyX0..<dirtyX1`, rows `dirtyY0..<dirtyY1`.
    private(set) var dirtyX0 = Int.max, dirtyX1 = 0, dirtyY0 = Int.max, dirtyY1 = 0
    /// Every pixel is opaque: filled with an opaque colour, and blending over opaque stays
    /// opaque, so the straight-alpha conversion has nothing to do.
    private(set) var opaque = false
    /// The premultiplied background a canvas filled this surface with, if any.
    var background: UInt32?

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        px = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A surface filled with a straight-alpha colour, written once (no zeroing first).
    init(width: Int, height: Int, fill c: Color) {
        self.width = width; self.height = height
        let word = Pixel(premultiplying: c).word
        let n = width * height
        px = [UInt8](unsafeUninitializedCapacity: n * 4) { buf, count in
            UnsafeMutableRawPointer(buf.baseAddress!).bindMemory(to: UInt32.self, capacity: n)
                .initialize(repeating: word, count: n)
            count = n * 4
        }
        dirtyX0 = 0; dirtyX1 = width; dirtyY0 = 0; dirtyY1 = height
        opaque = word >> 24 == 255
    }

    @inline(__always) func markDirty(y: Int, x0: Int, x1: Int) {
        if x0 < dirtyX0 { dirtyX0 = x0 }
        if x1 > dirtyX1 { dirtyX1 = x1 }
        if y < dirtyY0 { dirtyY0 = y }
        if y + 1 > dirtyY1 { dirtyY1 = y + 1 }
    }

    /// Makes every pixel transparent (only the drawn rectangle needs it).
    func clear() {
        guard dirtyX0 < dirtyX1, dirtyY0 < dirtyY1 else { return }
        let w = width, x0 = dirtyX0, x1 = dirtyX1
        px.withUnsafeMutableBufferPointer { p in
            for y in dirtyY0..<dirtyY1 {
                let base = p.baseAddress! + (y * w + x0) * 4
                base.update(repeating: 0, count: (x1 - x0) * 4)
            }
        }
        dirtyX0 = .max; dirtyX1 = 0; dirtyY0 = .max; dirtyY1 = 0
        opaque = false
    }

    /// Fills the rectangle drawn into since the last restore with the premultiplied `word`
    /// (the background), and starts a new drawn rectangle: the whole surface is background
    /// again when it was background outside that rectangle.
    func restore(_ word: UInt32) {
        if dirtyX0 < dirtyX1, dirtyY0 < dirtyY1 {
            let w = width, x0 = dirtyX0, x1 = dirtyX1
            px.withUnsafeMutableBufferPointer { p in
                let words = UnsafeMutableRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in dirtyY0..<dirtyY1 { (words + y * w + x0).update(repeating: word, count: x1 - x0) }
            }
        }
        resetDirty()
    }

    /// Forgets the drawn rectangle (the pixels stay).
    func resetDirty() { dirtyX0 = .max; dirtyX1 = 0; dirtyY0 = .max; dirtyY1 = 0 }

    /// Marks that some pixel may no longer be opaque (an operator that removes coverage ran).
    func markTranslucent() { opaque = false }

    /// Whether anything was drawn since the last clear or restore, and where.
    var drawn: (x0: Int, x1: Int, y0: Int, y1: Int)? {
        dirtyX0 < dirtyX1 && dirtyY0 < dirtyY1 ? (dirtyX0, dirtyX1, dirtyY0, dirtyY1) : nil
    }

    /// Blends premultiplied source pixels given by `shade(x)` (components 0…1) over row `y`,
    /// weighted like `blend`: for paints computed per pixel (gradients, shadows, perspective).
    @inline(__always)
    func blend(y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>, alpha: Float,
               clip: [Float]?, shade: (Int) -> SIMD4<Float>?) {
        guard x1 > x0 else { return }
        markDirty(y: y, x0: x0, x1: x1)
        let w = width
        px.withUnsafeMutableBufferPointer { d in
            for x in x0..<x1 {
                var k = cover[x] * alpha
                if let clip { k *= clip[y * w + x] }
                if k <= 0 { continue }
                guard let s = shade(x) else { continue }
                Surface.over(s, k, d, (y * w + x) * 4)
            }
        }
    }

    /// One premultiplied source pixel over the destination at byte `j`, weighted by `k`:
    /// each channel `Pixel.byte(s · k · 255 + d · (1 − s.a · k))`, the four in one step
    /// (`layerlab_over`, the same float operations in the same order, so the same bytes).
    @inline(__always)
    static func over(_ s: SIMD4<Float>, _ k: Float, _ d: UnsafeMutableBufferPointer<UInt8>, _ j: Int) {
        if s[3] * k <= 0 { return }
        let p = UnsafeMutableRawPointer(d.baseAddress! + j)
        p.storeBytes(of: layerlab_over(p.loadUnaligned(as: UInt32.self), s[0], s[1], s[2], s[3], k), as: UInt32.self)
    }

    /// Blends premultiplied source pixels `source[x]` (components 0…1) over row `y`, weighted
    /// like `blend`: for paints computed per pixel, such as images, shaded a row at a time.
    func blend(y: Int, x0: Int, x1: Int, cover: UnsafeMutableBufferPointer<Float>, alpha: Float,
               clip: [Float]?, source: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        blend(y: y, x0: x0, x1: x1, cover: cover, alpha: alpha, clip: clip) { source[$0] }
    }

    /// Composites `src` over this surface with `opacity`, optionally multiplied by a mask
    /// surface's alpha (mask layers) and a clip coverage buffer, and channel by channel by a
    /// straight `tint` (a replicator copy's colour). Only `src`'s drawn part counts. `additive`
    /// adds `src` to what is beneath instead of covering it (an emitter's renderMode additive).
    func composite(_ src: Surface, opacity: Float, mask: Surface?, clip: [Float]?, tint: Color = .white,
                   additive: Bool = false) {
        guard src.dirtyX0 < src.dirtyX1, src.dirtyY0 < src.dirtyY1 else { return }
        let w = width, x0 = src.dirtyX0, x1 = src.dirtyX1
        let ta = Float(max(0, min(1, tint.a)))
        let t = tint == .white && !additive ? nil : [Float(max(0, min(1, tint.r))) * ta, Float(max(0, min(1, tint.g))) * ta,
                                        Float(max(0, min(1, tint.b))) * ta, ta]
        let o = opacity
        for y in src.dirtyY0..<src.dirtyY1 { markDirty(y: y, x0: x0, x1: x1) }
        // NB: the mask's and the clip's memory taken once, not per pixel (reading a class's
        // array per pixel pays an exclusivity check and a bounds check each time).
        let rows = src.dirtyY0..<src.dirtyY1
        px.withUnsafeMutableBufferPointer { d in
            src.px.withUnsafeBufferPointer { s in
                Surface.withBytes(mask) { m in
                    Surface.withValues(clip) { clip in
                        if let t {
                            Surface.compositeTinted(s, into: d, rows: rows, x0: x0, x1: x1, width: w, opacity: o,
                                                    mask: m, clip: clip, tint: t, additive: additive)
                        } else {
                            Surface.composite(s, into: d, rows: rows, x0: x0, x1: x1, width: w, opacity: o,
                                              mask: m, clip: clip)
                        }
                    }
                }
            }
        }
    }

    /// `body` with a surface's bytes, or nil.
    @inline(__always)
    static func withBytes<R>(_ s: Surface?, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
        guard let s else { return body(nil) }
        return s.px.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// `body` with a coverage buffer's values, or nil.
    @inline(__always)
    static func withValues<R>(_ a: [Float]?, _ body: (UnsafePointer<Float>?) -> R) -> R {
        guard let a else { return body(nil) }
        return a.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// The source-over composite of `s` onto `d` in rows `rows`, columns `x0..<x1`: each pixel
    /// at weight `opacity · mask alpha / 255 · clip`, the pixel read and written as one word
    /// (`compositePixel`).
    @inline(__always)
    static func composite(_ s: UnsafeBufferPointer<UInt8>, into d: UnsafeMutableBufferPointer<UInt8>, rows: Range<Int>,
                          x0: Int, x1: Int, width w: Int, opacity o: Float, mask: UnsafePointer<UInt8>?,
                          clip: UnsafePointer<Float>?) {
        let src = UnsafeRawPointer(s.baseAddress!).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(d.baseAddress!).assumingMemoryBound(to: UInt32.self)
        for y in rows {
            for x in x0..<x1 {
                let i = y * w + x
                let sw = src[i]
                // NB: bytes are in memory order, so alpha is the top byte on a little-endian host.
                if UInt32(littleEndian: sw) >> 24 == 0 { continue }
                var k = o
                if let mask { k *= Float(mask[i * 4 + 3]) * (1 / 255) }
                if let clip { k *= clip[i] }
                if k <= 0 { continue }
                // An opaque source at full weight is the source (see `OpaqueSource`).
                if UInt32(littleEndian: sw) >> 24 == 255 && k >= fullWeight && k <= 1 { dst[i] = sw; continue }
                dst[i] = UInt32(littleEndian: compositePixel(UInt32(littleEndian: dst[i]), UInt32(littleEndian: sw), k))
            }
        }
    }

    /// The premultiplied pixel `src` over `dst` (bytes r, g, b, a from the low byte up) at
    /// weight `k`: each channel `Pixel.byte(s · k + d · (1 − sa · (1/255) · k))`, the products
    /// and sums four lanes at a time (each lane the same float operations in the same order as
    /// one channel alone, so the same bytes).
    @inline(__always)
    static func compositePixel(_ dst: UInt32, _ src: UInt32, _ k: Float) -> UInt32 {
        let inv = 1 - Float(src >> 24) * (1 / 255) * k
        let s = SIMD4<Float>(SIMD4<UInt32>(src, src >> 8, src >> 16, src >> 24) & 0xFF)
        let d = SIMD4<Float>(SIMD4<UInt32>(dst, dst >> 8, dst >> 16, dst >> 24) & 0xFF)
        let v = s * k + d * inv
        return UInt32(Pixel.byte(v[0])) | UInt32(Pixel.byte(v[1])) << 8
            | UInt32(Pixel.byte(v[2])) << 16 | UInt32(Pixel.byte(v[3])) << 24
    }

    /// As `composite`, each channel also weighted by a tint's (premultiplied) channel, or
    /// added to what is beneath.
    static func compositeTinted(_ s: UnsafeBufferPointer<UInt8>, into d: UnsafeMutableBufferPointer<UInt8>,
                                rows: Range<Int>, x0: Int, x1: Int, width w: Int, opacity o: Float,
                                mask: UnsafePointer<UInt8>?, clip: UnsafePointer<Float>?, tint t: [Float],
                                additive: Bool) {
        for y in rows {
            for x in x0..<x1 {
                let i = y * w + x, j = i * 4
                if s[j + 3] == 0 { continue }
                var k = o
                if let mask { k *= Float(mask[j + 3]) * (1 / 255) }
                if let clip { k *= clip[i] }
                if k <= 0 { continue }
                let inv = additive ? 1 : 1 - Float(s[j + 3]) * t[3] * k * (1 / 255)
                for c in 0..<4 { d[j + c] = Pixel.byte(Float(s[j + c]) * t[c] * k + Float(d[j + c]) * inv) }
            }
        }
    }

    /// The surface as straight-alpha bytes. Unless `keep`, takes the pixels: the surface is
    /// empty after. A kept opaque surface shares its storage with the bitmap (copy on write).
    /// Only translucent pixels change, and when the surface was filled with a clear or opaque
    /// `background` and drawn into since, only its drawn rectangle can hold any.
    func bitmap(keep: Bool = false) -> Bitmap {
        var out = px
        if !keep { px = [] }
        if opaque { return Bitmap(width: width, height: height, pixels: out) }
        var rows = 0..<height, cols = 0..<width
        if let word = background, word >> 24 == 0 || word >> 24 == 255 {
            guard let d = drawn else { return Bitmap(width: width, height: height, pixels: out) }
            rows = d.y0..<d.y1; cols = d.x0..<d.x1
        }
        let w = width
        out.withUnsafeMutableBufferPointer { p in
            StraightAlpha.convert(UnsafeMutableRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self),
                                  width: w, rows: rows, cols: cols)
        }
        return Bitmap(width: width, height: height, pixels: out)
    }
}

extension Surface {
    /// As `bitmap(keep: true)`, written over `previous` in place: the bytes of a bitmap of this
    /// surface that differ from its pixels now only inside `changed` (the rectangles drawn and
    /// restored since), so only those rows are copied instead of the whole frame. nil where
    /// `bitmap` would convert outside the drawn rectangle (a translucent background) or not
    /// at all (an opaque surface, whose bitmap shares the pixels).
    func bitmap(over previous: inout [UInt8], changed: (x0: Int, x1: Int, y0: Int, y1: Int)) -> Bitmap? {
        guard !opaque, let word = background, word >> 24 == 0 || word >> 24 == 255, previous.count == px.count,
              let d = drawn else { return nil }
        let x0 = min(changed.x0, d.x0), x1 = max(changed.x1, d.x1)
        let y0 = min(changed.y0, d.y0), y1 = max(changed.y1, d.y1)
        let w = width
        previous.withUnsafeMutableBufferPointer { o in
            px.withUnsafeBufferPointer { p in
                for y in y0..<y1 {
                    (o.baseAddress! + (y * w + x0) * 4).update(from: p.baseAddress! + (y * w + x0) * 4, count: (x1 - x0) * 4)
                }
            }
            StraightAlpha.convert(UnsafeMutableRawPointer(o.baseAddress!).assumingMemoryBound(to: UInt32.self),
                                  width: w, rows: d.y0..<d.y1, cols: d.x0..<d.x1)
        }
        return Bitmap(width: width, height: height, pixels: previous)
    }

    /// The rectangle `bitmap(keep: true)` converted in, when it converted only there and its
    /// bytes are its own (so a later `bitmap(over:changed:)` may start from them).
    var convertedRect: (x0: Int, x1: Int, y0: Int, y1: Int)? {
        guard !opaque, let word = background, word >> 24 == 0 || word >> 24 == 255 else { return nil }
        return drawn
    }
}

/// What covered pixels are painted with. A gradient or another per-pixel paint becomes a
/// case here and a branch in `Surface.blend` (which can shade a span, then weight it).
enum Paint {
    /// One straight-alpha colour, as bytes (alpha goes into the blend weight).
    case solid(ColorBytes)

    struct ColorBytes {
        var r: UInt8, g: UInt8, b: UInt8, a: Double
    }

    /// A solid paint for a colour, components clamped.
    static func color(_ c: Color) -> Paint {
        let b = Bitmap.bytes(Color(c.r, c.g, c.b, 1))
        return .solid(ColorBytes(r: b.0, g: b.1, b: b.2, a: max(0, min(1, c.a))))
    }
}

/// One premultiplied pixel, and rounding to bytes.
struct Pixel {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }

    init(premultiplying c: Color) {
        let a = max(0, min(1, c.a))
        r = Pixel.byte(Float(max(0, min(1, c.r)) * a) * 255)
        g = Pixel.byte(Float(max(0, min(1, c.g)) * a) * 255)
        b = Pixel.byte(Float(max(0, min(1, c.b)) * a) * 255)
        self.a = Pixel.byte(Float(a) * 255)
    }

    /// The four bytes as one word in memory order.
    var word: UInt32 {
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }

    /// 0…255 to a byte, rounding half up; NaN and negatives give 0.
    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        let x = v + 0.5
        return x > 0 ? (x >= 255 ? 255 : UInt8(x)) : 0
    }
}
