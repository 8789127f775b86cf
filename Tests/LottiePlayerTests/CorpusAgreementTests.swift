import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import LayerLabTerminal
import PeerLibraries
import Testing

/// Every file of the Lottie corpus, opened by LayerLab's importer and drawn by its rasterizer,
/// against rlottie's drawing of the same file at the same size and frame, on white and on
/// black, at six moments. The manifest says which files agree; the test fails when one of
/// them stops agreeing, and also when a file marked otherwise starts to (so the manifest and
/// the table in docs/lottie.md stay true). Where rlottie is wrong, LayerLab's frames are
/// checked against goldens that were looked at. Skipped, not passed, without rlottie.
///
/// `LAYERLAB_LOTTIE_FIGURES=1` prints every file's figures and what the manifest should say;
/// `LAYERLAB_LOTTIE_DUMP=DIR` writes both drawings of every moment as PNG files.
@Suite(.enabled(if: PlayerComparison.rlottie != nil, "librlottie-dev is not installed"))
struct CorpusAgreementTests {
    /// The figures a frame must stay under, as fractions: mean absolute error over every
    /// channel, and the share of pixels off by more than 64 in some channel.
    static let maxMeanError = 0.02
    static let maxBadPixels = 0.02
    /// The longer side of the drawings, in pixels.
    static let size = 200

    static let manifest: [String: LottieCorpus.Expectation] = (try? LottieCorpus.manifest()) ?? [:]

