#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import LayerLabCore
import LayerLabLottie
import LayerLabProject
import LayerLabScript

/// The project codec the command line uses: LayerLabProject's JSON format, and Lottie files
/// told by their content.
enum ProjectCodecs {
    static let current: (any ProjectCodec)? = JSONProjectCodec()
}

/// Adapts `ProjectFile` (Data in, Data out) to the session's byte-array codec.
struct JSONProjectCodec: ProjectCodec {
    func encode(_ document: Document) -> [UInt8] { [UInt8](ProjectFile.encode(document)) }
    func decode(_ bytes: [UInt8]) throws -> Document { try ProjectFile.decode(Data(bytes)) }

    /// A Lottie file (by content, whatever the extension): its document, its warnings, and its
    /// embedded images registered for drawing (`EmbeddedImages`).
    func importDocument(_ bytes: [UInt8], strict: Bool) throws -> ImportedDocument? {
        try importDocument(bytes, strict: strict, animation: nil)
    }

    /// `animation` (REPL `load FILE animation=ID`) picks a dotLottie file's animation; without
    /// it, the one `--animation` named, or the first.
    func importDocument(_ bytes: [UInt8], strict: Bool, animation: String?) throws -> ImportedDocument? {
        if let archive = try DotLottieImport.importDocument(bytes, strict: strict, animation: animation) { return archive }
        if animation != nil { return nil }
        let data = Data(bytes)
        guard LottieImport.looksLikeLottie(data.prefix(65536)) else { return nil }
        return try Self.importLottie(data, strict: strict)
    }

    /// Lottie JSON bytes into a document: the hook a container format (dotLottie) calls with
    /// the animation it unpacked, plus the images it holds by the name the file uses.
    static func importLottie(_ data: Data, strict: Bool, images extra: [String: Data] = [:]) throws -> ImportedDocument {
        let result = try LottieImport.document(from: data, options: LottieImportOptions(strict: strict))
        EmbeddedImages.register(result.images.merging(extra) { a, _ in a })
        let origins = result.origins.mapValues {
            ImportOrigin(source: "Lottie " + $0.source, frames: $0.frames, frameRate: result.frameRate)
        }
        return ImportedDocument(document: result.document, warnings: result.warnings, format: "Lottie", origins: origins)
    }
}

/// Image bytes that came inside an opened file (a Lottie file's base64 images), by the name
/// image layers' `contents` give them; `ImageLoader` looks here before the file system.
enum EmbeddedImages {
    private static let table = Mutex<[String: Data]>([:])

    static func register(_ images: [String: Data]) {
        guard !images.isEmpty else { return }
        table.withLock { $0.merge(images) { _, new in new } }
    }

    static func bytes(_ name: String) -> Data? { table.withLock { $0[name] } }
}
