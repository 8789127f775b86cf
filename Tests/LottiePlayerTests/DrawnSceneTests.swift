import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// A drawn frame leaves out what hidden layers hold (a Lottie file's precompositions outside
/// their in and out points, matte sources' contents) and must still draw every pixel the whole
/// scene draws: checked on every corpus file, where hidden layers and mattes abound.
struct DrawnSceneTests {
    @Test(arguments: LottieCorpus.files)
    func drawnSceneDrawsTheWholeScene(_ path: String) throws {
        let url = LottieCorpus.folder.appendingPathComponent(path)
        let opened = try LottieImport.document(from: try Data(contentsOf: url))
        let timing = try CorpusAgreementTests.frameTiming(url)
        let images = CorpusAgreementTests.imageStore(opened, folder: url.deletingLastPathComponent().path)
        let evaluator = Evaluator(document: opened.document)
        let (w, h) = Rasterizer.fittedSize(canvas: opened.document.canvas.size, width: 64, height: 64)
        let rasterizer = Rasterizer(images: images)
        for f in [0, timing.frames / 3, timing.frames * 2 / 3, timing.frames - 1] {
            let t = (timing.inPoint + Double(f)) / timing.fps
            let whole = rasterizer.render(evaluator.scene(at: t), width: w, height: h)
            #expect(rasterizer.render(evaluator.drawnScene(at: t), width: w, height: h) == whole, "\(path) frame \(f)")
        }
    }

    @Test func hiddenLayersHoldNothingUnlessAMaskIsInside() {
        var doc = Document()
        var inner = Layer(name: "dot", kind: .shape)
        inner.properties["hidden"] = .bool(false)
        var closed = Layer(name: "closed", kind: .layer)
        closed.properties["hidden"] = .bool(true)
        closed.sublayers = [inner]
        var holder = Layer(name: "holder", kind: .layer)
        holder.properties["hidden"] = .bool(true)
        holder.sublayers = [Layer(name: "cutout", kind: .shape)]
        var masked = Layer(name: "masked", kind: .layer)
        masked.properties["mask"] = .string("cutout")
        doc.layers = [closed, holder, masked]
        let evaluator = Evaluator(document: doc)
        let drawn = evaluator.drawnScene(at: 0).layers, whole = evaluator.scene(at: 0).layers
        #expect(whole[0].sublayers.map(\.name) == ["dot"])
        #expect(drawn[0].sublayers.isEmpty)
        // The mask's holder keeps it, so the masked layer still has its mask.
        #expect(drawn.first { $0.name == "masked" }?.extras.mask.map(\.name) == ["cutout"])
    }
}
