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
///     for t in times { out.removeAll(keepingCapacity: true); stream.write(evaluator.drawnScene(at: t), into: &out) }
package final class FrameStream {
    package let options: FrameOptions
    package let images: ImageStore
    private var canvas: FrameCanvas?
    private var layout: FrameLayout?
    /// The cells on the screen, as the last frame left them.
    package private(set) var grid: CellGrid?
    private var origin = (row: 1, column: 1)
    /// Cells changed by the frame being written, in screen order.
    private var changed: [Int32] = []

    package init(options: FrameOptions, images: ImageStore = ImageStore()) {
        self.options = options; self.images = images
    }

    /// Forgets what is on the screen: the next frame writes every cell (after a clear).
    package func invalidate() { grid = nil }

    /// Draws `scene` and appends to `out` the bytes that turn the last frame into it (every
    /// cell the first time, after `invalidate`, or when the frame moved or changed size), its
    /// top-left cell at 1-based (`row`, `column`). Returns the frame's layout.
    @discardableResult
    package func write(_ scene: Scene, row: Int = 1, column: Int = 1, into out: inout [UInt8]) -> FrameLayout {
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
        let mode = options.mode.cellMode, color = options.color
        let (px, py) = mode.pixelsPerCell
        let columns = cells.columns
        let c0 = region.x0 / px, c1 = min(columns, (region.x1 + px - 1) / px)
        let r0 = region.y0 / py, r1 = min(cells.rows, (region.y1 + py - 1) / py)
        guard c0 < c1, r0 < r1 else { return }
        let base = background.a > 0 ? Bitmap.bytes(background) : (0, 0, 0, 255)
        let w = surface.width
        let old = previous?.px ?? []
        // NB: a local list (a stored one would pay an exclusivity check per append).
        var changed = self.changed
        self.changed = []
        defer { self.changed = changed }
        surface.px.withUnsafeBufferPointer { p in
        old.withUnsafeBufferPointer { o in
        cells.cells.withUnsafeMutableBufferPointer { grid in
            let f = CellEncoder.Flattener(pixels: p, width: w, background: (Int32(base.0), Int32(base.1), Int32(base.2)),
                                          premultiplied: true)
            let now = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let before = o.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt32.self) }
            @inline(__always) func update(_ i: Int, _ cell: Cell) {
                if all || grid[i] != cell {
                    grid[i] = cell
                    if !all { changed.append(Int32(i)) }
                }
            }
            for r in r0..<r1 {
                // The pixel rows behind this cell row, and the first pixel of each.
                let top = r * py * w
                var c = c0
                while c < c1 {
                    if let before {
                        // Skip two columns at a time while their pixels are unchanged.
                        if c + 1 < c1 && FrameStream.same2(now, before, at: top + c * px, rows: py, columns: px, width: w) {
                            c += 2
                            continue
                        }
                        if FrameStream.same1(now, before, at: top + c * px, rows: py, columns: px, width: w) {
                            c += 1
                            continue
                        }
                    }
                    switch mode {
                    case .ascii: update(r * columns + c, CellEncoder.asciiCell(f, top + c, color: color))
                    case .braille: update(r * columns + c, CellEncoder.brailleCell(f, row: r, column: c, color: color))
                    default: update(r * columns + c, CellEncoder.blocksCell(f, top: top + c, bottom: top + w + c, color: color))
                    }
                    c += 1
                }
            }
        }
        }
        }
    }

    /// Whether the `rows` x `columns` pixels of one cell, from pixel `i`, are the same in both.
    @inline(__always)
    private static func same1(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, at i: Int, rows: Int,
                              columns: Int, width: Int) -> Bool {
        var diff: UInt32 = 0
        for dy in 0..<rows {
            for dx in 0..<columns { diff |= a[i + dy * width + dx] ^ b[i + dy * width + dx] }
        }
        return diff == 0
    }

    /// As `same1` for two neighbouring cells, read 64 bits at a time where a cell is one pixel wide.
    @inline(__always)
    private static func same2(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, at i: Int, rows: Int,
                              columns: Int, width: Int) -> Bool {
        if columns != 1 { return same1(a, b, at: i, rows: rows, columns: 2 * columns, width: width) }
        var diff: UInt64 = 0
        for dy in 0..<rows {
            let j = i + dy * width
            diff |= UnsafeRawPointer(a + j).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + j).loadUnaligned(as: UInt64.self)
        }
        return diff == 0
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
