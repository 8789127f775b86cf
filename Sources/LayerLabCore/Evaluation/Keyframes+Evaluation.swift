/// Keyframe interpolation for CAKeyframeAnimation's calculation modes.
extension Animation.Keyframes {
    /// How many keyframes there are: the motion path's vertices when there is a path (its
    /// `vertexCount`, found by the caller), else the values.
    func keyframeCount(pathVertices: Int?) -> Int { path != nil ? (pathVertices ?? values.count) : values.count }

    /// Whether `count` key times fit the keyframes: one per keyframe, or for discrete mode
    /// also one more, as Core Animation documents it (the extra time ends the last value's
    /// hold; without it the last value holds to the end of the duration anyway).
    package func acceptsKeyTimeCount(_ count: Int, pathVertices: Int? = nil) -> Bool {
        let n = keyframeCount(pathVertices: pathVertices)
        return count == n || (calculationMode == .discrete && count == n + 1)
    }

    /// Why `count` key times do not fit the keyframes, or nil when they do.
    package func keyTimeCountProblem(_ count: Int, pathVertices: Int? = nil) -> String? {
        if acceptsKeyTimeCount(count, pathVertices: pathVertices) { return nil }
        let n = keyframeCount(pathVertices: pathVertices)
        let what = path != nil ? "the path has \(n) vertices" : "values has \(n)"
        return "keyTimes has \(count) entries but \(what)" + (calculationMode == .discrete ? " (discrete takes \(n) or \(n + 1))" : "")
    }

