import LayerLabCore
import Testing
@testable import LayerLabRaster

/// A fill's path flattened straight into the scan converter's edges must give exactly the
/// coverage of the same path flattened into lists and added as contours: same edges, same
/// order, so every frame keeps its bytes.
struct ScanConverterPathTests {
    /// Every row the converter hands out: its span and coverage values.
    static func rows(_ scan: ScanConverter, evenOdd: Bool) -> [[Float]] {
        var out: [[Float]] = []
        scan.rasterize(evenOdd: evenOdd) { y, x0, x1, cover in
            out.append([Float(y), Float(x0), Float(x1)] + (x0..<x1).map { cover[$0] })
        }
        return out
    }

    static let paths: [(String, Path)] = {
        var twoRings = Path.circle(center: Point(30, 30), radius: 20)
        twoRings.elements += Path.circle(center: Point(30, 30), radius: 9).elements
        var loose = Path([.move(Point(5, 5)), .move(Point(8, 9)), .line(Point(40, 12)), .line(Point(40, 12)),
                          .quad(Point(50, 40), Point(20, 44)), .cubic(Point(10, 30), Point(0, 20), Point(8, 9.0000000001)),
                          .close, .move(Point(60, 60)), .line(Point(61, 61)), .move(Point(2, 50)), .line(Point(30, 58)),
                          .line(Point(12, 70))])
        loose.elements.append(.close)
        return [
            ("circle", .circle(center: Point(30, 30), radius: 20)),
            ("tiny circle", .circle(center: Point(3, 3), radius: 1.3)),
            ("rounded rect", .roundedRect(Rect(4, 6, 50, 30), radius: 8)),
            ("two rings", twoRings),
            ("moves, repeats, open and degenerate subpaths", loose),
        ]
    }()

    static let transforms: [AffineTransform] = [
        .identity,
        AffineTransform.rotation(0.7).concatenating(.scale(1.7, 0.6)).concatenating(.translation(20, 15)),
        .translation(-25, 40),  // partly off the surface on two sides
        .scale(3, 3),
    ]

    @Test(arguments: paths.map(\.0))
    func pathsAddedDirectlyMatchTheirFlattenedContours(_ name: String) {
        let path = Self.paths.first { $0.0 == name }!.1
        for t in Self.transforms {
            for evenOdd in [false, true] {
                let direct = ScanConverter(width: 90, height: 80)
                direct.add(path, tolerance: 0.05, transform: t)
                var flat = FlatPolylines()
                path.flatten(tolerance: 0.05, transform: t, into: &flat)
                var contours = Contours()
                contours.add(flat)
                let listed = ScanConverter(width: 90, height: 80)
                listed.add(contours, transform: .identity, normalize: false)
                #expect(Self.rows(direct, evenOdd: evenOdd) == Self.rows(listed, evenOdd: evenOdd),
                        "\(name) through \(t), evenOdd \(evenOdd)")
            }
        }
    }
}
