import Foundation
import LayerLabCore
import LayerLabRaster
import LayerLabScript

/// The folder holding `examples/`, found from the working directory upwards.
func examplesFolder() -> String? {
    var dir = FileManager.default.currentDirectoryPath
    while !dir.isEmpty && dir != "/" {
        if FileManager.default.fileExists(atPath: dir + "/examples/loading-s.lab") { return dir + "/examples" }
        dir = (dir as NSString).deletingLastPathComponent
    }
    return nil
}

/// Loads an example script into a document (images are left out: they cost the same each frame).
func exampleDocument(_ path: String) -> Document? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var s = Session()
    guard s.runScript(text, name: path).diagnostic == nil else { return nil }
    return s.document
}

/// Evaluate + rasterize + encode one frame, at times spread over the scene so every phase counts.
func frameBenchmarks() {
    print("")
    print("## Frames: evaluate, rasterize and encode one frame (blocks, 24-bit colour)")
    var cases: [(String, Document)] = []
    var one = Document()
    one.layers = [Layer(name: "dot", kind: .shape, properties: [
        "position": .point(Point(100, 100)), "path": .path(.circle(center: .zero, radius: 60)),
        "fillColor": .color(Color(1, 0, 0)), "strokeColor": .color(.black), "lineWidth": .number(4)])]
    cases.append(("one shape", one))
    if let folder = examplesFolder() {
        for name in ["loading-s", "circular-loader", "parallax-walk"] {
            if let d = exampleDocument(folder + "/\(name).lab") { cases.append((name, d)) }
        }
    }
    if let seed = cases.first(where: { $0.0 == "loading-s" })?.1 {
        let ev = Evaluator(document: seed)
        for mode in [FrameMode.ascii, .braille] {
            let options = FrameOptions(columns: 160, rows: 48, mode: mode, color: .truecolor)
            var i = 0
            _ = measure("loading-s at 160x48 cells, \(mode.rawValue)", runs: 41) {
                i += 1
                _ = FrameRenderer.render(scene: ev.scene(at: ev.sceneDuration * Double(i % 20) / 20), options: options)
            }
        }
    }
    cases.append(("100 shape layers", benchDocument(layers: 100, animations: 300)))
    cases.append(("1,000 shape layers", benchDocument(layers: 1000, animations: 3000)))
    for (name, doc) in cases {
        let ev = Evaluator(document: doc)
        let duration = max(ev.sceneDuration, 1)
        for (cols, rows) in [(80, 24), (160, 48)] {
            let options = FrameOptions(columns: cols, rows: rows, mode: .blocks, color: .truecolor)
            var i = 0
            var bytes = 0
            let runs = name.hasPrefix("1,000") ? 9 : 41
            _ = measure("\(name) at \(cols)x\(rows) cells", runs: runs) {
                i += 1
                let t = duration * Double(i % 20) / 20
                bytes = FrameRenderer.render(scene: ev.scene(at: t), options: options).utf8.count
            }
            print("      bytes a frame (full redraw): \(bytes)")
        }
        var j = 0
        _ = measure("\(name) at 480x480 pixels", runs: name.hasPrefix("1,000") ? 5 : 21) {
            j += 1
            _ = Rasterizer().render(ev.scene(at: duration * Double(j % 20) / 20), width: 480, height: 480)
        }
    }
}
