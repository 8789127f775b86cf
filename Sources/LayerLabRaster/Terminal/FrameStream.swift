import LayerLabCore

/// Successive terminal frames as the bytes that turn one into the next: what `play`, `watch`
/// and cast recordings write.
///
/// Frames are drawn on a `FrameCanvas` with two surfaces in turn, so the one before is still
/// there: only pixels inside what either frame drew can differ, only cells over pixels that
/// changed are encoded again, and only cells that changed are written. The bytes are exactly
/// `ANSIEncoder.diff(from:to:row:column:)` between the two frames' grids.
///
///     let stream = FrameStream(options: FrameOptions(columns: 80, rows: 24))
///     var out: [UInt8] = []
///     for t in times { out.removeAll(keepingCapacity: true); stream.write(evaluator.scene(at: t), into: &out) }
public final class FrameStream {
    public let options: FrameOptions
    public let images: ImageStore
    private var canvas: FrameCanvas?
    private var layout: FrameLayout?
    /// The cells on the screen, as the last frame left them.
    public private(set) var grid: CellGrid?
    private var origin = (row: 1, column: 1)
    /// Cells changed by the frame being written, in screen order.
    private var changed: [Int32] = []

    public init(options: FrameOptions, images: ImageStore = ImageStore()) {
        self.options = options; self.images = images
    }

    /// Forgets what is on the screen: the next frame writes every cell (after a clear).
    public func invalidate() { grid = nil }

    /// Draws `scene` and appends to `out` the bytes that turn the last frame into it (every
    /// cell the first time, after `invalidate`, or when the frame moved or changed size), its
    /// top-left cell at 1-based (`row`, `column`). Returns the frame's layout.
    @discardableResult
    public func write(_ scene: Scene, row: Int = 1, column: Int = 1, into out: inout [UInt8]) -> FrameLayout {
        let l = FrameRenderer.layout(canvas: scene.canvasSize, options: options)
        if layout != l || canvas == nil {
            layout = l
            canvas = FrameCanvas(width: l.pixelWidth, height: l.pixelHeight, images: images, sampling: .linear,
                                 buffers: 2)
            grid = nil
        }
        if origin != (row, column) { origin = (row, column); grid = nil }
        let canvas = canvas!
        let surface = canvas.draw(scene)
        let previous = canvas.previous
        let all = grid == nil
        // NB: taken out of `grid`, so writing cells copies nothing.
        var cells = grid ?? CellGrid(columns: l.columns, rows: l.rows)
        grid = nil
        // Only pixels either frame drew can differ (both surfaces are background elsewhere).
        var region: (x0: Int, x1: Int, y0: Int, y1: Int)? = (0, surface.width, 0, surface.height)
        var compare = false
        if !all, let previous, previous.background == surface.background {
            compare = true
            switch (surface.drawn, previous.drawn) {
            case (nil, nil): region = nil
            case (let a?, nil): region = a
            case (nil, let b?): region = b
            case (let a?, let b?): region = (min(a.x0, b.x0), max(a.x1, b.x1), min(a.y0, b.y0), max(a.y1, b.y1))
            }
        }
        changed.removeAll(keepingCapacity: true)
        if let region {
            encode(surface, previous: compare ? previous : nil, region: region, background: scene.background,
                   into: &cells, all: all)
        }
        grid = cells
        write(cells, all: all, into: &out)
        return l
    }

    /// Encodes the cells over `region` (pixels) whose pixels changed since `previous` (all of
    /// them without one), recording those that differ from `cells` (every one when `all`).
    private func encode(_ surface: Surface, previous: Surface?, region: (x0: Int, x1: Int, y0: Int, y1: Int),
                        background: Color, into cells: inout CellGrid, all: Bool) {
        let mode = options.mode, color = options.color
        let (px, py) = mode.pixelsPerCell
        let columns = cells.columns
        let c0 = region.x0 / px, c1 = min(columns, (region.x1 + px - 1) / px)
        let r0 = region.y0 / py, r1 = min(cells.rows, (region.y1 + py - 1) / py)
        guard c0 < c1, r0 < r1 else { return }
        let base = background.a > 0 ? Bitmap.bytes(background) : (0, 0, 0, 255)
        let w = surface.width
        let old = previous?.px ?? []
        surface.px.withUnsafeBufferPointer { p in
        old.withUnsafeBufferPointer { o in
        cells.cells.withUnsafeMutableBufferPointer { grid in
            let f = CellEncoder.Flattener(pixels: p, width: w, background: (Int32(base.0), Int32(base.1), Int32(base.2)),
                                          premultiplied: true)
            let now = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let before = o.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt32.self) }
            for r in r0..<r1 {
                for c in c0..<c1 {
                    let cell: Cell
                    switch mode {
                    case .ascii:
                        let i = r * w + c
                        if let before, now[i] == before[i] { continue }
                        cell = CellEncoder.asciiCell(f, i, color: color)
                    case .blocks:
                        let top = 2 * r * w + c, bottom = top + w
                        if let before, now[top] == before[top], now[bottom] == before[bottom] { continue }
                        cell = CellEncoder.blocksCell(f, top: top, bottom: bottom, color: color)
                    case .braille:
                        if let before, FrameStream.same(now, before, x: 2 * c, y: 4 * r, width: w) { continue }
                        cell = CellEncoder.brailleCell(f, row: r, column: c, color: color)
                    }
                    let i = r * columns + c
                    if all || grid[i] != cell {
                        grid[i] = cell
                        if !all { changed.append(Int32(i)) }
                    }
                }
            }
        }
        }
        }
    }

    /// Whether a braille cell's 2x4 pixels are the same in both surfaces.
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, x: Int, y: Int, width: Int) -> Bool {
        for dy in 0..<4 {
            let i = (y + dy) * width + x
            if a[i] != b[i] || a[i + 1] != b[i + 1] { return false }
        }
        return true
    }

    /// Appends every cell (`all`) or the changed ones, as `ANSIEncoder.writeDiff` would.
    private func write(_ grid: CellGrid, all: Bool, into out: inout [UInt8]) {
        if all {
            ANSIEncoder.writeDiff(from: nil, to: grid, row: origin.row, column: origin.column, into: &out)
            return
        }
        guard !changed.isEmpty else { return }
        var pen = ANSIEncoder.Pen()
        let columns = grid.columns
        // A cell's bytes are bounded; reserve for the worst case so the raw writer never overflows.
        let bound = changed.count * ANSIEncoder.maxCellBytes + 8
        let start = out.count
        out.reserveCapacity(start + bound)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
            var w = ANSIEncoder.ByteWriter(scratch.baseAddress!)
            grid.cells.withUnsafeBufferPointer { cells in
                var cursor = -1
                for i in changed {
                    let i = Int(i)
                    if cursor != i || i % columns == 0 {
                        let r = i / columns, c = i % columns
                        w.put(27); w.put(91)
                        w.number(origin.row + r); w.put(59)
                        w.number(origin.column + c); w.put(72)
                    }
                    pen.write(cells[i], into: &w)
                    cursor = i + 1
                }
            }
            if pen.dirty { w.reset() }
            out.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress, count: w.count))
        }
    }
}
