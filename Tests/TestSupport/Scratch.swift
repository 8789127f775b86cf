#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where tests write files: every folder and file under one folder per test process in /tmp,
/// removed when the process exits, whether its tests passed or failed, so a run leaves nothing
/// behind. (Foundation's `.atomic` writes would each leave a `TemporaryDirectory.*` folder in
/// /tmp: tests write plainly, with `Scratch.write`.)
package enum Scratch {
    /// The process's folder, made on first use; its removal is registered with `atexit`.
    package static let root: String = {
        var template = Array("/tmp/layerlab-tests-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
        return dir
    }()

    /// A new empty folder whose name starts with `prefix`.
    package static func folder(_ prefix: String = "dir") -> String {
        var template = Array((root + "/" + prefix + "-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// A path for a new file whose name ends with `name` (nothing is created).
    package static func path(_ name: String) -> String { folder("file") + "/" + name }

    /// Writes `text` to `path` plainly (not through Foundation's leaky `.atomic`).
    package static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
