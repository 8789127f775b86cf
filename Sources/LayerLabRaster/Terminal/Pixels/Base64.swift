/// Standard base64 (RFC 4648, with padding), appended straight into a byte buffer: the kitty
/// and iTerm2 image protocols carry their pixels this way, megabytes a frame, so no text is
/// built on the way.
package enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoded length of `count` bytes.
    package static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the encoding of `bytes` to `out`.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let n = bytes.count
        let start = out.count
        let size = encodedCount(n)
        out.append(contentsOf: repeatElement(0, count: size))
        alphabet.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                var j = start, i = 0
                while i + 3 <= n {
                    let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                    o[j] = a[Int(v >> 18)]; o[j + 1] = a[Int(v >> 12 & 63)]
                    o[j + 2] = a[Int(v >> 6 & 63)]; o[j + 3] = a[Int(v & 63)]
                    i += 3; j += 4
                }
                if i < n {
                    let b1 = i + 1 < n ? UInt32(bytes[i + 1]) : 0
                    let v = UInt32(bytes[i]) << 16 | b1 << 8
                    o[j] = a[Int(v >> 18)]; o[j + 1] = a[Int(v >> 12 & 63)]
                    o[j + 2] = i + 1 < n ? a[Int(v >> 6 & 63)] : UInt8(ascii: "=")
                    o[j + 3] = UInt8(ascii: "=")
                }
            }
        }
    }

    package static func append(_ bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, to: &out) }
    }

    /// The bytes `text` encodes; nil when it is not base64 (padding only at the end).
    package static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var acc: UInt32 = 0, bits = 0, padding = 0
        for ch in text {
            let v: UInt32
            switch ch {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(ch - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(ch - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(ch - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            case UInt8(ascii: "="): padding += 1; continue
            default: return nil
            }
            if padding > 0 { return nil }
            acc = acc << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(acc >> UInt32(bits) & 0xFF))
            }
        }
        return (text.count % 4 == 0 && padding <= 2) ? out : nil
    }
}
