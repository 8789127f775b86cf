import LayerLabCore

/// The scratch state of one render: scan converter, reusable buffers and offscreen surfaces.
///
/// Created per `Rasterizer.render` call, so rendering stays free of shared mutable state.
final class RenderContext {
    let width: Int
    let height: Int
    let images: ImageStore
    let sampling: Rasterizer.Sampling
    let scan: ScanConverter
    /// Flattening tolerance in pixels.
    let tolerance = 0.05
    /// `Transform3D.identity`, read once: a flat leaf's sublayer map, which it never uses (a
    /// global is checked for initialisation and its array retained at each read).
    let identity3D = Transform3D.identity
    var contours = Contours()
    /// Scratch for `deviceContours`: a path flattened in device space.
    private var flattening = FlatPolylines()
    /// Laid-out texts, kept across frames.
    var textLayouts = TextLayoutCache.shared
    /// Glyphs stroked by this context so far: text work grows with what shows, not with the string.
    var glyphsStroked = 0
    private var pool: [Surface] = []
    /// Coverage of shapes that hold still between frames.
    let coverageCache: CoverageCache
    /// Clip coverage buffers given back, with the rows each may hold values in.
    private var coveragePool: [(buffer: [Float], rows: Range<Int>)] = []
    /// Images converted for sampling, by name (the image store is fixed for the context).
    var premultipliedImages: [String: [SIMD4<Float>]] = [:]
    /// Gradient colour tables, kept while the gradients' colours hold still.
    let gradientTables = GradientTables()
    /// Opaque image pixels as the bytes a full-weight blend writes, by name (see `drawImage`).
    var opaqueImageWords: [String: [UInt32]] = [:]

    init(width: Int, height: Int, images: ImageStore, sampling: Rasterizer.Sampling) {
        self.width = width; self.height = height; self.images = images; self.sampling = sampling
        scan = ScanConverter(width: width, height: height)
        coverageCache = CoverageCache(width: width)
        scan.counter = WorkCounter.current
    }

    /// Draws the whole scene: background, then root layers by zPosition.
    func draw(_ scene: Scene, transform: AffineTransform) -> Surface {
        let surface = Surface(width: width, height: height, fill: scene.background)
        // The background is everywhere: from here on, the drawn rectangle is what the layers
        // drew (`bitmap` converts only there).
        surface.background = Pixel(premultiplying: scene.background).word
        surface.resetDirty()
        draw(scene, transform: transform, into: surface)
        return surface
    }

    /// Draws the scene's layers over a surface already filled with its background.
    func draw(_ scene: Scene, transform: AffineTransform, into surface: Surface) {
        scan.counter = WorkCounter.current
        drawLayers(scene.layers, parent: Transform3D(transform), into: surface, clip: nil, alpha: 1)
    }

