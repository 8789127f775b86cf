import Foundation
import LayerLabCore
import LayerLabExport
@testable import LayerLabLottie
import Testing

/// The export is written through the reader's typed model: what it writes reads back into
/// that model with no unknown field, and writing the model read gives the very same text.
struct LottieExportModelTests {
    @Test(arguments: ExportFixtures.examplePaths)
    func anExportReadsBackIntoTheModelItWasWrittenFrom(_ path: String) throws {
        let doc = try ExportFixtures.example(path)
        let data = LottieExporter.json(for: doc, fps: 30)
        var reader = LayerLabLottie.LottieReader()
        let file = try reader.read(Array(data))
        #expect(reader.warnings.isEmpty, "\(path): \(reader.warnings.lines)")
        #expect(!file.layers.isEmpty, "\(path): no layers read")
        #expect(LottieWriter.file(file).text == String(decoding: data, as: UTF8.self), "\(path): written again differently")
    }
}
