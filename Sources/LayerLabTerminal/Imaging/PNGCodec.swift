import CPNG
import CZlib
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabRaster

/// PNG encoding and decoding: 8-bit straight RGBA, read through libpng's simplified API and
/// written here with zlib.
///
/// Output carries no timestamps, so the same bitmap always gives the same bytes.
package enum PNGCodec {
    /// PNG_FORMAT_RGBA: colour and alpha flags (a macro Swift cannot import).
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The bitmap as PNG bytes: IHDR, sRGB, one IDAT, IEND.
    ///
    /// Written here rather than through libpng's writer, which spends most of an export's time
    /// choosing row filters a byte at a time (docs/performance.md): the rows get the same
    /// filters (`PNGRowFilter`) and zlib the same settings, so the files are as small.
    package static func encode(_ bitmap: Bitmap) throws -> Data {
        guard bitmap.width > 0, bitmap.height > 0 else { throw ImagingError("cannot write an empty PNG") }
        guard let compressed = imageData(bitmap) else { throw ImagingError("PNG encoding failed: zlib refused the rows") }
        var out = Data(capacity: compressed.count + 64)
        out.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = bigEndian(UInt32(bitmap.width)) + bigEndian(UInt32(bitmap.height))
        header += [8, 6, 0, 0, 0]  // 8 bits a sample, RGBA, deflate, adaptive filters, not interlaced
        appendChunk("IHDR", header, to: &out)
        appendChunk("sRGB", [0], to: &out)  // sRGB, perceptual intent: what the pixels are
        appendChunk("IDAT", compressed, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The filtered rows as one zlib stream at zlib's default level with the strategy meant for
    /// filtered data, the settings libpng uses; each row deflated as it is filtered, so
    /// only the compressed image is held beside the bitmap.
    private static func imageData(_ bitmap: Bitmap) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS, 8, Z_FILTERED,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var out: [UInt8] = []
        // Left unwritten: only what zlib writes is read, and a zeroed buffer would touch (and
        // make the kernel map) sixteen pages a small image never fills.
        var chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { _, count in count = 1 << 16 }
        let finished = bitmap.pixels.withUnsafeBufferPointer { pixels in
            PNGRowFilter.forEachFilteredRow(pixels, width: bitmap.width, height: bitmap.height) { row, isLast in
                stream.next_in = UnsafeMutablePointer(mutating: row.baseAddress)
                stream.avail_in = uInt(row.count)
                // Until zlib has taken the row (and, after the last, written everything).
                while true {
                    let status = chunk.withUnsafeMutableBufferPointer { dst in
                        stream.next_out = dst.baseAddress
                        stream.avail_out = uInt(dst.count)
                        return deflate(&stream, isLast ? Z_FINISH : Z_NO_FLUSH)
                    }
                    out.append(contentsOf: chunk[..<(chunk.count - Int(stream.avail_out))])
                    if status == Z_STREAM_END { return true }
                    guard status == Z_OK || status == Z_BUF_ERROR else { return false }
                    // Room left over: zlib took all it could.
                    if stream.avail_out > 0 {
                        if !isLast { return stream.avail_in == 0 }
                        if status == Z_BUF_ERROR { return false }
                    }
                }
            }
        }
        return finished ? out : nil
    }

    /// A chunk: length, type, data and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout Data) {
        let typeBytes = Array(type.utf8)
        out.append(contentsOf: bigEndian(UInt32(data.count)))
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: data)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        out.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: crc)))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
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
