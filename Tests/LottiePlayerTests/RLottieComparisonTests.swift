import Foundation
import LayerLabCore
import LayerLabExport
import LayerLabRaster
import Testing

/// Lottie exports drawn by a real player (rlottie) match LayerLab's own frames: every example
/// and the cases players disagree on most (masks set on the timeline, clipped sublayers,
/// group opacity, images beside a moved file). Skipped, not passed, without `librlottie-dev`.
@Suite(.enabled(if: PlayerComparison.rlottie != nil, "librlottie-dev is not installed"))
struct RLottieComparisonTests {
    static let examples: [String] = {
        let basics = (try? FileManager.default.contentsOfDirectory(
            atPath: PlayerComparison.repository.appendingPathComponent("examples/basics").path)) ?? []
        return ["loading-s.lab", "circular-loader.lab", "parallax-walk.lab", "replicator-spinner.lab", "shimmer.lab",
                "card-flip.lab"]
            + basics.filter { $0.hasSuffix(".lab") }.sorted().map { "basics/" + $0 }
    }()

    /// The moments the seed tutorials' timelines name, on top of the evenly spread ones.
    static let moments: [String: [Double]] = [
        "loading-s.lab": [0.15, 1.0, 1.6, 2.2, 2.75, 3.5, 4.2, 4.8],
        "circular-loader.lab": [0.5, 1.6, 2.9, 3.55, 4.2],
        "parallax-walk.lab": [0.25, 2.0, 4.0, 7.9],
    ]

    func check(_ text: String, name: String, folder: String, extra: [Double] = []) throws {
        let (doc, images) = PlayerComparison.document(text, name: name, folder: folder)
        let export = LottieExporter.export(doc, options: PlayerComparison.options(images))
        let player = try PlayerComparison.player(export.data, doc)
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60, extra: extra),
                                                 label: name.replacingOccurrences(of: "/", with: "-")) {
            PlayerComparison.expectClose(d, name)
        }
    }

    /// Examples built on what Lottie cannot draw (rlottie has neither 3D layers nor effects): the
    /// export must say so, and is not compared pixel by pixel.
    static let beyondLottie: [String: [String]] = [
        "basics/15-shadows-3d.lab": ["3D", "drop-shadow"],
        "card-flip.lab": ["3D", "drop-shadow"],
    ]

    @Test(arguments: examples)
    func example(_ path: String) throws {
        let url = PlayerComparison.repository.appendingPathComponent("examples/" + path)
        if let losses = Self.beyondLottie[path] {
            let (doc, images) = PlayerComparison.document(try String(contentsOf: url, encoding: .utf8), name: path,
                                                          folder: url.deletingLastPathComponent().path)
            let notes = LottieExporter.export(doc, options: PlayerComparison.options(images)).notes
            for loss in losses { #expect(notes.contains { $0.contains(loss) }, "\(path): \(notes)") }
            return
        }
        try check(try String(contentsOf: url, encoding: .utf8), name: path, folder: url.deletingLastPathComponent().path,
                  extra: Self.moments[path] ?? [])
    }

    @Test func maskSetPartwayThrough() throws {
        try check("""
            canvas size=200x200 background=white duration=2
            layer card position=(100, 100) bounds=rect(0, 0, 200, 200) backgroundColor=#3366cc
            shape spot position=(100, 100) path=circle(0, 0, 60) fillColor=black
            at 0.5 set card mask=spot
            at 1.5 set card mask=none
            """, name: "mask set partway", folder: "/")
    }

    /// A mask outlines cannot say (half a ring, drawn translucent) stays a track matte.
    @Test func maskReadThroughATrackMatte() throws {
        try check("""
            canvas size=200x200 background=white duration=2
            shape arc position=(100, 100) path=circle(0, 0, 60) strokeColor=#000000c0 lineWidth=30 strokeEnd=0.5
            layer card position=(100, 100) bounds=rect(0, 0, 160, 160) backgroundColor=#3366cc mask=arc transform.rotation.z=10deg
            shape dot in card position=(80, 80) path=circle(0, 0, 50) fillColor=#cc3322
            animate arc strokeEnd from=0.2 to=1 duration=2
            """, name: "track matte", folder: "/")
    }

    /// A clip that turns with its layer, its corners rounded.
    @Test func rotatedRoundedClip() throws {
        try check("""
            canvas size=200x200 background=white duration=2
            layer box position=(100, 100) bounds=rect(0, 0, 120, 80) backgroundColor=#dddddd masksToBounds=true cornerRadius=20
            shape dot in box position=(0, 0) path=circle(0, 0, 70) fillColor=#2255cc
            animate box transform.rotation.z from=0 to=90deg duration=2
            """, name: "rotated clip", folder: "/")
    }

    @Test func clippedLayerWithSublayers() throws {
        try check("""
            canvas size=200x200 background=white duration=2
            layer box position=(100, 100) bounds=rect(0, 0, 100, 100) backgroundColor=#dddddd masksToBounds=true cornerRadius=12
            shape dot in box position=(50, 50) path=circle(0, 0, 40) fillColor=#cc3322
            animate dot position.x from=0 to=120 duration=2
            """, name: "clipped sublayers", folder: "/")
    }

    @Test func groupOpacityOverOverlappingShapes() throws {
        try check("""
            canvas size=200x200 background=white duration=1
            layer group position=(100, 100) bounds=rect(0, 0, 200, 200) opacity=0.5
            shape a in group position=(80, 100) path=circle(0, 0, 50) fillColor=#2255cc
            shape b in group position=(120, 100) path=circle(0, 0, 50) fillColor=#2255cc
            shape ring position=(100, 40) path=circle(0, 0, 25) fillColor=#22aa44 strokeColor=#115522 lineWidth=12 opacity=0.5
            animate group opacity from=0.2 to=0.8 duration=1
            """, name: "group opacity", folder: "/")
    }

    @Test func coloursAreExact() throws {
        let (doc, images) = PlayerComparison.document("canvas size=40x40 background=#eef0ee", name: "colours", folder: "/")
        let export = LottieExporter.export(doc, options: PlayerComparison.options(images))
        let player = try PlayerComparison.player(export.data, doc)
        player.render(frame: 0)
        let px = player.rgba
        #expect(Array(px[0..<4]) == [0xEE, 0xF0, 0xEE, 0xFF])
    }

    /// An image scene exported (images embedded, or beside the JSON) and the JSON then read
    /// from a folder other than the script's.
    @Test(arguments: [false, true])
    func imageSceneInAnotherFolder(besideTheJSON: Bool) throws {
        let script = PlayerComparison.repository.appendingPathComponent("examples/circular-loader.lab")
        let (doc, images) = PlayerComparison.document(try String(contentsOf: script, encoding: .utf8), name: "circular-loader.lab",
                                                      folder: script.deletingLastPathComponent().path)
        let options = PlayerComparison.options(images, assets: besideTheJSON ? .files(folder: "images") : .embedded)
        let export = LottieExporter.export(doc, options: options)
        #expect(besideTheJSON == !export.files.isEmpty)
        let folder = try PlayerComparison.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("loader.json")
        try export.data.write(to: json)
        for file in export.files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
        let player = try #require(PlayerComparison.rlottie?.animation(file: json.path, width: 200, height: 200))
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60, extra: [4.2])) {
            PlayerComparison.expectClose(d, "circular-loader.lab elsewhere")
        }
    }
}
