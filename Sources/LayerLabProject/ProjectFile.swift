#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore

/// The LayerLab project format: a `Document` as pretty-printed JSON with a format tag and
/// version (documented in `docs/project-format.md`).
///
/// Pure: Data in, Data out. Encoding is deterministic and lossless, so
/// `decode(encode(d)) == d` and `encode(decode(encode(d))) == encode(d)` byte for byte.
package enum ProjectFile {
    /// The value of the top-level `"format"` key.
    package static let formatTag = "layerlab-project"
    /// The format version this LayerLab writes, and the newest it reads.
    package static let version = 1

    /// The document as project JSON (UTF-8, 2-space indent, stable key order, trailing newline).
    package static func encode(_ document: Document) -> Data {
        Data(JSONWriter.write(ProjectEncoder.document(document)).utf8)
    }

    /// Reads project JSON back into a document, checking types, ranges and references.
    /// - Throws: `ProjectFileError` naming the line, column and JSON path of the first problem.
    package static func decode(_ data: Data) throws(ProjectFileError) -> Document {
        let root = try JSONParser.parse([UInt8](data))
        var decoder = ProjectDecoder()
        return try decoder.document(root)
    }

    /// Whether `data` looks like a LayerLab project, even a damaged one: saving over such a file
    /// needs no `save!`. True for a parseable file with the format tag, or text that carries the
    /// tag near its start (a truncated project).
    package static func isProject(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        if let root = try? JSONParser.parse(bytes), case .object(let members) = root.kind {
            return members.contains { $0.key == "format" && $0.value.isString(formatTag) }
        }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let compact = head.filter { !$0.isWhitespace }
        return compact.contains("\"format\":\"\(formatTag)\"")
    }
}

extension JSONNode {
    func isString(_ s: String) -> Bool {
        if case .string(let v) = kind { return v == s }
        return false
    }
}
