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
        let url = LottieCorpus.folder.appendingPathComponent(path)
        let opened = try LottieImport.document(from: try Data(contentsOf: url))
        let timing = try CorpusAgreementTests.frameTiming(url)
        let images = CorpusAgreementTests.imageStore(opened, folder: url.deletingLastPathComponent().path)
        let evaluator = Evaluator(document: opened.document)
        let (w, h) = Rasterizer.fittedSize(canvas: opened.document.canvas.size, width: 64, height: 64)
        let rasterizer = Rasterizer(images: images)
        let canvas = FrameCanvas(width: w, height: h, images: images)
        let third = timing.frames / 3, last = max(0, timing.frames - 1)
        for f in [0, 1, 0, 1, 2, third, third + 1, third, last, 0] where f <= last {
            let scene = evaluator.drawnScene(at: (timing.inPoint + Double(f)) / timing.fps)
            let same = canvas.render(scene) == rasterizer.render(scene, width: w, height: h)
            #expect(same, "\(path) frame \(f)")
        }
    }
}
