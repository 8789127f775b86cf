import LayerLabCore

/// Paths as SVG path data in project files.
///
/// Core's `Path.svgData` rounds to 6 decimals for `inspect`; a project must give back every bit,
/// so this prints the same absolute `M`/`L`/`Q`/`C`/`Z` form with full-precision numbers.
/// Reading goes through Core's `Path(svg:)`, so hand-written files may use all of SVG's commands.
enum PathText {
    static func print(_ path: Path) -> String {
        func p(_ pt: Point) -> String { JSONWriter.numberText(pt.x) + " " + JSONWriter.numberText(pt.y) }
        return path.elements.map { e -> String in
            switch e {
            case .move(let a): return "M " + p(a)
            case .line(let a): return "L " + p(a)
            case .quad(let c, let a): return "Q " + p(c) + " " + p(a)
            case .cubic(let c1, let c2, let a): return "C " + p(c1) + " " + p(c2) + " " + p(a)
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
