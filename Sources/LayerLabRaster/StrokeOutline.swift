import LayerLabCore

/// A stroke's outline as closed polygons, the very ones the rasterizer fills (nonzero winding),
/// for drawing a stroke elsewhere as a fill: the Lottie bake sends text's outline through a
/// perspective map, which foreshortens the stroke's width as Core Animation does.
package enum StrokeOutline {
    /// The outline of `lines` stroked `lineWidth` wide, its round parts flattened to within
    /// `tolerance`, cut to `clip` when given (as text is cut to its bounds); fill it with the
    /// nonzero rule (pieces overlap at sharp joins).
    package static func polygons(of lines: [Polyline], lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double,
                                tolerance: Double, clip: Rect? = nil) -> [Polyline] {
        var contours = Contours()
        Stroker(style: StrokeStyle(lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit),
                tolerance: max(tolerance, 1e-6)).stroke(lines, into: &contours)
        if let clip { contours = contours.clipped(to: clip) }
        var out: [Polyline] = []
        var start = 0
        for end in contours.ends {
            if end - start > 2 { out.append(Polyline(Array(contours.points[start..<end]), closed: true)) }
            start = end
        }
        return out
    }
}
