import LayerLabCore
import LayerLabRaster

/// What `play` and `watch` draw in an image mode: each frame one image at the frame's home
/// cell, centred in the window as the character frames are. Under kitty every frame goes out
/// under one image id and replaces the one before where it stands; sixel and iTerm2 images are
/// drawn over the last at the same place. The cursor is saved and put back around each image,
/// so the status line and keys overlay (text) stay where they are.
struct PixelScreen {
    let target: PixelTarget
    var encoder: PixelEncoder
    let rasterizer: Rasterizer

    init(target: PixelTarget, images: ImageStore) {
        self.target = target
        encoder = target.encoder(imageID: PixelTarget.liveImageID)
        rasterizer = Rasterizer(images: images)
    }

    /// The image's place and size for `scene` in the top `rows` rows of `window`.
    func place(_ scene: Scene, window: TerminalSize, rows: Int, asked: (columns: Int, rows: Int)?)
        -> (layout: PixelLayout, row: Int, column: Int) {
        let columns = min(window.columns, asked?.columns ?? window.columns)
        let l = target.layout(canvas: scene.canvasSize, columns: columns, rows: min(rows, asked?.rows ?? rows))
        return (l, 1 + max(0, (rows - l.rows) / 2), 1 + max(0, (window.columns - l.columns) / 2))
    }

    /// Makes the sixel palette from frames across what will be shown (no-op for other modes).
    mutating func preparePalette(_ scenes: [Scene], window: TerminalSize, rows: Int, asked: (columns: Int, rows: Int)?) {
        guard target.mode == .sixel, let first = scenes.first else { return }
        let l = place(first, window: window, rows: rows, asked: asked).layout
        encoder.preparePalette(frames: scenes.map { rasterizer.render($0, width: l.width, height: l.height) },
                               background: first.background)
    }

    /// Appends the frame of `scene`: cursor to its home cell, the image, the cursor back.
    mutating func frame(_ scene: Scene, window: TerminalSize, rows: Int, asked: (columns: Int, rows: Int)?,
                        into out: inout [UInt8]) {
        let (l, row, column) = place(scene, window: window, rows: rows, asked: asked)
        var image: [UInt8] = []
        encoder.write(rasterizer.render(scene, width: l.width, height: l.height), layout: l,
                      background: scene.background, into: &image)
        out += Escape.saveCursor.utf8
        out += Escape.moveTo(row: row, column: column).utf8
        out += target.wrap(image)
        out += Escape.restoreCursor.utf8
    }

    /// Bytes that take the image away before the screen is cleared or covered with text: a kitty
    /// image lies over the text layer and a cleared screen would keep it.
    var removal: [UInt8] {
        target.mode == .kitty ? target.wrap(Array(KittyEncoder.delete(imageID: PixelTarget.liveImageID).utf8)) : []
    }
}
