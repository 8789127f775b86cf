import Foundation
import LayerLabCore
import LayerLabExport

/// `export confetti.json bake` (group `bake`, also run by `lottie`): the time to bake the
/// confetti example's particles into Lottie layers beside the plain export, and the file's size.
func bakeBenchmarks() {
    print("")
    print("## Lottie bake: examples/confetti.lab at 60 fps (80 particles as layers)")
    guard let root = repositoryRoot(), let doc = exampleDocument(root + "/examples/confetti.lab") else {
        print("examples/confetti.lab not found (run from the repository)")
        return
    }
    var size = 0
    let plain = time(runs: 3, warmup: 1) { _ = LottieExporter.export(doc, options: LottieOptions(fps: 60)) }
    let baked = time(runs: 3, warmup: 1) {
        size = LottieExporter.export(doc, options: LottieOptions(fps: 60, bake: true)).data.count
    }
    report("confetti: plain Lottie export (particles left out)", "median \(fixed(plain.median, 1)) ms")
    report("confetti: export with bake", "median \(fixed(baked.median, 1)) ms, \(size) bytes")
}
