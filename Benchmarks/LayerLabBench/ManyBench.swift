import LayerLabCore
import LayerLabRaster

/// 1,000 small animated shape layers at 160x48 cells: the per-layer cost of evaluating,
/// rasterizing and encoding a whole frame into the bytes a player writes (also run alone as
/// the `many` group).
func manyLayersBenchmarks() {
    let ev = Evaluator(document: benchDocument(layers: 1000, animations: 3000))
    let duration = max(ev.sceneDuration, 1)
    let options = FrameOptions(columns: 160, rows: 48, mode: .blocks, color: .truecolor)
    var i = 0
    var out: [UInt8] = []
    let t = measure("1,000 shape layers at 160x48 cells, blocks, colour truecolor", runs: 21) {
        i += 1
        out.removeAll(keepingCapacity: true)
        FrameRenderer.write(scene: ev.drawnScene(at: duration * Double(i % 20) / 20), options: options, into: &out)
    }
    target("1,000 shape layers", t, atMost: 2, unit: "ms")
    print("      bytes a frame (full redraw): \(out.count)")
    // Where the time goes: the presentation tree, then pixels and cells.
    measure("  of which: evaluate the presentation tree", runs: 21) {
        i += 1
        _ = ev.drawnScene(at: duration * Double(i % 20) / 20)
    }
    let scene = ev.drawnScene(at: duration / 2)
    measure("  of which: rasterize + encode", runs: 21) {
        out.removeAll(keepingCapacity: true)
        FrameRenderer.write(scene: scene, options: options, into: &out)
    }
    // `show` prints text: the same bytes made a Swift string (validated as UTF-8 on the way).
    measure("  the same frame as text (show, frames)", runs: 21) {
        _ = FrameRenderer.render(scene: scene, options: options)
    }
}
