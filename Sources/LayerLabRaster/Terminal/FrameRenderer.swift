import LayerLabCore

/// Document to frame in one call: evaluate the scene, rasterize it, encode it for the terminal.
///
///     let text = FrameRenderer.render(document: doc, time: 0.5,
///                                     options: FrameOptions(columns: 80, rows: 24, mode: .blocks))
///     print(text, terminator: "")
package enum FrameRenderer {
    /// The cells the scene occupies under `options`.
    package static func layout(canvas: Size, options: FrameOptions) -> FrameLayout {
        FrameLayout.fit(canvas: canvas, columns: options.columns, rows: options.rows, mode: options.mode)
    }

    /// The pixels behind a terminal frame (one pixel a cell in `ascii`, 1x2 in `blocks`, 2x4 in `braille`).
    package static func bitmap(scene: Scene, options: FrameOptions, images: ImageStore = ImageStore()) -> Bitmap {
        let l = layout(canvas: scene.canvasSize, options: options)
        return Rasterizer(images: images).render(scene, width: l.pixelWidth, height: l.pixelHeight)
    }

    /// The scene as terminal cells.
    package static func grid(scene: Scene, options: FrameOptions, images: ImageStore = ImageStore()) -> CellGrid {
        CellEncoder.grid(bitmap(scene: scene, options: options, images: images), mode: options.mode,
                         color: options.color, background: scene.background)
    }

    /// The scene as printable text, each row ending in a newline.
    package static func render(scene: Scene, options: FrameOptions, images: ImageStore = ImageStore()) -> String {
        var out: [UInt8] = []
        write(scene: scene, options: options, images: images, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `render`'s text as UTF-8 bytes to `out`, for callers that write bytes: no text
    /// is built or validated on the way, and a buffer kept between frames is not reallocated.
    package static func write(scene: Scene, options: FrameOptions, images: ImageStore = ImageStore(),
                             into out: inout [UInt8]) {
        CellEncoder.write(bitmap(scene: scene, options: options, images: images), mode: options.mode,
                          color: options.color, background: scene.background, into: &out)
    }

    /// The document at scene time `time` as terminal cells.
    package static func grid(document: Document, time: Double, options: FrameOptions,
                            images: ImageStore = ImageStore()) -> CellGrid {
        grid(scene: Evaluator(document: document).drawnScene(at: time), options: options, images: images)
    }

    /// The document at scene time `time` as printable text, each row ending in a newline.
    package static func render(document: Document, time: Double, options: FrameOptions,
                              images: ImageStore = ImageStore()) -> String {
        render(scene: Evaluator(document: document).drawnScene(at: time), options: options, images: images)
    }

    /// The document at `time` as an image `width` x `height` pixels (PNG and GIF export);
    /// a nil side follows from the canvas aspect.
    package static func bitmap(document: Document, time: Double, width: Int? = nil, height: Int? = nil,
                              images: ImageStore = ImageStore()) -> Bitmap {
        let scene = Evaluator(document: document).drawnScene(at: time)
        let size = Rasterizer.fittedSize(canvas: scene.canvasSize, width: width, height: height)
        return Rasterizer(images: images).render(scene, width: size.width, height: size.height)
    }
}
