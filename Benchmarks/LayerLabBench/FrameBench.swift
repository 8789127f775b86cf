import LayerLabCore
import LayerLabRaster

/// Evaluate + rasterize + encode one frame, at times spread over the scene so every phase counts.
func frameBenchmarks() {
    print("")
    print("## Frames: evaluate, rasterize and encode one frame")
    var cases: [(String, Document)] = [("trimmed circle", trimmedCircle), ("one shape", oneShape)]
    if let root = repositoryRoot() {
        for name in ["loading-s", "parallax-walk"] {
            if let d = exampleDocument(root + "/examples/\(name).lab") { cases.append((name, d)) }
        }
    }
    for (name, doc) in cases {
        let ev = Evaluator(document: doc)
        let duration = max(ev.sceneDuration, 1)
        var i = 0
        let modes: [(FrameMode, ColorMode)] = [(.blocks, .truecolor), (.ascii, .none), (.braille, .ansi256)]
        for (mode, color) in modes {
            let options = FrameOptions(columns: 160, rows: 48, mode: mode, color: color)
            var bytes = 0
            measure("\(name) at 160x48 cells, \(mode.rawValue), colour \(color.rawValue)", runs: 41) {
                i += 1
                bytes = FrameRenderer.render(scene: ev.drawnScene(at: duration * Double(i % 20) / 20), options: options).utf8.count
            }
            print("      bytes a frame (full redraw): \(bytes)")
        }
    }
    manyLayersBenchmarks()
    // The hardening issue's reproducer: a 10,000-character text layer, on one line and wrapped
    // into its bounds. Layouts are kept between frames and only what shows is stroked.
    let long = String(repeating: "abcdefghij", count: 1000)
    for wrapped in [false, true] {
        let doc = scriptDocument("""
            canvas size=400x300
            text t position=(200, 150) bounds=rect(0, 0, 400, 300) isWrapped=\(wrapped) string="\(long)"
            """, name: "long text")
        let scene = Evaluator(document: doc).drawnScene(at: 0)
        let t = measure("10,000-character text layer\(wrapped ? ", wrapped" : ""), 400x300 pixels", runs: 11) {
            _ = Rasterizer().render(scene, width: 400, height: 300)
        }
        target("10,000-character text frame (issue: well under a second)", t, atMost: 100, unit: "ms")
    }
}
