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
                "card-flip.lab", "confetti.lab", "counter.lab"]
            + basics.filter { $0.hasSuffix(".lab") }.sorted().map { "basics/" + $0 }
    }()

    /// The moments the seed tutorials' timelines name, on top of the evenly spread ones.
    static let moments: [String: [Double]] = [
        "loading-s.lab": [0.15, 1.0, 1.6, 2.2, 2.75, 3.5, 4.2, 4.8],
        "circular-loader.lab": [0.5, 1.6, 2.9, 3.55, 4.2],
        "parallax-walk.lab": [0.25, 2.0, 4.0, 7.9],
        // Within the push transitions: just begun, early, halfway, near the end.
        "counter.lab": [1.02, 1.1, 2.2, 3.35, 4.3],
    ]

    /// Compares the export at the frames; `lossless` also requires that it names no loss (so
    /// what it exports is never reported lost, and `--strict` accepts it).
    func check(_ text: String, name: String, folder: String, extra: [Double] = [], lossless: Bool = false) throws {
        let (doc, images) = PlayerComparison.document(text, name: name, folder: folder)
        let export = LottieExporter.export(doc, options: PlayerComparison.options(images))
        if lossless { #expect(export.notes.isEmpty, "\(name): \(export.notes)") }
        let player = try PlayerComparison.player(export.data, doc)
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60, extra: extra),
                                                 label: name.replacingOccurrences(of: "/", with: "-")) {
            PlayerComparison.expectClose(d, name)
        }
    }

    /// Examples with what rlottie cannot draw: shadows (effects), particles and 3D seen in
    /// perspective (flat stand-ins). The export must say so; the rest is compared pixel by pixel
    /// with shadows and particles taken out of the scene, at every checked frame where no 3D
    /// stand-in is used.
    static let beyondLottie: [String: [String]] = [
        "basics/18-emitter.lab": ["particles (CAEmitterLayer) are not exported"],
        "confetti.lab": ["particles (CAEmitterLayer) are not exported"],
        "basics/15-shadows-3d.lab": ["tile: seen in perspective", "tile: its shadow is a Lottie drop-shadow effect"],
        "card-flip.lab": ["front: seen in perspective", "back: seen in perspective",
                          "front: its shadow is a Lottie drop-shadow effect"],
    ]

    /// The document without shadows and particles: what rlottie can draw of it.
    static func drawable(_ doc: Document) -> Document {
        var doc = doc
        func strip(_ ls: [Layer]) -> [Layer] {
            ls.filter { $0.kind.isLayer }.map { l in
                var l = l
                l.properties["shadowOpacity"] = .number(0)
                l.sublayers = strip(l.sublayers)
                return l
            }
        }
        doc.layers = strip(doc.layers)
        doc.animations.removeAll { $0.keyPath?.hasPrefix("shadow") == true }
        return doc
    }

    @Test(arguments: examples)
    func example(_ path: String) throws {
        let url = PlayerComparison.repository.appendingPathComponent("examples/" + path)
        guard let losses = Self.beyondLottie[path] else {
            try check(try String(contentsOf: url, encoding: .utf8), name: path, folder: url.deletingLastPathComponent().path,
                      extra: Self.moments[path] ?? [], lossless: true)
            return
        }
        let (doc, images) = PlayerComparison.document(try String(contentsOf: url, encoding: .utf8), name: path,
                                                      folder: url.deletingLastPathComponent().path)
        let whole = LottieExporter.export(doc, options: PlayerComparison.options(images))
        for loss in losses { #expect(whole.notes.contains { $0.contains(loss) }, "\(path): \(whole.notes)") }
        // Each loss says how to keep it.
        #expect(whole.notes.filter { note in losses.contains { note.contains($0) } }.allSatisfy { $0.contains("--bake") },
                "\(path): \(whole.notes)")
        // The whole export (effects and all) still loads and plays.
        try PlayerComparison.player(whole.data, doc).render(frame: 1)
        let flat = Self.drawable(doc)
        let export = LottieExporter.export(flat, options: PlayerComparison.options(images))
        let approximated = Set(export.approximatedFrames)
        let frames = PlayerComparison.frames(flat, fps: 60, extra: (0...12).map { Double($0) / 4 }).filter { !approximated.contains($0) }
        #expect(!frames.isEmpty, "\(path): no exact frame to compare")
        let player = try PlayerComparison.player(export.data, flat)
        for d in PlayerComparison.compare(flat, images, player, frames: frames, label: path.replacingOccurrences(of: "/", with: "-")) {
            PlayerComparison.expectClose(d, path + " without shadows or particles")
        }
    }

    /// `bake` draws what Lottie has no word for as plain layers: the examples beyond Lottie,
    /// exported with it, agree with LayerLab whole (particles, perspective and shadows in), at
    /// seven frames or more, and name no loss.
    @Test(arguments: beyondLottie.keys.sorted())
    func bakedExample(_ path: String) throws {
        let url = PlayerComparison.repository.appendingPathComponent("examples/" + path)
        let (doc, images) = PlayerComparison.document(try String(contentsOf: url, encoding: .utf8), name: path,
                                                      folder: url.deletingLastPathComponent().path)
        var options = PlayerComparison.options(images)
        options.bake = true
        let export = LottieExporter.export(doc, options: options)
        #expect(export.refusal == nil, "\(path): \(export.refusal ?? "")")
        #expect(export.notes.isEmpty, "\(path): \(export.notes)")
        #expect(export.approximatedFrames.isEmpty, "\(path): \(export.approximatedFrames)")
        #expect(!export.baked.isEmpty, "\(path): nothing baked")
        let player = try PlayerComparison.player(export.data, doc)
        for d in PlayerComparison.compare(doc, images, player, frames: PlayerComparison.frames(doc, fps: 60),
                                          label: "baked-" + path.replacingOccurrences(of: "/", with: "-")) {
            PlayerComparison.expectClose(d, path + " baked")
        }
    }

    /// The other examples have nothing to bake: `bake` gives the very bytes of the plain
    /// export, which `example` compares with rlottie.
    @Test func bakeLeavesTheOtherExamplesAlone() throws {
        for path in Self.examples where Self.beyondLottie[path] == nil {
            let url = PlayerComparison.repository.appendingPathComponent("examples/" + path)
            let (doc, images) = PlayerComparison.document(try String(contentsOf: url, encoding: .utf8), name: path,
                                                          folder: url.deletingLastPathComponent().path)
            var options = PlayerComparison.options(images)
            let plain = LottieExporter.export(doc, options: options)
            options.bake = true
            let baked = LottieExporter.export(doc, options: options)
            #expect(baked.data == plain.data, "\(path): bake changed an export with nothing to bake")
            #expect(baked.baked.isEmpty, "\(path): \(baked.baked)")
        }
    }

    /// 3D without perspective: turns about x and y (a shear, carried by an extra parent), depth,
    /// a one-sided face hidden when turned away, a sublayerTransform: all flat maps that rlottie
    /// draws exactly, and nothing noted as lost.
    @Test func depthWithoutPerspective() throws {
        let script = """
            canvas size=200x200 background=white duration=2
            layer stage position=(100, 100) bounds=rect(0, 0, 200, 200) sublayerTransform=rotate(20deg)
            layer card in stage position=(100, 100) bounds=rect(0, 0, 120, 80) backgroundColor=#2f5fb3 cornerRadius=10
            shape dot in card position=(30, 40) path=circle(0, 0, 16) fillColor=#ffcc00
            layer face in stage position=(150, 150) bounds=rect(0, 0, 40, 40) backgroundColor=#cc3322 isDoubleSided=false
            animate card transform.rotation.y from=0 to=70deg duration=2
            animate card transform.translation.z from=0 to=50 duration=2 timingFunction=easeInEaseOut
            animate card transform.rotation.x from=0 to=-40deg duration=2 timingFunction=easeInEaseOut
            animate face transform.rotation.x from=0 to=180deg duration=2
            """
        try check(script, name: "3D without perspective", folder: "/", lossless: true)
        let (doc, images) = PlayerComparison.document(script, name: "3D without perspective", folder: "/")
        #expect(LottieExporter.export(doc, options: PlayerComparison.options(images)).approximatedFrames.isEmpty)
    }

    /// Replicator copies whose transform shears (a turn about x, then about z, repeated) and a
    /// copy turned in depth: flattened like any 3D layer, exactly.
    @Test func replicatorCopiesThatShear() throws {
        let script = """
            canvas size=200x200 background=white duration=1
            replicator fan position=(100, 100) bounds=rect(0, 0, 100, 100) instanceCount=4 \
                instanceTransform=[rotate(35deg, 1, 0, 0), rotate(40deg)] instanceBlueOffset=-0.2
            layer petal in fan position=(50, 20) bounds=rect(0, 0, 16, 40) backgroundColor=#3366cc cornerRadius=6
            animate petal opacity from=1 to=0.4 duration=1
            """
        try check(script, name: "shearing copies", folder: "/", lossless: true)
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

    /// LayerLab's mask modes become Lottie track mattes (`tt` 2–4), which rlottie reads: a moving
    /// gradient mask from white through mid grey to near black, over a layer with a
    /// sublayer. (The export draws a mask layer without its sublayers, so the mask is one layer.)
    @Test(arguments: [MaskMode.alphaInverted, .luminance, .luminanceInverted])
    func maskModesAsTrackMattes(_ mode: MaskMode) throws {
        try check("""
            canvas size=200x200 background=white duration=1
            gradient m position=(100, 100) bounds=rect(0, 0, 160, 120) colors=[white, #808080, #202020] \
                startPoint=(0, 0.5) endPoint=(1, 0.5)
            layer card position=(100, 100) bounds=rect(0, 0, 180, 180) backgroundColor=#3366cc mask=m maskMode=\(mode.rawValue)
            shape dot in card position=(90, 40) path=circle(0, 0, 30) fillColor=#cc3322
            animate m position.y from=80 to=120 duration=1
            """, name: "mask mode \(mode.rawValue)", folder: "/")
    }

    /// A time remap needs nothing of the player: the export samples the sublayers at the
    /// remapped time (here playing them backwards, then holding).
    @Test func timeRemapIsInTheSamples() throws {
        try check("""
            canvas size=200x200 background=white duration=2
            layer pre position=(100, 100) bounds=rect(0, 0, 200, 200)
            layer box in pre position=(40, 100) bounds=rect(0, 0, 40, 40) backgroundColor=#3366cc
            animate box position.x from=40 to=160 duration=1 fillMode=both removedOnCompletion=false
            keyframes pre timeRemap values=[1, 0, 0.5] keyTimes=[0, 0.5, 1] duration=2 fillMode=forwards removedOnCompletion=false
            """, name: "time remap", folder: "/", lossless: true)
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

    /// Motion paths as spatial keyframes: linear timing with keyTimes and eased segments,
    /// facing backwards (autoReverse) over the layer's own rotation, a close and a second
    /// subpath, autoreversing; and paced with auto-orient.
    @Test(arguments: ["rotationMode=autoReverse keyTimes=[0, 0.2, 0.7, 0.8, 1] timingFunctions=[easeIn, linear, easeOut, linear] autoreverses=true",
                      "rotationMode=auto calculationMode=paced repeatCount=inf"])
    func motionPath(_ attributes: String) throws {
        try check("""
            canvas size=200x200 background=white duration=3
            shape arrow position=(30, 150) transform.rotation.z=0.3 path=polygon((-14, -8), (14, 0), (-14, 8)) fillColor=#3d5a80
            keyframes arrow position path=svg("M 30 150 C 30 90 90 40 140 60 L 170 120 Z M 40 40 Q 100 20 160 40") \
                \(attributes) duration=1.5
            """, name: "motion path", folder: "/")
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
