#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A dotLottie file: a zip archive holding `manifest.json`, which lists one or more animations,
/// each a Lottie JSON file, and the images they use.
///
/// Version 1 archives keep animations in `animations/ID.json` and images in `images/`; version 2
/// shortens these to `a/` and `i/`. Both are read, whatever the manifest's version says, since
/// some writers mix them up.
package struct DotLottie: Sendable {
    /// One animation the manifest lists.
    package struct Animation: Equatable, Sendable {
        package var id: String
        /// Its Lottie JSON inside the archive.
        package var path: String
    }

    package enum Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        case archive(ZipError)
        case noManifest
        case badManifest(String)
        case noAnimations
        /// `--animation ID` named an animation the manifest does not list.
        case unknownAnimation(String, available: [String])
        /// The manifest lists an animation whose JSON is not in the archive.
        case missingAnimation(String)

        package var description: String {
            switch self {
            case .archive(let e): return e.description
            case .noManifest: return "not a dotLottie file: the archive has no manifest.json"
            case .badManifest(let why): return "the dotLottie manifest.json is not valid: \(why)"
            case .noAnimations: return "the dotLottie manifest lists no animations"
            case .unknownAnimation(let id, let ids):
                return "the file has no animation \(quoted(id)); it has \(ids.map(quoted).joined(separator: ", "))"
            case .missingAnimation(let id):
                return "the manifest lists animation \(quoted(id)) but the archive has no animations/\(escapeName(id)).json"
            }
        }
    }

    package let archive: ZipArchive
    /// In the manifest's order; the first is what opens by default.
    package let animations: [Animation]

    package init(bytes: [UInt8]) throws(Error) {
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes: bytes) } catch { throw .archive(error) }
        self.archive = archive
        guard let manifestEntry = archive.entry("manifest.json") else { throw .noManifest }
        let manifestBytes: [UInt8]
        do { manifestBytes = try archive.contents(of: manifestEntry) } catch { throw .archive(error) }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(manifestBytes))
        } catch {
            throw .badManifest(Self.reason(error))
        }
        let listed = manifest.animations ?? []
        guard !listed.isEmpty else { throw .noAnimations }
        var found: [Animation] = []
        for a in listed {
            guard let path = ["animations/\(a.id).json", "a/\(a.id).json"].first(where: { archive.entry($0) != nil }) else {
                throw .missingAnimation(a.id)
            }
            found.append(Animation(id: a.id, path: path))
        }
        animations = found
    }

    /// The animation `id`, or the first one when `id` is nil.
    package func animation(_ id: String?) throws(Error) -> Animation {
        guard let id else { return animations[0] }
        guard let a = animations.first(where: { $0.id == id }) else {
            throw .unknownAnimation(id, available: animations.map(\.id))
        }
        return a
    }

    /// The Lottie JSON of `animation`.
    package func json(of animation: Animation) throws(Error) -> [UInt8] {
        do { return try archive.contents(of: animation.path) } catch { throw .archive(error) }
    }

    /// Every image in the archive (`images/` or `i/`), keyed by its path below that folder:
    /// what an animation's image assets name in `p` (their `u` folder is ignored here, as
    /// players do: it points at the folder the images were exported to).
    package func images() throws(Error) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for e in archive.entries where !e.isDirectory {
            for folder in ["images/", "i/"] where e.name.hasPrefix(folder) {
                do { out[String(e.name.dropFirst(folder.count))] = try archive.contents(of: e) } catch { throw .archive(error) }
            }
        }
        return out
    }

    private struct Manifest: Decodable {
        struct Entry: Decodable { var id: String }
        var animations: [Entry]?
    }

    private static func reason(_ error: Swift.Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "it is not JSON"
        case DecodingError.keyNotFound(let key, _): return "an animation has no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let c):
            return "unexpected value at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "it does not list animations as {\"animations\": [{\"id\": …}]}"
        }
    }
}

private func escapeName(_ s: String) -> String { String(quoted(s).dropFirst().dropLast()) }