    /// Siblings back to front: by zPosition, stable for equal values.
    static func ordered(_ layers: [PresentedLayer]) -> [PresentedLayer] {
        if layers.count < 2 || !layers.contains(where: { $0.zPosition != layers[0].zPosition }) {
            return layers
        }
        return layers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition
                ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    // MARK: - Offscreen surfaces

    /// Offscreen surfaces handed out so far (tests read it).
    private(set) var offscreensBorrowed = 0

    func borrowSurface() -> Surface {
        offscreensBorrowed &+= 1
        if let s = pool.popLast() { s.clear(); return s }
        return Surface(width: width, height: height)
    }

    func giveBack(_ s: Surface) { pool.append(s) }

    // MARK: - Filling

    /// Fills contours (mapped through `t`) with a solid colour, multiplied by `alpha` and
    /// the clip coverage.
    func fill(_ c: Contours, transform t: AffineTransform, evenOdd: Bool, normalize: Bool,
              color: Color, into target: Surface, clip: [Float]?, alpha: Float) {
        guard color.a > 0, alpha > 0, !c.isEmpty else { return }
        fill(c, transform: t, evenOdd: evenOdd, normalize: normalize, paint: .color(color), into: target,
             clip: clip, alpha: alpha)
    }

    /// Fills contours (mapped through `t`) with `paint`, multiplied by `alpha` and the clip.
    func fill(_ c: Contours, transform t: AffineTransform, evenOdd: Bool, normalize: Bool,
              paint: Paint, into target: Surface, clip: [Float]?, alpha: Float) {
        scan.reset()
        scan.add(c, transform: t, normalize: normalize)
        paintScan(paint, evenOdd: evenOdd, into: target, clip: clip, alpha: alpha)
    }

    /// Blends `paint` over the coverage of what the scan converter holds; with `key`, the
    /// rows go to the coverage cache too when it asks for them (a shape seen before).
    func paintScan(_ paint: Paint, evenOdd: Bool, into target: Surface, clip: [Float]?, alpha: Float,
                   key: CoverageCache.Key? = nil) {
        guard let key, coverageCache.shouldRecord(key) else {
            target.blend(paint, alpha: alpha, clip: clip) { spans in
                scan.rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
                    spans.row(y: y, x0: x0, x1: x1, cover: cover, runs: runs)
                }
            }
            return
        }
        var shape = CoverageCache.Shape()
        target.blend(paint, alpha: alpha, clip: clip) { spans in
            scan.rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
                shape.add(y: y, x0: x0, x1: x1, cover: cover, runs: runs)
                spans.row(y: y, x0: x0, x1: x1, cover: cover, runs: runs)
            }
        }
        coverageCache.store(key, shape)
    }

    /// Blends `paint` over a kept shape's coverage; false when the cache holds none for `key`.
    func paintKept(_ key: CoverageCache.Key, _ paint: Paint, into target: Surface, clip: [Float]?,
                   alpha: Float) -> Bool {
        guard let shape = coverageCache.shape(key) else { return false }
        target.blend(paint, alpha: alpha, clip: clip) { spans in
            coverageCache.withScratch { cover in
                shape.replay(into: cover) { y, x0, x1, cover, runs in
                    spans.row(y: y, x0: x0, x1: x1, cover: cover, runs: runs)
                }
            }
        }
        return true
    }

    /// The coverage of contours as a buffer, multiplied into an existing clip when given.
    func coverage(_ c: Contours, transform t: AffineTransform, evenOdd: Bool, within clip: [Float]?) -> [Float] {
        pooledCoverage(c, transform: t, evenOdd: evenOdd, within: clip).buffer
    }

    /// As `coverage`, in a buffer from the pool when one was given back, and with the rows
    /// that hold values (`giveBack(coverage:)` takes both back). Only those rows of a reused
    /// buffer are zeroed first: the rest are zero from the last use.
    func pooledCoverage(_ c: Contours, transform t: AffineTransform, evenOdd: Bool,
                        within clip: [Float]?) -> (buffer: [Float], rows: Range<Int>) {
        shapeCoverage(nil, evenOdd: evenOdd, within: clip) {
            scan.reset()
            scan.add(c, transform: t, normalize: false)
            return true
        }
    }

    /// As `pooledCoverage`, for the shape `load` puts into the scan converter (false: nothing
    /// to cover). With a `key`, for a shape that may hold still between frames: its rows come
    /// from the coverage cache when kept there (the very values the scan converter handed
    /// out), and are recorded the second time the shape is seen, as `paintScan` records
    /// painted shapes.
    func shapeCoverage(_ key: CoverageCache.Key?, evenOdd: Bool, within clip: [Float]?,
                       load: () -> Bool) -> (buffer: [Float], rows: Range<Int>) {
        let w = width
        var buf = zeroedCoverageBuffer()
        var y0 = Int.max, y1 = 0
        buf.withUnsafeMutableBufferPointer { out in
            func put(_ y: Int, _ x0: Int, _ x1: Int, _ cover: UnsafeMutableBufferPointer<Float>,
                     _ runs: UnsafeBufferPointer<ScanConverter.Run>) {
                for run in runs { ScanConverter.State.fill(run, cover) }
                if y < y0 { y0 = y }
                if y + 1 > y1 { y1 = y + 1 }
                (out.baseAddress! + y * w + x0).update(from: cover.baseAddress! + x0, count: x1 - x0)
            }
            if let key, let shape = coverageCache.shape(key) {
                coverageCache.withScratch { cover in shape.replay(into: cover, put) }
            } else if load() {
                if let key, coverageCache.shouldRecord(key) {
                    var shape = CoverageCache.Shape()
                    scan.rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
                        // NB: recorded before `put` fills the runs in, as `paintScan` records.
                        shape.add(y: y, x0: x0, x1: x1, cover: cover, runs: runs)
                        put(y, x0, x1, cover, runs)
                    }
                    coverageCache.store(key, shape)
                } else {
                    scan.rasterizeRuns(evenOdd: evenOdd, put)
                }
            }
        }
        let rows = multiply(&buf, rows: y0..<max(y0, y1), by: clip)
        return (buf, rows)
    }

    /// A coverage buffer from the pool, zero everywhere (only the rows its last use wrote are
    /// cleared), or a new one.
    private func zeroedCoverageBuffer() -> [Float] {
        let w = width
        guard let rows = coveragePool.last?.rows else { return [Float](repeating: 0, count: width * height) }
        // NB: moved out of the pool without a second reference, so it is written in place.
        var buf = coveragePool.removeLast().buffer
        buf.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: rows.lowerBound * w)
            .update(repeating: 0, count: rows.count * w) }
        return buf
    }

    /// Multiplies coverage rows by the clip, when there is one; the rows that hold values.
    /// (In place: the buffer is the caller's only copy.)
    private func multiply(_ buf: inout [Float], rows: Range<Int>, by clip: [Float]?) -> Range<Int> {
        let w = width, y0 = rows.lowerBound, y1 = rows.upperBound
        guard y0 < y1 else { return 0..<0 }
        // NB: rows outside y0..<y1 are zero and stay zero under the (finite) clip.
        if let clip {
            for i in (y0 * w)..<(y1 * w) { buf[i] *= clip[i] }
        }
        return y0..<y1
    }

    /// Takes back a buffer of `pooledCoverage` once nothing reads it (the caller holds no
    /// other copy, so the next use writes it in place).
    func giveBack(coverage buffer: [Float], rows: Range<Int>) {
        guard coveragePool.count < 8, buffer.count == width * height else { return }
        coveragePool.append((buffer, rows))
    }

    /// The path's contours in device space, flattened to the pixel tolerance.
    func deviceContours(_ path: Path, transform t: AffineTransform) -> Contours {
        var c = Contours()
        flattening.removeAll()
        path.flatten(tolerance: tolerance, transform: t, into: &flattening)
        c.add(flattening)
        return c
    }

    /// Fills a path mapped through `t` with a solid colour, as `fill(deviceContours(path, …))`
    /// but from reused buffers straight into the scan converter: the per-shape cost of scenes
    /// with many small layers.
    func fillPath(_ path: Path, transform t: AffineTransform, evenOdd: Bool, color: Color, into target: Surface,
                  clip: [Float]?, alpha: Float) {
        guard color.a > 0, alpha > 0 else { return }
        let key = CoverageCache.Key.fill(path, t, evenOdd: evenOdd)
        if paintKept(key, .color(color), into: target, clip: clip, alpha: alpha) { return }
        scan.reset()
        scan.add(path, tolerance: tolerance, transform: t)
        paintScan(.color(color), evenOdd: evenOdd, into: target, clip: clip, alpha: alpha, key: key)
    }
}
