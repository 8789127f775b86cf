import CGIF
import Foundation
import LayerLabRaster

/// Animated GIF encoding and decoding through giflib.
///
/// Encoding uses one global palette for the whole sequence (see `PaletteQuantizer`), full
/// frames, and loops forever; the same frames always give the same bytes.
public enum GIFCodec {
    /// A decoded GIF: fully composed frames and their delays in hundredths of a second.
    public struct Animation: Sendable {
        public var frames: [Bitmap]
        public var delays: [Int]
    }

    /// Frame delays in hundredths of a second for `count` frames at `fps`, spread so the
    /// total never drifts (at 30 fps: 3, 4, 3, 3, 4, 3, …); at least 2, as players need.
    public static func delays(count: Int, fps: Double) -> [Int] {
        let f = fps > 0 && fps.isFinite ? fps : 30
        return (0..<max(0, count)).map { i in
            let a = (Double(i) * 100 / f).rounded(), b = (Double(i + 1) * 100 / f).rounded()
            return max(2, Int(b - a))
        }
    }

    /// The frames as an animated GIF at `fps`.
    public static func encode(frames: [Bitmap], fps: Double) throws -> Data {
        try encode(frames: frames, delays: delays(count: frames.count, fps: fps))
    }

    /// The frames as an animated GIF with per-frame delays in hundredths of a second.
    public static func encode(frames: [Bitmap], delays: [Int]) throws -> Data {
        guard let first = frames.first, first.width > 0, first.height > 0 else {
            throw ImagingError("cannot write a GIF without frames")
        }
        guard first.width <= 65535, first.height <= 65535,
              frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw ImagingError("GIF frames must share one size")
        }
        let palette = PaletteQuantizer(frames: frames)
        let sink = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, bytes, length in
            guard let file, let bytes else { return 0 }
            let sink = Unmanaged<ByteSink>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            sink.data.append(bytes, count: Int(length))
            return length
        }, &error) else {
            throw ImagingError("GIF encoding failed: \(describe(error))")
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        EGifSetGifVersion(gif, true)

        var entries = palette.colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        while entries.count < 256 { entries.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        guard let map = GifMakeMapObject(256, &entries) else { throw ImagingError("GIF encoding failed: out of memory") }
        defer { GifFreeMapObject(map) }
        func check(_ r: Int32) throws {
            if r == GIF_ERROR { throw ImagingError("GIF encoding failed: \(describe(gif.pointee.Error))") }
        }
        try check(EGifPutScreenDesc(gif, Int32(first.width), Int32(first.height), 8, 0, map))
        // Loop forever (the NETSCAPE2.0 application extension).
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        var app = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &app))
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop))
        try check(EGifPutExtensionTrailer(gif))

        var line = [GifPixelType](repeating: 0, count: first.width)
        for (n, frame) in frames.enumerated() {
            var gcb = GraphicsControlBlock()
            gcb.DisposalMode = palette.transparentIndex == nil ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND
            gcb.UserInputFlag = false
            gcb.DelayTime = Int32(min(65535, max(0, n < delays.count ? delays[n] : 10)))
            gcb.TransparentColor = Int32(palette.transparentIndex ?? Int(NO_TRANSPARENT_COLOR))
            var ext = [GifByteType](repeating: 0, count: 4)
            _ = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &ext))
            try check(EGifPutImageDesc(gif, 0, 0, Int32(frame.width), Int32(frame.height), false, nil))
            try frame.pixels.withUnsafeBufferPointer { p in
                for y in 0..<frame.height {
                    for x in 0..<frame.width {
                        let i = (y * frame.width + x) * 4
                        line[x] = palette.index(p[i], p[i + 1], p[i + 2], p[i + 3])
                    }
                    try check(EGifPutLine(gif, &line, Int32(frame.width)))
                }
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) != GIF_ERROR else {
            throw ImagingError("GIF encoding failed: \(describe(error))")
        }
        return sink.data
    }

    /// Decodes a GIF into composed RGBA frames.
    public static func decode(_ data: Data) throws -> Animation {
        let source = ByteSource(data)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { file, bytes, length in
            guard let file, let bytes else { return 0 }
            let src = Unmanaged<ByteSource>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            return src.read(into: bytes, count: Int(length))
        }, &error) else {
            throw ImagingError("not a readable GIF: \(describe(error))")
        }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) != GIF_ERROR else {
            throw ImagingError("broken GIF: \(describe(gif.pointee.Error))")
        }
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        guard w > 0, h > 0, w <= Rasterizer.maxDimension, h <= Rasterizer.maxDimension else {
            throw ImagingError("GIF too large: \(w)x\(h)")
        }
        var canvas = Bitmap(width: w, height: h)
        var result = Animation(frames: [], delays: [])
        for n in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[n]
            var gcb = GraphicsControlBlock()
            gcb.TransparentColor = Int32(NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(gif, Int32(n), &gcb)
            guard let map = image.ImageDesc.ColorMap ?? gif.pointee.SColorMap else { continue }
            let d = image.ImageDesc
            let left = Int(d.Left), top = Int(d.Top), iw = Int(d.Width), ih = Int(d.Height)
            let before = canvas
            for y in 0..<ih {
                for x in 0..<iw {
                    let idx = Int(image.RasterBits[y * iw + x])
                    if idx == Int(gcb.TransparentColor) || idx >= Int(map.pointee.ColorCount) { continue }
                    let c = map.pointee.Colors[idx]
                    let px = left + x, py = top + y
                    guard px < w, py < h else { continue }
                    let i = (py * w + px) * 4
                    canvas.pixels[i] = c.Red; canvas.pixels[i + 1] = c.Green
                    canvas.pixels[i + 2] = c.Blue; canvas.pixels[i + 3] = 255
                }
            }
            result.frames.append(canvas)
            result.delays.append(Int(gcb.DelayTime))
            switch gcb.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in top..<min(h, top + ih) {
                    for x in left..<min(w, left + iw) {
                        let i = (y * w + x) * 4
                        canvas.pixels[i] = 0; canvas.pixels[i + 1] = 0; canvas.pixels[i + 2] = 0; canvas.pixels[i + 3] = 0
                    }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default:
                break
            }
        }
        return result
    }

    /// Writes frames as a GIF file at `fps`, atomically.
    public static func write(frames: [Bitmap], fps: Double, to path: String) throws {
        let data = try encode(frames: frames, fps: fps)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ImagingError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    private static func describe(_ code: Int32) -> String {
        if let s = GifErrorString(code) { return String(cString: s) }
        return "error \(code)"
    }

    private final class ByteSink {
        var data = Data()
    }

    private final class ByteSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }

        func read(into out: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
            let n = max(0, min(count, bytes.count - offset))
            bytes.withUnsafeBufferPointer { b in
                if n > 0 { out.update(from: b.baseAddress! + offset, count: n) }
            }
            offset += n
            return Int32(n)
        }
    }
}
