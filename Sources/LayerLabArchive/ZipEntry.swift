/// One file in a zip archive, as its central directory describes it.
package struct ZipEntry: Equatable, Sendable {
    /// The path inside the archive, `/`-separated (UTF-8; older archives' CP437 names read as
    /// UTF-8 too, which is the same for the ASCII names dotLottie files use).
    package var name: String
    /// 0 stored, 8 deflate; anything else is refused when the entry is read.
    package var method: Int
    package var flags: Int
    package var crc32: UInt32
    package var compressedSize: Int
    package var uncompressedSize: Int
    /// Where the entry's local header starts.
    var localHeaderOffset: Int

    /// A folder entry (`images/`), which holds no bytes.
    package var isDirectory: Bool { name.hasSuffix("/") }
    /// General-purpose flag bit 0 (traditional or AES encryption) or bit 6 (strong encryption).
    package var isEncrypted: Bool { flags & 0x41 != 0 }
}