    /// The key times in use: given ones, or evenly spaced (n+1 of them for discrete mode);
    /// paced modes space them by the distance between values, or along a motion path by the
    /// arc length to each vertex (`distances`).
    func effectiveKeyTimes(_ values: [Value], distances: [Double]? = nil) -> [Double] {
        let n = values.count
        switch calculationMode {
        case .paced, .cubicPaced:
            var cumulative = [0.0]
            if let distances, distances.count == n {
                cumulative = distances
            } else {
                for i in 1..<max(n, 1) { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
            }
            let total = cumulative.last ?? 0
            if total <= 0 { return evenly(n) }
            return cumulative.map { $0 / total }
        case .discrete:
            if let k = keyTimes, k.count == n || k.count == n + 1 { return k }
            return (0...n).map { Double($0) / Double(max(n, 1)) }
        default:
            if let k = keyTimes, k.count == n { return k }
            return evenly(n)
        }
    }

    private func evenly(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Where fraction `f` of the duration falls: on keyframe `index`, or `s` (timing function
    /// applied) of the way from keyframe `index` to the next.
    private func locate<Times: RandomAccessCollection<Double>>(_ f: Double, count: Int, times: Times) -> (index: Int, s: Double?)
    where Times.Index == Int {
        Self.locate(f, count: count, times: times, mode: calculationMode, timingFunctions: timingFunctions ?? [])
    }

    /// The same from the keyframe settings alone; the collections may be slices of a shared
    /// pool (positions count from their `startIndex`).
    private static func locate<Times: RandomAccessCollection<Double>, Curves: RandomAccessCollection<TimingFunction>>(
        _ f: Double, count: Int, times: Times, mode calculationMode: Animation.CalculationMode, timingFunctions tfs: Curves
    ) -> (index: Int, s: Double?) where Times.Index == Int, Curves.Index == Int {
        if count <= 1 { return (0, nil) }
        let t0 = times.startIndex
        if calculationMode == .discrete {
            var index = 0
            for (i, k) in times.enumerated() where i < count && f >= k { index = i }
            return (index, nil)
        }
        if f <= times[t0] { return (0, nil) }
        if f >= times[t0 + count - 1] { return (count - 1, nil) }
        var i = 0
        while i < count - 2 && f >= times[t0 + i + 1] { i += 1 }
        let span = times[t0 + i + 1] - times[t0 + i]
        var s = span > 0 ? (f - times[t0 + i]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced, !tfs.isEmpty {
            s = tfs[tfs.startIndex + min(i, tfs.count - 1)](s)
        }
        return (i, s)
    }

    /// The value at fraction `f` (0…1) of the animation's duration, from the keyframe
    /// settings alone (what an animation track keeps, as slices of its table's pools).
    static func value<Values: RandomAccessCollection, Times: RandomAccessCollection<Double>,
                      Curves: RandomAccessCollection<TimingFunction>>(
        at f: Double, values: Values, times: Times, mode: Animation.CalculationMode, timingFunctions: Curves,
        shapes: ArraySlice<KeyframeShape> = []
    ) -> Values.Element where Values.Element: Stackable, Values.Index == Int, Times.Index == Int, Curves.Index == Int {
        guard !values.isEmpty else { return .missing }
        let (i, s) = locate(f, count: values.count, times: times, mode: mode, timingFunctions: timingFunctions)
        let v0 = values.startIndex
        guard let s else { return values[v0 + i] }
        if mode == .cubic || mode == .cubicPaced {
            let here = shapes.isEmpty ? KeyframeShape() : shapes[shapes.startIndex + i]
            let next = shapes.isEmpty ? KeyframeShape() : shapes[shapes.startIndex + i + 1]
            return hermite(values, i, s, leaving: here, arriving: next)
        }
        return values[v0 + i].interpolated(to: values[v0 + i + 1], s)
    }

    /// The point and direction of travel at fraction `f` along a motion path. Each segment
    /// runs from one keyframe time to the next at an even speed along its arc (the curve is
    /// the path's own, so cubic modes move as linear and cubicPaced as paced); discrete mode
    /// jumps from vertex to vertex, facing the way it arrived.
    func motionSample<Times: RandomAccessCollection<Double>>(at f: Double, path: MotionPath, times: Times)
    -> (point: Point, angle: Double) where Times.Index == Int {
        let (i, s) = locate(f, count: path.vertices.count, times: times)
        guard let s else { return (path.vertices[i], path.angle(atVertex: i)) }
        return path.sample(segment: i, fraction: s)
    }

    /// The segment and arc fraction along it at fraction `f`; a vertex is the end of the
    /// segment arriving there (the start of the first segment for the first vertex).
    func motionPosition<Times: RandomAccessCollection<Double>>(at f: Double, path: MotionPath, times: Times)
    -> (segment: Int, fraction: Double) where Times.Index == Int {
        guard !path.segments.isEmpty else { return (0, 0) }
        let (i, s) = locate(f, count: path.vertices.count, times: times)
        if let s { return (i, s) }
        return i == 0 ? (0, 0) : (i - 1, 1)
    }

    /// The cubic Hermite segment from keyframe `i` to `i + 1` with Kochanek–Bartels tangents:
    /// `leaving` shapes the tangent out of keyframe i, `arriving` the one into keyframe i + 1.
    /// With tension, continuity and bias 0 this is Catmull-Rom. The end values are their own
    /// outer neighbours.
    private static func hermite<Values: RandomAccessCollection>(_ values: Values, _ i: Int, _ s: Double,
                                                                leaving a: KeyframeShape, arriving b: KeyframeShape) -> Values.Element
    where Values.Element: Stackable, Values.Index == Int {
        func v(_ k: Int) -> Values.Element { values[values.startIndex + k] }
        let p1 = v(i).components, p2 = v(i + 1).components
        guard !p1.isEmpty, p1.count == p2.count else { return v(i).interpolated(to: v(i + 1), s) }
        let p0 = i > 0 ? v(i - 1).components : p1
        let p3 = i + 2 < values.count ? v(i + 2).components : p2
        guard p0.count == p1.count, p3.count == p1.count else { return v(i).interpolated(to: v(i + 1), s) }
        let (outBefore, outAfter) = a.outgoingWeights, (inBefore, inAfter) = b.incomingWeights
        let s2 = s * s, s3 = s2 * s
        var out = [Double](repeating: 0, count: p1.count)
        for k in 0..<p1.count {
            let m1 = outBefore * (p1[k] - p0[k]) + outAfter * (p2[k] - p1[k])
            let m2 = inBefore * (p2[k] - p1[k]) + inAfter * (p3[k] - p2[k])
            out[k] = (2 * s3 - 3 * s2 + 1) * p1[k] + (s3 - 2 * s2 + s) * m1
                + (-2 * s3 + 3 * s2) * p2[k] + (s3 - s2) * m2
        }
        return v(i).withComponents(out)
    }
}
