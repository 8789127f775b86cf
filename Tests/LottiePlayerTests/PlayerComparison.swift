import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import LayerLabScript
import LayerLabTerminal
import PeerLibraries
import Testing

/// Renders a Lottie export with rlottie and LayerLab's own frame at the same moment, and
/// measures how far apart they are.
enum PlayerComparison {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Mean absolute error over every channel, and the share of pixels off by more than 64 in
    /// some channel, both as fractions; the figures the exports must stay under.
    static let maxMeanError = 0.005
    static let maxBadPixels = 0.005

    struct Difference: CustomStringConvertible {
        var frame: Int
        var meanError: Double
        var badPixels: Double
        var description: String {
            "frame \(frame): mean error \(formatNumber((meanError * 10000).rounded() / 100)) %, "
                + "\(formatNumber((badPixels * 10000).rounded() / 100)) % of pixels off by > 64"
        }
        var passes: Bool { meanError < maxMeanError && badPixels < maxBadPixels }
    }

    /// A script's document and its images, read relative to `folder`.
    static func document(_ text: String, name: String, folder: String) -> (Document, ImageStore) {
        var session = Session()
        let outcome = session.runScript(text, name: name)
        #expect(outcome.diagnostic == nil, "\(name): \(outcome.diagnostic.map { "\($0)" } ?? "")")
        let (images, errors) = ImageLoader.images(for: session.document, relativeTo: folder)
        #expect(errors.isEmpty, "\(name): \(errors)")
        return (session.document, images)
    }

    static func options(_ images: ImageStore, assets: LottieOptions.Assets = .embedded) -> LottieOptions {
        LottieOptions(fps: 60, images: images, assets: assets, encodePNG: { try? PNGCodec.encode($0) })
    }

    /// At least five frames spread over the scene, and any extra moments (seconds) given.
    static func frames(_ doc: Document, fps: Double, extra: [Double] = []) -> [Int] {
        let last = max(1, Int((Evaluator(document: doc).sceneDuration * fps).rounded()))
        var fs = (0..<6).map { last * $0 / 6 } + [last - 1]
        fs += extra.map { Int(($0 * fps).rounded()) }.filter { $0 >= 0 && $0 < last }
        return Array(Set(fs)).sorted()
    }

    /// How far rlottie's drawing of `animation` is from LayerLab's frame, at each frame.
    /// rlottie (Samsung's player, `librlottie-dev`), or nil when it is not installed.
    static let rlottie = RLottie()

    /// A player for `json` at the canvas size of `doc`.
    static func player(_ json: Data, _ doc: Document) throws -> RLottie.Animation {
        try #require(rlottie?.animation(json: String(decoding: json, as: UTF8.self),
                                        width: Int(doc.canvas.size.width.rounded()), height: Int(doc.canvas.size.height.rounded())),
                     "rlottie could not read the export")
    }

    static func compare(_ doc: Document, _ images: ImageStore, _ animation: RLottie.Animation, frames: [Int],
                        fps: Double = 60, label: String = "") -> [Difference] {
        let w = Int(doc.canvas.size.width.rounded()), h = Int(doc.canvas.size.height.rounded())
        let evaluator = Evaluator(document: doc)
        return frames.map { f in
            let ours = Rasterizer(images: images).render(evaluator.scene(at: Double(f) / fps), width: w, height: h)
            animation.render(frame: f)
            let theirs = animation.rgba
            // LAYERLAB_LOTTIE_DUMP=DIR writes both frames as PNG files, to look at a failure.
            if let dump = ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_DUMP"] {
                try? PNGCodec.write(ours, to: "\(dump)/\(label)ours-\(f).png")
                try? PNGCodec.write(Bitmap(width: w, height: h, pixels: theirs), to: "\(dump)/\(label)theirs-\(f).png")
            }
            return difference(ours.pixels, theirs, frame: f)
        }
    }

    /// Checks the figures. `LAYERLAB_LOTTIE_FIGURES=1` prints every measurement.
    static func expectClose(_ d: Difference, _ what: String) {
        if ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_FIGURES"] != nil { print("figure: \(what) \(d)") }
        #expect(d.passes, "\(what) \(d)")
    }

    /// Both images composed over white, compared channel by channel.
    static func difference(_ a: [UInt8], _ b: [UInt8], frame: Int) -> Difference {
        var total = 0.0, bad = 0
        let n = min(a.count, b.count) / 4
        for i in 0..<n {
            var worst = 0.0
            for c in 0..<3 {
                let va = over(a[i * 4 + c], a[i * 4 + 3]), vb = over(b[i * 4 + c], b[i * 4 + 3])
                let d = abs(va - vb)
                total += d
                worst = max(worst, d)
            }
            if worst > 64 { bad += 1 }
        }
        return Difference(frame: frame, meanError: total / Double(max(1, n * 3)) / 255,
                          badPixels: Double(bad) / Double(max(1, n)))
    }

    static func over(_ c: UInt8, _ a: UInt8) -> Double {
        let al = Double(a) / 255
        return Double(c) * al + 255 * (1 - al)
    }

    /// A fresh folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("layerlablottie\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
