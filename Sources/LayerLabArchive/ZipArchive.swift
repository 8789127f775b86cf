/// A zip archive read from its bytes: the central directory at the end lists every entry, and
/// each entry's bytes are found through its local header and inflated on request.
///
/// Only what dotLottie files use is read: one-disk archives of stored and deflated entries under
/// 4 GB. Zip64, split archives, encryption and other methods are refused by name rather than
/// misread. Pure: bytes in, bytes out.
package struct ZipArchive: Sendable {
    /// Sizes past which an archive or entry is refused. Real dotLottie files with embedded
    /// images reach tens of megabytes; a bomb declares (or inflates to) far more.
    package struct Limits: Sendable {
        package var maxEntrySize: Int
        package var maxEntries: Int
        package static let standard = Limits(maxEntrySize: 256 * 1_048_576, maxEntries: 10_000)
        package init(maxEntrySize: Int, maxEntries: Int) {
            self.maxEntrySize = maxEntrySize; self.maxEntries = maxEntries
        }
    }

    package let entries: [ZipEntry]
    private let bytes: [UInt8]
    private let limits: Limits

    /// Whether `head` (the first bytes of a file) starts like a zip archive: a local file
    /// header, or the end record of an empty archive.
    /// (Bytes, not any collection: a generic call here cost a runtime look-up of the
    /// collection's types on every file opened.)
    package static func looksLikeZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && (head[2] == 0x03 && head[3] == 0x04 || head[2] == 0x05 && head[3] == 0x06)
    }

    /// Reads the central directory; entries' bytes are checked only when read.
    package init(bytes: [UInt8], limits: Limits = .standard) throws(ZipError) {
        self.bytes = bytes; self.limits = limits
        let end = try Self.endRecord(bytes)
        let r = Reader(bytes)
        let diskNumber = r.u16(end + 4), directoryDisk = r.u16(end + 6)
        let onDisk = r.u16(end + 8), count = r.u16(end + 10)
        let size = Int(r.u32(end + 12)), offset = Int(r.u32(end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF { throw .zip64 }
        if end >= 20, r.u32(end - 20) == 0x0706_4B50 { throw .zip64 }
        if diskNumber != 0 || directoryDisk != 0 || onDisk != count { throw .multiDisk }
        if count > limits.maxEntries { throw .tooManyEntries(count) }
        guard offset <= end, size <= end - offset else { throw .truncated("the central directory lies outside the file") }

        var list: [ZipEntry] = []
        list.reserveCapacity(count)
        var p = offset
        for i in 0..<count {
            guard p + 46 <= offset + size, r.u32(p) == 0x0201_4B50 else {
                throw .truncated("central directory entry \(i + 1) of \(count) is missing")
            }
            let nameLength = r.u16(p + 28), extraLength = r.u16(p + 30), commentLength = r.u16(p + 32)
            let next = p + 46 + nameLength + extraLength + commentLength
            guard next <= offset + size else { throw .truncated("central directory entry \(i + 1) runs past the directory") }
            let entry = ZipEntry(
                name: String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                method: r.u16(p + 10), flags: r.u16(p + 8), crc32: r.u32(p + 16),
                compressedSize: Int(r.u32(p + 20)), uncompressedSize: Int(r.u32(p + 24)),
                localHeaderOffset: Int(r.u32(p + 42)))
            if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF
                || entry.localHeaderOffset == 0xFFFF_FFFF { throw .zip64 }
            list.append(entry)
            p = next
        }
        entries = list
    }

    /// The entry named `name`, if any (exact match).
    package func entry(_ name: String) -> ZipEntry? { entries.first { $0.name == name } }

    /// The uncompressed bytes of `entry`, checked against its size and CRC-32.
    package func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        if entry.isEncrypted { throw .encrypted(entry.name) }
        guard entry.method == 0 || entry.method == 8 else { throw .unsupportedMethod(entry.name, entry.method) }
        if entry.uncompressedSize > limits.maxEntrySize { throw .tooLarge(entry.name, entry.uncompressedSize) }
        // Deflate cannot do better than about 1032 to 1; a larger claim is a lie or a bomb,
        // refused before any memory is set aside for it.
        if entry.method == 8, entry.uncompressedSize > entry.compressedSize * 1032 + 1024 {
            throw .corrupt(entry.name, "it claims \(entry.uncompressedSize) bytes from \(entry.compressedSize), more than deflate can give")
        }
        let r = Reader(bytes)
        let h = entry.localHeaderOffset
        guard h <= bytes.count - 30, r.u32(h) == 0x0403_4B50 else {
            throw .truncated("the local header of \(quoted(entry.name)) is missing")
        }
        let start = h + 30 + r.u16(h + 26) + r.u16(h + 28)
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
            throw .truncated("the bytes of \(quoted(entry.name)) run past the end of the file")
        }
        let raw = bytes[start..<(start + entry.compressedSize)]
        let out: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .corrupt(entry.name, "a stored entry's two sizes differ")
            }
            out = Array(raw)
        } else {
            out = try Inflate.raw(raw, expectedSize: entry.uncompressedSize, name: entry.name)
        }
        guard Inflate.crc32(out) == entry.crc32 else { throw .corrupt(entry.name, "the CRC-32 does not match") }
        return out
    }

    /// The bytes of the entry named `name`.
    package func contents(of name: String) throws(ZipError) -> [UInt8] {
        guard let e = entry(name) else { throw .noSuchEntry(name) }
        return try contents(of: e)
    }

    /// Where the end-of-central-directory record starts: searched backwards over the last
    /// 64 KB + 22 bytes, since an archive comment of up to 65,535 bytes may follow it. A
    /// candidate counts only if its comment length reaches exactly to the end of the file.
    private static func endRecord(_ bytes: [UInt8]) throws(ZipError) -> Int {
        guard bytes.count >= 22 else { throw .notAZip }
        let r = Reader(bytes)
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var p = bytes.count - 22
        while p >= lowest {
            if r.u32(p) == 0x0605_4B50, p + 22 + r.u16(p + 20) == bytes.count { return p }
            p -= 1
        }
        throw .notAZip
    }
}

/// Little-endian fields at byte offsets; callers check the bounds first.
private struct Reader {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    func u32(_ i: Int) -> UInt32 {
        UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }
}
