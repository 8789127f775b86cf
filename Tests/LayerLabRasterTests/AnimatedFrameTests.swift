import LayerLabCore
import TestSupport
import Testing
@testable import LayerLabRaster

/// Goldens through the whole pipeline: a document evaluated at several times, then drawn.
@Suite struct AnimatedFrameTests {
    /// A circular progress ring drawing itself while a box slides and fades.
    static func document() -> Document {
        var doc = Document()
        doc.canvas.size = Size(200, 120)
        doc.layers = [
            Layer(name: "ring", kind: .shape, properties: [
                "path": .path(.circle(center: Point(60, 60), radius: 40)),
                "fillColor": .color(.clear), "strokeColor": .color(Color(bytes: 209, 42, 24)),
                "lineWidth": .number(12), "strokeEnd": .number(0),
            ]),
            Layer(name: "box", kind: .layer, properties: [
                "bounds": .rect(Rect(0, 0, 40, 40)), "position": .point(Point(130, 60)),
                "backgroundColor": .color(Color(0, 0, 1)), "cornerRadius": .number(8),
            ]),
        ]
        var t = MediaTiming()
        t.duration = 1
        t.fillMode = .forwards
        t.removedOnCompletion = false
        doc.animations = [
            Animation(name: "draw", layer: "ring", timing: t,
                      body: .basic(.init(keyPath: "strokeEnd", from: .number(0), to: .number(1)))),
            Animation(name: "slide", layer: "box", timing: t,
                      body: .basic(.init(keyPath: "position.x", from: .number(130), to: .number(170)))),
            Animation(name: "fade", layer: "box", timing: t,
                      body: .basic(.init(keyPath: "opacity", from: .number(1), to: .number(0.2)))),
        ]
        return doc
    }

    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func progressRing(at time: Double) {
        let doc = Self.document()
        for mode in FrameMode.characterModes {
            let options = FrameOptions(columns: 40, rows: 12, mode: mode, color: .none)
            let grid = FrameRenderer.grid(document: doc, time: time, options: options)
            let header = "progress-ring t=\(time) mode=\(mode.rawValue) \(grid.columns)x\(grid.rows)"
            assertGolden(goldenText(header: header, rows: grid.plainRows), suite: "AnimatedFrameTests",
                         name: "progress-ring.\(mode.rawValue).t\(Int(time * 1000))")
        }
    }
}
