import Foundation
import FuzzSession
import FuzzSupport
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import LayerLabScript

// A script, as the `script` target runs it, then the document through every exporter: a
// frame at the session's time, Lottie, an asciinema cast and Swift source. Each either
// gives its bytes or refuses with a reason; nothing traps, hangs or runs out of memory. The
// scene is cut to one second at 2 fps so one input costs milliseconds, not the scene's length
// (long scenes are the exporters' bounds, which the tests check).
runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    var session = Session(files: MemoryFiles(), settings: .init(sourceName: "<fuzz>", announceNames: false))
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(FuzzBounds.lines) {
        _ = session.handle(String(line))
    }
    _ = session.finishInput()
    var document = session.document
    document.canvas.duration = .number(1)
    let frame = Evaluator(document: document).scene(at: session.time)
    _ = Rasterizer().render(frame, width: FuzzBounds.width, height: FuzzBounds.height)
    let lottie = LottieExporter.export(document, options: LottieOptions(fps: 2))
    precondition(lottie.refusal != nil || !lottie.data.isEmpty, "a Lottie export gives bytes or a reason")
    _ = CastExporter.cast(for: document, options: CastOptions(columns: 24, rows: 8, fps: 2, to: 1))
    _ = SwiftExporter.export(document, options: SwiftOptions())
}
