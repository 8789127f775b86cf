import Testing
@testable import LayerLabCore

struct PathMorphTests {
    @Test func ovalsMorphPointByPoint() {
        let small = Path.oval(in: Rect(50, 50, 0, 0)), large = Path.oval(in: Rect(2.5, 17.5, 95, 95))
        let mid = Path.morph(small, large, 0.5)
        #expect(mid == Path.oval(in: Rect(26.25, 33.75, 47.5, 47.5)))
    }

    @Test func lineToCurveMorphIsSmooth() {
        let pre = Path([.move(Point(0, 100)), .line(Point(0, 99)), .line(Point(100, 99)), .line(Point(100, 100)), .close])
        let wave = Path([.move(Point(0, 100)), .line(Point(0, 80)),
                         .cubic(Point(30, 70), Point(40, 90), Point(100, 80)), .line(Point(100, 100)), .close])
        let mid = Path.morph(pre, wave, 0.5)
        #expect(mid.elements.count == 6)   // move, four cubics (the close made explicit), close
        // The straight top edge's controls sit at 1/3 and 2/3, so halfway they are halfway.
        if case .cubic(let c1, _, let end) = mid.elements[2] {
            #expect(abs(c1.x - (100.0 / 3 + 30) / 2) < 1e-9)
            #expect(end == Point(100, 89.5))
        } else { Issue.record("expected a cubic") }
    }

    @Test func differentStructuresResample() {
        let tri = Path.polygon([Point(0, 0), Point(10, 0), Point(5, 10)])
        let circle = Path.circle(center: Point(5, 5), radius: 5)
        let m = Path.morph(tri, circle, 0.5)
        #expect(!m.isEmpty)
        #expect(Path.morph(tri, circle, 0) == tri)
        #expect(Path.morph(tri, circle, 1) == circle)
        let end = Path.morph(tri, circle, 0.999999).controlBounds!
        #expect(abs(end.width - circle.controlBounds!.width) < 0.01)
    }

    @Test func ovalStartsAtThreeOClockClockwise() {
        let o = Path.oval(in: Rect(0, 0, 20, 10))
        #expect(o.elements[0] == .move(Point(20, 5)))
        if case .cubic(_, _, let p) = o.elements[1] { #expect(p == Point(10, 10)) }   // bottom next: clockwise on screen
    }
}
