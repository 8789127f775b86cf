#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import PeerLibraries

/// Lottie files of the test corpus (`Tests/LottieCorpus`) opened and drawn by LayerLab beside
/// rlottie (group `lottie`): the whole process from file to PNG, and one frame of an opened
/// file, each as the median over the corpus of LayerLab's time over rlottie's.
func lottieBenchmarks() {
    print("")
    print("## Lottie corpus beside rlottie: first frame, longer side 200 px")
    guard let root = repositoryRoot() else { print("Tests/LottieCorpus not found (run from the repository)"); return }
    let folder = root + "/Tests/LottieCorpus"
    let files = ((FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }) ?? [])
        .filter { $0.hasSuffix(".json") && !$0.hasPrefix("__Goldens__") }.sorted()
        // LAYERLAB_BENCH_ONLY=a,b keeps the files whose path contains one of the words (for profiling).
        .filter { file in
            guard let only = getenv("LAYERLAB_BENCH_ONLY").map({ String(cString: $0) }) else { return true }
            return only.split(separator: ",").contains { file.contains($0) }
        }
    guard !files.isEmpty, let rlottie = RLottie() else {
        print(files.isEmpty ? "no corpus files" : "rlottie: not installed (apt-get install librlottie-dev)")
        return
    }
    // LAYERLAB_BENCH_RUNS=N takes N samples of each file's frames (default 16; a sample is about a
    // millisecond of frames): more for steadier medians.
    let runs = getenv("LAYERLAB_BENCH_RUNS").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 16
    var frameRatios: [Double] = [], processRatios: [Double] = [], cpuRatios: [Double] = [], straightRatios: [Double] = []
    let listFiles = getenv("LAYERLAB_BENCH_FILES") != nil
    var skipped: [String] = []
    let layerlab = buildFolder() + "/layerlab", peer = buildFolder() + "/rlottie-frame"
    let processes = access(layerlab, X_OK) == 0 && access(peer, X_OK) == 0
    // A folder of its own: a save looks through the folder it writes into for temporaries an
    // interrupted save left, and a crowded /tmp would be timed as well.
    var template = Array("/tmp/layerlab-bench-XXXXXX".utf8CString)
    let scratch = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) } ?? "/tmp"
    let out = scratch + "/frame"
    defer { unlink(out + "-ours.png"); unlink(out + "-rlottie.png"); if scratch != "/tmp" { rmdir(scratch) } }
    for file in files {
        let path = folder + "/" + file
        guard let data = FileManager.default.contents(atPath: path),
              let opened = try? LottieImport.document(from: data) else { skipped.append(file + " (LayerLab cannot open it)"); continue }
        let (w, h) = Rasterizer.fittedSize(canvas: opened.document.canvas.size, width: 200, height: 200)
        guard let animation = rlottie.animation(file: path, width: w, height: h) else {
            skipped.append(file + " (rlottie cannot open it)"); continue
        }
        // One frame of an opened file: evaluate and rasterize, against rlottie's render.
        let evaluator = Evaluator(document: opened.document)
        let t0 = (opened.document.layers.isEmpty ? 0 : firstFrameTime(data))
        // Drawn as `play` and the exports draw: into one reused canvas.
        let canvas = FrameCanvas(width: w, height: h)
        // Frames 0 and 1 in turn: rlottie skips drawing a frame it has just drawn.
        let step = 1 / frameRate(data)
        // Both draw premultiplied pixels (rlottie's frame is premultiplied ARGB; LayerLab's
        // surface premultiplied RGBA, which the terminal encoders read as they are). Timed in
        // turn with the same frames converted to straight-alpha bytes, as the exports take them,
        // which rlottie's frame is not (its program converts as it writes the PNG, timed with
        // the whole process).
        var i = 0, j = 0, k = 0
        let t = interleavedMedians(samples: runs, [{
            i += 1
            canvas.drawOnly(evaluator.drawnScene(at: t0 + Double(i % 2) * step))
        }, {
            k += 1
            animation.render(frame: k % 2)
        }, {
            j += 1
            _ = canvas.render(evaluator.drawnScene(at: t0 + Double(j % 2) * step))
        }])
        let ours = t[0].wall, theirs = t[1].wall
        frameRatios.append(ours / theirs)
        straightRatios.append(t[2].wall / theirs)
        // The same frames by CPU time: rlottie rasterizes on worker threads.
        if t[1].cpu > 0 { cpuRatios.append(t[0].cpu / t[1].cpu) }
        // LAYERLAB_BENCH_FILES=1 lists every file's figures, to find the ones that cost most.
        var line = "frame \(fixed(ours, 3)) ms / \(fixed(theirs, 3)) ms = \(fixed(ours / theirs, 2))x"
        line += " (straight alpha \(fixed(t[2].wall, 3)) ms)"
        // The whole process: open the file, draw its first frame (rlottie's frame 0; a still
        // named by no time would show the end), write a PNG.
        if processes {
            let (a, b) = bestProcessTimes((layerlab, ["export", path, "--png", out + "-ours.png", "--size", "\(w)x\(h)", "--at", "\(t0)"]),
                                          (peer, [path, "\(w)", "\(h)", out + "-rlottie.png"]), runs: 5)
            if let a, let b {
                processRatios.append(a / b)
                line += "; process \(fixed(a, 2)) ms / \(fixed(b, 2)) ms = \(fixed(a / b, 2))x"
            } else if a == nil { skipped.append(file + " (layerlab export failed)") }
        }
        if listFiles { report("  " + file, line) }
    }
    report("files compared (frame)", "\(frameRatios.count) of \(files.count)")
    if !frameRatios.isEmpty {
        ratio("LayerLab / rlottie, one frame of an opened file, median over files", median(frameRatios), 1, target: 1)
        report("  spread over files (10th / 90th percentile)",
               "\(fixed(percentile(frameRatios, 0.1), 2))x / \(fixed(percentile(frameRatios, 0.9), 2))x")
    }
    if !cpuRatios.isEmpty {
        report("  by CPU time, every thread counted (median, no target)", "\(fixed(median(cpuRatios), 2))x")
    }
    if !straightRatios.isEmpty {
        report("  with LayerLab's straight-alpha conversion, as exports take a frame (median, no target)",
               "\(fixed(median(straightRatios), 2))x")
    }
    if !processes {
        print("whole process: build layerlab and rlottie-frame beside the benchmarks (scripts/bench does)")
    } else if !processRatios.isEmpty {
        report("files compared (whole process)", "\(processRatios.count) of \(files.count)")
        ratio("LayerLab / rlottie, whole process to a PNG, median over files", median(processRatios), 1, target: 1)
        report("  spread over files (10th / 90th percentile)",
               "\(fixed(percentile(processRatios, 0.1), 2))x / \(fixed(percentile(processRatios, 0.9), 2))x")
    }
    for s in skipped.prefix(8) { print("  skipped: \(s)") }
    if skipped.count > 8 { print("  skipped: \(skipped.count - 8) more") }
}

/// The file's frame rate (`fr`, 30 when absent or not positive).
private func frameRate(_ data: Data) -> Double {
    let fr = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["fr"] as? Double ?? 30
    return fr > 0 ? fr : 30
}

/// The time of the file's first frame, `ip` / `fr` (rlottie's frame 0).
private func firstFrameTime(_ data: Data) -> Double {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return 0 }
    let fr = root["fr"] as? Double ?? 30, ip = root["ip"] as? Double ?? 0
    return fr > 0 ? ip / fr : 0
}

private func median(_ xs: [Double]) -> Double { percentile(xs, 0.5) }

private func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
}
