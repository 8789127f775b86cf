import LayerLabCore
import LayerLabLottie

/// Layers into compositions: plain layers parented like the tree, and canvas-sized
/// precompositions where Lottie's flat layer list cannot say what Core Animation draws.
///
/// A layer that is masked, clips to its bounds, casts a shadow, or is translucent over more
/// than one drawn part (sublayers, or a fill under a stroke) is drawn into its own
/// precomposition: the layer and its sublayers at full opacity, then (for each mask or clip) that
/// composition read through layer masks where the mask is outlines (`layerMasks`), else through
/// an alpha track matte, and the result placed with the layer's opacity and its shadow
/// (`shadowEffect`). Every precomposition is as big as the canvas and in canvas coordinates,
/// with null layers repeating the transforms of the layer's superlayers, so mattes cover what
/// they must in every player (rlottie draws an alpha matte only where the matted layer has
/// pixels) and nothing in it needs geometry larger than the canvas.
extension LottieBuilder {
    /// What a layer is read through: its `mask`, or its bounds (`masksToBounds`).
    enum Matte { case mask, bounds }

    mutating func emit(_ layer: Layer, in comp: inout LottieComp, foldRoot: String?) {
        if let fade = fadingPictures[layer.name], let live = livePictures[LottieBuilder.afterName(fade.layer)] {
            emitFadingPicture(layer, live: live, container: fade.layer, event: fade.event, in: &comp, foldRoot: foldRoot)
            return
        }
        emitLayer(layer, in: &comp, foldRoot: foldRoot)
    }

    /// The layer as plain layers or, where Lottie's flat layers cannot say it, a precomposition.
    mutating func emitLayer(_ layer: Layer, in comp: inout LottieComp, foldRoot: String?) {
        let mattes = self.mattes(layer)
        if !layer.sublayers.isEmpty && samples(layer.name).contains(where: { $0.extras.tintAmount > 0 || $0.extras.blurRadius > 0 }) {
            effectGroups.insert(layer.name)
        }
        if !mattes.isEmpty || needsFlattening(layer) || effectGroups.contains(layer.name) || castsShadow(layer.name) || lottieBlend(layer) != 0
            || layer.sublayers.contains(where: { lottieBlend($0) != 0 }) {
            emitPrecomp(layer, mattes: mattes, in: &comp, foldRoot: foldRoot)
        } else {
            emitPlain(layer, in: &comp, foldRoot: foldRoot)
        }
    }

    func mattes(_ layer: Layer) -> [Matte] {
        var out: [Matte] = []
        if maskFrames.contains(where: { $0[layer.name] != nil }) { out.append(.mask) }
        if frames.contains(where: { $0[layer.name]?.masksToBounds == true }) { out.append(.bounds) }
        return out
    }

    /// Translucent at some frame over more than one drawn part, which Core Animation flattens
    /// before applying the opacity (players would blend each part on its own).
    func needsFlattening(_ layer: Layer) -> Bool {
        guard frames.indices.contains(where: { f in
            let o = ownOpacity(layer.name, f)
            return o > 0 && o < 1
        }) else { return false }
        return !painterOrder(layer.sublayers).isEmpty || drawnParts(samples(layer.name), kind: layer.kind) > 1
    }

    /// How many separately blended items a layer's own content has.
    func drawnParts(_ ps: [PresentedLayer], kind: LayerKind) -> Int {
        var n = 0
        if ps.contains(where: { $0.backgroundColor.a > 0 }) { n += 1 }
        if ps.contains(where: { $0.extras.borderWidth > 0 && $0.extras.borderColor.a > 0 }) { n += 1 }
        switch kind {
        case .shape:
            if ps.contains(where: { $0.fillColor.a > 0 }) { n += 1 }
            if ps.contains(where: { $0.strokeColor.a > 0 && $0.lineWidth > 0 }) { n += 1 }
        case .text: n += 1
        case .image: n += Set(ps.map(\.extras.contents)).count
        case .gradient: if ps.contains(where: { !$0.extras.gradientColors.colors.isEmpty }) { n += 1 }
        case .layer, .replicator, .transformLayer, .emitter, .emitterCell: break
        }
        return n
    }

