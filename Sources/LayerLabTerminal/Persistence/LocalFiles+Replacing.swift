#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabScript

/// `save! FILE`: the same atomic save, allowed to replace a file that is not a project.
extension LocalFiles: ReplacingFileAccess {
    public func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws {
        do { try ProjectStore.save(Data(bytes), to: path, force: replacing) } catch {
            throw FileProblem(text: error.why)
        }
    }
}
