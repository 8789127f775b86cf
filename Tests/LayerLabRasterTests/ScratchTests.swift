import LayerLabCore
import Testing
@testable import LayerLabRaster

@Test func scratch() {
    var circle = PresentedLayer(name: "circle", kind: .shape)
    circle.path = .circle(center: Point(50, 50), radius: 30)
    circle.fillColor = Color(bytes: 209, 42, 24)
    circle.strokeColor = Color(0, 0, 1)
    circle.lineWidth = 6
    var box = PresentedLayer(name: "box", kind: .layer)
    box.bounds = Rect(0, 0, 60, 40); box.position = Point(130, 130); box.rotation = 0.4
    box.backgroundColor = Color(0, 0.6, 0.3, 0.8); box.cornerRadius = 8; box.borderWidth = 3
    let scene = Scene(time: 0, canvasSize: Size(200, 200), background: .white, layers: [circle, box])
    for mode in FrameMode.allCases {
        print(FrameRenderer.render(scene: scene, options: FrameOptions(columns: 40, rows: 20, mode: mode, color: .none)))
    }
    print(FrameRenderer.render(scene: scene, options: FrameOptions(columns: 40, rows: 20, mode: .blocks, color: .truecolor)))
}