    /// The layer as Lottie layers in `comp`, then its sublayers.
    mutating func emitPlain(_ layer: Layer, in comp: inout LottieComp, foldRoot: String?) {
        let ind = comp.nextIndex()
        comp.index[layer.name] = ind
        let parent = parentIndex(of: layer.name, in: &comp)
        let track = LottieTrack(name: layer.name, kind: layer.kind, samples: samples(layer.name),
                                opacity: foldedOpacity(layer.name, root: foldRoot))
        add(track, index: ind, parent: parent, to: &comp)
        for child in painterOrder(layer.sublayers) { emit(child, in: &comp, foldRoot: foldRoot) }
    }

    /// The `ind` of `name` in `comp`, adding a null layer with its transform (and its
    /// superlayers', recursively) when it is not drawn there.
    mutating func reference(_ name: String, in comp: inout LottieComp) -> Int {
        if let i = comp.index[name] { return i }
        let ind = comp.nextIndex()
        comp.index[name] = ind
        let parent = parentIndex(of: name, in: &comp)
        var null = plainLayer(.null, index: ind, name: name, parent: parent)
        null.transform = transform(samples(name), opacity: [0])
        comp.nulls.append(null)
        return ind
    }

    /// The `ind` a layer hangs from in `comp`: its superlayer's, or the extra parent that carries
    /// the scales and second turn of a layer whose flat map shears (added when first needed).
    mutating func parentIndex(of name: String, in comp: inout LottieComp) -> Int? {
        let up = parents[name].map { reference($0, in: &comp) }
        guard let shear = shearSamples(name) else { return up }
        let key = "\u{1}shear of \(name)"
        if let i = comp.index[key] { return i }
        let ind = comp.nextIndex()
        comp.index[key] = ind
        var null = plainLayer(.null, index: ind, name: "\(name) (shear)", parent: up)
        null.transform = transform(shear, opacity: [0])
        comp.nulls.append(null)
        return ind
    }

    /// A sheared layer's extra parent at every frame (identity where it does not shear), or nil.
    func shearSamples(_ name: String) -> [PresentedLayer]? {
        guard shearParents.contains(where: { $0[name] != nil }) else { return nil }
        let identity = PresentedLayer(name: name, kind: .layer)
        return shearParents.map { $0[name] ?? identity }
    }

    /// Each frame's map of a layer's coordinates (or, without `self`, its superlayer's) to the
    /// canvas through the export's transforms: its own, any extra parent, its superlayers'.
    func canvasMaps(_ name: String, includingSelf: Bool) -> [AffineTransform] {
        var chain: [String] = []
        var n: String? = includingSelf ? name : parents[name]
        while let x = n {
            chain.append(x)
            n = parents[x]
        }
        let tracks = chain.map { samples($0) }, shears = chain.map { shearSamples($0) }
        return (0...lastFrame).map { f in
            var m = AffineTransform.identity
            for (i, t) in tracks.enumerated() {
                m = m.concatenating(t[f].transformToSuperlayer)
                if let s = shears[i] { m = m.concatenating(s[f].transformToSuperlayer) }
            }
            return m
        }
    }

