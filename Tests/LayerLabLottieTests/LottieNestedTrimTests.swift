import Foundation
import Testing
import LayerLabCore
@testable import LayerLabLottie

/// Several trim paths over one outline: each cuts the outlines above it, the nearest first.
struct LottieNestedTrimTests {
    /// An open straight line `sh` from (0, y) to (100, y).
    func line(_ name: String, y: Double) -> String {
        #"{"ty":"sh","nm":"\#(name)","ks":{"a":0,"k":{"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[0,\#(y)],[100,\#(y)]],"c":false}}}"#
    }
    func trim(_ s: Double, _ e: Double, individually: Bool = false) -> String {
        #"{"ty":"tm","s":{"a":0,"k":\#(s)},"e":{"a":0,"k":\#(e)},"o":{"a":0,"k":0},"m":\#(individually ? 2 : 1)}"#
    }
    let stroke = #"{"ty":"st","nm":"S","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
    func group(_ items: [String]) -> String { #"{"ty":"gr","nm":"G","it":[\#(items.joined(separator: ","))]}"# }

    /// Every shape layer under the layer named `name`, depth first.
    func strokes(_ d: Document, _ name: String) throws -> [Layer] {
        func all(_ l: Layer) -> [Layer] { (l.kind == .shape ? [l] : []) + l.sublayers.flatMap(all) }
        return all(try #require(d.layer(named: name)))
    }

    /// The straight pieces a path draws, as (from, to) pairs of points.
    func pieces(_ p: Path?) -> [[Point]] {
        var out: [[Point]] = []
        for e in p?.elements ?? [] {
            switch e {
            case .move(let q): out.append([q])
            case .line(let q): out[out.count - 1].append(q)
            default: break
            }
        }
        return out.map { [$0.first!, $0.last!] }
    }

    func close(_ a: [[Point]], _ b: [[Point]]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            zip(x, y).allSatisfy { near($0.x, $1.x, 0.01) && near($0.y, $1.y, 0.01) }
        }
    }

    @Test func twoTrimsApplyTheNearestFirst() throws {
        // Inside: the first half (0…50); outside: the second half of what is left (25…50).
        // Outer first would give the second half's first half (50…75).
        let shapes = [group([line("A", y: 0), trim(0, 50), stroke]), trim(50, 100)].joined(separator: ",")
        let r = try imported(lottie(shapeLayer("L", shapes: shapes)))
        let layers = try strokes(r.document, "L")
        #expect(layers.count == 1)
        #expect(close(pieces(layers.first?.properties["path"]?.pathValue), [[Point(25, 0), Point(50, 0)]]))
        #expect(!r.warnings.contains { $0.lowercased().contains("nested trim") })
    }

    @Test func aTrimDoesNotCutTheOutlinesBelowIt() throws {
        // The trim lies between the two lines: it halves A (above it), not B (below it).
        let shapes = [line("A", y: 0), trim(0, 50), line("B", y: 10), stroke].joined(separator: ",")
        let layers = try strokes(imported(lottie(shapeLayer("L", shapes: shapes))).document, "L")
        #expect(layers.count == 2)
        let a = try #require(layers.first { $0.properties["path"]?.pathValue?.allPoints.first?.y == 0 })
        let b = try #require(layers.first { $0.properties["path"]?.pathValue?.allPoints.first?.y == 10 })
        #expect(a.properties["strokeEnd"] == .number(0.5))
        #expect((b.properties["strokeEnd"]?.number ?? 1) == 1 && (b.properties["strokeStart"]?.number ?? 0) == 0)
    }

    @Test func individuallyTrimsAllOutlinesAsOneLengthSimultaneouslyEachItsOwn() throws {
        func drawn(inner: Bool, outer: Bool) throws -> [[Point]] {
            let shapes = [group([line("A", y: 0), line("B", y: 10), trim(0, 50, individually: inner), stroke]),
                          trim(0, 50, individually: outer)].joined(separator: ",")
            let layers = try strokes(imported(lottie(shapeLayer("L", shapes: shapes))).document, "L")
            return layers.flatMap { pieces($0.properties["path"]?.pathValue) }.sorted { $0[0].y < $1[0].y }
        }
        // Individually inside: half of 200 is all of A; then half of A.
        #expect(close(try drawn(inner: true, outer: false), [[Point(0, 0), Point(50, 0)]]))
        // Simultaneously inside: half of each; then half of each again.
        #expect(close(try drawn(inner: false, outer: false), [[Point(0, 0), Point(25, 0)], [Point(0, 10), Point(25, 10)]]))
        // Simultaneously inside, individually outside: half of the 100 left is A's half.
        #expect(close(try drawn(inner: false, outer: true), [[Point(0, 0), Point(50, 0)]]))
    }

    @Test func aStretchWrappingPastAClosedOutlinesStartStaysOnePiece() {
        let square = [Polyline([Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)]
        let kept = LottieConverter.stretch(square, from: 0.75, to: 1.25)
        // From (0, 10) up the left side through the start and along the top to (10, 0).
        #expect(kept.count == 1)
        #expect(kept.first?.line.points.first == Point(0, 10) && kept.first?.line.points.last == Point(10, 0))
    }
}
