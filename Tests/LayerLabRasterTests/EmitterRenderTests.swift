import Foundation
import LayerLabCore
import Testing
@testable import LayerLabRaster

/// Particles drawn as their cell's path, placed, scaled and coloured, in the emitter's space,
/// over its background and under its sublayers; `additive` adds light.
@Suite struct EmitterRenderTests {
    static func emitter(_ particles: [Particle], shapes: [Path] = [EmitterCell.dot], additive: Bool = false) -> PresentedLayer {
        var e = PresentedLayer(name: "e", kind: .emitter)
        e.bounds = Rect(0, 0, 100, 100)
        e.position = Point(60, 50)   // the emitter's space is 10 points right of the canvas's
        e.extras.emission = Emission(particles: particles, shapes: shapes, additive: additive)
        return e
    }

    static func particle(_ x: Double, _ y: Double, _ c: Color, scale: Double = 1, birth: Double = 0) -> Particle {
        Particle(position: Point(x, y), z: 0, angle: 0, scale: scale, color: c, shape: 0, birth: birth)
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * b.width + x) * 4
        return b.pixels[i..<i + 4].map { Int($0) }
    }

    static func render(_ l: PresentedLayer) -> Bitmap {
        Rasterizer().render(Fixtures.scene([l], size: Size(100, 100), background: .black), width: 100, height: 100)
    }

    @Test func particlesAreTheirPathInTheEmittersSpace() {
        let b = Self.render(Self.emitter([Self.particle(20, 30, Color(1, 0, 0), scale: 2)]))
        // A dot 4 points across scaled by 2: radius 4 about (30, 30) on the canvas.
        #expect(Self.pixel(b, 30, 30) == [255, 0, 0, 255])
        #expect(Self.pixel(b, 32, 29) == [255, 0, 0, 255])
        #expect(Self.pixel(b, 36, 30) == [0, 0, 0, 255])
        #expect(Self.pixel(b, 20, 30) == [0, 0, 0, 255])
    }

    @Test func laterParticlesCoverEarlierOnesUnlessAdditive() {
        let two = [Self.particle(50, 50, Color(1, 0, 0, 0.5), scale: 3), Self.particle(50, 50, Color(0, 0, 1, 0.5), scale: 3)]
        let over = Self.pixel(Self.render(Self.emitter(two)), 60, 50)
        #expect(over[2] > over[0])   // blue on top
        let added = Self.pixel(Self.render(Self.emitter(two, additive: true)), 60, 50)
        #expect(abs(added[0] - 128) <= 1 && abs(added[2] - 128) <= 1)   // both add their half
        let bright = Self.pixel(Self.render(Self.emitter([Self.particle(50, 50, Color(1, 1, 1, 0.6), scale: 3),
                                                          Self.particle(50, 50, Color(1, 1, 1, 0.6), scale: 3)],
                                                         additive: true)), 60, 50)
        #expect(bright == [255, 255, 255, 255])   // light adds up and saturates
    }

    @Test func pictureParticlesAreTintedByTheirColour() {
        // A white 10x10 picture at one pixel a point, tinted yellow, scaled by 2: 20 points across.
        var e = Self.emitter([Self.particle(50, 50, Color(1, 1, 0), scale: 2)])
        e.extras.emission?.images = ["white"]
        let store = ImageStore(["white": Bitmap(width: 10, height: 10, fill: .white)])
        let b = Rasterizer(images: store).render(Fixtures.scene([e], size: Size(100, 100), background: .black),
                                                 width: 100, height: 100)
        #expect(Self.pixel(b, 60, 50) == [255, 255, 0, 255])
        #expect(Self.pixel(b, 51, 41) == [255, 255, 0, 255])
        #expect(Self.pixel(b, 48, 50) == [0, 0, 0, 255])
        // A picture that did not load falls back to the path (the dot).
        e.extras.emission?.images = ["missing"]
        #expect(Self.pixel(Self.render(e), 60, 50) == [255, 255, 0, 255])
        #expect(Self.pixel(Self.render(e), 66, 50) == [0, 0, 0, 255])
    }

    @Test func sublayersDrawAboveTheParticles() {
        var e = Self.emitter([Self.particle(50, 50, Color(1, 0, 0), scale: 3)])
        e.sublayers = [Fixtures.box("cover", Rect(40, 40, 20, 20), color: Color(0, 1, 0))]
        #expect(Self.pixel(Self.render(e), 60, 50) == [0, 255, 0, 255])
    }
}
