import Foundation
import LayerLabCore
import LayerLabRaster
import LayerLabScript
import LayerLabTerminal
import TestSupport
import Testing

/// Golden frames of every example at its key moments: the seed tutorials at the moments their
/// timelines name (docs/seed-timelines.md), the basics at 0, ¼, ½, ¾ and the end of the scene.
/// Record on purpose with `LAYERLAB_RECORD=1 swift test --filter ExampleFrameTests`.
struct ExampleFrameTests {
    struct Moment: CustomStringConvertible, Sendable {
        var script: String
        var times: [Double]
        var description: String { script }
    }

    /// The seed examples' moments, from the tutorials' timelines.
    static let seeds: [Moment] = [
        // expand, wobble, corners out, spin + contract, red stroke half, water, expand, label
        Moment(script: "loading-s.lab", times: [0.15, 1.0, 1.6, 2.2, 2.75, 3.5, 4.2, 4.8]),
        // early progress, mid download, nearly done, the reveal half-way, the whole image
        Moment(script: "circular-loader.lab", times: [0.5, 1.6, 2.9, 3.55, 4.2]),
        // fading in, walking, the tree passing, fading out
        Moment(script: "parallax-walk.lab", times: [0.25, 2.0, 4.0, 7.9]),
        // the head at the top, a quarter round, half round
        Moment(script: "replicator-spinner.lab", times: [0.0, 0.25, 0.5]),
        // the band off the left edge, crossing the avatar, crossing the lines
        Moment(script: "shimmer.lab", times: [0.0, 0.6, 1.0]),
        // face up, turning in perspective, lifted edge-on, the back, turning back
        Moment(script: "card-flip.lab", times: [0.2, 0.75, 0.95, 1.6, 2.4]),
        // the first pieces falling, the sky full, the emitter stopping, the last pieces leaving
        Moment(script: "confetti.lab", times: [0.5, 1.8, 2.5, 3.8]),
        // 0 at rest, 0 pushed out by 1 half way, 2 shown, 4 and the marker at the top
        Moment(script: "counter.lab", times: [0.5, 1.2, 2.5, 4.5]),
    ]

    static var basics: [Moment] {
        ExamplesTests.scripts.filter { $0.hasPrefix("basics/") }.map { Moment(script: $0, times: []) }
    }

    static func document(_ script: String) throws -> (Document, ImageStore) {
        let url = ExamplesTests.examplesFolder.appendingPathComponent(script)
        var session = Session()
        let outcome = session.runScript(try String(contentsOf: url, encoding: .utf8), name: script)
        #expect(outcome.diagnostic == nil)
        let (images, errors) = ImageLoader.images(for: session.document,
                                                  relativeTo: url.deletingLastPathComponent().path)
        #expect(errors.isEmpty, "\(script): \(errors)")
        return (session.document, images)
    }

    static func frame(_ doc: Document, _ images: ImageStore, at t: Double, _ options: FrameOptions) -> [String] {
        FrameRenderer.render(document: doc, time: t, options: options, images: images)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func name(_ script: String) -> String {
        script.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".lab", with: "")
    }

    @Test(arguments: seeds)
    func seedMoments(_ m: Moment) throws {
        let (doc, images) = try Self.document(m.script)
        let ascii = FrameOptions(columns: 64, rows: 24, mode: .ascii, color: .none)
        for t in m.times {
            let label = "\(Self.name(m.script)) ascii 64x24 t=\(formatNumber(t))"
            assertGolden(goldenText(header: label, rows: Self.frame(doc, images, at: t, ascii)),
                         suite: "ExampleFrameTests", name: "\(Self.name(m.script)).ascii.t\(Int((t * 1000).rounded()))")
        }
        // One colour frame per seed, in blocks, to pin colours too.
        let blocks = FrameOptions(columns: 48, rows: 16, mode: .blocks, color: .ansi256)
        let t = m.times[m.times.count / 2]
        assertGolden(goldenText(header: "\(Self.name(m.script)) blocks 48x16 256 colours t=\(formatNumber(t))",
                                rows: Self.frame(doc, images, at: t, blocks)),
                     suite: "ExampleFrameTests", name: "\(Self.name(m.script)).blocks.t\(Int((t * 1000).rounded()))")
    }

    @Test(arguments: basics)
    func basicsAtQuarters(_ m: Moment) throws {
        let (doc, images) = try Self.document(m.script)
        let end = Evaluator(document: doc).sceneDuration
        let options = FrameOptions(columns: 48, rows: 16, mode: .ascii, color: .none)
        var text = ""
        for q in 0...4 {
            let t = end * Double(q) / 4
            text += goldenText(header: "\(Self.name(m.script)) ascii 48x16 t=\(formatNumber(t))",
                               rows: Self.frame(doc, images, at: t, options))
        }
        assertGolden(text, suite: "ExampleFrameTests", name: Self.name(m.script))
    }
}
