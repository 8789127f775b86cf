#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore
import LayerLabLottie
import LayerLabRaster

/// A Lottie (bodymovin 5.x) JSON that standard players render like LayerLab.
///
/// Every layer becomes a Lottie layer parented like the layer tree: shape layers (`ty: 4`) for
/// shapes, text (stroked with LayerLab's vector font, so it looks the same without fonts),
/// backgrounds and borders; image layers (`ty: 2`) for contents, rasterized by LayerLab; null
/// layers (`ty: 3`) for layers that only carry a transform. A layer that is masked, clipped to
/// its bounds, or translucent over several drawn parts becomes a canvas-sized precomposition
/// (`ty: 0`), so every player draws its mask, clip and group opacity the same way. Animated
/// values are sampled from the evaluator at every frame and reduced to linear or hold
/// keyframes (see `LottieProperty`), so Lottie follows LayerLab's Core Animation timing exactly.
///
///     let export = LottieExporter.export(document, options: LottieOptions(images: store, encodePNG: encode))
///     // export.data: the JSON; export.files: images beside it; export.notes: what was lost
package enum LottieExporter {
    /// The Lottie JSON for `document` (images left empty: no image data given).
    package static func json(for document: Document, fps: Double = 60) -> Data {
        export(document, options: LottieOptions(fps: fps)).data
    }

    /// The Lottie JSON, the image files to write beside it, and notes on what it leaves out.
    package static func export(_ document: Document, options: LottieOptions) -> LottieExport {
        var builder = LottieBuilder(document, options: options)
        let json = builder.build()
        if let why = builder.refusal { return LottieExport(data: Data(), files: [], notes: builder.notes, refusal: why) }
        if options.bake, let why = LottieLimits.bakeRefusal(bytes: builder.bakedBytes) {
            return LottieExport(data: Data(), files: [], notes: builder.notes, refusal: why)
        }
        let text = LottieWriter.file(json).text
        if options.bake, let why = LottieLimits.bakeRefusal(bytes: text.utf8.count + builder.files.reduce(0) { $0 + $1.data.count }) {
            return LottieExport(data: Data(), files: [], notes: builder.notes, refusal: why)
        }
        guard text.utf8.count <= LottieLimits.fileBytes else {
            let why = "the file would be \(LottieLimits.count(Double(text.utf8.count))) bytes, over the limit of"
                + " \(LottieLimits.count(Double(LottieLimits.fileBytes))); shorten the scene, lower fps= or simplify it"
            return LottieExport(data: Data(), files: [], notes: builder.notes, refusal: why)
        }
        return LottieExport(data: Data(text.utf8), files: builder.files, notes: builder.notes,
                            approximatedFrames: builder.approximatedFrames, baked: builder.baked)
    }
}

/// How a Lottie export is made.
package struct LottieOptions: Sendable {
    /// Where image assets go.
    package enum Assets: Sendable, Equatable {
        /// Inside the JSON as `data:image/png;base64,…` (`e: 1`): one self-contained file.
        case embedded
        /// PNG files in `folder`, a path relative to the JSON, named in the JSON relative to it.
        case files(folder: String)
    }

    package var fps: Double
    /// Decoded images by the name a layer's `contents` (or flipbook frame) gives.
    package var images: ImageStore
    /// Image assets hold this many pixels a point of the size they are shown at.
    package var imageScale: Double
    package var assets: Assets
    /// PNG bytes of a bitmap (the caller's codec; the exporter does no I/O).
    package var encodePNG: @Sendable (Bitmap) -> Data?
    /// Draw what Lottie has no word for as plain layers (`export … bake`): each particle a
    /// keyframed layer, layers seen in perspective as paths keyed at every frame, shadows as
    /// images (see `LottieBake`).
    package var bake: Bool

    package init(fps: Double = 60, images: ImageStore = ImageStore(), imageScale: Double = 3, assets: Assets = .embedded,
                bake: Bool = false, encodePNG: @escaping @Sendable (Bitmap) -> Data? = { _ in nil }) {
        self.fps = fps; self.images = images; self.imageScale = imageScale; self.assets = assets; self.encodePNG = encodePNG
        self.bake = bake
    }
}

