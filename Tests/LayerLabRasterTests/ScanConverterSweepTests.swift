import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Narrow shapes are swept cell by cell and wide ones block by block (only the blocks their
/// edges touched, interiors as runs): both must give every pixel the same coverage, bit for
/// bit, and leave the converter clean for the next shape.
struct ScanConverterSweepTests {
    static let width = 40, height = 30

    /// Each shape's coverage in turn, through one converter, as whole images.
    static func coverage(of paths: [Path], transform: AffineTransform, denseStride: Int) -> [[Float]] {
        let scan = ScanConverter(width: width, height: height)
        scan.denseStride = denseStride
        return paths.map { path in
            var image = [Float](repeating: 0, count: width * height)
            scan.reset()
            scan.add(path, tolerance: 0.05, transform: transform)
            scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                for x in x0..<x1 { image[y * width + x] = cover[x] }
            }
            return image
        }
    }

    /// Pixels whose coverage differs in any bit.
    static func differences(_ a: [Float], _ b: [Float]) -> Int {
        zip(a, b).filter { $0.bitPattern != $1.bitPattern }.count
    }

    static let shapes: [Path] = [
        .circle(center: Point(3.3, 2.7), radius: 1.2),
        .circle(center: Point(10, 10), radius: 5.6),
        .rect(Rect(0.25, 0.5, 3.5, 2.25)),
        Path([.move(Point(1.1, 0.2)), .line(Point(6.9, 3.3)), .line(Point(0.4, 5.8)), .close]),
        // A thin sliver, a shape crossing the surface's edges, and one wider than a block.
        Path([.move(Point(2, 1)), .line(Point(2.05, 9)), .line(Point(2.1, 1)), .close]),
        .circle(center: Point(-1, 28.5), radius: 3),
        .roundedRect(Rect(4.5, 3.25, 26, 9), radius: 3),
    ]

    @Test func cellByCellAndBlockByBlockGiveTheSameCoverage() {
        let transforms: [AffineTransform] = [
            .identity,
            AffineTransform.rotation(0.4).concatenating(.translation(6.3, 2.1)),
            .scale(0.45, 0.7),
        ]
        for t in transforms {
            let blocks = Self.coverage(of: Self.shapes, transform: t, denseStride: 0)
            let cells = Self.coverage(of: Self.shapes, transform: t, denseStride: .max)
            let chosen = Self.coverage(of: Self.shapes, transform: t, denseStride: 16)
            for i in Self.shapes.indices {
                #expect(Self.differences(blocks[i], cells[i]) == 0, "shape \(i) through \(t)")
                #expect(Self.differences(blocks[i], chosen[i]) == 0, "shape \(i) through \(t)")
                #expect(blocks[i].contains { $0 > 0 }, "shape \(i) through \(t) drew nothing")
            }
        }
    }

    /// A shape drawn after others gives what it gives on a fresh converter: each sweep
    /// leaves the scratch cells zero.
    @Test func eachSweepLeavesNothingForTheNextShape() {
        for dense in [0, Int.max] {
            let sequence = Self.coverage(of: Self.shapes, transform: .identity, denseStride: dense)
            for (i, shape) in Self.shapes.enumerated() {
                let alone = Self.coverage(of: [shape], transform: .identity, denseStride: dense)[0]
                #expect(Self.differences(sequence[i], alone) == 0, "shape \(i), dense stride \(dense)")
            }
        }
    }

    /// A rectangle whose right edge lies exactly on cell 511 ends its rows at cell 512, the
    /// first cell of the second mark word, where the edge's one-past mark lands: the sweep
    /// must clear that word too (debug builds trap on a mark left set) and the next shape
    /// must draw as it does alone.
    @Test func aRowEndingAtAWordBoundaryLeavesNoMark() {
        let width = 600, height = 6
        let scan = ScanConverter(width: width, height: height)
        scan.denseStride = 0
        let shapes = [Path.rect(Rect(0, 1, 511, 3)), Path.rect(Rect(500.5, 0.5, 20, 4))]
        var images: [[Float]] = []
        for shape in shapes {
            var image = [Float](repeating: 0, count: width * height)
            scan.reset()
            scan.add(shape, tolerance: 0.05, transform: .identity)
            scan.rasterize(evenOdd: false) { y, x0, x1, cover in
                for x in x0..<x1 { image[y * width + x] = cover[x] }
            }
            images.append(image)
        }
        #expect(images[0][2 * width + 510] == 1)
        #expect(images[0][2 * width + 511] == 0)
        let fresh = ScanConverter(width: width, height: height)
        fresh.denseStride = 0
        var alone = [Float](repeating: 0, count: width * height)
        fresh.reset()
        fresh.add(shapes[1], tolerance: 0.05, transform: .identity)
        fresh.rasterize(evenOdd: false) { y, x0, x1, cover in
            for x in x0..<x1 { alone[y * width + x] = cover[x] }
        }
        #expect(Self.differences(images[1], alone) == 0)
    }
}
