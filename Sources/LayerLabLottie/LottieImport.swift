#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore

/// Lottie (Bodymovin) JSON in: bytes → typed model (`LottieFile`) → an ordinary `Document`.
///
/// Pure: no file is read here. Images a Lottie file names beside itself are the front end's
/// job; embedded (base64) images come back in `LottieImportResult.images`.
package enum LottieImport {
    /// The largest Lottie file read: real files with embedded images reach tens of megabytes.
    package static let maxBytes = 128 << 20

    /// Reads Lottie JSON into a LayerLab document.
    /// - Throws: `LottieImportError` with line and column for malformed JSON, or a message for a
    ///   file that is JSON but no animation LayerLab can hold (absurd sizes, self-including
    ///   precomps); with `options.strict`, also for any feature that would only be warned about.
    package static func document(from data: Data, options: LottieImportOptions = .init()) throws -> LottieImportResult {
        guard data.count <= maxBytes else {
            throw LottieImportError("the file is \(data.count >> 20) MB; Lottie files are read up to \(maxBytes >> 20) MB")
        }
        var reader = LottieReader()
        let file = try reader.read([UInt8](data))
        var converter = LottieConverter(file: file, options: options)
        converter.warnings = reader.warnings
        let document = try converter.convert()
        let warnings = converter.warnings.lines
        if options.strict, !warnings.isEmpty {
            throw LottieImportError("refused (strict): " + warnings.joined(separator: "; "))
        }
        var result = LottieImportResult(document: document, warnings: warnings, images: converter.images,
                                        externalImages: converter.externalImages)
        result.origins = converter.provenance
        result.frameRate = file.frameRate
        return result
    }

    /// Whether the first bytes of a file are Lottie JSON rather than a LayerLab project or
    /// script: an object whose early keys include Lottie's `"v"` version and `"layers"` or
    /// frame fields (or, when the assets come first, their images or layers), and no
    /// LayerLab `"format"` tag. Looks at the text only (a head of a few
    /// kilobytes is enough; the file may be truncated).
    package static func looksLikeLottie(_ head: Data) -> Bool {
        // On bytes, not characters: JSON's whitespace is four ASCII bytes, and segmenting 64 KB
        // into characters cost more than the rest of opening a small file.
        // Copied out of `Data` first: stepping through `Data` byte by byte costs far more.
        let head = [UInt8](head.prefix(65536))
        var compact: [UInt8] = []
        compact.reserveCapacity(head.count)
        for b in head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        where !(b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09) {
            compact.append(b)
        }
        guard compact.first == UInt8(ascii: "{") else { return false }
        // Every sign is a quoted key: one pass looks for all of them at each quote.
        let signs = ["\"format\":\"layerlab-project\"", "\"v\":\"", "\"fr\":", "\"ip\":", "\"op\":", "\"layers\":",
                     "\"assets\":", "\"p\":\"data:", "\"ks\":{"].map { Array($0.utf8) }
        let found = compact.quotedTexts(signs)
        if found[0] { return false }
        let hasVersion = found[1] || compact.starts(with: Array("{\"v\":".utf8))
        let frameKeys = found[2...6].filter { $0 }.count
        // Some exporters write the assets first: an embedded image can push every other key
        // past the head, leaving an asset list of data URLs as the only sign.
        // Precompositions first do the same with long shape data: their layers' `ks`
        // transforms (a key only Lottie uses) are then the sign.
        let assetsFirst = compact.starts(with: Array("{\"assets\":[{".utf8))
        let embeddedAssetsFirst = assetsFirst && found[7]
        let precompsFirst = assetsFirst && found[5] && found[8]
        return embeddedAssetsFirst || precompsFirst || (hasVersion ? frameKeys >= 1 : frameKeys >= 3)
    }
}

extension [UInt8] {
    /// Which of `needles` (each starting with a double quote) occur in the bytes.
    func quotedTexts(_ needles: [[UInt8]]) -> [Bool] {
        var found = [Bool](repeating: false, count: needles.count)
        withUnsafeBufferPointer { hay in
            for i in hay.indices where hay[i] == UInt8(ascii: "\"") {
                for k in needles.indices where !found[k] && needles[k].count <= hay.count - i {
                    found[k] = needles[k].withUnsafeBufferPointer { n in
                        var j = 1
                        while j < n.count && hay[i + j] == n[j] { j += 1 }
                        return j == n.count
                    }
                }
            }
        }
        return found
    }
}

/// How a Lottie file is read.
package struct LottieImportOptions: Sendable {
    /// Refuse the file when anything in it would not be reproduced (every warning is an error).
    package var strict: Bool
    package init(strict: Bool = false) { self.strict = strict }
}

/// A read Lottie file: the document, warnings (one line per kind of feature not reproduced,
/// grouped), and the images it holds.
package struct LottieImportResult: Sendable {
    package var document: Document
    package var warnings: [String]
    /// Embedded (data URL) image bytes by the name image layers' `contents` use.
    package var images: [String: Data]
    /// Images the file names beside itself: `contents` name → the path relative to the Lottie
    /// file (`u` + `p`), for the front end to read.
    package var externalImages: [String: String]
    /// Where each animation came from, by animation name, for `explain`.
    package var origins: [String: LottieOrigin] = [:]
    /// The file's frames per second (`fr`), which the origins' frames count in.
    package var frameRate: Double = 30

    package init(document: Document, warnings: [String], images: [String: Data], externalImages: [String: String] = [:]) {
        self.document = document; self.warnings = warnings; self.images = images; self.externalImages = externalImages
    }
}

/// The Lottie property an animation was made from: `Ball ks.p`, and the Lottie frame of each
/// of the animation's keyframes (its first is the animation's beginTime).
package struct LottieOrigin: Hashable, Sendable {
    package var source: String
    package var frames: [Double]
    package init(source: String, frames: [Double]) { self.source = source; self.frames = frames }
}

/// Why a Lottie file was refused. `line`/`column` are set for JSON syntax errors.
package struct LottieImportError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int?
    package var column: Int?
    package init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message; self.line = line; self.column = column
    }
    package var description: String {
        guard let line, let column else { return escapeForTerminal(message) }
        return escapeForTerminal("line \(line), column \(column): \(message)")
    }
}
