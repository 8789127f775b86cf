#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabScript

/// The real file system for `load` and `save`: reads whole files, writes atomically (a
/// temporary file in the same folder, then a rename), so a failed save leaves the old file.
public struct LocalFiles: FileAccess {
    public init() {}

    public func read(_ path: String) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw FileProblem(text: FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file")
        }
    }

    /// Saves through `ProjectStore` (flushed, renamed, folder flushed); refuses to replace a
    /// file that is not a project (`save!` can, see `LocalFiles+Replacing.swift`).
    public func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, replacing: false)
    }
}

/// A file error whose description is a short phrase ("no such file").
struct FileProblem: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
