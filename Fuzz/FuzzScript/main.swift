import Foundation
import FuzzSession
import FuzzSupport
import LayerLabCore
import LayerLabProject
import LayerLabRaster
import LayerLabScript

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