/// A Lottie export's bytes, the files to write beside it, and what could not be carried over.
package struct LottieExport: Sendable {
    package var data: Data
    /// Image files for `.files(folder:)`: paths relative to the JSON, and their bytes.
    package var files: [(path: String, data: Data)]
    /// One sentence each, for the user to read (the CLI prints them as warnings).
    package var notes: [String]
    /// The frames where a 3D layer is drawn by a flat stand-in (see the notes); elsewhere 3D
    /// layers are exact.
    package var approximatedFrames: [Int] = []
    /// Why nothing was made (a bound of `LottieLimits` exceeded, with the estimate); `data` is
    /// then empty and must not be written.
    package var refusal: String? = nil
    /// What `bake` drew as plain layers, one phrase each (`confetti's particles as 88 layers`).
    package var baked: [String] = []
}

/// The state of one Lottie export.
struct LottieBuilder {
    let document: Document
    let evaluator: Evaluator
    let options: LottieOptions
    let fps: Double
    /// The last frame (`op`); samples run from frame 0 to it inclusive.
    let lastFrame: Int
    /// Per frame, every drawn layer by name.
    var frames: [[String: PresentedLayer]] = []
    /// Per frame, the mask of each masked layer (in that layer's coordinates), by layer name.
    var maskFrames: [[String: PresentedLayer]] = []
    /// Each layer's superlayer in the document tree.
    var parents: [String: String] = [:]
    /// Tinted or blurred layers with sublayers: the tint and blur are the precomposition's
    /// effects, not their own layer's (a Lottie effect acts on one layer; LayerLab's on the layer
    /// and its sublayers).
    var effectGroups: Set<String> = []
    var notes: [String] = []
    var assets: [LottieAsset] = []
    var files: [(path: String, data: Data)] = []
    /// Image assets already made, by picture and pixel size.
    var imageIDs: [String: String] = [:]
    var compCount = 0
    /// Frames where 3D was drawn by a stand-in (perspective without foreshortening, skew or
    /// depth order dropped).
    var approximatedFrames: [Int] = []
    /// Each transformLayer's sublayers back to front at the first frame (`LottieDepth`).
    var depthOrders: [String: [String]] = [:]
    /// Per frame, the extra parent of each layer whose flat map shears (`LottieDepth`).
    var shearParents: [[String: PresentedLayer]] = []
    /// Set when a bound of `LottieLimits` is exceeded: the export stops and makes nothing.
    var refusal: String?
    /// Glyphs laid out so far (`LottieLimits.textGlyphs`).
    var glyphsLaidOut = 0
    /// Per frame, how each layer seen in perspective is drawn exactly through its flat Lottie
    /// map (`bake` only; `LottieBake+Perspective`).
    var warps: [[String: LottieWarp]] = []
    /// Bytes of baked images so far (`bake`; `LottieLimits.bakedFileBytes`).
    var bakedBytes = 0
    /// What `bake` drew, one phrase each, for the summary.
    var baked: [String] = []
    /// Each layer with transitions, with their events and types (`LottieTransitions`).
    let transitioning: [String: [(event: String, kind: Transition.Kind)]]
    /// The frozen picture of each `fade`, by its layer's name: the layer and the event.
    let fadingPictures: [String: (layer: String, event: String)]
    /// The live picture of each layer with transitions, by its name (`X (after)`), as emitted.
    var livePictures: [String: Layer] = [:]

    init(_ document: Document, options: LottieOptions) {
        self.document = document
        self.options = options
        evaluator = Evaluator(document: document)
        transitioning = LottieBuilder.transitions(in: document)
        fadingPictures = LottieBuilder.fadingPictures(transitioning)
        fps = options.fps.isFinite && options.fps > 0 ? min(options.fps, 240) : 60
        let duration = evaluator.sceneDuration
        // Bounded so a very long scene cannot make an unbounded file: refused past the cap.
        let wanted = (duration * fps).rounded()
        refusal = LottieLimits.framesRefusal(wanted + 1, fps: fps)
        lastFrame = refusal == nil ? clampedInt(wanted, 1, LottieLimits.frames) : 1
        func walk(_ ls: [Layer], _ parent: String?) {
            for l in ls {
                if let parent { parents[l.name] = parent }
                walk(l.sublayers, l.name)
            }
        }
        walk(document.layers, nil)
    }

