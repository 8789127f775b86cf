#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import LayerLabScript

/// The real file system for `load` and `save`: reads whole files (up to `maxFileBytes`),
/// writes atomically (a temporary file in the same folder, then a rename), so a failed save
/// leaves the old file.
package struct LocalFiles: FileAccess {
    package init() {}

    /// Scripts and projects larger than this are refused: the largest real ones are a few MB
    /// (a 20,000-line script is 1 MB), and a stray 1 GB file read whole and lexed would take
    /// minutes and gigabytes before its first error.
    package static let maxFileBytes = 16 << 20

    /// Reads a whole script or project: a regular file over `maxFileBytes` is refused from its
    /// size before any byte is read, a pipe or device once that much has come.
    package func read(_ path: String) throws -> [UInt8] {
        // NB: O_NONBLOCK, so a FIFO nobody writes to does not block the open (a read then
        // finds the end at once); cleared after, so a writer that is slow to start is waited for.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileProblem(text: errno == ENOENT ? "no such file" : "it cannot be read") }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let limit = LocalFiles.maxFileBytes
        var st = stat()
        var stated = 0
        if fstat(fd, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { throw FileProblem(text: "it is a folder") }
            if st.st_mode & S_IFMT == S_IFREG {
                if Int(st.st_size) > limit {
                    throw FileProblem(text: "it is \(Int(st.st_size) >> 20) MB; scripts and projects are at most \(limit >> 20) MB")
                }
                stated = Int(st.st_size)
            }
        }
        // A regular file straight into an array of its size (and one byte more, to see the
        // end): no zeroed staging buffer, whose pages cost more than reading a small file.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: stated + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno; return }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 { throw FileProblem(text: failure == EISDIR ? "it is a folder" : "it cannot be read") }
        if bytes.count <= stated { return bytes }
        // Longer than it said (a pipe or device, or a file still being written): the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw FileProblem(text: errno == EISDIR ? "it is a folder" : "it cannot be read") }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > limit {
                throw FileProblem(text: "it is over \(limit >> 20) MB; scripts and projects are at most \(limit >> 20) MB")
            }
        }
    }

    /// Saves through `ProjectStore` (flushed, renamed, folder flushed); refuses to replace a
    /// file that is not a project (`save!` can, see `LocalFiles+Replacing.swift`).
    package func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, replacing: false)
    }
}

/// A file error whose description is a short phrase ("no such file").
struct FileProblem: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
