import LayerLabCore

/// Encodes frames in one image protocol, keeping what lasts between frames: the kitty image id
/// (each frame replaces the last in place) and the sixel palette (made once from frames across
/// a scene, so colours hold still while it plays).
public struct PixelEncoder: Sendable {
    /// `kitty`, `sixel` or `iterm`.
    public let mode: FrameMode
    /// The kitty image id frames are sent under.
    public var imageID: Int
    /// Colour registers a sixel image may use (a terminal's limit, at most 256).
    public var sixelColors: Int
    /// The sixel palette; made from the first frame when not set beforehand.
    public var palette: SixelPalette?
    /// Encodes a bitmap as PNG, for iTerm2 images (the codec lives outside this module).
    public var png: (@Sendable (Bitmap) -> [UInt8])?

    public init(mode: FrameMode, imageID: Int = 1, sixelColors: Int = 256,
                png: (@Sendable (Bitmap) -> [UInt8])? = nil) {
        precondition(mode.isPixels && mode != .pixels, "PixelEncoder draws kitty, sixel or iterm")
        self.mode = mode; self.imageID = imageID; self.sixelColors = max(2, min(256, sixelColors)); self.png = png
    }

    /// Sixel bands are six pixels tall: the row multiple for `PixelLayout.fit`.
    public var rowMultiple: Int { mode == .sixel ? 6 : 1 }

    /// The opaque colour frames are flattened over for sixel: the scene's background, black
    /// where it is clear (as the character modes do).
    public static func base(_ background: Color) -> (UInt8, UInt8, UInt8) {
        guard background.a > 0 else { return (0, 0, 0) }
        let b = Bitmap.bytes(background)
        return (b.0, b.1, b.2)
    }

    /// Sets the sixel palette from sample frames (a scene about to play).
    public mutating func preparePalette(frames: [Bitmap], background: Color) {
        guard mode == .sixel else { return }
        palette = SixelPalette(frames: frames, background: PixelEncoder.base(background), maxColors: sixelColors)
    }

    /// Appends the image of `bitmap` (`layout.width` x `layout.height`) at the cursor.
    public mutating func write(_ bitmap: Bitmap, layout: PixelLayout, background: Color, into out: inout [UInt8]) {
        switch mode {
        case .kitty:
            KittyEncoder.write(bitmap, imageID: imageID, columns: layout.columns, rows: layout.rows, into: &out)
        case .sixel:
            let base = PixelEncoder.base(background)
            if palette == nil { palette = SixelPalette(frames: [bitmap], background: base, maxColors: sixelColors) }
            SixelEncoder.write(bitmap, palette: palette!, background: base, into: &out)
        default:
            ITermEncoder.write(png: png?(bitmap) ?? [], width: bitmap.width, height: bitmap.height, into: &out)
        }
    }
}
