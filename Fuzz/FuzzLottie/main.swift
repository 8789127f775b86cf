import Foundation
import FuzzSupport
import LayerLabArchive
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

// Lottie files and dotLottie archives: any bytes open to a document or give an error. A document
// that opens must evaluate and draw (one small frame at its start and one midway), since what an
// importer builds is only as good as the frames it gives.
runFuzzer { bytes in
    var json = bytes
    if ZipArchive.looksLikeZip(bytes) {
        guard let file = try? DotLottie(bytes: bytes), let animation = try? file.animation(nil),
              let inner = try? file.json(of: animation) else { return }
        _ = try? file.images()
        json = inner
    }
    _ = LottieImport.looksLikeLottie(Data(json.prefix(4096)))
    guard let opened = try? LottieImport.document(from: Data(json)) else { return }
    let evaluator = Evaluator(document: opened.document)
    let duration = evaluator.sceneDuration
    for t in [0, duration.isFinite ? duration / 2 : 0] {
        _ = Rasterizer().render(evaluator.scene(at: t), width: 24, height: 24)
    }
}
