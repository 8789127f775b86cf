import LayerLabCore
import LayerLabRaster

/// What `play` and `watch` draw in an image mode: each frame one image at the frame's home
/// cell, centred in the window as the character frames are. Under kitty every frame goes out
/// under one image id and replaces the one before where it stands; sixel and iTerm2 images are
/// drawn over the last at the same place. The cursor is saved and put back around each image,
/// so the status line and keys overlay (text) stay where they are.
///
/// Frames follow one another, so only what changed is sent (`PixelEncoder.deltas`): a frame
/// equal to the one on the screen costs nothing, a sixel frame paints only its changed pixels,
/// and kitty frames go compressed. When drawing and sending a kitty frame takes longer than the
/// frame's period, frames are drawn at a lower resolution (`scale`, down to a third) that
/// kitty stretches over the same cells, so the clock keeps its pace; the status line says so.
struct PixelScreen {
    let target: PixelTarget
    var encoder: PixelEncoder
    let rasterizer: Rasterizer
    /// The fraction of the full pixel size frames are drawn at (kitty only; 1 elsewhere).
    private(set) var scale = 1.0
    /// Frames in a row that took longer than their period (or well under it).
    private var slow = 0, fast = 0
    /// Images sent and frames drawn (an unchanged frame is drawn but not sent).
    private(set) var imagesSent = 0
    /// The full pixel size of the last frame (before `scale`).
    private(set) var fullSize: (width: Int, height: Int)?

    /// The lowest `scale` playback goes down to.
    static let smallestScale = 1.0 / 3

    init(target: PixelTarget, images: ImageStore) {
        self.target = target
        encoder = target.encoder(imageID: PixelTarget.liveImageID)
        encoder.deltas = true
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

    /// Appends the frame of `scene`: cursor to its home cell, the image, the cursor back;
    /// nothing when the frame is the one on the screen.
    mutating func frame(_ scene: Scene, window: TerminalSize, rows: Int, asked: (columns: Int, rows: Int)?,
                        into out: inout [UInt8]) {
        let (l, row, column) = place(scene, window: window, rows: rows, asked: asked)
        fullSize = (l.width, l.height)
        let w = max(1, Int((Double(l.width) * scale).rounded())), h = max(1, Int((Double(l.height) * scale).rounded()))
        var image: [UInt8] = []
        encoder.write(rasterizer.render(scene, width: w, height: h), layout: l, background: scene.background, into: &image)
        guard !image.isEmpty else { return }
        imagesSent += 1
        out += Escape.saveCursor.utf8
        out += Escape.moveTo(row: row, column: column).utf8
        out += target.wrap(image)
        out += Escape.restoreCursor.utf8
    }

    /// Takes the time one frame took to draw, encode and write (`cost`) against the frame
    /// `period`, and moves `scale` down when frames keep running late, back up when they keep
    /// finishing early. Only kitty scales an image to its cells; other modes stay at full size.
    /// Returns true when the scale changed.
    mutating func adapt(cost: Double, period: Double) -> Bool {
        guard target.mode == .kitty, cost.isFinite, period > 0 else { return false }
        if cost > period { slow += 1; fast = 0 } else if cost < period * 0.45 { fast += 1; slow = 0 } else { slow = 0; fast = 0 }
        let old = scale
        if slow >= 3 { scale = max(PixelScreen.smallestScale, scale * 0.8); slow = 0 }
        if fast >= 15 && scale < 1 { scale = min(1, scale / 0.8); fast = 0 }
        return scale != old
    }

    /// The status line's word on the resolution: empty at full size.
    var resolutionNote: String {
        scale < 0.999 ? "\(Int((scale * 100).rounded()))% res" : ""
    }

    /// Bytes that take the image away before the screen is cleared or covered with text: a kitty
    /// image lies over the text layer and a cleared screen would keep it. The next frame then
    /// goes whole.
    mutating func takeAway() -> [UInt8] {
        encoder.forgetShown()
        return target.mode == .kitty ? target.wrap(Array(KittyEncoder.delete(imageID: PixelTarget.liveImageID).utf8)) : []
    }
}
