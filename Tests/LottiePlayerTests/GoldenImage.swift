import Foundation
import LayerLabRaster
import LayerLabTerminal
import Testing

/// LayerLab's frame of a corpus file where rlottie draws it wrong, against a PNG under
/// `Tests/LottieCorpus/__Goldens__` that a person looked at and judged right.
///
/// `LAYERLAB_RECORD=missing` writes absent goldens, `LAYERLAB_RECORD=1` rewrites them; either
/// fails the test, so a golden is never recorded silently (look at it before committing).
enum GoldenImage {
    static let folder = LottieCorpus.folder.appendingPathComponent("__Goldens__")

    /// Looser than byte equality only by what a change of antialiasing can move.
    static let maxMeanError = 0.005

    static func check(_ bitmap: Bitmap, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name + ".png")
        let mode = ProcessInfo.processInfo.environment["LAYERLAB_RECORD"] ?? ""
        let existing = (try? Data(contentsOf: file)).flatMap { try? PNGCodec.decode($0) }
        if mode == "1" || mode == "all" || (mode == "missing" && existing == nil) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? PNGCodec.write(bitmap, to: file.path)
            Issue.record("Recorded golden \(name).png: look at it before committing", sourceLocation: sourceLocation)
            return
        }
        guard let existing else {
            Issue.record("Missing golden \(name).png (LAYERLAB_RECORD=missing writes it)", sourceLocation: sourceLocation)
            return
        }
        guard existing.width == bitmap.width, existing.height == bitmap.height else {
            Issue.record("\(name).png is \(existing.width)x\(existing.height), the frame \(bitmap.width)x\(bitmap.height)",
                         sourceLocation: sourceLocation)
            return
        }
        for background in [255.0, 0.0] {
            let d = CorpusAgreementTests.difference(bitmap.pixels, existing.pixels, background: background)
            #expect(d.meanError < maxMeanError && d.badPixels < CorpusAgreementTests.maxBadPixels,
                    "\(name).png: mean error \(CorpusAgreementTests.percent(d.meanError)), \(CorpusAgreementTests.percent(d.badPixels)) of pixels off by > 64",
                    sourceLocation: sourceLocation)
        }
    }
}
