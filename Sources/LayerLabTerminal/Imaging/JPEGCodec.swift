import CJPEG
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabRaster

/// JPEG decoding through libjpeg (libjpeg-turbo): Lottie files embed photographs as
/// `data:image/jpeg` and keep `.jpg` files beside them. Decoding only; LayerLab writes PNG.
package enum JPEGCodec {
    /// Decodes JPEG bytes (baseline or progressive; greyscale, YCbCr or CMYK) into opaque RGBA.
    /// A file cut short decodes with what is missing filled in, as players show it.
    package static func decode(_ data: Data) throws -> Bitmap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBytes { buf in
            layerlab_jpeg_decode(buf.bindMemory(to: UInt8.self).baseAddress, UInt(buf.count),
                                 Int32(Rasterizer.maxDimension), &pixels, &width, &height, &message, message.count)
        }
        defer { free(pixels) }
        switch status {
        case 0: break
        case 2: throw ImagingError("JPEG too large: \(width)x\(height)")
        case 3: throw ImagingError("JPEG too large: out of memory")
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImagingError("not a readable JPEG: \(text.isEmpty ? "unknown error" : text)")
        }
        guard let pixels else { throw ImagingError("not a readable JPEG: no image") }
        let w = Int(width), h = Int(height)
        return Bitmap(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)))
    }
}
