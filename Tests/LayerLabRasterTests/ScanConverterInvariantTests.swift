import LayerLabCore
import Testing
@testable import LayerLabRaster

#if DEBUG
/// The scan converter's raw-buffer state keeps its invariants by construction; debug builds
/// check them at every shape (`_checkInvariants`, `_checkCleared`), so every rasterizing test
/// checks them too. These show that a broken state is caught, not drawn from.
@Suite struct ScanConverterInvariantTests {
    @Test func shapesDrawnByTheRulesPassTheChecks() {
        let scan = ScanConverter(width: 60, height: 40)
        for shape in [Path.circle(center: Point(30, 20), radius: 25), .roundedRect(Rect(-10, 5, 90, 20), radius: 4)] {
            scan.reset()
            scan.add(shape, tolerance: 0.05, transform: .identity)
            scan.state.pointee._checkInvariants()
            var rows = 0
            scan.rasterizeRuns(evenOdd: false) { _, _, _, _, _ in rows += 1 }
            #expect(rows > 0)
            #expect(scan.isEmpty)
        }
    }

    @Test func anUnclippedEdgeIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let scan = ScanConverter(width: 10, height: 10)
            scan.state.pointee.edges.initialize(to: ScanConverter.Edge(x0: -5, y0: 0, x1: 3, y1: 4))
            scan.state.pointee.edgeCount = 1
            scan.state.pointee.minX = -5; scan.state.pointee.maxX = 3
            scan.state.pointee.minY = 0; scan.state.pointee.maxY = 4
            scan.state.pointee._checkInvariants()
        }
    }

    @Test func anEdgeOutsideTheBoundsIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let scan = ScanConverter(width: 10, height: 10)
            scan.add(.circle(center: Point(5, 5), radius: 2), tolerance: 0.05, transform: .identity)
            scan.state.pointee.maxY = 6
            scan.state.pointee._checkInvariants()
        }
    }

    @Test func areaLeftBetweenShapesIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let scan = ScanConverter(width: 10, height: 10)
            scan.add(.circle(center: Point(5, 5), radius: 2), tolerance: 0.05, transform: .identity)
            scan.rasterizeRuns(evenOdd: false) { _, _, _, _, _ in }
            // Area no sweep clears (as a sweep that missed its cells would leave it).
            let area = scan.state.pointee.area
            area.base.update(repeating: 0.25, count: area.count)
            scan.add(.circle(center: Point(5, 5), radius: 2), tolerance: 0.05, transform: .identity)
            scan.rasterizeRuns(evenOdd: false) { _, _, _, _, _ in }
        }
    }
}
#endif
