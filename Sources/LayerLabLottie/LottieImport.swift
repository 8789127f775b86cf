#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        // On bytes, not characters: segmenting 64 KB into characters cost more than the rest
        // of opening a small file. Copied out of `Data` first: stepping through `Data` byte by
        // byte costs far more.
        let bytes = [UInt8](head.prefix(65536))
        return bytes.withUnsafeBufferPointer { LottieSniff(bytes: $0).verdict() }
    }
}

/// One pass over a file's head for the keys that tell Lottie from a LayerLab project, with
/// JSON's whitespace allowed between a key, its colon and the value (`"fr" : 30`).
private struct LottieSniff {
    let bytes: UnsafeBufferPointer<UInt8>

    func verdict() -> Bool {
        var i = skipSpace(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i = skipSpace(i + 1)
        // Some exporters write the assets first: an embedded image can push every other key
        // past the head, leaving an asset list of data URLs as the only sign. Precompositions
        // first do the same with long shape data: their layers' `ks` transforms (a key only
        // Lottie uses) are then the sign.
        let assetsFirst = matches("assets", "[", at: i).map { j in
            let k = skipSpace(j)
            return k < bytes.count && bytes[k] == UInt8(ascii: "{")
        } ?? false
        var hasVersion = matches("v", "", at: i) != nil
        var fr = false, ip = false, op = false, layers = false, assets = false, dataURL = false, ks = false
        // NB: memchr finds the quotes (vector compares); looking at every byte here cost more
        // than the rest of the sniff.
        let base = bytes.baseAddress!
        var q = i - 1
        while q + 2 < bytes.count, let hit = memchr(base + q + 1, Int32(UInt8(ascii: "\"")), bytes.count - q - 2) {
            q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            // The key's first letter picks the one or two signs it could begin.
            switch bytes[q + 1] {
            case UInt8(ascii: "f"):
                if matches("format", "\"layerlab-project\"", at: q) != nil { return false }
                if !fr { fr = matches("fr", "", at: q) != nil }
            case UInt8(ascii: "v"): if !hasVersion { hasVersion = matches("v", "\"", at: q) != nil }
            case UInt8(ascii: "i"): if !ip { ip = matches("ip", "", at: q) != nil }
            case UInt8(ascii: "o"): if !op { op = matches("op", "", at: q) != nil }
            case UInt8(ascii: "l"): if !layers { layers = matches("layers", "", at: q) != nil }
            case UInt8(ascii: "a"): if !assets { assets = matches("assets", "", at: q) != nil }
            case UInt8(ascii: "p"): if assetsFirst && !dataURL { dataURL = matches("p", "\"data:", at: q) != nil }
            case UInt8(ascii: "k"): if assetsFirst && !ks { ks = matches("ks", "{", at: q) != nil }
            default: break
            }
        }
        let frameKeys = [fr, ip, op, layers, assets].filter { $0 }.count
        return (assetsFirst && dataURL) || (assetsFirst && layers && ks) || (hasVersion ? frameKeys >= 1 : frameKeys >= 3)
    }

    /// Where the value's first bytes `value` end when the quote at `q` begins `"key":` followed
    /// by them (whitespace allowed around the colon), else nil.
    func matches(_ key: StaticString, _ value: StaticString, at q: Int) -> Int? {
        let n = bytes.count
        var j = q + 1
        for b in UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount) {
            guard j < n, bytes[j] == b else { return nil }
            j += 1
        }
        guard j < n, bytes[j] == UInt8(ascii: "\"") else { return nil }
        j = skipSpace(j + 1)
        guard j < n, bytes[j] == UInt8(ascii: ":") else { return nil }
        j += 1
        guard value.utf8CodeUnitCount > 0 else { return j }
        j = skipSpace(j)
        for b in UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount) {
            guard j < n, bytes[j] == b else { return nil }
            j += 1
        }
        return j
    }

    /// The first index at or after `i` that is not JSON whitespace.
    func skipSpace(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i
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
