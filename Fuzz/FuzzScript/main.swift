import Foundation
import FuzzSupport
import LayerLabCore
import LayerLabProject
import LayerLabRaster
import LayerLabScript

/// Files kept in memory, so `save`, `load` and `open` in a fuzzed script work without touching
/// the disk. A class, because the session holds it by value but it must keep what is written.
final class MemoryFiles: FileAccess, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]
    struct Missing: Error, CustomStringConvertible { var description: String { "no such file" } }
    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw Missing() }
        return bytes
    }
    func write(_ bytes: [UInt8], to path: String) throws { files[path] = bytes }
}

struct Codec: ProjectCodec {
    func encode(_ document: Document) -> [UInt8] { [UInt8](ProjectFile.encode(document)) }
    func decode(_ bytes: [UInt8]) throws -> Document { try ProjectFile.decode(Data(bytes)) }
}

// Any text, line by line as piped input runs it (its first `FuzzBounds.lines` lines), then the
// scene at the session's time, drawn small: every command either runs or fails with a
// diagnostic; nothing traps or hangs, whatever the layer kinds and values.
runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    var session = Session(files: MemoryFiles(), codec: Codec(),
                          settings: .init(sourceName: "<fuzz>", announceNames: false))
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(FuzzBounds.lines) {
        _ = session.handle(String(line))
    }
    _ = session.finishInput()
    let scene = Evaluator(document: session.document).scene(at: session.time)
    _ = Rasterizer().render(scene, width: FuzzBounds.width, height: FuzzBounds.height)
}
