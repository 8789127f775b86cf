#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore
import LayerLabLottie

/// A position that follows a motion path, as Lottie spatial keyframes.
///
/// Players move along a keyframe's curve (its `to`/`ti` tangents) at an even speed, as
/// LayerLab moves along a segment of a motion path, so each stretch of frames spent on one
/// segment becomes one keyframe carrying the very part of the curve travelled. rotationMode
/// becomes auto-orient (`ao`), the rotation property keeping the rest of the turn: the
/// exporter works out the direction the player will add at each frame and subtracts it.
/// Players differ on the first and last keyframes' frames (rlottie adds nothing there); the
/// export follows rlottie, so a path that starts or ends facing other than right may show
/// the layer turned on those two frames in other players.
extension LottieBuilder {
    struct SpatialPosition {
        var property: LottieProperty
        /// The direction (radians) the player adds at each frame with auto-orient; nil when
        /// no rotationMode turns the layer.
        var autoOrient: [Double]?
    }

    /// One keyframe's way to the next.
    private enum Piece {
        case straight
        case hold
        /// Control points of the curve from this keyframe's value to the next one's.
        case curve(Point, Point)
    }

    /// nil when no motion path places the layer (its position is then sampled as usual).
    func spatialPosition(_ t: LottieTrack) -> SpatialPosition? {
        guard usesMotionPath(t.name) else { return nil }
        let points = t.samples.map { Point($0.position.x + $0.translationX, $0.position.y + $0.translationY) }
        let places = points.indices.map { placement(t.name, Double($0) / fps, points[$0]) }
        guard places.contains(where: { $0 != nil }) else { return nil }
        let (keys, pieces) = spatialKeys(points, places)
        let turns = places.contains { $0?.turns == true }
        var keyframes: [LottieKeyframe] = []
        for (n, k) in keys.enumerated() {
            var key = LottieKeyframe(time: Double(k), start: .numbers(vec(points[k])))
            if n < pieces.count {
                switch pieces[n] {
                case .hold: key.hold = true
                case .straight, .curve: (key.inEase, key.outEase) = (LottieSampling.linearIn, LottieSampling.linearOut)
                }
                if case .curve(let c1, let c2) = pieces[n] {
                    key.outTangent = vec(c1 - points[k])
                    key.inTangent = vec(c2 - points[keys[n + 1]])
                }
            }
            keyframes.append(key)
        }
        var angles: [Double]?
        if turns {
            // What the player adds: the direction along the keyframe's curve, 0 without one,
            // and 0 on the first and last keyframes' frames (rlottie gives no direction there).
            var out = [Double](repeating: 0, count: t.samples.count)
            for (n, piece) in pieces.enumerated() {
                guard case .curve(let c1, let c2) = piece else { continue }
                let a = keys[n], b = keys[n + 1]
                guard let curve = MotionPath(Path([.move(points[a]), .cubic(c1, c2, points[b])])),
                      curve.totalLength > 0 else { continue }
                for f in max(a, 1)..<min(b, out.count) {
                    out[f] = curve.sample(segment: 0, fraction: Double(f - a) / Double(b - a)).angle
                }
            }
            angles = out
        }
        return SpatialPosition(property: LottieProperty(keyframes: keyframes), autoOrient: angles)
    }

    /// Whether an animation of the layer's position follows a path.
    private func usesMotionPath(_ layer: String) -> Bool {
        func uses(_ a: Animation) -> Bool {
            switch a.body {
            case .keyframes(let k): return k.path != nil && k.keyPath == "position"
            case .group(let g): return g.children.contains(where: uses)
            default: return false
            }
        }
        return document.animations.contains { $0.layer == layer && uses($0) }
    }

    /// Where the layer is on a motion path at `time`, when that is where it is drawn.
    private func placement(_ layer: String, _ time: Double, _ drawn: Point) -> MotionPlacement? {
        // A path of one point has no segment to follow: the position is sampled as usual.
        guard let m = evaluator.motionPlacement(layer: layer, at: time), m.path.segments.indices.contains(m.segment) else {
            return nil
        }
        let p = m.path.sample(segment: m.segment, fraction: m.fraction).point
        return p.distance(to: drawn) < 1e-6 ? m : nil
    }

