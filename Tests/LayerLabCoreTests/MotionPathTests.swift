import Testing
@testable import LayerLabCore

/// CAKeyframeAnimation's `path`: vertices as keyframes, even speed along each segment, paced
/// along the whole path, rotationMode turning the layer to the direction of travel.
struct MotionPathTests {
    func motion(_ path: Path, mode: Animation.CalculationMode = .linear, keyTimes: [Double]? = nil,
                rotation: Animation.RotationMode? = nil, timingFunctions: [TimingFunction]? = nil,
                props: [String: Value] = [:]) -> Document {
        var t = MediaTiming()
        t.duration = 1
        let k = Animation.Keyframes(keyPath: "position", values: [], keyTimes: keyTimes, calculationMode: mode,
                                    timingFunctions: timingFunctions, path: .path(path), rotationMode: rotation)
        return doc([Animation(name: "m", layer: "box", timing: t, body: .keyframes(k))], props: props)
    }

    func point(_ d: Document, _ t: Double) -> Point {
        Evaluator(document: d).presentationValue(layer: "box", keyPath: "position", at: t)?.point ?? Point(.nan, .nan)
    }

    func near(_ a: Point, _ b: Point, _ eps: Double = 1e-6) -> Bool { a.distance(to: b) < eps }

    /// An L: 30 points right, then 10 down.
    let ell = Path([.move(Point(0, 0)), .line(Point(30, 0)), .line(Point(30, 10))])

    @Test func verticesAreTheKeyframes() {
        let m = MotionPath(ell)!
        #expect(m.vertices == [Point(0, 0), Point(30, 0), Point(30, 10)])
        #expect(m.distances == [0, 30, 40])
        // Linear: each segment takes an equal share of the duration.
        let d = motion(ell)
        #expect(near(point(d, 0.25), Point(15, 0)))
        #expect(near(point(d, 0.5), Point(30, 0)))
        #expect(near(point(d, 0.75), Point(30, 5)))
    }

    @Test func pacedMovesAtConstantSpeedAlongTheWholePath() {
        let d = motion(ell, mode: .paced)
        #expect(near(point(d, 0.5), Point(20, 0)))
        #expect(near(point(d, 0.75), Point(30, 0)))
        #expect(near(point(d, 0.875), Point(30, 5)))
        // keyTimes are ignored when paced.
        #expect(near(point(motion(ell, mode: .paced, keyTimes: [0, 0.1, 1]), 0.5), Point(20, 0)))
    }

    @Test func keyTimesApplyPerVertex() {
        let d = motion(ell, keyTimes: [0, 0.8, 1])
        #expect(near(point(d, 0.4), Point(15, 0)))
        #expect(near(point(d, 0.9), Point(30, 5)))
    }

    @Test func timingFunctionsApplyPerSegment() {
        let d = motion(ell, timingFunctions: [.easeIn, .linear])
        let eased = TimingFunction.easeIn(0.5)
        #expect(near(point(d, 0.25), Point(30 * eased, 0)))
        #expect(near(point(d, 0.75), Point(30, 5)))
    }

    @Test func discreteJumpsBetweenVertices() {
        let d = motion(ell, mode: .discrete)
        #expect(point(d, 0.2) == Point(0, 0))
        #expect(point(d, 0.4) == Point(30, 0))
        #expect(point(d, 0.7) == Point(30, 10))
    }

    @Test func curvesAreTravelledByArcLength() {
        // A quarter circle of radius 100 (four-point cubic): half-way in time is at 45°.
        let arc = Path.arc(center: Point(0, 0), radius: 100, start: 0, end: Double.pi / 2, clockwise: true)
        let m = MotionPath(arc)!
        #expect(abs(m.totalLength - 50 * Double.pi) < 0.05)
        let p = point(motion(arc), 0.5)
        #expect(abs(p.x - 70.7107) < 0.05 && abs(p.y - 70.7107) < 0.05)
    }

    @Test func rotationModeAddsTheDirectionOfTravel() {
        let d = motion(ell, rotation: .auto, props: ["transform.rotation.z": .number(0.25)])
        #expect(close(num(d, "transform.rotation.z", 0.25), 0.25))
        #expect(close(num(d, "transform.rotation.z", 0.75), 0.25 + Double.pi / 2))
        let back = motion(ell, rotation: .autoReverse)
        #expect(close(num(back, "transform.rotation.z", 0.25), Double.pi))
        // Without rotationMode the rotation is left alone; after the animation it is removed.
        #expect(close(num(motion(ell), "transform.rotation.z", 0.75), 0))
        #expect(close(num(d, "transform.rotation.z", 1.5), 0.25))
    }

    @Test func movesAreNotKeyframes() {
        let two = Path([.move(Point(0, 0)), .line(Point(10, 0)), .move(Point(0, 50)), .line(Point(10, 50))])
        let m = MotionPath(two)!
        #expect(m.vertices == [Point(0, 0), Point(10, 0), Point(10, 50)])
        #expect(m.totalLength == 20)
        // The second segment starts at the moved-to point.
        #expect(near(point(motion(two), 0.75), Point(5, 50)))
    }

    @Test func closingLineIsASegmentWhenItDrawsOne() {
        let tri = Path([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .close])
        #expect(MotionPath(tri)!.vertices.count == 4)
        #expect(MotionPath(Path.circle(center: Point(0, 0), radius: 10))!.vertices.count == 5)
        #expect(MotionPath(Path.empty) == nil)
    }

    @Test func partOfASegmentIsTheSameCurve() {
        let seg = MotionPath(Path([.move(Point(0, 0)), .cubic(Point(0, 50), Point(100, 50), Point(100, 0))]))!.segments[0]
        let (a, _, _, d) = seg.part(from: 0.25, to: 0.75)
        let m = MotionPath(Path([.move(Point(0, 0)), .cubic(Point(0, 50), Point(100, 50), Point(100, 0))]))!
        #expect(near(a, m.sample(segment: 0, fraction: 0.25).point, 1e-9))
        #expect(near(d, m.sample(segment: 0, fraction: 0.75).point, 1e-9))
    }
}
