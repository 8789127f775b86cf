/// The few cairo calls the benchmarks and the pixel-agreement test need, through `dlopen`.
///
/// cairo is the reference: a mature scan converter with exact area coverage. LayerLab's
/// rasterizer is compared with it pixel by pixel and timed beside it.
/// Immutable after `init` (function pointers only), hence shareable.
package final class Cairo: @unchecked Sendable {
    typealias SurfaceCreate = @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias RGBA = @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void
    typealias Arc = @convention(c) (OpaquePointer?, Double, Double, Double, Double, Double) -> Void
    typealias XY = @convention(c) (OpaquePointer?, Double, Double) -> Void
    typealias Scalar = @convention(c) (OpaquePointer?, Double) -> Void
    typealias Enum = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias Data = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
    typealias Stride = @convention(c) (OpaquePointer?) -> Int32
    typealias Linear = @convention(c) (Double, Double, Double, Double) -> OpaquePointer?
    typealias Radial = @convention(c) (Double, Double, Double, Double, Double, Double) -> OpaquePointer?
    typealias Stop = @convention(c) (OpaquePointer?, Double, Double, Double, Double, Double) -> Void
    typealias SetSource = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void

    private let library: SharedLibrary
    private let surfaceCreate: SurfaceCreate, create: Create, destroy: Destroy, surfaceDestroy: Destroy
    private let setSourceRGBA: RGBA, arc: Arc, moveTo: XY, lineTo: XY, closePath: Destroy
    private let paint: Destroy, fill: Destroy, fillPreserve: Destroy, stroke: Destroy, newPath: Destroy
    private let setLineWidth: Scalar, setLineCap: Enum, setLineJoin: Enum, setOperator: Enum
    private let flush: Destroy, data: Data, stride: Stride
    /// Gradient patterns (optional: the benchmarks do without them).
    private let linear: Linear?, radial: Radial?, addStop: Stop?, setSource: SetSource?, patternDestroy: Destroy?
    private let patternExtend: Enum?

    /// cairo, or nil when `libcairo` is not installed.
    package init?() {
        guard let lib = SharedLibrary(["libcairo.so.2", "libcairo.so", "libcairo.2.dylib"]),
              let surfaceCreate = lib.function("cairo_image_surface_create", as: SurfaceCreate.self),
              let create = lib.function("cairo_create", as: Create.self),
              let destroy = lib.function("cairo_destroy", as: Destroy.self),
              let surfaceDestroy = lib.function("cairo_surface_destroy", as: Destroy.self),
              let setSourceRGBA = lib.function("cairo_set_source_rgba", as: RGBA.self),
              let arc = lib.function("cairo_arc", as: Arc.self),
              let moveTo = lib.function("cairo_move_to", as: XY.self),
              let lineTo = lib.function("cairo_line_to", as: XY.self),
              let closePath = lib.function("cairo_close_path", as: Destroy.self),
              let paint = lib.function("cairo_paint", as: Destroy.self),
              let fill = lib.function("cairo_fill", as: Destroy.self),
              let fillPreserve = lib.function("cairo_fill_preserve", as: Destroy.self),
              let stroke = lib.function("cairo_stroke", as: Destroy.self),
              let newPath = lib.function("cairo_new_path", as: Destroy.self),
              let setLineWidth = lib.function("cairo_set_line_width", as: Scalar.self),
              let setLineCap = lib.function("cairo_set_line_cap", as: Enum.self),
              let setLineJoin = lib.function("cairo_set_line_join", as: Enum.self),
              let setOperator = lib.function("cairo_set_operator", as: Enum.self),
              let flush = lib.function("cairo_surface_flush", as: Destroy.self),
              let data = lib.function("cairo_image_surface_get_data", as: Data.self),
              let stride = lib.function("cairo_image_surface_get_stride", as: Stride.self)
        else { return nil }
        library = lib
        self.surfaceCreate = surfaceCreate; self.create = create; self.destroy = destroy
        self.surfaceDestroy = surfaceDestroy; self.setSourceRGBA = setSourceRGBA; self.arc = arc
        self.moveTo = moveTo; self.lineTo = lineTo; self.closePath = closePath; self.paint = paint
        self.fill = fill; self.fillPreserve = fillPreserve; self.stroke = stroke; self.newPath = newPath
        self.setLineWidth = setLineWidth; self.setLineCap = setLineCap; self.setLineJoin = setLineJoin
        self.setOperator = setOperator; self.flush = flush; self.data = data; self.stride = stride
        linear = lib.function("cairo_pattern_create_linear", as: Linear.self)
        radial = lib.function("cairo_pattern_create_radial", as: Radial.self)
        addStop = lib.function("cairo_pattern_add_color_stop_rgba", as: Stop.self)
        setSource = lib.function("cairo_set_source", as: SetSource.self)
        patternDestroy = lib.function("cairo_pattern_destroy", as: Destroy.self)
        patternExtend = lib.function("cairo_pattern_set_extend", as: Enum.self)
    }

    /// Whether gradient patterns are available.
    package var hasGradients: Bool {
        linear != nil && radial != nil && addStop != nil && setSource != nil && patternDestroy != nil && patternExtend != nil
    }

    /// One drawing step, in pixels, y down (cairo's own coordinates).
    package enum Step {
        case clear(r: Double, g: Double, b: Double, a: Double)
        /// A circle arc from `start` to `end` radians (clockwise on screen).
        case arc(cx: Double, cy: Double, radius: Double, start: Double, end: Double)
        case polygon([(Double, Double)])
        /// An open polyline (strokes leave it open).
        case polyline([(Double, Double)])
        case fill(r: Double, g: Double, b: Double, a: Double, keepPath: Bool)
        /// A stroke; `cap` 0 butt, 1 round, 2 square; `join` 0 miter, 1 round, 2 bevel.
        case stroke(r: Double, g: Double, b: Double, a: Double, width: Double, cap: Int32, join: Int32)
        /// Fills the path with a linear gradient from (x0, y0) to (x1, y1), or a radial one
        /// (`radius` > 0) centred on (x0, y0); stops are (offset, r, g, b, a); ends padded.
        case gradientFill(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double,
                          stops: [(Double, Double, Double, Double, Double)])
    }

    /// A drawing surface that is reused across frames, as a renderer would keep it.
    package final class Canvas {
        let cairo: Cairo
        let surface: OpaquePointer?
        let context: OpaquePointer?
        package let width: Int, height: Int

        init(_ cairo: Cairo, width: Int, height: Int) {
            self.cairo = cairo; self.width = width; self.height = height
            surface = cairo.surfaceCreate(0, Int32(width), Int32(height))   // CAIRO_FORMAT_ARGB32
            context = cairo.create(surface)
        }

        deinit { cairo.destroy(context); cairo.surfaceDestroy(surface) }

        /// Runs the steps; the path is cleared first.
        package func draw(_ steps: [Step]) {
            let c = cairo, cr = context
            c.newPath(cr)
            for step in steps {
                switch step {
                case let .clear(r, g, b, a):
                    c.setOperator(cr, 1)   // SOURCE
                    c.setSourceRGBA(cr, r, g, b, a); c.paint(cr)
                    c.setOperator(cr, 2)   // OVER
                case let .arc(cx, cy, radius, start, end):
                    c.arc(cr, cx, cy, radius, start, end)
                case let .polygon(points):
                    for (i, p) in points.enumerated() { if i == 0 { c.moveTo(cr, p.0, p.1) } else { c.lineTo(cr, p.0, p.1) } }
                    c.closePath(cr)
                case let .polyline(points):
                    for (i, p) in points.enumerated() { if i == 0 { c.moveTo(cr, p.0, p.1) } else { c.lineTo(cr, p.0, p.1) } }
                case let .fill(r, g, b, a, keep):
                    c.setSourceRGBA(cr, r, g, b, a)
                    if keep { c.fillPreserve(cr) } else { c.fill(cr) }
                case let .stroke(r, g, b, a, width, cap, join):
                    c.setSourceRGBA(cr, r, g, b, a); c.setLineWidth(cr, width)
                    c.setLineCap(cr, cap); c.setLineJoin(cr, join); c.stroke(cr)
                case let .gradientFill(x0, y0, x1, y1, radius, stops):
                    guard let linear = c.linear, let radial = c.radial, let addStop = c.addStop,
                          let setSource = c.setSource, let destroy = c.patternDestroy, let extend = c.patternExtend
                    else { c.newPath(cr); continue }
                    let pattern = radius > 0 ? radial(x0, y0, 0, x0, y0, radius) : linear(x0, y0, x1, y1)
                    for (o, r, g, b, a) in stops { addStop(pattern, o, r, g, b, a) }
                    extend(pattern, 3)   // PAD
                    setSource(cr, pattern); c.fill(cr); destroy(pattern)
                }
            }
        }

        /// The pixels as straight-alpha RGBA bytes, row by row (what LayerLab's Bitmap holds).
        package func rgba() -> [UInt8] {
            cairo.flush(surface)
            guard let p = cairo.data(surface) else { return [] }
            let stride = Int(cairo.stride(surface))
            var out = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    // ARGB32 in native (little-endian) order: b, g, r, a, premultiplied.
                    let s = p + y * stride + x * 4
                    let a = Int(s[3]), i = (y * width + x) * 4
                    guard a > 0 else { continue }
                    out[i] = UInt8((Int(s[2]) * 255 + a / 2) / a); out[i + 1] = UInt8((Int(s[1]) * 255 + a / 2) / a)
                    out[i + 2] = UInt8((Int(s[0]) * 255 + a / 2) / a); out[i + 3] = UInt8(a)
                }
            }
            return out
        }
    }

    package func canvas(width: Int, height: Int) -> Canvas { Canvas(self, width: width, height: height) }
}
