/// GIF's variable-length LZW compression of 8-bit palette indices, written as the data
/// sub-blocks of an image (the minimum code size byte, blocks of at most 255 bytes, the empty
/// block that ends them).
///
/// Codes start at 9 bits (256 indices, the clear code 256, the end code 257) and grow to 12;
/// when all 4,096 codes are taken the table is cleared and starts again. A code grows one bit
/// as soon as the next free code no longer fits: the decoder adds each entry one code later
/// than the encoder, and this keeps both reading the same widths (the rule every GIF decoder
/// follows, with no "early change").
///
/// The string table is an open-addressed hash of 16,384 words (64 KB, in the processor's
/// near caches), each the string's key (its prefix code and last index) above its code, found
/// by a multiplicative hash and a linear probe (at most 3,838 strings: under a quarter full);
/// clearing refills it. (It replaced giflib's encoder, which hashes the same way through a
/// function call a pixel: the parallax bench's compression took 1.47 s instead of 1.84, for
/// the same bytes. A trie of first children and siblings walked long sibling lists on
/// anti-aliased frames, and a table indexed directly by prefix and index, 2 MB, missed the
/// caches: both were slower than giflib.)
struct GIFLZW {
    private static let clear = 256, end = 257, first = 258, limit = 4096
    private static let slots = 1 << 14, empty = UInt32.max
    private var table = [UInt32](repeating: GIFLZW.empty, count: GIFLZW.slots)

    /// Appends the compressed rows (`width` indices each, `stride` apart) to `out`.
    mutating func compress(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                           into out: inout [UInt8]) {
        out.append(8)  // the minimum code size: 8-bit indices
        var blocks = BlockWriter(out: out)
        out = []
        table.withUnsafeMutableBufferPointer { table in
            func reset() { table.update(repeating: GIFLZW.empty) }
            reset()
            var next = GIFLZW.first, size = 9
            blocks.put(GIFLZW.clear, size)
            guard width > 0, height > 0 else {
                blocks.put(GIFLZW.end, size)
                return
            }
            let mask = GIFLZW.slots - 1
            var prefix = UInt32(pixels[0])
            for y in 0..<height {
                let row = pixels + y * stride
                for x in (y == 0 ? 1 : 0)..<width {
                    let k = UInt32(row[x])
                    // The string prefix + k: its key in the high 20 bits, its code in the low 12.
                    let key = prefix << 8 | k
                    var slot = Int((key &* 0x9E37_79B1) >> 18) & mask
                    var found = false
                    while true {
                        let entry = table[slot]
                        if entry == GIFLZW.empty { break }
                        if entry >> 12 == key { prefix = entry & 0xFFF; found = true; break }
                        slot = (slot + 1) & mask
                    }
                    if found { continue }
                    blocks.put(Int(prefix), size)
                    if next >= 1 << size && size < 12 { size += 1 }
                    if next < GIFLZW.limit - 1 {
                        table[slot] = key << 12 | UInt32(next)
                        next += 1
                    } else {
                        blocks.put(GIFLZW.clear, size)
                        reset()
                        next = GIFLZW.first; size = 9
                    }
                    prefix = k
                }
            }
            blocks.put(Int(prefix), size)
            if next >= 1 << size && size < 12 { size += 1 }
            blocks.put(GIFLZW.end, size)
        }
        out = blocks.finish()
    }

    /// Packs codes least significant bit first into bytes, and the bytes into sub-blocks.
    private struct BlockWriter {
        var out: [UInt8]
        /// Where the current block's length byte is.
        var lengthAt: Int
        var bits: UInt64 = 0
        var count = 0

        init(out: [UInt8]) {
            self.out = out
            lengthAt = out.count
            self.out.append(0)
        }

        mutating func put(_ code: Int, _ size: Int) {
            bits |= UInt64(code) << UInt64(count)
            count += size
            while count >= 8 {
                byte(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                count -= 8
            }
        }

        private mutating func byte(_ b: UInt8) {
            if out.count - lengthAt == 256 {
                out[lengthAt] = 255
                lengthAt = out.count
                out.append(0)
            }
            out.append(b)
        }

        /// The last bits as a byte, the last block's length and the terminating empty block.
        mutating func finish() -> [UInt8] {
            if count > 0 { byte(UInt8(truncatingIfNeeded: bits)); bits = 0; count = 0 }
            let length = out.count - lengthAt - 1
            if length == 0 { out.removeLast() } else { out[lengthAt] = UInt8(length) }
            out.append(0)
            return out
        }
    }
}