    /// The layer tree without emitter cells, noting each emitter: Lottie has no particles.
    mutating func withoutCells(_ layers: [Layer]) -> [Layer] {
        layers.map { l in
            var l = l
            if l.kind == .emitter {
                // One line for all the cells: their properties go with them.
                var cells = 0, keys: Set<String> = []
                func count(_ ls: [Layer]) {
                    for c in ls where c.kind == .emitterCell {
                        cells += 1
                        keys.formUnion(c.properties.keys)
                        count(c.sublayers)
                    }
                }
                count(l.sublayers)
                if !options.bake {
                    notes.append("\(l.name): particles (CAEmitterLayer) are not exported to Lottie, only the layer itself ("
                                 + "\(cells) cell\(cells == 1 ? "" : "s"), \(keys.count) cell propert\(keys.count == 1 ? "y" : "ies"))"
                                 + "; export with bake (--bake) to draw each particle as a layer")
                }
                l.sublayers.removeAll { !$0.kind.isLayer }
            }
            l.sublayers = withoutCells(l.sublayers)
            return l
        }
    }

    mutating func build() -> LottieFile {
        let copies = sample()
        if refusal != nil { return LottieFile() }
        let layers = treeWithTransitions(withoutCells(document.layers))
        let tree = copies.isEmpty ? layers : treeWithCopies(layers, counts: copies)
        if !copies.isEmpty || !transitioning.isEmpty {
            func walk(_ ls: [Layer], _ parent: String?) {
                for l in ls {
                    if let parent { parents[l.name] = parent }
                    walk(l.sublayers, l.name)
                }
            }
            walk(tree, nil)
        }
        if !transitioning.isEmpty { livePictures = LottieBuilder.livePictures(in: tree, transitioning) }
        let c = document.canvas
        var comp = LottieComp()
        for root in painterOrder(tree) { emit(root, in: &comp, foldRoot: nil) }
        if c.background.a > 0 { comp.add(backgroundLayer(index: comp.nextIndex()), above: false) }
        noteUnexported()
        notes = uniqued(notes)
        // A fade draws its live picture twice more, as the mattes of the old one.
        baked = uniqued(baked)
        var file = LottieFile()
        file.version = "5.7.4"
        file.frameRate = fps
        file.outPoint = Double(lastFrame)
        file.width = c.size.width.rounded()
        file.height = c.size.height.rounded()
        file.name = "LayerLab"
        file.assets = assets
        file.layers = comp.layers
        return file
    }

    /// Whether the Lottie export draws a stored property, as its table line says
    /// (`PropertySpec.lottie`): the builders draw it from the presented layers they sample.
    static func draws(_ property: String) -> Bool { PropertyTable.spec(property)?.lottie == .drawn }

    /// Names every property a layer sets or animates that the export does not draw, so a new
    /// kind of property is never dropped silently.
    mutating func noteUnexported() {
        func base(_ keyPath: String, _ kind: LayerKind) -> String {
            guard let kp = LayerKeyPath.resolve(keyPath, for: kind) else { return keyPath }
            switch kp.access {
            case .property(let name): return name
            case .component(let name, _): return name
            case .fanOut(let names): return names.first ?? keyPath
            case .frame: return "bounds"
            }
        }
        // One line a layer, naming everything of it left out (cells: see `withoutCells`).
        var kinds: [String: LayerKind] = [:]
        var order: [String] = []
        var missing: [String: [String]] = [:]
        func add(_ layer: String, _ key: String) {
            if missing[layer] == nil { order.append(layer) }
            if missing[layer]?.contains(key) != true { missing[layer, default: []].append(key) }
        }
        // Baked, an emitter's own values are in its particles: only a plain layer's are checked.
        func drawn(_ key: String, _ kind: LayerKind) -> Bool {
            Self.draws(base(key, kind)) || (options.bake && kind == .emitter && LayerKeyPath.resolve(key, for: .layer) == nil)
        }
        func walk(_ ls: [Layer]) {
            for l in ls where l.kind != .emitterCell {
                kinds[l.name] = l.kind
                for key in l.properties.keys.sorted() where !drawn(key, l.kind) { add(l.name, key) }
                if let mode = l.properties["blendMode"]?.string.flatMap(BlendMode.init(rawValue:)), mode.lottieNumber == nil {
                    notes.append("\(l.name): blendMode \(mode.rawValue) has no Lottie blend mode, so it draws as normal")
                }
                walk(l.sublayers)
            }
        }
        walk(document.layers)
        // A transition on a layer used as a mask: the mask is read as one layer, so its two
        // pictures are not part of it (the note on its sublayers says what is drawn instead).
        var masks: Set<String> = []
        func collectMasks(_ ls: [Layer]) {
            for l in ls {
                if case .string(let m)? = l.properties["mask"] { masks.insert(m) }
                collectMasks(l.sublayers)
            }
        }
        collectMasks(document.layers)
        for e in document.events {
            for a in e.assignments where a.keyPath == "mask" { if case .string(let m) = a.value { masks.insert(m) } }
        }
        for e in document.events {
            if e.transition != nil, masks.contains(e.layer) {
                notes.append("\(e.layer): \(e.name)'s transition is not drawn where \(e.layer) masks another layer in Lottie")
            }
            for a in e.assignments where a.keyPath == "blendMode" || a.keyPath == "maskMode" {
                notes.append("\(e.layer): \(e.name) changes \(a.keyPath), which the Lottie export keeps at its stored value")
            }
        }
        for a in document.animations {
            guard let kp = a.keyPath, let kind = kinds[a.layer] else { continue }
            if !drawn(kp, kind) { add(a.layer, kp) }
        }
        for layer in order {
            let keys = missing[layer] ?? []
            let list = keys.count == 1 ? keys[0] : keys.dropLast().joined(separator: ", ") + " and " + keys[keys.count - 1]
            notes.append("\(layer): \(list) \(keys.count == 1 ? "is" : "are") not exported to Lottie")
        }
    }