    /// The layer drawn into a precomposition at full opacity, read through each matte in
    /// turn, placed in `comp` with its opacity and blend mode. (A layer whose sublayers blend is
    /// a precomposition too: they blend within it, as LayerLab isolates them.)
    mutating func emitPrecomp(_ layer: Layer, mattes: [Matte], in comp: inout LottieComp, foldRoot: String?) {
        var inner = LottieComp()
        emitPlain(layer, in: &inner, foldRoot: layer.name)
        var id = addComp(inner)
        var name = "\(layer.name) (group)"
        // Layer masks waiting for the precomposition layer that carries them.
        var masks: [LottieMask]? = nil
        for m in mattes {
            let result = "\(layer.name) (\(m == .mask ? "masked" : "clipped"))"
            if let pending = masks {
                var wrap = LottieComp()
                wrap.add(precompLayer(id, index: wrap.nextIndex(), name: name, opacity: [1], matte: nil, masks: pending))
                id = addComp(wrap)
                masks = nil
            }
            let read = m == .mask ? maskMode(layer) : .alpha
            if read == .alpha, let outlines = layerMasks(layer, m) {
                masks = outlines
                name = result
                continue
            }
            var wrap = LottieComp()
            let contentIndex = wrap.nextIndex()
            addMatte(layer, m, to: &wrap)
            if wrap.drawn.count == 1 {
                // One layer is its own matte: rlottie tints what it reads through a precomposed one.
                wrap.drawn[0].isMatte = true
                wrap.add(precompLayer(id, index: contentIndex, name: name, opacity: [1], matte: .matted(read)), above: false)
            } else {
                let matteID = addComp(wrap)
                wrap = LottieComp()
                wrap.add(precompLayer(id, index: wrap.nextIndex(), name: name, opacity: [1], matte: .matted(read)))
                wrap.add(precompLayer(matteID, index: wrap.nextIndex(), name: "\(m == .mask ? "mask" : "bounds") of \(layer.name)",
                                      opacity: [1], matte: .source))
            }
            name = result
            id = addComp(wrap)
        }
        if options.bake && castsShadow(layer.name) {
            // The shadow as images under the layer, both placed with its opacity.
            var wrap = LottieComp()
            let cost = addShadowImages(layer.name, to: &wrap)
            if cost.images > 0 { baked.append("\(layer.name)'s shadow as \(cost.images) image\(cost.images == 1 ? "" : "s") (\(LottieLimits.count(Double(cost.bytes))) bytes of PNG)") }
            wrap.add(precompLayer(id, index: wrap.nextIndex(), name: name, opacity: [1], matte: nil, masks: masks))
            masks = nil
            id = addComp(wrap)
            name = "\(layer.name) (with its shadow)"
        }
        // The tint and blur first: the shadow is cast by the tinted, blurred drawing. The
        // precomposition is in canvas pixels, so the blur grows with the layer's map there.
        var effects: [LottieEffect] = []
        if effectGroups.contains(layer.name) {
            let ps = samples(layer.name)
            if let tint = tintEffect(ps) { effects.append(tint) }
            if let blur = blurEffect(ps, scales: canvasMaps(layer.name, includingSelf: true).map(\.meanScale)) { effects.append(blur) }
        }
        if castsShadow(layer.name) && !options.bake { effects.append(shadowEffect(layer.name)) }
        comp.add(precompLayer(id, index: comp.nextIndex(), name: name, opacity: foldedOpacity(layer.name, root: foldRoot),
                              matte: nil, masks: masks, effects: effects.isEmpty ? nil : effects, blend: lottieBlend(layer)))
    }

