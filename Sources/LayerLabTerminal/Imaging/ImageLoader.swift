import Foundation
import LayerLabCore
import LayerLabRaster

/// Reads the images image layers show: PNG files through libpng, text-art files as text.
public enum ImageLoader {
    /// Reads one image file: PNG when it starts with the PNG signature, text art otherwise.
    public static func load(_ path: String) throws -> Bitmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImagingError("cannot read image '\(path)'")
        }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(data) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImagingError("'\(path)' is neither a PNG nor a text-art file")
        }
        do {
            return try TextArt.parse(text)
        } catch {
            throw ImagingError("\(path):\(error.line): \(error.message)")
        }
    }

    /// Every file named by the document's image layers (`contents` and flipbook `frames`).
    public static func imageNames(in document: Document) -> [String] {
        var names: [String] = []
        func visit(_ layers: [Layer]) {
            for l in layers {
                if l.kind == .image {
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
    public static func images(for document: Document, relativeTo directory: String?) -> (store: ImageStore, errors: [String: ImagingError]) {
        var store = ImageStore()
        var errors: [String: ImagingError] = [:]
        for name in imageNames(in: document) {
            let path = name.hasPrefix("/") || directory == nil ? name : directory! + "/" + name
            do { store[name] = try load(path) } catch let e as ImagingError { errors[name] = e } catch {
                errors[name] = ImagingError("\(error)")
            }
        }
        return (store, errors)
    }
}