    @Test func manifestNamesEveryFileOnce() throws {
        let manifest = try LottieCorpus.manifest()
        #expect(LottieCorpus.all.count >= 60)
        #expect(Set(manifest.keys) == Set(LottieCorpus.all),
                "not in the manifest: \(Set(LottieCorpus.all).subtracting(manifest.keys).sorted()); not in the corpus: \(Set(manifest.keys).subtracting(LottieCorpus.all).sorted())")
    }

    @Test(arguments: LottieCorpus.files)
    func agreement(_ path: String) throws {
        if ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_FIGURES"] != nil {
            FileHandle.standardError.write(Data("agreement: \(path) started\n".utf8))
        }
        let outcome = Self.compare(path)
        if ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_FIGURES"] != nil {
            // Unbuffered, so a long run shows its progress.
            FileHandle.standardError.write(Data("agreement: \(path) \(outcome.agrees ? "agrees" : "disagrees"): \(outcome.summary)\n".utf8))
        }
        let expected = try #require(Self.manifest[path], "\(path) is not in Tests/LottieCorpus/MANIFEST")
        switch expected {
        case .agrees:
            #expect(outcome.agrees, "\(path) no longer agrees with rlottie: \(outcome.summary)")
        case .layerlabWrong(let reason):
            #expect(!outcome.agrees, "\(path) now agrees with rlottie: mark it `agrees` in MANIFEST (was: \(reason))")
        case .rlottieWrong(let reason):
            #expect(!outcome.agrees, "\(path) now agrees with rlottie: mark it `agrees` in MANIFEST (was: \(reason))")
            for (frame, ours) in outcome.ours {
                GoldenImage.check(ours, name: path.replacingOccurrences(of: "/", with: "-") + "-\(frame)")
            }
        }
    }

    /// The per-feature table in docs/lottie.md is the one the manifest gives.
    /// `LAYERLAB_RECORD=1` rewrites it (and fails, so recording is never silent).
    @Test func agreementTableIsCurrent() throws {
        var features: [String: Set<String>] = [:]
        for path in LottieCorpus.all {
            let data = try Data(contentsOf: LottieCorpus.folder.appendingPathComponent(path))
            features[path] = LottieCorpus.features(of: try JSONSerialization.jsonObject(with: data))
        }
        let table = LottieCorpus.table(features: features, manifest: try LottieCorpus.manifest())
        print(table)
        let doc = PlayerComparison.repository.appendingPathComponent("docs/lottie.md")
        let text = (try? String(contentsOf: doc, encoding: .utf8)) ?? ""
        let heading = "## Agreement with rlottie"
        let begin = "<!-- agreement table: written by CorpusAgreementTests with LAYERLAB_RECORD=1 -->\n"
        let end = "<!-- end of agreement table -->"
        let current: String? = text.range(of: begin).flatMap { b in
            text.range(of: end, range: b.upperBound..<text.endIndex).map { String(text[b.upperBound..<$0.lowerBound]) }
        }
        if current == table { return }
        guard ProcessInfo.processInfo.environment["LAYERLAB_RECORD"] == "1" else {
            Issue.record("docs/lottie.md's agreement table is out of date (run with LAYERLAB_RECORD=1 to rewrite it)")
            return
        }
        var updated = text
        if let b = text.range(of: begin), let e = text.range(of: end, range: b.upperBound..<text.endIndex) {
            updated.replaceSubrange(b.upperBound..<e.lowerBound, with: table)
        } else {
            updated += (text.contains(heading) ? "" : "\n\(heading)\n\n") + begin + table + end + "\n"
        }
        try updated.write(to: doc, atomically: true, encoding: .utf8)
        Issue.record("Recorded the agreement table in docs/lottie.md")
    }

    // MARK: - Comparing one file

    struct Outcome {
        var agrees: Bool
        var summary: String
        /// LayerLab's drawing at each compared frame.
        var ours: [(Int, Bitmap)]
    }

    /// rlottie is called by one test at a time: parallel loads and renders of different files
    /// were seen to hang (two threads spinning inside it) on this runner.
    static let rlottieLock = NSLock()

    /// Opens `path` both ways and compares the drawings at six frames on white and black.
    static func compare(_ path: String) -> Outcome {
        let url = LottieCorpus.folder.appendingPathComponent(path)
        let opened: LottieImportResult
        do {
            opened = try LottieImport.document(from: try Data(contentsOf: url))
        } catch {
            return Outcome(agrees: false, summary: "LayerLab does not open it: \(error)", ours: [])
        }
        let doc = opened.document
        let (w, h) = Rasterizer.fittedSize(canvas: doc.canvas.size, width: size, height: size)
        let timing = (try? frameTiming(url)) ?? (fps: 30, inPoint: 0, frames: 1)
        // rlottie's side first, all under the lock (its load, frames and release).
        let drawn: (frames: [Int], pixels: [[UInt8]])? = rlottieLock.withLock {
            guard let player = PlayerComparison.rlottie?.animation(file: url.path, width: w, height: h) else { return nil }
            let last = max(1, min(player.frameCount - 1, timing.frames))
            let frames = Array(Set((0..<6).map { last * $0 / 6 } + [last - 1])).filter { $0 >= 0 }.sorted()
            return (frames, frames.map { f in
                player.render(frame: f)
                return player.rgba
            })
        }
        let images = imageStore(opened, folder: url.deletingLastPathComponent().path)
        let evaluator = Evaluator(document: doc)
        let rasterizer = Rasterizer(images: images)
        func draw(_ f: Int) -> Bitmap {
            rasterizer.render(evaluator.scene(at: (timing.inPoint + Double(f)) / timing.fps), width: w, height: h)
        }
        guard let drawn else {
            // Nothing to compare with; LayerLab's frames still go to the goldens.
            let last = max(1, timing.frames)
            let frames = Array(Set((0..<6).map { last * $0 / 6 } + [last - 1])).sorted()
            return Outcome(agrees: false, summary: "rlottie does not open it", ours: frames.map { ($0, draw($0)) })
        }
        var worst: (Difference, Int, String)?
        var ours: [(Int, Bitmap)] = []
        for (f, theirs) in zip(drawn.frames, drawn.pixels) {
            let bitmap = draw(f)
            ours.append((f, bitmap))
            if let dump = ProcessInfo.processInfo.environment["LAYERLAB_LOTTIE_DUMP"] {
                let stem = "\(dump)/\(path.replacingOccurrences(of: "/", with: "-"))-\(f)"
                try? PNGCodec.write(bitmap, to: stem + "-ours.png")
                try? PNGCodec.write(Bitmap(width: w, height: h, pixels: theirs), to: stem + "-rlottie.png")
            }
            for (name, background) in [("white", 255.0), ("black", 0.0)] {
                let d = difference(bitmap.pixels, theirs, background: background)
                if worst == nil || d.score > worst!.0.score { worst = (d, f, name) }
            }
        }
        guard let worst else { return Outcome(agrees: false, summary: "no frames", ours: ours) }
        let agrees = worst.0.meanError < maxMeanError && worst.0.badPixels < maxBadPixels
        let summary = "worst at frame \(worst.1) on \(worst.2): mean error \(percent(worst.0.meanError)), "
            + "\(percent(worst.0.badPixels)) of pixels off by > 64"
            + (opened.warnings.isEmpty ? "" : "; import warnings: " + opened.warnings.joined(separator: "; "))
        return Outcome(agrees: agrees, summary: summary, ours: ours)
    }

    /// The frame rate, first frame and frame count, read from the file (rlottie's frame 0 is
    /// the file's `ip`).
    static func frameTiming(_ url: URL) throws -> (fps: Double, inPoint: Double, frames: Int) {
        let root = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any] ?? [:]
        let fr = (root["fr"] as? Double) ?? 30, ip = (root["ip"] as? Double) ?? 0, op = (root["op"] as? Double) ?? ip + 1
        return (fr > 0 ? fr : 30, ip, max(1, Int((op - ip).rounded(.down))))
    }

    /// The imported file's images: embedded ones decoded, files beside it read.
    static func imageStore(_ opened: LottieImportResult, folder: String) -> ImageStore {
        var store = ImageStore()
        for (name, data) in opened.images { store[name] = try? ImageLoader.decode(data, name: name) }
        for (name, relative) in opened.externalImages { store[name] = try? ImageLoader.load(folder + "/" + relative) }
        return store
    }

    struct Difference {
        var meanError: Double
        var badPixels: Double
        /// How far past the limits, for picking the worst frame.
        var score: Double { max(meanError / maxMeanError, badPixels / maxBadPixels) }
    }

    /// Both straight-alpha RGBA images composed over a grey level, compared channel by channel.
    static func difference(_ a: [UInt8], _ b: [UInt8], background: Double) -> Difference {
        var total = 0.0, bad = 0
        let n = min(a.count, b.count) / 4
        for i in 0..<n {
            var worst = 0.0
            for c in 0..<3 {
                let d = abs(over(a[i * 4 + c], a[i * 4 + 3], background) - over(b[i * 4 + c], b[i * 4 + 3], background))
                total += d
                worst = max(worst, d)
            }
            if worst > 64 { bad += 1 }
        }
        return Difference(meanError: total / Double(max(1, n * 3)) / 255, badPixels: Double(bad) / Double(max(1, n)))
    }

    static func over(_ c: UInt8, _ a: UInt8, _ background: Double) -> Double {
        let al = Double(a) / 255
        return Double(c) * al + background * (1 - al)
    }

    static func percent(_ v: Double) -> String { "\(formatNumber((v * 10000).rounded() / 100)) %" }
}
