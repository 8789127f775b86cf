import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// The exact-winding converter hands a row's stretches without span ends as runs (a ring's
/// hole, the inside of a wide band), so solid paints skip or fill them whole: the runs must be
/// well formed, actually come, and carry the coverage the cells would have held.
@Suite struct SampledRunsTests {
    @Test func anEvenOddRingsHoleComesAsRunsWithTheRingsArea() {
        let scan = ScanConverter(width: 120, height: 120)
        var ring = Path.circle(center: Point(60, 60), radius: 50)
        ring.elements += Path.circle(center: Point(60, 60), radius: 30).elements
        scan.reset()
        scan.add(ring, tolerance: 0.05, transform: .identity)
        var area = 0.0, rowsWithRuns = 0, holeInRun = true
        scan.rasterizeRuns(evenOdd: true) { y, x0, x1, cover, runs in
            var at = x0, sum = 0.0
            for run in runs {
                #expect(Int(run.x0) >= at && run.x0 < run.x1 && Int(run.x1) <= x1, "row \(y)")
                for x in at..<Int(run.x0) { sum += Double(cover[x]) }
                sum += Double(run.value) * Double(run.x1 - run.x0)
                at = Int(run.x1)
            }
            for x in at..<x1 { sum += Double(cover[x]) }
            area += sum
            if !runs.isEmpty { rowsWithRuns += 1 }
            // Through the middle of the hole, the pixel at the centre lies in a run of zero.
            if y == 60 { holeInRun = runs.contains { $0.x0 <= 60 && 60 < $0.x1 && $0.value == 0 } }
        }
        let want = Double.pi * (50 * 50 - 30 * 30)
        #expect(abs(area - want) < want * 0.002, "area \(area), want \(want)")
        #expect(rowsWithRuns >= 50)
        #expect(holeInRun)
    }
}
