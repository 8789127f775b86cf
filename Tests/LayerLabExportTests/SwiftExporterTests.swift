import Foundation
import LayerLabCore
import LayerLabExport
import Testing

struct SwiftExporterTests {
    @Test func loadingSExports() throws {
        let source = SwiftExporter.source(for: try ExportFixtures.example("loading-s.lab"))
        #expect(source.contains("func makeLayerLabScene() -> CALayer"))
    }
}
