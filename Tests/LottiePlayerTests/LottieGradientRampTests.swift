import Foundation
import LayerLabCore
import LayerLabLottie
import LayerLabRaster
import Testing

/// After Effects' Gradient Ramp (`ADBE Ramp`): the layer's pixels take a two-colour gradient
/// and keep their coverage; Blend With Original mixes their own colour back in.
struct LottieGradientRampTests {
    /// A 40 x 40 canvas with a red square from (10, 10) to (30, 30) and a ramp from black at
    /// `start` to white at `end`.
    static func file(start: (Double, Double) = (10, 20), end: (Double, Double) = (30, 20), shape: Int = 1,
                     blend: Double = 0, scatter: Double = 0) -> Data {
        func control(_ ty: Int, _ nm: String, _ k: String) -> String { #"{"ty":\#(ty),"nm":"\#(nm)","v":{"a":0,"k":\#(k)}}"# }
        let controls = [
            control(3, "Start of Ramp", "[\(start.0),\(start.1)]"), control(2, "Start Color", "[0,0,0,1]"),
            control(3, "End of Ramp", "[\(end.0),\(end.1)]"), control(2, "End Color", "[1,1,1,1]"),
            control(7, "Ramp Shape", "\(shape)"), control(0, "Ramp Scatter", "\(scatter)"),
            control(0, "Blend With Original", "\(blend)"),
        ]
        let effect = #"{"ty":5,"nm":"Gradient Ramp","mn":"ADBE Ramp","en":1,"ef":[\#(controls.joined(separator: ","))]}"#
        let shapes = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        return LottieMaskDrawingTests.file(layer: #"{"ty":4,"nm":"Art","ind":1,"ip":0,"op":20,"st":0,"ks":{},"ef":[\#(effect)],"shapes":[\#(shapes)]}"#)
    }

    static func grey(_ c: Color) -> Double? { abs(c.r - c.g) < 0.02 && abs(c.g - c.b) < 0.02 ? c.r : nil }

    @Test func theContentTakesTheRampAndKeepsItsCoverage() throws {
        let (b, warnings) = try LottieMaskDrawingTests.draw(Self.file())
        #expect(warnings.isEmpty, "\(warnings)")
        // Black at x = 10, white at x = 30, linear between; nothing outside the square.
        let row = [11, 15, 20, 25, 29].map { b[$0, 20] }
        #expect(row.allSatisfy { $0.a > 0.99 })
        let greys = row.compactMap(Self.grey)
        #expect(greys.count == 5 && zip(greys, greys.dropFirst()).allSatisfy { $0 < $1 }, "\(row)")
        #expect(abs(greys[2] - 0.5) < 0.05 && greys[0] < 0.1 && greys[4] > 0.9)
        #expect(b[5, 20].a < 0.01 && b[35, 20].a < 0.01 && b[20, 5].a < 0.01)
    }

    @Test func blendWithOriginalMixesTheContentBackIn() throws {
        let (all, _) = try LottieMaskDrawingTests.draw(Self.file(blend: 100))
        #expect(all[20, 20].r > 0.99 && all[20, 20].g < 0.01)
        let (half, _) = try LottieMaskDrawingTests.draw(Self.file(blend: 50))
        // Half red, half the ramp's mid grey.
        let c = half[20, 20]
        #expect(abs(c.r - 0.75) < 0.04 && abs(c.g - 0.25) < 0.04 && c.a > 0.99, "\(c)")
    }

    @Test func aRadialRampGrowsFromItsStart() throws {
        let (b, _) = try LottieMaskDrawingTests.draw(Self.file(start: (20, 20), end: (30, 20), shape: 2))
        let centre = try #require(Self.grey(b[20, 20])), edge = try #require(Self.grey(b[25, 20]))
        let corner = try #require(Self.grey(b[29, 29]))
        #expect(centre < 0.1 && abs(edge - 0.5) < 0.08 && corner > 0.99, "\(centre) \(edge) \(corner)")
        #expect(abs((Self.grey(b[20, 25]) ?? -1) - edge) < 0.02, "the same at the same distance")
    }

    @Test func scatterIsWarned() throws {
        let (_, warnings) = try LottieMaskDrawingTests.draw(Self.file(scatter: 20))
        #expect(warnings == ["1 gradient ramp's scatter not drawn: Art"], "\(warnings)")
    }
}
