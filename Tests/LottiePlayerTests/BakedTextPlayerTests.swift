import Foundation
import LayerLabCore
import LayerLabExport
import Testing

/// `bake` draws text seen in perspective exactly: its strokes are straight segments, which a
/// projective map keeps straight, so their warped vertices are the text as Core Animation
/// shows it (the stroke keeps its width, as a baked shape's does). A card with a text face
/// flips in perspective, as in a card game.
@Suite(.enabled(if: PlayerComparison.rlottie != nil, "librlottie-dev is not installed"))
struct BakedTextPlayerTests {
    static let script = """
        canvas size=200x200 background=white duration=2
        layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(300)
        layer card in stage position=(100, 100) bounds=rect(0, 0, 120, 90) backgroundColor=#2f5fb3 cornerRadius=10
        text face in card position=(60, 45) bounds=rect(0, 0, 120, 60) string="K 7" fontSize=44 foregroundColor=white \
            alignment=center
        animate card transform.rotation.y from=0 to=75deg duration=2 timingFunction=easeInEaseOut
        animate card transform.rotation.x from=0 to=-30deg duration=2
        """

    @Test func textInPerspectiveIsBakedExactly() throws {
        let (doc, images) = PlayerComparison.document(Self.script, name: "text in perspective", folder: "/")
        let plain = LottieExporter.export(doc, options: PlayerComparison.options(images))
        #expect(plain.notes.contains { $0.contains("seen in perspective") && $0.contains("--bake") }, "\(plain.notes)")
        var options = PlayerComparison.options(images)
        options.bake = true
        let export = LottieExporter.export(doc, options: options)
        #expect(export.notes.isEmpty, "\(export.notes)")
        #expect(export.approximatedFrames.isEmpty, "\(export.approximatedFrames)")
        #expect(export.baked.contains { $0.hasPrefix("face in perspective") }, "\(export.baked)")
        let player = try PlayerComparison.player(export.data, doc)
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60, extra: [0.5, 1.5]),
                                          label: "baked-text-") {
            PlayerComparison.expectClose(d, "text in perspective baked")
        }
    }

    /// A layer that masks to its bounds, turning in perspective: baked, its clip is its bounds
    /// sent to the canvas by the true map like its outlines (a flat clip put 2.3 % of pixels wrong).
    @Test func clipInPerspectiveIsWarped() throws {
        let (doc, images) = PlayerComparison.document("""
            canvas size=200x200 background=white duration=2
            layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(300)
            layer card in stage position=(100, 100) bounds=rect(0, 0, 100, 80) backgroundColor=#d04030 masksToBounds=true \
                cornerRadius=8
            shape spot in card position=(90, 20) path=circle(0, 0, 40) fillColor=#ffd020
            animate card transform.rotation.y from=0 to=50deg duration=2
            """, name: "clip in perspective", folder: "/")
        var options = PlayerComparison.options(images)
        options.bake = true
        let export = LottieExporter.export(doc, options: options)
        #expect(export.notes.isEmpty && export.approximatedFrames.isEmpty, "\(export.notes)")
        let player = try PlayerComparison.player(export.data, doc)
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60, extra: [1.5]),
                                          label: "baked-clip-") {
            PlayerComparison.expectClose(d, "clip in perspective baked")
        }
    }
}
