import CZlib

/// zlib's `compress2` at its fastest level, for kitty frames sent compressed (`o=z`): a frame
/// is compressed 30 times a second while playing, where level 1 already takes most of the
/// gain (flat fills and smooth gradients) at a fraction of the default level's time.
enum ZlibDeflate {
    /// `bytes` in the zlib format (RFC 1950); nil when zlib fails.
    @Sendable static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                compress2(dst.baseAddress, &size, src.baseAddress, uLong(src.count), 1)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeSubrange(Int(size)...)
        return out
    }
}
