import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// Frames drawn one after another into one `FrameCanvas`, as players and exports draw them,
/// reuse what earlier frames left (kept shape coverage, clip buffers, gradient tables,
/// converted bytes) and must still be the bytes of a fresh `Rasterizer.render`: checked on
/// every corpus file, with frames that repeat, step by one and jump.
struct CanvasFrameTests {
    @Test(arguments: LottieCorpus.files)
    func canvasFramesAreFreshRenders(_ path: String) throws {
        let file = try CorpusFile(path)
        let rasterizer = Rasterizer(images: file.images)
        let canvas = FrameCanvas(width: file.width, height: file.height, images: file.images)
        let third = file.timing.frames / 3, last = max(0, file.timing.frames - 1)
        for f in [0, 1, 0, 1, 2, third, third + 1, third, last, 0] where f <= last {
            let scene = file.evaluator.drawnScene(at: file.time(f))
            let same = canvas.render(scene) == rasterizer.render(scene, width: file.width, height: file.height)
            #expect(same, "\(path) frame \(f)")
        }
    }
}