    func uniqued(_ xs: [String]) -> [String] {
        var seen: Set<String> = []
        return xs.filter { seen.insert($0).inserted }
    }

    /// Evaluates the scene at every frame, replicator copies turned into layers; returns the
    /// most copies each replicator showed.
    mutating func sample() -> [String: Int] {
        frames.reserveCapacity(lastFrame + 1)
        var copies: [String: Int] = [:]
        var depth = DepthNotes()
        depth.bake = options.bake
        defer { notes += depth.sentences }
        var held = 0
        for f in 0...lastFrame {
            var scene = evaluator.scene(at: Double(f) / fps)
            if !transitioning.isEmpty { scene.layers = settlingTransitions(scene.layers, time: Double(f) / fps) }
            // Counted before the copies become layers, so a refused frame costs no more than `show`.
            let shown = LottieBuilder.layerCount(scene.layers)
            if shown > LottieLimits.layersPerFrame {
                refusal = "at \(formatNumber(Double(f) / fps)) s the scene has \(LottieLimits.count(Double(shown))) layers"
                    + " with replicator copies as layers, over the limit of \(LottieLimits.count(Double(LottieLimits.layersPerFrame)))"
                    + " for a Lottie file; lower instanceCount"
                return [:]
            }
            held += shown
            // Estimated from the frames so far (from the first alone at first, so a scene that
            // is too long throughout is refused before it holds anything).
            let estimate = Double(held) / Double(f + 1) * Double(lastFrame + 1)
            if held > LottieLimits.layerSamples || (f == 0 && estimate > Double(LottieLimits.layerSamples)) {
                refusal = "\(lastFrame + 1) frames of about \(LottieLimits.count(estimate / Double(lastFrame + 1))) layers is"
                    + " about \(LottieLimits.count(estimate)) layer samples, over the limit of"
                    + " \(LottieLimits.count(Double(LottieLimits.layerSamples))) for a Lottie file; shorten the scene or lower fps="
                return [:]
            }
            scene.layers = LottieBuilder.expandingCopies(scene.layers, counts: &copies, notes: &notes)
            depth.approximated = false
            depth.shearParents = [:]
            depth.warps = [:]
            scene.layers = LottieBuilder.flatteningDepth(scene.layers, notes: &depth)
            if depth.approximated { approximatedFrames.append(f) }
            if f == 0 { depthOrders = depth.firstOrder }
            shearParents.append(depth.shearParents)
            if options.bake { warps.append(depth.warps) }
            var byName: [String: PresentedLayer] = [:]
            var masks: [String: PresentedLayer] = [:]
            func walk(_ ls: [PresentedLayer]) {
                for l in ls {
                    byName[l.name] = l
                    if let m = l.extras.mask.first { masks[l.name] = m }
                    walk(l.sublayers)
                }
            }
            walk(scene.layers)
            frames.append(byName)
            maskFrames.append(masks)
        }
        return copies.filter { $0.value > 1 }
    }

