import CPNG
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabRaster

/// PNG encoding and decoding through libpng's simplified API: 8-bit straight RGBA.
///
/// Output carries no timestamps, so the same bitmap always gives the same bytes.
package enum PNGCodec {
    /// PNG_FORMAT_RGBA: colour and alpha flags (a macro Swift cannot import).
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The bitmap as PNG bytes.
    package static func encode(_ bitmap: Bitmap) throws -> Data {
        guard bitmap.width > 0, bitmap.height > 0 else { throw ImagingError("cannot write an empty PNG") }
        // One pass into a buffer that always suffices: asking libpng for the size first
        // compresses the image twice. Rows of filter byte + RGBA, as stored deflate blocks at
        // worst (5 bytes a 16 KB block), in IDAT chunks (12 bytes a chunk of at least 8 KB),
        // and the fixed chunks.
        // (Should it not, libpng says how much it needs and the second try fits.)
        let raw = bitmap.height * (1 + 4 * bitmap.width)
        let first = try write(bitmap, capacity: raw + raw / 1024 + 4096)
        if let data = first.data { return data }
        if let data = try write(bitmap, capacity: first.needed).data { return data }
        throw ImagingError("PNG encoding failed: the image did not fit the buffer")
    }

    /// The bitmap as PNG bytes written into `capacity` bytes, or nil and the bytes it needs.
    private static func write(_ bitmap: Bitmap, capacity: Int) throws -> (data: Data?, needed: Int) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = rgba
        var size = png_alloc_size_t(capacity)
        var out = Data(count: capacity)
        let ok = out.withUnsafeMutableBytes { buf in
            bitmap.pixels.withUnsafeBytes { px in
                png_image_write_to_memory(&image, buf.baseAddress, &size, 0, px.baseAddress, 0, nil)
            }
        }
        // A buffer too small fails with no error and the size it needs.
        if ok == 0 {
            if image.warning_or_error & 3 >= 2 || Int(size) <= capacity {
                throw ImagingError("PNG encoding failed: \(message(&image))")
            }
            return (nil, Int(size))
        }
        out.count = Int(size)
        return (out, Int(size))
    }

    /// Decodes PNG bytes of any colour type into straight RGBA.
    package static func decode(_ data: Data) throws -> Bitmap {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { buf in
            png_image_begin_read_from_memory(&image, buf.baseAddress, buf.count)
        }
        guard began != 0 else { throw ImagingError("not a readable PNG: \(message(&image))") }
        defer { png_image_free(&image) }
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= Rasterizer.maxDimension, h <= Rasterizer.maxDimension else {
            throw ImagingError("PNG too large: \(w)x\(h)")
        }
        image.format = rgba
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let ok = pixels.withUnsafeMutableBytes { px in
            png_image_finish_read(&image, nil, px.baseAddress, 0, nil)
        }
        guard ok != 0 else { throw ImagingError("broken PNG: \(message(&image))") }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// Writes the bitmap as a PNG file, atomically.
    package static func write(_ bitmap: Bitmap, to path: String) throws {
        let data = try encode(bitmap)
        do {
            try writeReplacing(data, to: path)
        } catch {
            throw ImagingError(writing: path, error)
        }
    }

    /// Reads a PNG file.
    package static func read(_ path: String) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError("cannot read \(path)")
        }
        return try decode(data)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
