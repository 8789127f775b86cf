/// Frames in the kitty graphics protocol: the pixels sent as base64 in chunks of at most 4096
/// bytes (`m=1` on every chunk but the last), under an image id so the next frame with the same
/// id replaces this one where it stands, with no scrolling and no flicker.
///
/// Each frame is `a=T` (transmit and show) with `q=2` (the terminal answers nothing, so no reply
/// can land in the input), `C=1` (the cursor stays where it is), a fixed placement id, and the
/// size in cells (`c=`, `r=`) when the picture must be stretched over the cells laid out for it
/// (a frame drawn below full size while playing); a frame at full size goes without them and is
/// shown pixel for pixel, as drawn.
/// Opaque frames go as 24-bit RGB (`f=24`), others as RGBA (`f=32`). Given a zlib compressor
/// the pixels go compressed (`o=z`): a frame of flat colours and soft edges shrinks tenfold or
/// more, and base64 of a raw frame (a megabyte at 576x480) is what made playback crawl.
package enum KittyEncoder {
    /// The largest base64 payload of one escape sequence, as the protocol asks.
    package static let chunkSize = 4096

    /// Compresses bytes in the zlib format (RFC 1950); nil when it cannot. Supplied by the
    /// front end, which links zlib (this module stays free of C libraries).
    package typealias Deflate = @Sendable ([UInt8]) -> [UInt8]?

    /// Appends the escape sequences that show `bitmap` under `imageID` at the cursor, stretched
    /// over `columns` x `rows` cells when `stretch` (else at its own pixel size), compressed with
    /// `deflate` when given and smaller.
    package static func write(_ bitmap: Bitmap, imageID: Int, columns: Int, rows: Int, stretch: Bool = true,
                             deflate: Deflate? = nil, into out: inout [UInt8]) {
        let opaque = isOpaque(bitmap)
        var raw: [UInt8] = opaque ? rgb(bitmap) : bitmap.pixels
        var compressed = false
        if let deflate, let z = deflate(raw), z.count < raw.count {
            raw = z
            compressed = true
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(Base64.encodedCount(raw.count))
        Base64.append(raw, to: &payload)
        let head = "a=T,f=\(opaque ? 24 : 32),\(compressed ? "o=z," : "")s=\(bitmap.width),v=\(bitmap.height),i=\(imageID),p=1,\(stretch ? "c=\(max(1, columns)),r=\(max(1, rows))," : "")C=1,q=2"
        out.reserveCapacity(out.count + payload.count + payload.count / chunkSize * 16 + 96)
        var start = 0
        repeat {
            let end = min(payload.count, start + chunkSize)
            out += [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
            if start == 0 { out += head.utf8; out.append(UInt8(ascii: ",")) }
            out += (end < payload.count ? "m=1;" : "m=0;").utf8
            out += payload[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < payload.count
    }

    /// Deletes the image `imageID` and its placements (`a=d,d=I`), freeing the terminal's copy.
    package static func delete(imageID: Int) -> String { "\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\" }

    /// The pixels without their alpha bytes (an opaque frame as `f=24` wants it).
    static func rgb(_ bitmap: Bitmap) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bitmap.width * bitmap.height * 3) { buf, count in
            bitmap.pixels.withUnsafeBufferPointer { p in
                var j = 0
                for i in stride(from: 0, to: p.count, by: 4) {
                    buf[j] = p[i]; buf[j + 1] = p[i + 1]; buf[j + 2] = p[i + 2]
                    j += 3
                }
            }
            count = bitmap.width * bitmap.height * 3
        }
    }

    /// True when every pixel is fully opaque.
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
