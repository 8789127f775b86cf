#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabRaster

/// Reads the images image layers show: PNG, JPEG and GIF (its first frame) told by their
/// first bytes, whatever the name or MIME type says; other files as text art.
package enum ImageLoader {
    /// The largest image file read (PNG or text art), checked before reading.
    package static let maxFileBytes = 64 << 20

    /// Reads one image file: PNG when it starts with the PNG signature, text art otherwise.
    /// The size is checked before anything is read, and only regular files are read (a
    /// device or a pipe could never end).
    package static func load(_ path: String) throws -> Bitmap {
        var st = stat()
        guard stat(path, &st) == 0 else { throw ImagingError("cannot read image '\(path)'") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw ImagingError("'\(path)' is not a regular file") }
        guard Int(st.st_size) <= maxFileBytes else {
            throw ImagingError("'\(path)' is \(Int(st.st_size) >> 20) MB; image files are at most \(maxFileBytes >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= maxFileBytes else {
            throw ImagingError("cannot read image '\(path)'")
        }
        if let format = ImageFormat(sniffing: data) { return try format.decode(data) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImagingError("'\(path)' is neither a PNG, JPEG or GIF image nor a text-art file")
        }
        do {
            return try TextArt.parse(text)
        } catch {
            throw ImagingError("\(path):\(error.line): \(error.message)")
        }
    }

    /// Image bytes (an embedded image, a file in an archive) decoded by what their first bytes
    /// say they are: Lottie files label JPEG data `image/png` and the other way round.
    package static func decode(_ data: Data, name: String) throws -> Bitmap {
        guard let format = ImageFormat(sniffing: data) else {
            throw ImagingError("'\(name)' is not a PNG, JPEG or GIF image")
        }
        return try format.decode(data)
    }

    /// Every file named by the document's image layers (`contents` and flipbook `frames`) and
    /// emitter cells (`contents`).
    package static func imageNames(in document: Document) -> [String] {
        var names: [String] = []
        func visit(_ layers: [Layer]) {
            for l in layers {
                if l.kind == .image || l.kind == .emitterCell {
                    if let c = l.value("contents").string, !c.isEmpty { names.append(c) }
                    for f in l.value("frames").list ?? [] { if let s = f.string, !s.isEmpty { names.append(s) } }
                }
                visit(l.sublayers)
            }
        }
        visit(document.layers)
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Loads every image the document names, relative paths resolved against `directory`.
    /// Images that fail are left out and reported by name, so a frame still draws.
    ///
    /// When the document came from a file (`directory` is its folder), its images must lie in
    /// that folder or below, or in one of `allowed` (`LAYERLAB_IMAGE_PATH`): a project or
    /// script from elsewhere cannot make LayerLab read `/etc/shadow` or `../../.ssh/id_rsa`.
    /// `allowed` is worked out only when there is an image to check (reading the environment
    /// is most of what a document without images would spend here).
    package static func images(for document: Document, relativeTo directory: String?,
                              allowed: @autoclosure () -> [String] = allowedFolders()) -> (store: ImageStore, errors: [String: ImagingError]) {
        var store = ImageStore()
        var errors: [String: ImagingError] = [:]
        var folders: [String]?
        for name in imageNames(in: document) {
            if let data = EmbeddedImages.bytes(name) {
                do {
                    store[name] = try decode(data, name: name)
                } catch let e as ImagingError { errors[name] = e } catch { errors[name] = ImagingError("\(error)") }
                continue
            }
            let path = name.hasPrefix("/") || directory == nil ? name : directory! + "/" + name
            if folders == nil, let directory { folders = [directory] + allowed() }
            if let folders, !ImagePathPolicy.isInside(path, folders: folders) {
                errors[name] = ImagingError("'\(name)' is outside the document's folder (allow more folders with LAYERLAB_IMAGE_PATH)")
                continue
            }
            do { store[name] = try load(path) } catch let e as ImagingError { errors[name] = e } catch {
                errors[name] = ImagingError("\(error)")
            }
        }
        return (store, errors)
    }

    /// The extra folders images may come from: `LAYERLAB_IMAGE_PATH`, colon-separated.
    package static func allowedFolders(_ environment: [String: String] = ProcessEnvironment.current()) -> [String] {
        (environment["LAYERLAB_IMAGE_PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }
}

/// Whether a path lies inside one of some folders, after `..` and symbolic links.
enum ImagePathPolicy {
    static func isInside(_ path: String, folders: [String]) -> Bool {
        let absolute = lexical(path)
        let real = canonical(path)
        for folder in folders {
            let base = lexical(folder), realBase = canonical(folder) ?? base
            // Both the path as written and the file it leads to must be inside.
            guard contains(base, absolute) || contains(realBase, absolute) else { continue }
            if let real, !contains(realBase, real) { continue }
            return true
        }
        return false
    }

    private static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The absolute path with `.` and `..` resolved by text alone.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        for part in full.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The real path (symbolic links resolved), or nil when the file does not exist.
    static func canonical(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
