import CGIF
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabRaster

/// Animated GIF encoding (written here, `GIFLZW`) and decoding (through giflib).
///
/// Encoding uses one global palette for the whole sequence (see `PaletteQuantizer`), stores
/// each frame as the rectangle that changed, and loops forever; the same frames always give
/// the same bytes.
package enum GIFCodec {
    /// A decoded GIF: fully composed frames and their delays in hundredths of a second.
    package struct Animation: Sendable {
        package var frames: [Bitmap]
        package var delays: [Int]
    }

    /// Frame delays in hundredths of a second for `count` frames at `fps`, spread so the
    /// total never drifts (at 30 fps: 3, 4, 3, 3, 4, 3, …); at least 2, as players need.
    package static func delays(count: Int, fps: Double) -> [Int] {
        let f = fps > 0 && fps.isFinite ? fps : 30
        return (0..<max(0, count)).map { i in
            let a = (Double(i) * 100 / f).rounded(), b = (Double(i + 1) * 100 / f).rounded()
            return max(2, Int(b - a))
        }
    }

    /// The frames as an animated GIF at `fps`.
    package static func encode(frames: [Bitmap], fps: Double) throws -> Data {
        try encode(frames: frames, delays: delays(count: frames.count, fps: fps))
    }

    /// The frames as an animated GIF with per-frame delays in hundredths of a second.
    package static func encode(frames: [Bitmap], delays: [Int]) throws -> Data {
        guard let first = frames.first, first.width > 0, first.height > 0 else {
            throw ImagingError("cannot write a GIF without frames")
        }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw ImagingError("GIF frames must share one size")
        }
        var data = Data()
        let writer = try StreamWriter(width: first.width, height: first.height,
                                      palette: PaletteQuantizer(frames: frames)) { bytes in
            data.append(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        for (n, frame) in frames.enumerated() { try writer.append(frame, delay: n < delays.count ? delays[n] : 10) }
        try writer.finish()
        return data
    }

    /// Thrown by `stream` when `isCancelled` says so.
    package struct Cancelled: Error {}

    /// Streams an animated GIF of `count` frames into the file descriptor `fd`, frame by frame:
    /// the palette comes from every `sampleEvery`-th frame, then each frame is drawn, encoded
    /// and dropped, so memory stays flat however many frames there are. `render(n)` draws
    /// frame n (called again for sampled frames); `isCancelled` is asked before each frame
    /// and stops the export with `Cancelled`; `progress(done)` follows the encoding pass.
    /// `reserveTransparent` keeps a transparent index when transparency may appear in frames
    /// the sample skipped (a canvas background that is not opaque).
    package static func stream(count: Int, fps: Double, width: Int, height: Int, sampleEvery: Int,
                              reserveTransparent: Bool, to fd: Int32,
                              render: @escaping (Int) -> Bitmap, isCancelled: () -> Bool = { false },
                              progress: (Int) -> Void = { _ in }) throws {
        guard count > 0, width > 0, height > 0 else { throw ImagingError("cannot write a GIF without frames") }
        var histogram = PaletteQuantizer.Histogram()
        // Frames are drawn on a second thread, in order, while this one encodes: first the
        // sample, then every frame, mapped to the palette on that thread too (compressing is
        // the longer half; the map is a tenth of an export).
        let samples = Array(stride(from: 0, to: count, by: max(1, sampleEvery)))
        let sampling = FramePipeline(frames: samples, render: render)
        defer { sampling.finish() }
        for _ in samples {
            if isCancelled() { throw Cancelled() }
            histogram.add(sampling.next()!)
        }
        sampling.finish()  // `render` is the second pipeline's from here on
        let palette = PaletteQuantizer(histogram, reserveTransparent: reserveTransparent)
        let delays = delays(count: count, fps: fps)
        let writer = try StreamWriter(width: width, height: height, palette: palette) { bytes in
            try ProjectStore.writeAll(fd, bytes)
        }
        let pipeline = FramePipeline(frames: Array(0..<count)) { n in palette.indices(of: render(n)) }
        defer { pipeline.finish() }
        for n in 0..<count {
            if isCancelled() { throw Cancelled() }
            try writer.append(indices: pipeline.next()!, delay: delays[n])
            progress(n + 1)
        }
        try writer.finish()
    }

    /// Writes a GIF89a with one global palette, looping forever, through `output`: the
    /// header, each frame's graphic control extension and image descriptor, and its pixels
    /// compressed by `GIFLZW`, one `output` call a frame. (giflib still decodes.)
    final class StreamWriter {
        private let palette: PaletteQuantizer
        private let width: Int, height: Int
        private let output: (UnsafeRawBufferPointer) throws -> Void
        private var finished = false
        /// The frame before, as palette indices (empty before the first), and this one.
        private var previous: [UInt8] = []
        private var indices: [UInt8] = []
        private var lzw = GIFLZW()
        /// The bytes being written (reused from frame to frame).
        private var bytes: [UInt8] = []

        init(width: Int, height: Int, palette: PaletteQuantizer,
             output: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
            guard width > 0, height > 0, width <= 65535, height <= 65535 else {
                throw ImagingError("GIF size \(width)x\(height) is out of range")
            }
            self.width = width; self.height = height; self.palette = palette; self.output = output
            bytes.append(contentsOf: Array("GIF89a".utf8))
            // Logical screen: the size; a global table of 256 colours, 8 bits a primary.
            put16(width); put16(height)
            bytes.append(contentsOf: [0xF7, 0, 0])
            for i in 0..<256 {
                let c = i < palette.colors.count ? palette.colors[i] : (0, 0, 0)
                bytes.append(contentsOf: [c.0, c.1, c.2])
            }
            // Loop forever (the NETSCAPE2.0 application extension).
            bytes.append(contentsOf: [0x21, 0xFF, 11])
            bytes.append(contentsOf: Array("NETSCAPE2.0".utf8))
            bytes.append(contentsOf: [3, 1, 0, 0, 0])
            try flush()
        }

        private func put16(_ v: Int) { bytes.append(UInt8(v & 0xFF)); bytes.append(UInt8(v >> 8 & 0xFF)) }

        private func flush() throws {
            try bytes.withUnsafeBytes { try output($0) }
            bytes.removeAll(keepingCapacity: true)
        }

        /// Encodes one frame (its size must be the writer's) shown for `delay` hundredths.
        func append(_ frame: Bitmap, delay: Int) throws {
            guard frame.width == width, frame.height == height else { throw ImagingError("GIF frames must share one size") }
            try append(indices: palette.indices(of: frame), delay: delay)
        }

        /// Encodes one frame given as its palette indices (`PaletteQuantizer.indices(of:)`).
        func append(indices frame: [UInt8], delay: Int) throws {
            guard !finished else { throw ImagingError("GIF already finished") }
            guard frame.count == width * height else { throw ImagingError("GIF frames must share one size") }
            indices = frame
            // With no transparency each frame is drawn over the one before, so only the
            // rectangle that changed is stored: the same pictures, less to compress.
            var rect = (x: 0, y: 0, width: width, height: height)
            let delta = palette.transparentIndex == nil && previous.count == indices.count
            if delta { rect = GIFCodec.changedRect(previous, indices, width: width, height: height) }
            // Graphic control: disposal (1 keep, 2 clear to the background), the delay, and
            // the transparent index when there is one (255 when not, ignored, as giflib wrote
            // it: the file is the one giflib's encoder made, byte for byte).
            let transparent = palette.transparentIndex
            let d = min(65535, max(0, delay))
            bytes.append(contentsOf: [0x21, 0xF9, 4, transparent == nil ? 1 << 2 : 2 << 2 | 1,
                                      UInt8(d & 0xFF), UInt8(d >> 8), UInt8(truncatingIfNeeded: transparent ?? 255), 0])
            // Image descriptor: where the rectangle sits; no local table, not interlaced.
            bytes.append(0x2C)
            put16(rect.x); put16(rect.y); put16(rect.width); put16(rect.height)
            bytes.append(0)
            var all = bytes
            bytes = []
            indices.withUnsafeBufferPointer { p in
                lzw.compress(p.baseAddress! + rect.y * width + rect.x, width: rect.width, height: rect.height,
                             stride: width, into: &all)
            }
            bytes = all
            try flush()
            if palette.transparentIndex == nil { swap(&previous, &indices) }
        }

        /// Writes the trailer.
        func finish() throws {
            guard !finished else { return }
            finished = true
            bytes.append(0x3B)
            try flush()
        }
    }

    /// The smallest rectangle holding every index that differs between two frames (one
    /// pixel when none does: a frame still needs an image).
    static func changedRect(_ a: [GifPixelType], _ b: [GifPixelType], width: Int,
                            height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        var x0 = width, x1 = 0, y0 = height, y1 = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * width
                    // Whole rows first, eight bytes at a time.
                    var x = 0
                    let ra = UnsafeRawPointer(a.baseAddress! + row), rb = UnsafeRawPointer(b.baseAddress! + row)
                    while x + 8 <= width && ra.loadUnaligned(fromByteOffset: x, as: UInt64.self)
                        == rb.loadUnaligned(fromByteOffset: x, as: UInt64.self) { x += 8 }
                    while x < width && a[row + x] == b[row + x] { x += 1 }
                    if x == width { continue }
                    var last = width - 1
                    while last > x && a[row + last] == b[row + last] { last -= 1 }
                    x0 = min(x0, x); x1 = max(x1, last + 1)
                    y0 = min(y0, y); y1 = y + 1
                }
            }
        }
        guard x0 < x1 else { return (0, 0, 1, 1) }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Decodes a GIF into composed RGBA frames.
    package static func decode(_ data: Data) throws -> Animation {
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
    package static func write(frames: [Bitmap], fps: Double, to path: String) throws {
        let data = try encode(frames: frames, fps: fps)
        do {
            try writeReplacing(data, to: path)
        } catch {
            throw ImagingError(writing: path, error)
        }
    }

    static func describe(_ code: Int32) -> String {
        if let s = GifErrorString(code) { return String(cString: s) }
        return "error \(code)"
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
