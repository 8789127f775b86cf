import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabLottie
import LayerLabRaster
import LayerLabTerminal
import Testing

/// Every example exported to Lottie and opened again draws the example's frames: LayerLab
/// reads back what it writes. (What Lottie cannot hold, shadows and particles, is taken out of
/// the example first, as the rlottie comparison does.)
struct LottieRoundTripTests {
    @Test(arguments: RLottieComparisonTests.examples)
    func example(_ path: String) throws {
        let url = PlayerComparison.repository.appendingPathComponent("examples/" + path)
        var (doc, images) = PlayerComparison.document(try String(contentsOf: url, encoding: .utf8), name: path,
                                                      folder: url.deletingLastPathComponent().path)
        if RLottieComparisonTests.beyondLottie[path] != nil { doc = RLottieComparisonTests.drawable(doc) }
        let export = LottieExporter.export(doc, options: PlayerComparison.options(images))
        let back = try LottieImport.document(from: export.data)
        var backImages = ImageStore()
        for (name, data) in back.images { backImages[name] = try PNGCodec.decode(data) }
        let w = Int(doc.canvas.size.width.rounded()), h = Int(doc.canvas.size.height.rounded())
        let original = Evaluator(document: doc), reopened = Evaluator(document: back.document)
        let flat = !path.contains("3d") && !path.contains("card-flip")
        for f in PlayerComparison.frames(doc, fps: 60, extra: RLottieComparisonTests.moments[path] ?? []) {
            let t = Double(f) / 60
            let a = Rasterizer(images: images).render(original.scene(at: t), width: w, height: h)
            let b = Rasterizer(images: backImages).render(reopened.scene(at: t), width: w, height: h)
            let d = PlayerComparison.difference(a.pixels, b.pixels, frame: f)
            if ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_FIGURES"] != nil { print("figure: round trip \(path) \(d)") }
            // Layers seen in perspective are exported as flat stand-ins: only their frames differ.
            if flat { #expect(d.meanError < 0.005, "\(path) \(d)") }
        }
    }
}
