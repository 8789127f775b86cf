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
        var text = PresentedLayer(name: "t", kind: .text)
        text.string = "ABCDEFGHIJKLMNOPQRSTUVWXYZ\nabcdefghijklmnopqrstuvwxyz\n0123456789 .,:;!?'\"`-+=*/\\|_\n()[]{}<>^~#%&@$ Hello, World!"
        text.fontSize = 24
        text.foregroundColor = .black
        text.bounds = Rect(0, 0, 560, 140)
        text.anchorPoint = .zero
        text.position = Point(10, 10)
        var t2 = text
        t2.string = "LayerLab 1.0"; t2.fontSize = 40; t2.rotation = -0.3; t2.position = Point(60, 250)
        t2.foregroundColor = Color(0.8, 0.1, 0.1)
        let scene = Scene(time: 0, canvasSize: Size(600, 330), background: .white, layers: [text, t2])
        try PNGCodec.write(Rasterizer().render(scene, width: 1200, height: 660), to: out + ".text.png")
    }
}
