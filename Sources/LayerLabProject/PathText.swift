import LayerLabCore

/// Paths as SVG path data in project files.
///
/// Core's `Path.svgData` rounds to 6 decimals for `inspect`; a project must give back every bit,
/// so this prints the same absolute `M`/`L`/`Q`/`C`/`Z` form with full-precision numbers.
/// Reading goes through Core's `Path(svg:)`, so hand-written files may use all of SVG's commands.
enum PathText {
    static func print(_ path: Path) -> String { path.svgData(number: JSONWriter.numberText) }
}
