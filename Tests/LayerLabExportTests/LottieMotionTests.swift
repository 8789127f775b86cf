import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import Testing

/// Motion paths export as spatial keyframes (`to`/`ti` tangents along the path), rotationMode
/// as auto-orient; contentsRect as one picture per cell shown.
struct LottieMotionTests {
    func keyframes(_ layer: [String: Any]) -> [[String: Any]] {
        let ks = layer["ks"] as? [String: Any]
        return (ks?["p"] as? [String: Any])?["k"] as? [[String: Any]] ?? []
    }

    @Test func motionPathsBecomeSpatialKeyframes() throws {
        let lottie = try LottieReader(LottieExporter.json(for: try ExportFixtures.example("basics/16-motion-path.lab"), fps: 60))
        let plane = try #require(lottie.layer("plane")), dot = try #require(lottie.layer("dot"))
        #expect((plane["ao"] as? NSNumber)?.intValue == 1)
        #expect((dot["ao"] as? NSNumber)?.intValue == 0)
        for layer in [plane, dot] {
            let keys = keyframes(layer)
            // A handful of curves, not a keyframe a frame.
            #expect(keys.count >= 4 && keys.count < 20, "\(keys.count) keyframes")
            #expect(keys.dropLast().allSatisfy { $0["to"] != nil && $0["ti"] != nil })
        }
        // The first curve leaves (100, 160) along the route's first control point (150, 160).
        let first = try #require(keyframes(plane).first)
        let to = try #require(first["to"] as? [NSNumber]).map(\.doubleValue)
        #expect(abs(to[1]) < 1e-6 && to[0] > 0)
    }

    @Test func rotationKeepsTheLayersOwnTurnUnderAutoOrient() throws {
        // Own rotation 0.5 rad: the exported rotation stays at it (the player adds the direction).
        let doc = ExportFixtures.document("""
            canvas size=100x100 duration=1
            shape a position=(10, 50) transform.rotation.z=0.5 path=rect(-5, -5, 10, 10)
            keyframes a position path=svg("M 10 50 C 40 10 60 90 90 50") rotationMode=auto duration=1
            """)
        let lottie = try LottieReader(LottieExporter.json(for: doc, fps: 60))
        let a = try #require(lottie.layer("a"))
        let ks = try #require(a["ks"] as? [String: Any])
        for frame in [10.0, 30, 50] {
            let r = try #require(LottieReader.value(ks["r"], at: frame)?[0])
            #expect(abs(r - 0.5 * 180 / Double.pi) < 0.1, "frame \(frame): \(r)")
        }
    }

    @Test func eachSpriteSheetCellIsItsOwnPicture() throws {
        let doc = try ExportFixtures.example("basics/17-sprite-sheet.lab")
        let art = try String(contentsOf: ExportFixtures.repository.appendingPathComponent("examples/basics/walk-sheet.txt"),
                             encoding: .utf8)
        let images = ImageStore(["walk-sheet.txt": try TextArt.parse(art)])
        let export = LottieExporter.export(doc, options: LottieOptions(fps: 60, images: images, encodePNG: { _ in Data([0]) }))
        let lottie = try LottieReader(export.data)
        let pictures = lottie.layers.filter { ($0["nm"] as? String)?.hasPrefix("walker: ") == true }
        #expect(pictures.count == 4)
        #expect(export.notes.isEmpty, "\(export.notes)")
    }
}
