import LayerLabCore
import LayerLabRaster

/// The image modes: bytes and encode time of one frame at 800x480 pixels (the canvas fitted
/// inside), kitty (raw pixels, base64) and sixel (palette, dither, bands), on the gallery scenes.
/// The frame is drawn once; only the encoding is timed. The sixel palette is made once from
/// eight frames across the scene (as `play` does) and timed on its own.
func pixelBenchmarks() {
    print("")
    print("## Pixels: one frame encoded at 800x480 for kitty and sixel")
    guard let root = repositoryRoot() else { print("(examples not found)"); return }
    for name in ["card-flip", "shimmer", "circular-loader", "confetti", "parallax-walk", "loading-s", "replicator-spinner"] {
        guard let doc = exampleDocument(root + "/examples/\(name).lab") else { continue }
        let ev = Evaluator(document: doc)
        let duration = max(ev.sceneDuration, 1)
        let scene = ev.drawnScene(at: duration * 0.4)
        let size = Rasterizer.fittedSize(canvas: scene.canvasSize, width: 800, height: 480)
        let rasterizer = Rasterizer()
        let frame = rasterizer.render(scene, width: size.width, height: size.height)
        let layout = PixelLayout(columns: 80, rows: 24, width: size.width, height: size.height)
        var bytes = 0
        let label = "\(name) \(size.width)x\(size.height)"
        measure("\(label), kitty", runs: 21) {
            var out: [UInt8] = []
            KittyEncoder.write(frame, imageID: 1, columns: layout.columns, rows: layout.rows, into: &out)
            bytes = out.count
        }
        print("      bytes a frame: \(bytes)")
        let samples = (0..<8).map { rasterizer.render(ev.drawnScene(at: duration * Double($0) / 7), width: size.width, height: size.height) }
        var encoder = PixelEncoder(mode: .sixel)
        measure("\(label), sixel palette from 8 frames (once a playback)", runs: 5, warmup: 1) {
            encoder.preparePalette(frames: samples, background: scene.background)
        }
        measure("\(label), sixel", runs: 21) {
            var out: [UInt8] = []
            encoder.write(frame, layout: layout, background: scene.background, into: &out)
            bytes = out.count
        }
        print("      bytes a frame: \(bytes), \(encoder.palette?.colors.count ?? 0) colours")
    }
}
