import LayerLabCore

/// A reusable drawing target for successive frames of one size: players and exports draw
/// every frame of a scene here instead of through `Rasterizer.render`, which sets all of
/// this up again for each frame.
///
/// It keeps its pixels, scan-conversion scratch and images already converted for sampling,
/// and restores the background only where the frame before drew, so a frame costs what its
/// layers cover, not the whole canvas. A surface asked to show again what it shows already
/// is not drawn again (players skip a frame where nothing changed; a scene's time is not
/// part of what it shows). The bytes are exactly `Rasterizer.render`'s.
///
///     let canvas = FrameCanvas(width: 1280, height: 640, images: store)
///     for t in times { encode(canvas.render(evaluator.drawnScene(at: t))) }
package final class FrameCanvas {
    package let width: Int
    package let height: Int
    let context: RenderContext
    /// One surface, or two drawn in turn (`FrameStream` compares a frame with the one before).
    private var surfaces: [Surface] = []
    private var next = 0
    /// The premultiplied background word each surface was last filled with.
    private var backgrounds: [UInt32?]
    /// What each surface shows now, to skip drawing it again.
    private var shown: [Shown?]
    /// Each surface's straight-alpha bytes, kept until it is drawn again: a frame that shows
    /// what the surface shows already is neither drawn nor converted again.
    private var converted: [Bitmap?]
    /// Where each kept bitmap was converted (see `Surface.convertedRect`).
    private var convertedRects: [(x0: Int, x1: Int, y0: Int, y1: Int)?]
    /// The last frame's bytes of the surface being drawn again, and where they differ from
    /// its pixels then: the next bitmap starts from them and copies only what changed.
    private var sparePixels: [UInt8]?
    private var spareRect: (x0: Int, x1: Int, y0: Int, y1: Int)?

    /// A canvas of `width` x `height` pixels (clamped like `Rasterizer.render`) drawing into
    /// `buffers` pixel buffers in turn: a bitmap still held while the next `buffers - 1`
    /// frames are drawn is never copied (an export encoding one frame while drawing the next).
    package init(width: Int, height: Int, images: ImageStore = ImageStore(), sampling: Rasterizer.Sampling = .linear,
                buffers: Int = 1) {
        self.width = min(Rasterizer.maxDimension, max(1, width))
        self.height = min(Rasterizer.maxDimension, max(1, height))
        context = RenderContext(width: self.width, height: self.height, images: images, sampling: sampling)
        backgrounds = [UInt32?](repeating: nil, count: max(1, buffers))
        shown = [Shown?](repeating: nil, count: max(1, buffers))
        converted = [Bitmap?](repeating: nil, count: max(1, buffers))
        convertedRects = .init(repeating: nil, count: max(1, buffers))
    }

    /// The scene with its canvas stretched over the whole canvas, as straight-alpha bytes.
    /// The bitmap's storage is the canvas's (copy on write): drop it before the next frame
    /// and that frame writes into it in place instead of copying.
    package func render(_ scene: Scene) -> Bitmap {
        let i = next
        let surface = draw(scene)
        if let kept = converted[i] { return kept }
        var bitmap: Bitmap? = nil
        // NB: taken out of the property, so the bytes have one owner and are written in place.
        if let rect = spareRect, var pixels = sparePixels.take() {
            spareRect = nil
            bitmap = surface.bitmap(over: &pixels, changed: rect)
        }
        let made = bitmap ?? surface.bitmap(keep: true)
        converted[i] = made
        convertedRects[i] = surface.convertedRect
        return made
    }

    /// Draws the scene into the next surface, left as premultiplied pixels (what the terminal
    /// encoders read, and what rlottie hands back as a frame): `render` without the bytes.
    package func drawOnly(_ scene: Scene) { _ = draw(scene) }

    /// Draws the scene into the next surface and returns it.
    func draw(_ scene: Scene) -> Surface {
        let w = Double(width), h = Double(height)
        let cw = scene.canvasSize.width, ch = scene.canvasSize.height
        let t = AffineTransform.scale(cw > 0 ? w / cw : 1, ch > 0 ? h / ch : 1)
        let i = next
        next = (next + 1) % backgrounds.count
        let word = Pixel(premultiplying: scene.background).word
        let picture = Shown(scene)
        sparePixels = nil; spareRect = nil
        if i < surfaces.count, backgrounds[i] == word, shown[i] == picture { return surfaces[i] }
        shown[i] = picture
        // NB: the kept bitmap is dropped before drawing: an opaque surface's bitmap shares its
        // pixels, which drawing would otherwise copy.
        if i < surfaces.count, backgrounds[i] == word, let rect = convertedRects[i], let kept = converted[i],
           surfaces[i].drawn.map({ $0 == rect }) == true {
            sparePixels = kept.pixels; spareRect = rect
        }
        converted[i] = nil
        convertedRects[i] = nil
        let surface: Surface
        if i < surfaces.count, backgrounds[i] == word {
            surface = surfaces[i]
            surface.restore(word)
        } else {
            surface = Surface(width: width, height: height, fill: scene.background)
            surface.resetDirty()
            if i < surfaces.count { surfaces[i] = surface } else { surfaces.append(surface) }
            backgrounds[i] = word
            surface.background = word
        }
        context.draw(scene, transform: t, into: surface)
        return surface
    }

    /// The surface drawn before the last one (two buffers only).
    var previous: Surface? {
        guard backgrounds.count > 1, surfaces.count > 1 else { return nil }
        return surfaces[next]
    }

    /// Forgets the surfaces: the next frames start from a fresh background.
    func forget() {
        surfaces.removeAll()
        for i in backgrounds.indices { backgrounds[i] = nil; shown[i] = nil; converted[i] = nil; convertedRects[i] = nil }
        sparePixels = nil; spareRect = nil
        next = 0
    }
}

/// What a scene puts on a surface: everything but its time.
private struct Shown: Equatable {
    let canvasSize: Size
    let background: Color
    let layers: [PresentedLayer]

    init(_ scene: Scene) { canvasSize = scene.canvasSize; background = scene.background; layers = scene.layers }
}
