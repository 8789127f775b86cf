import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// A replicator's copies land where instanceTransform puts them, in order, tinted.
@Suite struct ReplicatorRenderTests {
    /// A 100x100 replicator at the canvas centre holding one 10x10 white square at (50, 15).
    static func scene(count: Int, transform: Transform3D, color: Color = .white, offsets: Color = .clear) -> Scene {
        var rep = PresentedLayer(name: "rep", kind: .replicator)
        rep.bounds = Rect(0, 0, 100, 100)
        rep.position = Point(100, 100)
        var dot = Fixtures.box("dot", Rect(45, 10, 10, 10), color: .white)
        dot.name = "dot"
        rep.sublayers = [dot]
        rep.extras.replicator = Replication(count: count, delay: 0, transform: transform, color: color, offsets: offsets,
                                     copies: Array(repeating: [dot], count: max(0, count - 1)))
        return Fixtures.scene([rep], background: .black)
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * b.width + x) * 4
        return Array(b.pixels[i..<i + 4])
    }

    @Test func copiesTurnAboutTheReplicatorsCentre() {
        let b = Rasterizer().render(Self.scene(count: 4, transform: .rotation(.pi / 2, 0, 0, 1)), width: 200, height: 200)
        // The dot's centre (50, 15) in the replicator is (100, 65) on the canvas; the copies
        // turn it a quarter at a time about (100, 100).
        for (x, y) in [(100, 65), (135, 100), (100, 135), (65, 100)] {
            #expect(Self.pixel(b, x, y) == [255, 255, 255, 255], "copy at (\(x), \(y))")
        }
        #expect(Self.pixel(b, 100, 100) == [0, 0, 0, 255])
    }

    @Test func countZeroDrawsNothingAndOneDrawsTheSublayers() {
        let none = Rasterizer().render(Self.scene(count: 0, transform: .identity), width: 200, height: 200)
        #expect(Self.pixel(none, 100, 65) == [0, 0, 0, 255])
        let one = Rasterizer().render(Self.scene(count: 1, transform: .translation(30, 0)), width: 200, height: 200)
        #expect(Self.pixel(one, 100, 65) == [255, 255, 255, 255])
        #expect(Self.pixel(one, 130, 65) == [0, 0, 0, 255])
    }

    @Test func eachCopyIsTintedAStepFurther() {
        let scene = Self.scene(count: 3, transform: .translation(30, 0), color: Color(1, 1, 1, 1),
                               offsets: Color(0, -0.5, -0.5, -0.25))
        let b = Rasterizer().render(scene, width: 200, height: 200)
        #expect(Self.pixel(b, 100, 65) == [255, 255, 255, 255])
        // Copy 1: (1, 0.5, 0.5) at alpha 0.75 over black.
        #expect(Self.pixel(b, 130, 65) == [191, 96, 96, 255])
        // Copy 2: (1, 0, 0) at alpha 0.5 over black.
        #expect(Self.pixel(b, 160, 65) == [128, 0, 0, 255])
    }
}
