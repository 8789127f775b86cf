import CZlib

/// zlib's inflate over raw deflate data (no zlib or gzip wrapper, as zip stores it), and its
/// CRC-32. zlib is already linked for libpng, so reading dotLottie adds no library.
enum Inflate {
    /// Inflates `input` to exactly `expectedSize` bytes. Output past that size stops the
    /// inflate at once, so an entry that lies about its size cannot grow without bound.
    static func raw(_ input: ArraySlice<UInt8>, expectedSize: Int, name: String) throws(ZipError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expectedSize + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt(name, "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var input = Array(input)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf in
                // zlib's counts are 32-bit; the limits keep every entry far below that.
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch status {
        case Z_STREAM_END where produced == expectedSize:
            out.removeLast()
            return out
        case _ where produced > expectedSize:
            throw .corrupt(name, "it inflates to more than the \(expectedSize) bytes the directory says")
        case Z_STREAM_END:
            throw .corrupt(name, "it inflates to \(produced) bytes, not the \(expectedSize) the directory says")
        case Z_BUF_ERROR:
            throw .corrupt(name, "the compressed data ends early")
        default:
            let why = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw .corrupt(name, "the compressed data is invalid (\(why))")
        }
    }

    /// The CRC-32 zip records for each entry.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in
            // zlib takes a 32-bit length; feed it in pieces to stay correct for any size.
            var crc: uLong = CZlib.crc32(0, nil, 0)
            var offset = 0
            while offset < b.count {
                let n = min(b.count - offset, 1 << 30)
                crc = CZlib.crc32(crc, b.baseAddress! + offset, uInt(n))
                offset += n
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
