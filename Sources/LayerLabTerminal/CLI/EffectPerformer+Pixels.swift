#if canImport(Glibc)
import Glibc
#endif
import LayerLabCore
import LayerLabRaster
import LayerLabScript

extension EffectPerformer {
    /// `frames` in an image mode: each frame an image under its `# t=…` line, one palette for
    /// the whole run in sixel (colours hold still from frame to frame), for a pipe to a terminal.
    /// `pixels` is resolved as at a terminal; in a pipe it falls back to characters.
    func framesAsImages(_ times: [Double], _ evaluator: Evaluator, _ options: FrameOptions, _ images: ImageStore,
                        _ io: StandardIO) -> Bool {
        let env = ProcessEnvironment.current()
        var options = options
        let (mode, resolved, note) = PixelTarget.resolve(options.mode, fallback: isatty(STDOUT_FILENO) == 1 ? .blocks : .ascii,
                                                         environment: env)
        if let note { io.err("layerlab: \(note)") }
        guard let target = resolved else {
            options.mode = mode
            for t in times {
                io.out("# t=\(formatNumber(t))")
                var text = FrameRenderer.render(scene: evaluator.drawnScene(at: t), options: options, images: images)
                if text.hasSuffix("\n") { text.removeLast() }
                io.out(text)
            }
            return true
        }
        let rasterizer = Rasterizer(images: images)
        var encoder = target.encoder(imageID: PixelTarget.liveImageID)
        if mode == .sixel, let first = times.first {
            let scene = evaluator.drawnScene(at: first)
            let l = target.layout(canvas: scene.canvasSize, columns: options.columns, rows: options.rows)
            let samples = PixelShow.sampleTimes(times).map {
                rasterizer.render(evaluator.drawnScene(at: $0), width: l.width, height: l.height)
            }
            encoder.preparePalette(frames: samples, background: scene.background)
        }
        for t in times {
            io.out("# t=\(formatNumber(t))")
            let scene = evaluator.drawnScene(at: t)
            let l = target.layout(canvas: scene.canvasSize, columns: options.columns, rows: options.rows)
            var bytes: [UInt8] = []
            encoder.write(rasterizer.render(scene, width: l.width, height: l.height), layout: l,
                          background: scene.background, into: &bytes)
            io.out(String(decoding: target.wrap(bytes), as: UTF8.self))
        }
        return true
    }
}

/// One still frame as an image, the way `show` prints it.
enum PixelShow {
    /// The image of `scene` fitted to `columns` x `rows` cells. At a terminal the rows it covers
    /// are made first (scrolling if need be) and the cursor ends under the image, whatever the
    /// protocol does with it; elsewhere the image bytes alone.
    static func still(_ scene: Scene, target: PixelTarget, columns: Int, rows: Int, images: ImageStore,
                      atTerminal: Bool) -> String {
        let l = target.layout(canvas: scene.canvasSize, columns: columns, rows: rows)
        let bitmap = Rasterizer(images: images).render(scene, width: l.width, height: l.height)
        var encoder = target.encoder(imageID: PixelTarget.stillImageID(bitmap))
        var image: [UInt8] = []
        encoder.write(bitmap, layout: l, background: scene.background, into: &image)
        let bytes = target.wrap(image)
        guard atTerminal else { return String(decoding: bytes, as: UTF8.self) }
        var text = String(repeating: "\n", count: l.rows) + "\u{1B}[\(l.rows)A\r" + Escape.saveCursor
        text += String(decoding: bytes, as: UTF8.self)
        text += Escape.restoreCursor + (l.rows > 1 ? "\u{1B}[\(l.rows - 1)B" : "")
        return text
    }

    /// Up to eight times spread over `times`, whose frames make a sixel palette for them all.
    static func sampleTimes(_ times: [Double]) -> [Double] {
        guard times.count > 8 else { return times }
        return (0..<8).map { times[$0 * (times.count - 1) / 7] }
    }
}
