import LayerLabCore
import LayerLabRaster

/// 1,000 small animated shape layers at 160x48 cells: the per-layer cost of evaluating,
/// rasterizing and encoding (also run alone as the `many` group).
func manyLayersBenchmarks() {
    let ev = Evaluator(document: benchDocument(layers: 1000, animations: 3000))
    let duration = max(ev.sceneDuration, 1)
    let options = FrameOptions(columns: 160, rows: 48, mode: .blocks, color: .truecolor)
    var i = 0
    var bytes = 0
    let t = measure("1,000 shape layers at 160x48 cells, blocks, colour truecolor", runs: 21) {
        i += 1
        bytes = FrameRenderer.render(scene: ev.scene(at: duration * Double(i % 20) / 20), options: options).utf8.count
    }
    target("1,000 shape layers", t, atMost: 2, unit: "ms")
    print("      bytes a frame (full redraw): \(bytes)")
    // Where the time goes: the presentation tree, then pixels and cells.
    measure("  of which: evaluate the presentation tree", runs: 21) {
        i += 1
        _ = ev.scene(at: duration * Double(i % 20) / 20)
    }
    let scene = ev.scene(at: duration / 2)
    measure("  of which: rasterize + encode", runs: 21) {
        _ = FrameRenderer.render(scene: scene, options: options)
    }
}