    /// Keyframe frames and the way from each to the next: curves along one segment while the
    /// arc fraction grows (or shrinks) evenly, straight lines or holds elsewhere.
    private func spatialKeys(_ points: [Point], _ places: [MotionPlacement?]) -> ([Int], [Piece]) {
        let total = points.count
        func sameSegment(_ a: Int, _ b: Int) -> Bool {
            guard let p = places[a], let q = places[b] else { return false }
            return p.animation == q.animation && p.segment == q.segment && p.fraction != q.fraction
        }
        let tolerance = 0.001
        var keys = [0], pieces: [Piece] = []
        var k = 0
        while k < total - 1 {
            var j = k + 1
            if sameSegment(k, j) {
                // Extend while the distance along the segment stays linear in time.
                let p0 = places[k]!
                let length = p0.path.segments[p0.segment].length
                let forward = places[j]!.fraction > p0.fraction
                var lo = -Double.infinity, hi = Double.infinity
                while j + 1 < total, sameSegment(j, j + 1), (places[j + 1]!.fraction > places[j]!.fraction) == forward {
                    let dt = Double(j - k), de = Double(j + 1 - k)
                    let at = (places[j]!.fraction - p0.fraction) * length
                    lo = max(lo, (at - tolerance) / dt); hi = min(hi, (at + tolerance) / dt)
                    let slope = (places[j + 1]!.fraction - p0.fraction) * length / de
                    if !(slope >= lo && slope <= hi) { break }
                    j += 1
                }
                let seg = p0.path.segments[p0.segment]
                let (u0, u1) = (p0.fraction, places[j]!.fraction)
                let (_, a, b, _) = seg.part(from: min(u0, u1), to: max(u0, u1))
                pieces.append(forward ? .curve(a, b) : .curve(b, a))
            } else {
                var lo = [-Double.infinity, -Double.infinity], hi = [Double.infinity, Double.infinity]
                extend: while j + 1 < total, !sameSegment(j, j + 1) {
                    let dt = Double(j - k), de = Double(j + 1 - k)
                    for (d, v) in [(0, \Point.x), (1, \Point.y)] {
                        let at = points[j][keyPath: v] - points[k][keyPath: v]
                        lo[d] = max(lo[d], (at - tolerance) / dt); hi[d] = min(hi[d], (at + tolerance) / dt)
                        let slope = (points[j + 1][keyPath: v] - points[k][keyPath: v]) / de
                        if !(slope >= lo[d] && slope <= hi[d]) { break extend }
                    }
                    j += 1
                }
                pieces.append(.straight)
            }
            keys.append(j)
            k = j
        }
        let holds = LottieSampling.holds(points.map { [$0.x, $0.y] }, frames: keys, tolerance: tolerance)
        for (n, piece) in pieces.enumerated() {
            guard case .straight = piece else { continue }
            let a = keys[n], b = keys[n + 1]
            if holds[n] { pieces[n] = .hold; continue }
            // Across a vertex between two frames: leave and arrive along the path's direction,
            // so a player turning the layer to its path faces the right way there too.
            guard b == a + 1, let p = places[a], let q = places[b] else { continue }
            let chord = points[a].distance(to: points[b])
            guard chord > 1e-9 else { continue }
            let da = p.path.sample(segment: p.segment, fraction: p.fraction).angle
            let db = q.path.sample(segment: q.segment, fraction: q.fraction).angle
            pieces[n] = .curve(points[a] + Point(cos(da), sin(da)) * (chord / 3),
                               points[b] - Point(cos(db), sin(db)) * (chord / 3))
        }
        return (keys, pieces)
    }

    private func vec(_ p: Point) -> [Double] { [p.x, p.y, 0] }
}