    /// A composition of the masked layer's mask (or bounds) in its coordinates, and an opaque
    /// canvas in the frames where it is not masked (or not clipped).
    mutating func addMatte(_ layer: Layer, _ kind: Matte, to c: inout LottieComp) {
        let anchor = reference(layer.name, in: &c)
        var cover: [Double] = []
        switch kind {
        case .mask:
            var held = maskFrames.lazy.compactMap { $0[layer.name] }.first ?? PresentedLayer(name: layer.name, kind: .layer)
            var ps: [PresentedLayer] = [], opacity: [Double] = []
            for f in maskFrames {
                if let m = f[layer.name] {
                    held = m
                    opacity.append(m.hidden ? 0 : max(0, min(1, m.opacity)))
                    cover.append(0)
                } else {
                    opacity.append(0)
                    cover.append(1)
                }
                ps.append(held)
            }
            if ps.contains(where: { !$0.sublayers.isEmpty }) {
                notes.append("\(layer.name): its mask's sublayers are not part of the mask in Lottie")
            }
            add(LottieTrack(name: "mask of \(layer.name)", kind: held.kind, samples: ps, opacity: opacity),
                index: c.nextIndex(), parent: anchor, to: &c)
        case .bounds:
            let ps = samples(layer.name)
            let clips = (0...lastFrame).map { frames[$0][layer.name]?.masksToBounds ?? true }
            cover = clips.map { $0 ? 0 : 1 }
            var bounds = plainLayer(.shape, index: c.nextIndex(), name: "bounds of \(layer.name)", parent: anchor)
            bounds.transform = LottieShapes.identityTransform(layer: true, opacity: LottieSampling.scalar(clips.map { $0 ? 100 : 0 }))
            bounds.shapes = [LottieShapes.group("bounds", [
                LottieShapes.rect(ps.map(\.bounds), radii: ps.map(\.cornerRadius), name: "bounds"),
                LottieShapes.fill(colors: [.black], evenOdd: false),
            ])]
            c.add(bounds)
        }
        // Where nothing masks the layer the matte lets all of it through: an opaque cover read
        // by alpha, a white one read by luminance, none read by inverted alpha.
        let read = kind == .mask ? maskMode(layer) : .alpha
        if cover.contains(where: { $0 > 0 }), read != .alphaInverted {
            c.add(coverLayer(index: c.nextIndex(), name: "unmasked", color: read == .luminance ? .white : .black, opacity: cover))
        }
    }

    /// Adds a composition to the assets; returns its id.
    mutating func addComp(_ comp: LottieComp) -> String {
        compCount += 1
        let id = "comp_\(compCount)"
        var asset = LottieAsset()
        asset.id = id
        asset.name = id
        asset.layers = comp.layers
        assets.append(asset)
        return id
    }

    /// A matte layer (`td`), or a layer read through the matte above it (`tt`, by its mask mode).
    enum MatteRole { case source, matted(MaskMode) }

    /// A canvas-sized precomposition layer.
    func precompLayer(_ id: String, index: Int, name: String, opacity: [Double], matte: MatteRole?,
                      masks: [LottieMask]? = nil, effects: [LottieEffect]? = nil, blend: Int = 0) -> LottieLayer {
        let c = document.canvas
        var l = plainLayer(.precomp, index: index, name: name)
        l.referenceID = id
        switch matte {
        case .source?: l.isMatte = true
        case .matted(let mode)?: l.matteMode = mode.lottieNumber
        case nil: break
        }
        l.masks = masks ?? []
        l.effects = effects ?? []
        l.transform = LottieShapes.identityTransform(layer: true, opacity: LottieSampling.scalar(opacity.map { $0 * 100 }))
        l.width = c.size.width.rounded()
        l.height = c.size.height.rounded()
        l.blendMode = blend
        return l
    }
}

/// LayerLab's compositing extensions in Lottie: blend modes as `bm`, mask modes as track mattes
/// (`tt`). (`timeRemap` needs nothing: the export samples the sublayers at their remapped time.)
extension LottieBuilder {
    /// The layer's Lottie blend mode (`bm`): 0 for normal and for the Porter–Duff operators,
    /// which Lottie cannot say (noted).
    func lottieBlend(_ layer: Layer) -> Int {
        guard let mode = layer.properties["blendMode"]?.string.flatMap(BlendMode.init(rawValue:)) else { return 0 }
        return mode.lottieNumber ?? 0
    }

    /// How the layer reads its mask, as stored.
    func maskMode(_ layer: Layer) -> MaskMode {
        layer.properties["maskMode"]?.string.flatMap(MaskMode.init(rawValue:)) ?? .alpha
    }
}
