#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabRaster

/// The picture formats LayerLab reads, told by their first bytes: a Lottie file's MIME type
/// (`data:image/png`) and a file's extension are often wrong (JPEG bytes under `image/png`).
package enum ImageFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", gif = "GIF"

    /// The format whose signature `data` starts with, or nil.
    package init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// Decodes bytes of this format (a GIF's first frame).
    package func decode(_ data: Data) throws -> Bitmap {
        switch self {
        case .png: return try PNGCodec.decode(data)
        case .jpeg: return try JPEGCodec.decode(data)
        case .gif:
            guard let first = try GIFCodec.decode(data).frames.first else { throw ImagingError("GIF has no frames") }
            return first
        }
    }
}
