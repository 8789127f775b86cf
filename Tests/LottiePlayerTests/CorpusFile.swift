import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// One corpus file opened for drawing at a small size: what the frame-by-frame tests share.
struct CorpusFile {
    let evaluator: Evaluator
    let timing: (fps: Double, inPoint: Double, frames: Int)
    let images: ImageStore
    let width: Int, height: Int

    /// `path` (relative to the corpus folder) opened, its canvas fitted into `side` × `side`.
    init(_ path: String, side: Int = 64) throws {
        let url = LottieCorpus.folder.appendingPathComponent(path)
        let opened = try LottieImport.document(from: try Data(contentsOf: url))
        timing = try CorpusAgreementTests.frameTiming(url)
        images = CorpusAgreementTests.imageStore(opened, folder: url.deletingLastPathComponent().path)
        evaluator = Evaluator(document: opened.document)
        (width, height) = Rasterizer.fittedSize(canvas: opened.document.canvas.size, width: side, height: side)
    }

    /// The scene time of whole frame `f`.
    func time(_ f: Int) -> Double { (timing.inPoint + Double(f)) / timing.fps }
}
