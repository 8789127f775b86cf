import LayerLabScript

/// Files kept in memory, so `save`, `load` and `open` in a fuzzed script work without touching
/// the disk. A class, because the session holds it by value but it must keep what is written.
package final class MemoryFiles: FileAccess, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]
    struct Missing: Error, CustomStringConvertible { var description: String { "no such file" } }
    package init() {}
    package func read(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw Missing() }
        return bytes
    }
    package func write(_ bytes: [UInt8], to path: String) throws { files[path] = bytes }
}
