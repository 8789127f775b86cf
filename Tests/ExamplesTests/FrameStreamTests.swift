import Foundation
import LayerLabCore
import LayerLabRaster
import LayerLabScript
import LayerLabTerminal
import Testing

/// The incremental paths against the one-shot ones on every example: a reused canvas gives
/// the bytes `Rasterizer.render` gives (drawing the scene without what hidden layers hold, and
/// skipping a frame that shows what the canvas shows already), and a frame stream writes exactly the diff between
/// the grids `FrameRenderer` draws, frame after frame, in every mode.
struct FrameStreamTests {
    static let scripts = ExampleFrameTests.seeds.map(\.script) + ExampleFrameTests.basics.map(\.script)

    /// Times that step forwards, repeat one, and jump back, over the scene.
    static func times(_ duration: Double) -> [Double] {
        let d = max(duration, 1)
        return [0, 0.013, 0.1, 0.1, 0.37, 0.5, 0.51, 0.9, 0.2, 0.75, 1.0].map { $0 * d }
    }

    @Test(arguments: scripts)
    func canvasMatchesOneShotRendering(_ script: String) throws {
        let (doc, images) = try ExampleFrameTests.document(script)
        let evaluator = Evaluator(document: doc)
        for (w, h) in [(160, 80), (97, 61)] {
            let canvas = FrameCanvas(width: w, height: h, images: images)
            for t in Self.times(evaluator.sceneDuration) {
                let expected = Rasterizer(images: images).render(evaluator.scene(at: t), width: w, height: h)
                #expect(canvas.render(evaluator.drawnScene(at: t)) == expected, "\(script) at \(t), \(w)x\(h)")
            }
        }
    }

    @Test(arguments: scripts)
    func streamWritesTheGridDiff(_ script: String) throws {
        let (doc, images) = try ExampleFrameTests.document(script)
        let evaluator = Evaluator(document: doc)
        let modes: [(FrameMode, ColorMode)] = [(.blocks, .truecolor), (.ascii, .none), (.braille, .ansi256), (.blocks, .none)]
        for (mode, color) in modes {
            let options = FrameOptions(columns: 60, rows: 20, mode: mode, color: color)
            let stream = FrameStream(options: options, images: images)
            var previous: CellGrid?
            for t in Self.times(evaluator.sceneDuration) {
                let scene = evaluator.scene(at: t)
                let grid = FrameRenderer.grid(scene: scene, options: options, images: images)
                var out: [UInt8] = []
                stream.write(scene, row: 2, column: 3, into: &out)
                let expected = ANSIEncoder.diff(from: previous, to: grid, row: 2, column: 3)
                #expect(String(decoding: out, as: UTF8.self) == expected, "\(script) \(mode) at \(t)")
                #expect(stream.grid == grid)
                previous = grid
            }
        }
    }
}
