import CPNG
import CZlib
import Foundation
import LayerLabCore
import LayerLabRaster
import TestSupport
import Testing
@testable import LayerLabTerminal

/// LayerLab writes PNG files itself (row filters in Swift, zlib's deflate); libpng, the peer,
/// reads them back and writes the same images its own way for comparison.
@Suite struct PNGWriterTests {
    /// Bitmaps that exercise every filter: flat fills, gradients, noise, translucent edges,
    /// widths that are not a multiple of the sixteen-byte step, one pixel, and an image whose
    /// compressed data spans several of zlib's output buffers.
    static func samples() -> [Bitmap] {
        var random = SplitMix64(seed: 0x504E47)
        func bitmap(_ w: Int, _ h: Int, _ pixel: (Int, Int, Int) -> UInt8) -> Bitmap {
            var px = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h { for x in 0..<w { for k in 0..<4 { px[(y * w + x) * 4 + k] = pixel(x, y, k) } } }
            return Bitmap(width: w, height: h, pixels: px)
        }
        let noise = bitmap(37, 23) { _, _, _ in UInt8.random(in: 0...255, using: &random) }
        // Compressed larger than the 64 KB zlib writes at a time.
        let bigNoise = bitmap(190, 120) { _, _, _ in UInt8.random(in: 0...255, using: &random) }
        let gradient = bitmap(200, 150) { x, y, k in k == 3 ? 255 : UInt8((x * (k + 1) + y * 3) % 256) }
        let edges = bitmap(61, 40) { x, y, k in
            let inside = (x - 30) * (x - 30) + (y - 20) * (y - 20) < 300
            return k == 3 ? (inside ? 255 : UInt8(max(0, 255 - abs(x - 30) * 9))) : UInt8((x * 7 + k * 50) % 256)
        }
        let flat = Bitmap(width: 40, height: 9, fill: Color(0.2, 0.4, 0.6, 0.5))
        let speckled = bitmap(100, 30) { x, y, k in (x + y) % 7 == 0 ? UInt8.random(in: 0...255, using: &random) : UInt8(k * 60) }
        return [noise, gradient, edges, flat, speckled, bigNoise, Bitmap(width: 1, height: 1, fill: .white), Bitmap(width: 3, height: 1)]
    }

    @Test func writtenFilesDecodeToTheSameBitmap() throws {
        for bitmap in Self.samples() {
            let data = try PNGCodec.encode(bitmap)
            #expect(try PNGCodec.decode(data) == bitmap, "\(bitmap.width)x\(bitmap.height)")
        }
    }

    /// The rows carry the filters libpng's writer chooses, so the files are as small as its.
    @Test func rowsAreFilteredAsLibpngFiltersThem() throws {
        for bitmap in Self.samples() {
            let ours = try PNGCodec.encode(bitmap), theirs = try libpngEncode(bitmap)
            let ourRows = try #require(imageData(ours)), theirRows = try #require(imageData(theirs))
            #expect(ourRows == theirRows, "\(bitmap.width)x\(bitmap.height): filtered rows differ")
            // libpng splits the image data into 8 KB chunks (12 bytes each) and narrows zlib's
            // window for small images; the compressed data is otherwise the same.
            #expect(abs(ours.count - theirs.count) <= 12 * (theirs.count / 8192 + 1) + 16,
                    "\(bitmap.width)x\(bitmap.height): \(ours.count) bytes against libpng's \(theirs.count)")
        }
    }

    @Test func chunksAreWellFormedAndCarryTheSRGBIntent() throws {
        let data = [UInt8](try PNGCodec.encode(Self.samples()[2]))
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var i = 8, types: [String] = []
        while i + 12 <= data.count {
            let n = data[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let body = Array(data[i + 4..<i + 8 + n])
            let crc = data[i + 8 + n..<i + 12 + n].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(UInt32(CZlib.crc32(0, body, uInt(body.count))) == crc, "CRC of \(String(decoding: body.prefix(4), as: UTF8.self))")
            types.append(String(decoding: body.prefix(4), as: UTF8.self))
            i += 12 + n
        }
        #expect(types == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(i == data.count)
    }

    @Test func theSameBitmapGivesTheSameBytes() throws {
        let bitmap = Self.samples()[0]
        #expect(try PNGCodec.encode(bitmap) == PNGCodec.encode(bitmap))
    }

    /// The bitmap written by libpng's simplified writer.
    func libpngEncode(_ bitmap: Bitmap) throws -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var size: png_alloc_size_t = 0
        _ = bitmap.pixels.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = Data(count: Int(size))
        let ok = out.withUnsafeMutableBytes { buf in
            bitmap.pixels.withUnsafeBytes { png_image_write_to_memory(&image, buf.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        try #require(ok != 0, "libpng could not write the bitmap")
        out.count = Int(size)
        return out
    }

    /// The IDAT chunks joined and inflated: the filtered rows.
    func imageData(_ png: Data) -> [UInt8]? {
        let bytes = [UInt8](png)
        var i = 8, compressed: [UInt8] = []
        while i + 12 <= bytes.count {
            let n = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[i + 4..<i + 8].elementsEqual("IDAT".utf8) { compressed += bytes[i + 8..<i + 8 + n] }
            i += 12 + n
        }
        var capacity = uLong(1 << 22)
        var out = [UInt8](repeating: 0, count: Int(capacity))
        guard uncompress(&out, &capacity, compressed, uLong(compressed.count)) == Z_OK else { return nil }
        return Array(out.prefix(Int(capacity)))
    }
}
