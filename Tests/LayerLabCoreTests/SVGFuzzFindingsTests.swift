import LayerLabCore
import Testing

/// Inputs the `svg` fuzz target found (docs/fuzzing.md), kept as regression tests: each must read
/// as a path or fail with an error, never trap, and a path that reads must read back from its
/// own `svgData`.
@Suite struct SVGFuzzFindingsTests {
    static let findings = [
        // Arcs whose radii or end points overflow once squared: `arcCubics` trapped.
        "M 0   1A 1 1019E2,1  1 1019E201 1,,",
        "M 00 1q0E223 0 0 00M 10 0s3E227 0 0 0010E227 0 4 00 000 A 10 10 00 1 01110 0 -0C 98 2 0",
        "M 0 0 A 10 10 0 111 " + String(repeating: "4", count: 155) + "2A 2 10 01 1m  00 -10",
    ]

    @Test(arguments: findings) func readsWithoutTrapping(_ data: String) {
        guard let path = try? Path(svg: data) else { return }
        #expect((try? Path(svg: path.svgData)) != nil, "svgData does not read back: \(path.svgData)")
    }
}
