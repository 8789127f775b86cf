import LayerLabCore

/// Encodes frames in one image protocol, keeping what lasts between frames: the kitty image id
/// (each frame replaces the last in place), the sixel palette (made once from frames across
/// a scene, so colours hold still while it plays) and, while playing (`deltas`), the frame on
/// the screen: a frame equal to it is not sent again, and a sixel frame paints only the pixels
/// that changed.
package struct PixelEncoder: Sendable {
    /// `kitty`, `sixel` or `iterm`.
    package let mode: FrameMode
    /// The kitty image id frames are sent under.
    package var imageID: Int
    /// Colour registers a sixel image may use (a terminal's limit, at most 256).
    package var sixelColors: Int
    /// The sixel palette; made from the first frame when not set beforehand.
    package var palette: SixelPalette?
    /// Encodes a bitmap as PNG, for iTerm2 images (the codec lives outside this module).
    package var png: (@Sendable (Bitmap) -> [UInt8])?
    /// zlib, for compressed kitty frames (`o=z`); nil sends them raw.
    package var deflate: KittyEncoder.Deflate?
    /// Frames follow one another at one place (`play`, `watch`): send only what changed since
    /// the frame before. Off for a still frame, whose bytes must stand alone.
    package var deltas = false
    /// The frame on the screen, as sent: its pixels (kitty, iTerm2) or sixel register indices.
    private var shown: (width: Int, height: Int, data: [UInt8])?

    package init(mode: FrameMode, imageID: Int = 1, sixelColors: Int = 256,
                png: (@Sendable (Bitmap) -> [UInt8])? = nil) {
        precondition(mode.isPixels && mode != .pixels, "PixelEncoder draws kitty, sixel or iterm")
        self.mode = mode; self.imageID = imageID; self.sixelColors = max(2, min(256, sixelColors)); self.png = png
    }

    /// Sixel bands are six pixels tall: the row multiple for `PixelLayout.fit`.
    package var rowMultiple: Int { mode == .sixel ? 6 : 1 }

    /// The opaque colour frames are flattened over for sixel: the scene's background, black
    /// where it is clear (as the character modes do).
    package static func base(_ background: Color) -> (UInt8, UInt8, UInt8) {
        guard background.a > 0 else { return (0, 0, 0) }
        let b = Bitmap.bytes(background)
        return (b.0, b.1, b.2)
    }

    /// Sets the sixel palette from sample frames (a scene about to play).
    package mutating func preparePalette(frames: [Bitmap], background: Color) {
        guard mode == .sixel else { return }
        palette = SixelPalette(frames: frames, background: PixelEncoder.base(background), maxColors: sixelColors)
    }

    /// Forgets the frame on the screen (it was cleared or covered): the next frame goes whole.
    package mutating func forgetShown() { shown = nil }

    /// Appends the image of `bitmap` at the cursor, over `layout`'s cells (kitty scales the
    /// image to them; sixel and iTerm2 images are drawn at their pixel size). With `deltas`,
    /// nothing is appended for a frame equal to the one on the screen.
    package mutating func write(_ bitmap: Bitmap, layout: PixelLayout, background: Color, into out: inout [UInt8]) {
        let same = deltas && shown.map { $0.width == bitmap.width && $0.height == bitmap.height } == true
        switch mode {
        case .sixel:
            let base = PixelEncoder.base(background)
            if palette == nil { palette = SixelPalette(frames: [bitmap], background: base, maxColors: sixelColors) }
            let indices = SixelEncoder.write(bitmap, palette: palette!, background: base,
                                             previous: same ? shown?.data : nil, into: &out)
            if deltas { shown = (bitmap.width, bitmap.height, indices) }
        default:
            if same && shown?.data == bitmap.pixels { return }
            if mode == .kitty {
                // Pixel for pixel at full size; stretched over the cells when drawn smaller.
                let full = bitmap.width == layout.width && bitmap.height == layout.height
                KittyEncoder.write(bitmap, imageID: imageID, columns: layout.columns, rows: layout.rows,
                                   stretch: !full, deflate: deflate, into: &out)
            } else {
                ITermEncoder.write(png: png?(bitmap) ?? [], width: bitmap.width, height: bitmap.height, into: &out)
            }
            if deltas { shown = (bitmap.width, bitmap.height, bitmap.pixels) }
        }
    }
}
