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

    public func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileProblem(text: "it cannot be written")
        }
    }
}

/// A file error whose description is a short phrase ("no such file").
struct FileProblem: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
