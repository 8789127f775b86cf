import Foundation
import LayerLabCore
@testable import LayerLabExport
import LayerLabScript
import Testing

/// `bake`: what Lottie has no word for, drawn as plain layers. (That the drawings agree with
/// LayerLab's frames is checked with rlottie in `RLottieComparisonTests.bakedExample`.)
struct LottieBakeTests {
    /// A PNG stand-in: the bitmap's bytes, so image assets are distinct when the pictures are.
    static func options(fps: Double = 30) -> LottieOptions {
        LottieOptions(fps: fps, bake: true, encodePNG: { Data($0.pixels) + Data("\($0.width)x\($0.height)".utf8) })
    }

    static func export(_ script: String, fps: Double = 30) -> LottieExport {
        LottieExporter.export(ExportFixtures.document(script), options: options(fps: fps))
    }

    static func layers(_ data: Data) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["layers"] as? [[String: Any]])
    }

    /// Every particle is a layer shown over its life only, its keyframes from its first frame
    /// on, parented to the emitter; a steady 10 a second over 1 s (births at 0, 0.1, … 1.0,
    /// the last frame included), each living 0.5 s, is 11 particles.
    @Test func eachParticleIsALayerOverItsLife() throws {
        let e = Self.export("""
            canvas size=100x100 duration=1
            emitter spray position=(50, 50) bounds=rect(0, 0, 100, 100) emitterPosition=(50, 50) seed=3 {
                cell dot birthRate=10 lifetime=0.5 velocity=40 emissionRange=180deg color=#ff0000
            }
            """)
        #expect(e.refusal == nil && e.notes.isEmpty, "\(e.notes) \(e.refusal ?? "")")
        #expect(e.baked == ["spray's particles as 11 layers"])
        let layers = try Self.layers(e.data)
        let particles = layers.filter { ($0["nm"] as? String)?.hasPrefix("spray particle") == true }
        #expect(particles.count == 11)
        let emitter = try #require(layers.first { $0["nm"] as? String == "spray" })
        for p in particles {
            #expect(p["parent"] as? Double == emitter["ind"] as? Double)
            let ip = try #require(p["ip"] as? Double), op = try #require(p["op"] as? Double)
            // Keyframes carry the frames' own numbers (no `st`, which rlottie reads only in precompositions).
            #expect(p["st"] as? Double == 0)
            let position = try #require((p["ks"] as? [String: Any])?["p"] as? [String: Any])
            if let keys = position["k"] as? [[String: Any]], position["a"] as? Double == 1 {
                #expect(keys.first?["t"] as? Double == ip, "the first keyframe is the particle's first frame")
            }
            // 0.5 s at 30 fps: 15 or 16 frames, cut short at the end of the scene.
            #expect(op - ip >= 1 && op - ip <= 16, "\(ip)…\(op)")
        }
        // Deterministic: the same document gives the same bytes.
        #expect(Self.export("""
            canvas size=100x100 duration=1
            emitter spray position=(50, 50) bounds=rect(0, 0, 100, 100) emitterPosition=(50, 50) seed=3 {
                cell dot birthRate=10 lifetime=0.5 velocity=40 emissionRange=180deg color=#ff0000
            }
            """).data == e.data)
    }

    /// Past 10,000 particle layers the bake is refused before anything is written, saying why.
    @Test func tooManyParticlesAreRefused() {
        let e = Self.export("""
            canvas size=100x100 duration=6
            emitter spray position=(50, 50) bounds=rect(0, 0, 100, 100) emitterPosition=(50, 50) {
                cell dot birthRate=2000 lifetime=0.2 velocity=40
            }
            """, fps: 10)
        #expect(e.data.isEmpty)
        #expect(e.refusal?.contains("over 10,000 layers") == true, "\(e.refusal ?? "")")
    }

    /// A shadow that does not change is one image for the whole scene, however long; one that
    /// changes is an image a frame where it changes.
    @Test func aStillShadowIsOneImage() throws {
        let still = Self.export("""
            canvas size=120x120 duration=2
            layer card position=(60, 60) bounds=rect(0, 0, 60, 60) backgroundColor=white shadowOpacity=0.5 shadowRadius=6
            layer dot position=(10, 10) bounds=rect(0, 0, 10, 10) backgroundColor=red
            animate dot position.x from=10 to=110 duration=2
            """)
        #expect(still.notes.isEmpty, "\(still.notes)")
        #expect(still.baked.contains { $0.hasPrefix("card's shadow as 1 image (") }, "\(still.baked)")
        let growing = Self.export("""
            canvas size=120x120 duration=1
            layer card position=(60, 60) bounds=rect(0, 0, 60, 60) backgroundColor=white shadowOpacity=0.5 shadowRadius=2
            animate card shadowRadius from=2 to=8 beginTime=0.5 duration=0.5 fillMode=backwards
            """)
        // 0…0.5 s one picture, then at most one a frame while it grows (15 frames; the blur
        // may give equal pictures at neighbouring radii, which share an image).
        let count = growing.baked.first.flatMap { $0.split(separator: " ").dropFirst(3).first }.flatMap { Int($0) }
        #expect(count.map { (3...16).contains($0) } == true, "\(growing.baked)")
        // Without bake the shadow is an effect, and the warning names --bake.
        let plain = LottieExporter.export(ExportFixtures.document("""
            layer card position=(60, 60) bounds=rect(0, 0, 60, 60) backgroundColor=white shadowOpacity=0.5 shadowRadius=6
            """), options: LottieOptions(fps: 30))
        #expect(plain.notes.contains { $0.contains("drop-shadow effect") && $0.contains("--bake") }, "\(plain.notes)")
    }

    /// A layer in perspective is baked as paths (no stand-in, nothing noted); without bake
    /// it is a flat stand-in, noted with the way to bake it.
    @Test func perspectiveIsBakedAsPaths() throws {
        let script = """
            canvas size=200x200 duration=1
            layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(300)
            layer tile in stage position=(100, 100) bounds=rect(0, 0, 100, 100) backgroundColor=#3366cc borderWidth=4 borderColor=white
            animate tile transform.rotation.y from=0 to=60deg duration=1
            """
        let baked = Self.export(script)
        #expect(baked.notes.isEmpty && baked.approximatedFrames.isEmpty, "\(baked.notes)")
        #expect(baked.baked == ["tile in perspective as paths keyed at every frame"])
        let plain = LottieExporter.export(ExportFixtures.document(script), options: LottieOptions(fps: 30))
        #expect(plain.notes.contains { $0.contains("seen in perspective") && $0.contains("--bake") }, "\(plain.notes)")
        #expect(!plain.approximatedFrames.isEmpty)
        // Text in perspective is baked too, as its strokes' outline filled.
        let text = Self.export(script + "\ntext label in tile position=(50, 50) bounds=rect(0, 0, 80, 20) string=\"hi\"")
        #expect(text.notes.isEmpty && text.approximatedFrames.isEmpty, "\(text.notes)")
        #expect(text.baked.contains("label in perspective as paths keyed at every frame"), "\(text.baked)")
        // A gradient in perspective is not warped: still a stand-in, and said so.
        let gradient = Self.export(script + "\ngradient shade in tile position=(50, 50) bounds=rect(0, 0, 40, 40) colors=[red, blue]")
        #expect(gradient.notes.contains { $0.hasPrefix("shade: seen in perspective") && $0.contains("even with bake") },
                "\(gradient.notes)")
    }
}
