import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabLottie
import LayerLabRaster
import LayerLabTerminal
import Testing

/// Transitions in the Lottie export: every type and side, with its timing and progress range,
/// drawn by rlottie as LayerLab draws it, and opened again by LayerLab's own Lottie import.
enum TransitionScenes {
    /// The transitions compared, as written after `transition=`.
    static let cases = [
        "fade", "fade startProgress=0.2 endProgress=0.9", "moveIn subtype=fromLeft", "moveIn subtype=fromTop",
        "push", "push subtype=fromRight", "push subtype=fromBottom", "reveal subtype=fromTop", "reveal subtype=fromRight",
        "moveIn subtype=fromBottom timingFunction=easeOut",
    ]

    /// A card with a sublayer whose colours change at 0.5 s through the transition, which runs
    /// for a second; `clip` makes the card mask to its bounds.
    static func script(_ transition: String, clip: Bool = false) -> String {
        """
        canvas size=200x200 background=white duration=2
        layer card position=(100, 100) bounds=rect(0, 0, 120, 90) backgroundColor=#d04030 cornerRadius=12\(clip ? " masksToBounds=true" : "")
        shape dot in card position=(40, 45) path=circle(0, 0, 30) fillColor=#ffd020
        at 0.5 set card backgroundColor=#3060c0 transition=\(transition) duration=1 as flip
        at 0.5 set dot fillColor=#20a060
        """
    }

    /// Moments within the transition (it runs from 0.5 s to 1.5 s) and either side of it.
    static let moments = [0.25, 0.5, 0.6, 0.75, 1.0, 1.25, 1.45, 1.75]
}

@Suite(.enabled(if: PlayerComparison.rlottie != nil, "librlottie-dev is not installed"))
struct TransitionPlayerTests {
    func compare(_ script: String, _ label: String, bake: Bool = false) throws {
        let (doc, images) = PlayerComparison.document(script, name: label, folder: "/")
        var options = PlayerComparison.options(images)
        options.bake = bake
        let export = LottieExporter.export(doc, options: options)
        #expect(export.notes.isEmpty, "\(label): \(export.notes)")
        let player = try PlayerComparison.player(export.data, doc)
        let frames = PlayerComparison.frames(doc, fps: 60, extra: TransitionScenes.moments)
        for d in PlayerComparison.compare(doc, images, player, frames: frames, label: "transition-" + label.replacingOccurrences(of: " ", with: "_")) {
            PlayerComparison.expectClose(d, "transition \(label)")
        }
    }

    @Test(arguments: TransitionScenes.cases)
    func eachTypeAndSide(_ transition: String) throws {
        try compare(TransitionScenes.script(transition), transition)
    }

    /// A layer that masks to its bounds clips each picture in its own place.
    @Test(arguments: ["push subtype=fromBottom", "fade", "reveal subtype=fromLeft"])
    func clippedToItsBounds(_ transition: String) throws {
        try compare(TransitionScenes.script(transition, clip: true), transition + " clipped")
    }

    /// `--bake` draws a transition the same way (there is nothing in it to bake).
    @Test func baked() throws {
        try compare(TransitionScenes.script("push subtype=fromRight"), "push baked", bake: true)
    }

    /// A card turning in perspective while its face pushes in and its text fades, baked: the
    /// pictures are warped at every frame like any layer in the card's plane.
    @Test func inPerspectiveBaked() throws {
        try compare("""
            canvas size=200x200 background=white duration=2
            layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=perspective(300)
            layer card in stage position=(100, 100) bounds=rect(0, 0, 100, 80) backgroundColor=#d04030 masksToBounds=true
            text label in card position=(50, 40) bounds=rect(0, 0, 100, 60) string="A" fontSize=40 foregroundColor=white                 alignment=center
            animate card transform.rotation.y from=0 to=50deg duration=2
            at 0.5 set card backgroundColor=#3060c0 transition=push subtype=fromTop duration=0.5 as turn
            at 0.6 set label string="B" transition=fade duration=0.5 as letter
            """, "in perspective baked", bake: true)
    }

    /// Text fading into other text on a clear layer, inside a translucent window: the fade's
    /// mattes at glyph edges, and opacity from above.
    @Test func textFadeInATranslucentWindow() throws {
        try compare("""
            canvas size=200x200 background=#101828 duration=2
            layer window position=(100, 100) bounds=rect(0, 0, 120, 120) backgroundColor=#1f2a44 opacity=0.8
            text label in window position=(60, 60) bounds=rect(0, 0, 120, 80) string="7" fontSize=64 foregroundColor=white alignment=center
            at 0.5 set label string="8" foregroundColor=#ffb020 transition=fade duration=1 as count
            """, "text fade")
    }
}

/// Exported to Lottie and opened again, a scene with transitions draws LayerLab's frames.
struct TransitionRoundTripTests {
    @Test(arguments: TransitionScenes.cases)
    func roundTrip(_ transition: String) throws {
        let (doc, images) = PlayerComparison.document(TransitionScenes.script(transition), name: transition, folder: "/")
        let export = LottieExporter.export(doc, options: PlayerComparison.options(images))
        let back = try LottieImport.document(from: export.data)
        var backImages = ImageStore()
        for (name, data) in back.images { backImages[name] = try PNGCodec.decode(data) }
        let original = Evaluator(document: doc), reopened = Evaluator(document: back.document)
        for t in TransitionScenes.moments {
            let a = Rasterizer(images: images).render(original.scene(at: t), width: 200, height: 200)
            let b = Rasterizer(images: backImages).render(reopened.scene(at: t), width: 200, height: 200)
            let d = PlayerComparison.difference(a.pixels, b.pixels, frame: Int((t * 60).rounded()))
            #expect(d.passes, "\(transition) at \(t) s: \(d)")
        }
    }
}
