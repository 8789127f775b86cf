import LayerLabCore

/// Draws a `Scene` into pixels: the pure, deterministic heart of every frame and export.
///
/// No I/O and no shared state: images come in through `images`, the size is a parameter,
/// and the same scene and size always give the same bytes.
///
///     let bitmap = Rasterizer(images: store).render(scene, width: 320, height: 240)
package struct Rasterizer: Sendable {
    /// How image layers sample their contents.
    package enum Sampling: String, Sendable, CaseIterable {
        /// Bilinear, as Core Animation's default `linear` filter.
        case linear
        /// Nearest pixel: crisp pixel art.
        case nearest
    }

    /// Images for image layers, by name.
    package var images: ImageStore
    package var sampling: Sampling

    /// Largest width or height drawn; bigger requests are clamped (a frame costs 16 bytes a
    /// pixel while drawing, so callers should refuse sizes near this).
    package static let maxDimension = 8192

    package init(images: ImageStore = ImageStore(), sampling: Sampling = .linear) {
        self.images = images; self.sampling = sampling
    }

    /// The scene with its canvas stretched over `width` x `height` pixels.
    package func render(_ scene: Scene, width: Int, height: Int) -> Bitmap {
        let w = Double(max(1, width)), h = Double(max(1, height))
        let cw = scene.canvasSize.width, ch = scene.canvasSize.height
        let t = AffineTransform.scale(cw > 0 ? w / cw : 1, ch > 0 ? h / ch : 1)
        return render(scene, width: width, height: height, transform: t)
    }

    /// The scene drawn through `transform` (canvas points to pixels) into `width` x `height`.
    package func render(_ scene: Scene, width: Int, height: Int, transform: AffineTransform) -> Bitmap {
        let w = min(Rasterizer.maxDimension, max(0, width)), h = min(Rasterizer.maxDimension, max(0, height))
        guard w > 0, h > 0 else { return Bitmap(width: w, height: h) }
        let context = RenderContext(width: w, height: h, images: images, sampling: sampling)
        return context.draw(scene, transform: transform).bitmap()
    }

    /// The largest pixel size within `width` x `height` that keeps the canvas aspect ratio;
    /// a nil side follows from the other (both nil: the canvas size in points).
    package static func fittedSize(canvas: Size, width: Int?, height: Int?) -> (width: Int, height: Int) {
        let cw = max(canvas.width, 1e-9), ch = max(canvas.height, 1e-9)
        switch (width, height) {
        case (nil, nil):
            return (clampedInt(cw.rounded(), 1, maxDimension), clampedInt(ch.rounded(), 1, maxDimension))
        case (let w?, nil):
            return (max(1, w), clampedInt((Double(w) * ch / cw).rounded(), 1, maxDimension))
        case (nil, let h?):
            return (clampedInt((Double(h) * cw / ch).rounded(), 1, maxDimension), max(1, h))
        case (let w?, let h?):
            let s = min(Double(w) / cw, Double(h) / ch)
            return (clampedInt((cw * s).rounded(), 1, max(1, w)), clampedInt((ch * s).rounded(), 1, max(1, h)))
        }
    }
}
