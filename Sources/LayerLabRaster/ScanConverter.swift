import LayerLabCore

/// Turns polygons into anti-aliased coverage with exact area per pixel, no sub-scanlines.
///
/// Every edge adds, to the cells it crosses, the signed area it sweeps to its right (the
/// accumulation method of FreeType's "gray" rasterizer and font-rs): a cell gets the part of
/// the edge's height inside it times the fraction of the cell right of the edge, and the cell
/// after it the rest. A running sum along a row then gives each pixel's winding-weighted
/// covered area, and nonzero coverage is `min(|sum|, 1)`. The cost is linear in the edges and
/// the pixels of the shape's bounding box, and no sort is needed.
///
/// The sum counts twice where edges of overlapping parts share a pixel (FreeType's known
/// flaw), so shapes that may overlap themselves go to `SampledScanConverter`, which resolves
/// the winding exactly on sub-scanlines: even-odd fills, contours whose boxes overlap, and
/// contours marked `mayOverlap` (strokes whose pieces overlap at sharp joins). The stroker
/// meets inner joins at the offsets' crossing wherever it can, so smooth strokes stay here.
///
/// Edges are clipped to the surface (see `EdgeList.addEdge`), and only rows and columns of
/// the clipped bounding box are touched.
///
/// Where the parts live: the state and its invariants in `ScanConverter+State.swift`, adding
/// edges in `EdgeList.swift`, the per-edge area in `ScanConverter+Accumulate.swift`, the row
/// sums in `ScanConverter+Sweep.swift`, and the band loops that tie them together in
/// `ScanConverter+Rasterize.swift`.
final class ScanConverter {
    typealias Edge = State.Edge
    typealias Run = State.Run

    let width: Int
    let height: Int
    /// All the converter's state, behind one pointer: each access to a stored property of a
    /// class pays a dynamic exclusivity check (a thread-local lookup), which a shape of a
    /// few pixels would pay dozens of times. (Internal so tests can read the edges.)
    let state: UnsafeMutablePointer<State>

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        state = .allocate(capacity: 1)
        state.initialize(to: State(width: width, height: height))
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Where edges visited and cells swept are counted (a task-local read per shape would
    /// cost more than a small shape's edges); the owner sets it for each frame.
    var counter: WorkCounter? {
        get { state.pointee.counter }
        set { state.pointee.counter = newValue }
    }

    var isEmpty: Bool { state.pointee.edgeCount == 0 }

    /// Shapes at most this many cells across are swept cell by cell, wider ones block by
    /// block; both give the same coverage (tests set it to compare them).
    var denseStride: Int {
        get { state.pointee.denseStride }
        set { state.pointee.denseStride = newValue }
    }

    func reset() { state.pointee.reset() }

    /// Adds contours mapped through `t`. With `normalize`, each contour's winding is made
    /// positive, so separately built pieces union under nonzero.
    func add(_ c: Contours, transform t: AffineTransform, normalize: Bool) {
        if c.mayOverlap { state.pointee.mayOverlap = true }
        state.pointee.add(points: c.points, ends: c.ends, transform: t, normalize: normalize)
        state.pointee._checkInvariants()
    }

    /// Adds a path flattened in device space (through `t`, to `tolerance` pixels), as
    /// `add(Contours(flattened), transform: .identity, normalize: false)` would, each subpath
    /// turned into edges as it is flattened (`EdgeSink`): the per-shape cost of scenes with
    /// many small layers.
    func add(_ path: Path, tolerance: Double, transform t: AffineTransform) {
        state.pointee.add(path, tolerance: tolerance, transform: t)
        state.pointee._checkInvariants()
    }

    /// Calls `body(y, x0, x1, coverage)` for each pixel row with coverage in `x0..<x1`;
    /// `coverage[x]` is 0…1 (absolute x). Edges are consumed; call `reset` before the next shape.
    func rasterize(evenOdd: Bool, _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>) -> Void) {
        rasterizeRuns(evenOdd: evenOdd) { y, x0, x1, cover, runs in
            for run in runs { State.fill(run, cover) }
            body(y, x0, x1, cover)
        }
    }

    /// As `rasterize`, but a row's stretches of constant coverage come as runs (ascending,
    /// within `x0..<x1`) and `coverage` holds values only outside them, so interiors and
    /// holes cost nothing per pixel here.
    @inline(__always)
    func rasterizeRuns(evenOdd: Bool,
                       _ body: (Int, Int, Int, UnsafeMutableBufferPointer<Float>, UnsafeBufferPointer<Run>) -> Void) {
        state.pointee.rasterizeRuns(evenOdd: evenOdd, body)
    }
}
