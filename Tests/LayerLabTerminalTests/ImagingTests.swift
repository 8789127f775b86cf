import Foundation
import LayerLabCore
import LayerLabRaster
import Testing
@testable import LayerLabTerminal

@Suite struct ImagingTests {
    /// A small scene with every kind of drawing, for round trips.
    static func sampleScene() -> Scene {
        var circle = PresentedLayer(name: "circle", kind: .shape)
        circle.path = .circle(center: Point(50, 50), radius: 30)
        circle.fillColor = Color(bytes: 209, 42, 24)
        circle.strokeColor = Color(0, 0, 1)
        circle.lineWidth = 6
        var box = PresentedLayer(name: "box", kind: .layer)
        box.bounds = Rect(0, 0, 60, 40)
        box.position = Point(130, 130)
        box.rotation = 0.4
        box.backgroundColor = Color(0, 0.6, 0.3, 0.8)
        box.cornerRadius = 8
        box.borderWidth = 3
        box.borderColor = .black
        return Scene(time: 0, canvasSize: Size(200, 200), background: .white, layers: [circle, box])
    }

    @Test func previewWhenAsked() throws {
        guard let out = ProcessInfo.processInfo.environment["LAYERLAB_PREVIEW"] else { return }
        let bmp = Rasterizer().render(Self.sampleScene(), width: 400, height: 400)
        try PNGCodec.write(bmp, to: out)
    }
}
