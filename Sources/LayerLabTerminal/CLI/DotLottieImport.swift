#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import LayerLabArchive
import LayerLabCore
import LayerLabScript

/// dotLottie files (`.lottie`, a zip archive) opened like Lottie JSON: the chosen animation's
/// JSON goes through the Lottie importer, and the archive's images are registered under the
/// names the animation's image assets can give them.
enum DotLottieImport {
    /// The animation `--animation ID` asked for, for this process; nil opens the first one the
    /// manifest lists (as `load` in the REPL always does).
    static let requestedAnimation = Mutex<String?>(nil)

    /// The document of a dotLottie file, or nil when `bytes` are not a zip archive.
    /// `id` names the animation (else `--animation`'s, else the first).
    static func importDocument(_ bytes: [UInt8], strict: Bool, animation id: String? = nil) throws -> ImportedDocument? {
        guard ZipArchive.looksLikeZip(bytes) else { return nil }
        let file = try DotLottie(bytes: bytes)
        let animation = try file.animation(id ?? requestedAnimation.withLock { $0 })
        var images: [String: Data] = [:]
        for (name, data) in try file.images() {
            // An asset names its image by folder `u` and file `p`; writers use "", "images/"
            // and "/images/" (v2: "i/") for the archive's image folder.
            for folder in ["", "images/", "/images/", "i/", "/i/"] { images[folder + name] = Data(data) }
        }
        var imported = try JSONProjectCodec.importLottie(Data(try file.json(of: animation)), strict: strict, images: images)
        imported.format = "dotLottie"
        if file.animations.count > 1 {
            let ids = file.animations.map { "\"\(escapeForTerminal($0.id))\"" }.joined(separator: ", ")
            imported.warnings.insert("the file holds \(file.animations.count) animations (\(ids)); this is \"\(escapeForTerminal(animation.id))\" (choose with --animation ID, or `load FILE animation=ID` in the REPL)", at: 0)
        }
        return imported
    }
}
