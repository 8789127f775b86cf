import Foundation
@testable import LayerLabArchive
import Testing

/// The zip reader reads what real writers write, byte for byte, and refuses what it cannot
/// read with a message that names the problem, whatever the damage.
@Suite struct ZipArchiveTests {
    typealias F = ArchiveFixtures

    /// Every file comes back as written, from the directory's names.
    func expectAllFiles(_ bytes: [UInt8], _ writer: String) throws {
        let archive = try ZipArchive(bytes: bytes)
        #expect(Set(archive.entries.filter { !$0.isDirectory }.map(\.name)) == Set(F.files.map(\.0)), "\(writer)")
        for (name, expected) in F.files {
            #expect(try archive.contents(of: name) == expected, "\(writer): \(name)")
        }
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"), arguments: [["-0"], ["-6"], ["-9"]])
    func readsWhatZipWrites(_ options: [String]) throws {
        let bytes = try F.byZip(options)
        let archive = try ZipArchive(bytes: bytes)
        let methods = Set(archive.entries.filter { $0.uncompressedSize > 100 }.map(\.method))
        #expect(methods == (options == ["-0"] ? [0] : [0, 8]), "noise may be stored, text is deflated")
        try expectAllFiles(bytes, "zip \(options)")
    }

    @Test(.enabled(if: F.python != nil, "python3 is not installed"), arguments: ["ZIP_STORED", "ZIP_DEFLATED"])
    func readsWhatPythonWrites(_ compression: String) throws {
        try expectAllFiles(try F.byPython(compression), "zipfile \(compression)")
    }

    @Test func readsTheCorpusArchives() throws {
        let archive = try ZipArchive(bytes: try F.corpus("multiple-animations.lottie"))
        #expect(archive.entries.count == 10)
        let json = try archive.contents(of: "animations/1.json")
        #expect(json.count == 19801 && json.first == UInt8(ascii: "{"))
    }

    @Test func looksLikeZipFromTheFirstBytes() throws {
        #expect(ZipArchive.looksLikeZip(try F.corpus("zen-v2.lottie")))
        #expect(!ZipArchive.looksLikeZip(Array("{\"v\":\"5.7\"}".utf8)))
        #expect(!ZipArchive.looksLikeZip([0x50, 0x4B]))
        #expect(ZipArchive.looksLikeZip([0x50, 0x4B, 0x05, 0x06]))  // an empty archive's end record
        #expect(!ZipArchive.looksLikeZip([0x50, 0x4B, 0x03, 0x06]))
    }

    @Test func refusesWhatIsNotAnArchive() {
        #expect(throws: ZipError.notAZip) { try ZipArchive(bytes: Array("{\"v\":\"5.7.4\"}".utf8)) }
        #expect(throws: ZipError.notAZip) { try ZipArchive(bytes: []) }
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"))
    func refusesEncryptedEntries() throws {
        let dir = try F.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try F.run(F.zip!, ["-q", "-P", "secret", "out.zip", "manifest.json"], in: dir)
        let archive = try ZipArchive(bytes: [UInt8](try Data(contentsOf: dir.appendingPathComponent("out.zip"))))
        #expect(throws: ZipError.encrypted("manifest.json")) { try archive.contents(of: "manifest.json") }
        #expect(ZipError.encrypted("manifest.json").description == "\"manifest.json\" is encrypted")
    }

    /// An archive `zip` wrote, with one field of the central directory changed.
    func damaged(_ change: (inout [UInt8], Int) -> Void) throws -> [UInt8] {
        var bytes = try F.byZip(["-6"])
        change(&bytes, F.directory(bytes))
        return bytes
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"))
    func refusesZip64AndSplitArchives() throws {
        var bytes = try F.byZip(["-6"])
        let end = F.endRecord(bytes)
        var zip64 = bytes
        F.put32(&zip64, end + 16, 0xFFFF_FFFF)
        #expect(throws: ZipError.zip64) { try ZipArchive(bytes: zip64) }
        F.put16(&bytes, end + 4, 1)
        #expect(throws: ZipError.multiDisk) { try ZipArchive(bytes: bytes) }
        #expect(ZipError.zip64.description.contains("zip64 archives are not supported"))
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"))
    func refusesOtherMethodsAndBadChecksums() throws {
        // The first entry is manifest.json (zip keeps the order it was given).
        let bzip2 = try ZipArchive(bytes: try damaged { b, d in F.put16(&b, d + 10, 12) })
        #expect(throws: ZipError.unsupportedMethod("manifest.json", 12)) { try bzip2.contents(of: "manifest.json") }
        let badCRC = try ZipArchive(bytes: try damaged { b, d in b[d + 16] ^= 0xFF })
        #expect(throws: ZipError.corrupt("manifest.json", "the CRC-32 does not match")) { try badCRC.contents(of: "manifest.json") }
    }

    @Test(.enabled(if: F.zip != nil, "Info-ZIP's zip is not installed"))
    func refusesBombsBeforeInflating() throws {
        let bytes = try F.byZip(["-6"])
        let archive = try ZipArchive(bytes: bytes)
        let text = try #require(archive.entry("a/Main Scene.json"))
        // Over the caller's limit: refused before inflating.
        let small = try ZipArchive(bytes: bytes, limits: .init(maxEntrySize: 1000, maxEntries: 100))
        #expect(throws: ZipError.tooLarge("a/Main Scene.json", text.uncompressedSize)) { try small.contents(of: text) }
        // Claims more than deflate can give: refused before memory is set aside.
        var claim = bytes
        let d = F.directory(bytes)
        var p = d
        while String(decoding: claim[(p + 46)..<(p + 46 + Int(claim[p + 28]))], as: UTF8.self) != text.name {
            p += 46 + Int(claim[p + 28]) + Int(claim[p + 30]) + Int(claim[p + 32])
        }
        F.put32(&claim, p + 24, 200_000_000)
        let liar = try ZipArchive(bytes: claim)
        #expect(throws: (any Error).self) { try liar.contents(of: text.name) }
        do { _ = try liar.contents(of: text.name) } catch {
            #expect(error.description.contains("more than deflate can give"), "\(error)")
        }
        // Inflates to more than it says: stopped at the declared size.
        F.put32(&claim, p + 24, UInt32(text.uncompressedSize - 1))
        do { _ = try ZipArchive(bytes: claim).contents(of: text.name); Issue.record("read an entry larger than it says") } catch {
            #expect(error.description.contains("inflates to more than"), "\(error)")
        }
    }

    /// Every prefix of an archive, and every single byte changed, gives the archive or an error:
    /// never a crash, a hang or a read outside the bytes.
    @Test func damagedArchivesFailCleanly() throws {
        let bytes = try F.corpus("zen-v2.lottie")
        var failures = 0
        for n in stride(from: 0, to: bytes.count, by: 7) {
            if (try? ZipArchive(bytes: Array(bytes[..<n]))) == nil { failures += 1 }
        }
        #expect(failures > 0)
        // The directory and local headers are where the reader's arithmetic lives.
        let archive = try ZipArchive(bytes: bytes)
        let hot = Array(0..<64) + Array((bytes.count - 200)..<bytes.count)
        for i in hot {
            for v: UInt8 in [0x00, 0x7F, 0xFF, bytes[i] ^ 0x01] {
                var b = bytes
                b[i] = v
                guard let a = try? ZipArchive(bytes: b) else { continue }
                for e in a.entries { _ = try? a.contents(of: e) }
            }
        }
        #expect(archive.entries.count == 2)
    }
}