    /// Layers in a presented tree, every replicator copy and mask counted.
    static func layerCount(_ ls: [PresentedLayer]) -> Int {
        var n = 0
        for l in ls {
            n += 1 + layerCount(l.sublayers) + layerCount(l.extras.mask)
            if let r = l.extras.replicator { n += r.copies.reduce(0) { $0 + layerCount($1) } }
        }
        return n
    }

    /// Siblings back to front as Core Animation draws them: by zPosition at frame 0, stable (a
    /// transformLayer's by depth at frame 0).
    /// Layers used only as masks are left out.
    func painterOrder(_ ls: [Layer]) -> [Layer] {
        let first = frames.first ?? [:]
        // A transformLayer's sublayers: by depth at the first frame, as Core Animation sorts them.
        if let parent = ls.first.flatMap({ parents[$0.name] }), let order = depthOrders[parent] {
            let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            return ls.enumerated().sorted { a, b in
                (rank[a.element.name] ?? Int.max, a.offset) < (rank[b.element.name] ?? Int.max, b.offset)
            }.map(\.element).filter { l in frames.contains { $0[l.name] != nil } }
        }
        return ls.enumerated().sorted { a, b in
            let za = first[a.element.name]?.zPosition ?? 0, zb = first[b.element.name]?.zPosition ?? 0
            return (za, a.offset) < (zb, b.offset)
        }.map(\.element).filter { l in frames.contains { $0[l.name] != nil } }
    }

    /// The samples of one layer, frame by frame (an absent frame holds the last values).
    func samples(_ name: String) -> [PresentedLayer] {
        var last = frames.lazy.compactMap { $0[name] }.first ?? PresentedLayer(name: name, kind: .layer)
        return frames.map { f in
            if let s = f[name] { last = s }
            return last
        }
    }

    /// A layer's own opacity at frame `f`: 0 when hidden or absent.
    func ownOpacity(_ name: String, _ f: Int) -> Double {
        guard let l = frames[f][name], !l.hidden else { return 0 }
        return max(0, min(1, l.opacity))
    }

    /// The opacity a layer is drawn with inside a composition whose root is `root`: its own
    /// and its superlayers' up to (not including) `root` (Lottie parenting carries transforms only).
    func foldedOpacity(_ name: String, root: String?) -> [Double] {
        (0...lastFrame).map { f in
            var o = 1.0
            var n: String? = name
            while let x = n, x != root {
                o *= ownOpacity(x, f)
                n = parents[x]
            }
            return o
        }
    }

    /// The canvas background: a rectangle under everything.
    func backgroundLayer(index: Int) -> LottieLayer {
        let c = document.canvas
        return coverLayer(index: index, name: "canvas background", color: c.background, opacity: [1])
    }

    /// A canvas-sized rectangle of one colour, its opacity sampled per frame.
    func coverLayer(index: Int, name: String, color: Color, opacity: [Double]) -> LottieLayer {
        let c = document.canvas
        let rect = LottieShapes.rect([Rect(0, 0, c.size.width, c.size.height)], radii: [0], name: "canvas")
        let fill = LottieShapes.fill(colors: [color], evenOdd: false)
        var l = plainLayer(.shape, index: index, name: name)
        l.transform = LottieShapes.identityTransform(layer: true, opacity: LottieSampling.scalar(opacity.map { $0 * 100 }))
        l.shapes = [LottieShapes.group(name, [rect, fill])]
        return l
    }
}

/// The layers of one composition (the main one or a precomposition) as they are emitted.
struct LottieComp {
    /// Drawn layers back to front, then nulls that only carry transforms.
    var drawn: [LottieLayer] = []
    var nulls: [LottieLayer] = []
    /// The `ind` of each LayerLab layer present in this composition (drawn or as a null).
    var index: [String: Int] = [:]
    var count = 0

    mutating func nextIndex() -> Int { count += 1; return count }

    /// Adds a layer above those so far (`above: false` puts it under everything).
    mutating func add(_ layer: LottieLayer, above: Bool = true) {
        if above { drawn.append(layer) } else { drawn.insert(layer, at: 0) }
    }

    /// Lottie lists layers front to back.
    var layers: [LottieLayer] { drawn.reversed() + nulls }
}
