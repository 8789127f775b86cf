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
        let file = try CorpusFile(path)
        let rasterizer = Rasterizer(images: file.images)
        let (w, h) = (file.width, file.height)
        for f in [0, file.timing.frames / 3, file.timing.frames * 2 / 3, file.timing.frames - 1] {
            let t = file.time(f)
            let whole = rasterizer.render(file.evaluator.scene(at: t), width: w, height: h)
            #expect(rasterizer.render(file.evaluator.drawnScene(at: t), width: w, height: h) == whole, "\(path) frame \(f)")
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
