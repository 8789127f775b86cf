#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore

/// Turns the typed Lottie model into an ordinary LayerLab document, as lottie-ios's Core
/// Animation engine does: each Lottie layer becomes a layer whose transform, opacity and
/// visibility are Core Animation properties and keyframe animations on Core Animation's clock.
///
/// Geometry: a layer's `bounds` origin is the Lottie anchor point (`anchorPoint` 0,0, size 0),
/// so its own coordinates are the Lottie layer's and `position` places the anchor. Parenting
/// moves only the transform: a parented layer sits inside transform-only copies of its
/// ancestors. Time: a layer's keyframes and `ip`/`op` are in its composition's frames (as
/// rlottie and After Effects' exporter have them); a layer's `st`/`sr` map only the time of a
/// precomposition's content, which is the beginTime/speed of the layer holding it. `ip`/`op`
/// show the layer through a basic animation of `hidden`.
struct LottieConverter {
    let file: LottieFile
    let options: LottieImportOptions
    var warnings = LottieWarnings()
    var document = Document()
    var images: [String: Data] = [:]
    var externalImages: [String: String] = [:]
    /// Where each animation came from (animation name → Lottie layer, property and frames).
    var provenance: [String: LottieOrigin] = [:]
    private var usedNames: Set<String> = []
    /// The suffix to try next for a name already taken (names are never given back, so the
    /// ones below it are all taken): a precomposition used a hundred times numbers its copies
    /// without counting up from 2 for each.
    private var nextSuffix: [String: Int] = [:]
    var assets: [String: LottieAsset] = [:]
    /// Precompositions being expanded, outermost first (to refuse one that includes itself).
    private var compStack: [String] = []
    private var layerCount = 0
    var compDepth = 0

    /// Layers made in all (precompositions are expanded once per use).
    static let maxLayers = 20_000
    /// How deep precompositions may nest.
    static let maxCompDepth = 24

    init(file: LottieFile, options: LottieImportOptions) {
        self.file = file; self.options = options
        for a in file.assets where !a.id.isEmpty { assets[a.id] = a }
    }

    mutating func convert() throws(LottieImportError) -> Document {
        try checkPrecompCycles()
        document.canvas.size = Size(file.width, file.height)
        document.canvas.background = .clear
        let span = file.outPoint - file.inPoint
        if span > 0 { document.canvas.duration = .number(seconds(file.outPoint)) }
        document.layers = try composition(file.layers, span: file.inPoint...max(file.inPoint, file.outPoint), prefix: "")
        addMarkers()
        return document
    }

    // MARK: - Compositions


    /// The layers of one composition, back to front, each wrapped as parenting needs.
    mutating func composition(_ layers: [LottieLayer], span: ClosedRange<Double>, prefix: String) throws(LottieImportError) -> [Layer] {
        var byIndex: [Int: LottieLayer] = [:]
        for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
        // Lottie lists the top layer first; Core Animation draws sublayers back to front.
        var built: [(lottie: LottieLayer, root: Layer, position: Int)] = []
        for (position, l) in layers.enumerated() {
            if l.type == .audio || l.type == .camera {
                if l.type == .camera { warnings.add("camera {layer|layers} ignored", display(l.name)) }
                continue
            }
            var node = try layerNode(l, span: span, prefix: prefix)
            // Parenting: wrap in the transforms of the parent chain, innermost last.
            var chain: [LottieLayer] = []
            var seen: Set<Int> = [l.index ?? Int.min]
            var p = l.parent
            while let pi = p, let parent = byIndex[pi], !seen.contains(pi), chain.count < 50 {
                chain.append(parent); seen.insert(pi); p = parent.parent
            }
            if let pi = p, seen.contains(pi), pi != l.index ?? Int.min || chain.isEmpty, l.parent != nil, byIndex[pi] != nil {
                warnings.add("parent {loop|loops} broken", display(l.name))
            }
            for parent in chain {
                var wrapper = Layer(name: uniqueName("\(prefix)\(sanitized(parent.name, fallback: "parent"))_of_\(node.name)"), kind: .layer)
                layerCount += 1
                applyTransform(parent.transform, to: &wrapper, owner: parent, opacity: false)
                wrapper.sublayers = [node]
                node = wrapper
            }
            built.append((l, node, position))
        }
        return applyMattes(built, byIndex: byIndex, prefix: prefix)
    }

    /// Track mattes: a layer with `tt` is drawn through the layer above it (or `tp`), which is
    /// then not drawn itself. A matte is Core Animation's `mask` read as LayerLab's `maskMode`
    /// says (alpha, luminance, inverted); the matted layer is put in a container in composition
    /// coordinates, so the matte keeps its own transform.
    private mutating func applyMattes(_ built: [(lottie: LottieLayer, root: Layer, position: Int)], byIndex: [Int: LottieLayer],
                                      prefix: String) -> [Layer] {
        var out: [Layer] = []
        var usedAsMatte: Set<Int> = []
        var matteUses: [Int: Int] = [:]
        for (i, b) in built.enumerated() {
            var node = b.root
            let mode = b.lottie.matteMode
            if mode != 0 {
                var matteAt: Int?
                if let tp = b.lottie.matteParent { matteAt = built.firstIndex { $0.lottie.index == tp } }
                else if i > 0, built[i - 1].lottie.isMatte || built[i - 1].position == b.position - 1 { matteAt = i - 1 }
                if let m = matteAt, m != i {
                    usedAsMatte.insert(m)
                    if let maskMode = MaskMode(lottieNumber: mode) {
                        // Several layers may name one matte (`tp`): each after the first gets a copy.
                        let uses = matteUses[m, default: 0]
                        matteUses[m] = uses + 1
                        // A matte above that has a matte of its own is drawn through it.
                        let source = m < out.count ? out[m] : built[m].root
                        let matte = uses == 0 ? source : copied(source)
                        var container = Layer(name: uniqueName(node.name + "_matted"), kind: .layer)
                        container.properties["mask"] = .string(matte.name)
                        if maskMode != .alpha { container.properties["maskMode"] = .string(maskMode.rawValue) }
                        container.sublayers = [node, matte]
                        node = container
                    } else {
                        warnings.add("unknown matte {mode|modes} ignored", "\(display(b.lottie.name)) (tt \(mode))")
                    }
                }
            }
            out.append(node)
        }
        // Matte sources are drawn only as mattes (inside the matted container, or not at all).
        var result: [Layer] = []
        for (i, node) in out.enumerated() {
            if usedAsMatte.contains(i) { continue }
            if built[i].lottie.isMatte { continue }
            result.append(node)
        }
        return result.reversed()
    }

    /// A copy of a layer tree under new names, with copies of its layers' animations (and
    /// masks naming the copies), so that a layer drawn twice is two layers a document can name.
    private mutating func copied(_ root: Layer) -> Layer {
        var renamed: [String: String] = [:]
        func rename(_ l: Layer) -> Layer {
            var c = l
            c.name = uniqueName(l.name)
            renamed[l.name] = c.name
            c.sublayers = l.sublayers.map(rename)
            return c
        }
        func remap(_ l: inout Layer) {
            if let m = l.properties["mask"]?.string, let n = renamed[m] { l.properties["mask"] = .string(n) }
            for i in l.sublayers.indices { remap(&l.sublayers[i]) }
        }
        var copy = rename(root)
        remap(&copy)
        for a in document.animations {
            guard let layer = renamed[a.layer] else { continue }
            var c = a
            c.layer = layer
            c.name = uniqueName(layer + "." + (a.keyPath ?? "animation"), dots: true)
            document.animations.append(c)
            provenance[c.name] = provenance[a.name]
        }
        return copy
    }

    // MARK: - One layer

    /// The layer for one Lottie layer: its transform, visibility and content.
    private mutating func layerNode(_ l: LottieLayer, span: ClosedRange<Double>, prefix: String) throws(LottieImportError) -> Layer {
        layerCount += 1
        guard layerCount <= Self.maxLayers else {
            throw LottieImportError("the animation expands to more than \(Self.maxLayers) layers (precompositions are drawn once per use)")
        }
        let name = uniqueName(prefix + sanitized(l.name, fallback: l.type.noun))
        var node = Layer(name: name, kind: .layer)
        applyTransform(l.transform, to: &node, owner: l, opacity: true)
        if l.hidden { node.properties["hidden"] = .bool(true) }
        visibility(l, &node, span: span)
        if l.autoOrient, l.transform.position?.isAnimated != true, l.transform.positionX == nil {
            // Nothing moves: nothing to orient to.
        }
        if l.blendMode != 0 {
            if let mode = BlendMode(lottieNumber: l.blendMode) {
                node.properties["blendMode"] = .string(mode.rawValue)
            } else {
                warnings.add("unknown blend {mode|modes} drawn as normal", "\(display(l.name)) (bm \(l.blendMode))")
            }
        }
        // Effects that draw over the layer's content (fill, stroke) come after it, in order.
        var overContent: [Layer] = []
        var stroke: StrokeEffect?
        for e in l.effects where e.enabled {
            if e.type == 22 {
                stroke = strokeEffect(e, l, owner: name)
                if let s = stroke?.layer, stroke?.paint != .revealOriginal { overContent.append(s) }
            } else if let over = effect(e, l, &node) {
                overContent.append(over)
            }
        }
        switch l.type {
        case .shape:
            node.sublayers = shapeLayers(l.shapes, owner: name, layer: l)
        case .solid:
            node.kind = .shape
            node.properties["path"] = .path(.rect(Rect(0, 0, l.solidWidth, l.solidHeight)))
            // A colour that does not read (some files write "") is painted black, as lottie-web
            // (an SVG fill of "" is black) and ThorVG paint it.
            if let c = hexColor(l.solidColor) {
                node.properties["fillColor"] = .color(c)
            } else {
                node.properties["fillColor"] = .color(.black)
                warnings.add("solid {layer|layers} whose colour does not read painted black", "\(display(l.name)) (sc \"\(l.solidColor)\")")
            }
        case .null:
            break
        case .image:
            node.sublayers = imageLayer(l, owner: name).map { [$0] } ?? []
        case .precomp:
            node.sublayers = try precomp(l, owner: name)
            timeRemap(l, &node)
        case .text:
            node.sublayers = textLayers(l, owner: name)
        case .audio, .camera, .other:
            break
        }
        switch stroke?.paint {
        case .onTransparent?:
            node.sublayers = []
        case .revealOriginal?:
            // The layer shows only through the brush (nothing, when it strokes no mask).
            var revealed = Layer(name: uniqueName(name + "_revealed"), kind: .layer)
            revealed.sublayers = node.sublayers
            if let brush = stroke?.layer {
                revealed.properties["mask"] = .string(brush.name)
                revealed.sublayers.append(brush)
                node.sublayers = [revealed]
            } else {
                node.sublayers = []
            }
        case .onOriginal?, nil:
            break
        }
        node.sublayers += overContent
        // A brush painted over the layer or alone takes the masks as its path only.
        let masksCut = stroke.map { $0.paint == .revealOriginal } ?? true
        if masksCut, let mask = maskLayer(l, owner: name) {
            node.properties["mask"] = .string(mask.name)
            if Self.drawsCoverage(l.masks.filter { $0.mode != .none }) { node.properties["maskMode"] = .string(MaskMode.luminance.rawValue) }
            node.sublayers.append(mask)
        }
        return node
    }

    /// `ip`/`op`: the layer shows from `ip` up to `op` (composition frames). Hidden is the
    /// model value, shown by a basic animation of `hidden` to false over that interval.
    private mutating func visibility(_ l: LottieLayer, _ node: inout Layer, span: ClosedRange<Double>) {
        if l.inPoint <= span.lowerBound && l.outPoint >= span.upperBound && !(l.outPoint <= l.inPoint) { return }
        node.properties["hidden"] = .bool(true)
        guard l.outPoint > l.inPoint, !l.hidden else { return }
        // In the composition's frames, as the layer's own keyframes are.
        let from = l.inPoint, to = l.outPoint
        var timing = MediaTiming()
        timing.beginTime = .number(seconds(min(from, to)))
        // The end's time less the start's, not the span's: begin + duration then comes back to
        // exactly `op`'s time, so at a whole frame one layer hands over to the next (frame-by-
        // frame stickers) rather than both showing (0.2 + 3/30 is past 9/30).
        timing.duration = max(seconds(max(from, to)) - seconds(min(from, to)), 1e-6)
        let name = uniqueName(node.name + ".visible", dots: true)
        document.animations.append(Animation(name: name, layer: node.name, timing: timing,
                                             body: .basic(Animation.Basic(keyPath: "hidden", from: .bool(false), to: .bool(false)))))
        provenance[name] = LottieOrigin(source: "layer \"\(display(l.name))\" ip/op", frames: [min(from, to), max(from, to)])
    }

    /// The layer transform (`ks`) or a parent's (without opacity, which parenting does not pass on).
    mutating func applyTransform(_ t: LottieTransform, to node: inout Layer, owner: LottieLayer, opacity: Bool,
                                 sourcePrefix: String = "ks") {
        let who = display(owner.name)
        node.properties["anchorPoint"] = .point(.zero)
        node.properties["bounds"] = .rect(.zero)
        // NB: a point written with one number (seen in the wild) is (x, 0), as lottie-ios reads it.
        apply(t.anchor, to: &node, "bounds", Source(layer: who, property: "\(sourcePrefix).a")) { n in
            n.isEmpty ? nil : .rect(Rect(n[0], n.count >= 2 ? n[1] : 0, 0, 0))
        }
        if let p = t.position {
            let curved = p.keyframes.contains { ($0.outTangent ?? []).contains { $0 != 0 } || ($0.inTangent ?? []).contains { $0 != 0 } }
            // Auto-orient follows the path, so a straight motion is a motion path too.
            if p.isAnimated, curved || owner.autoOrient {
                motionPath(p, to: &node, Source(layer: who, property: "\(sourcePrefix).p"), autoOrient: owner.autoOrient)
            } else {
                apply(p, to: &node, "position", Source(layer: who, property: "\(sourcePrefix).p"), splitInto: ["position.x", "position.y"]) { n in
                    n.isEmpty ? nil : .point(Point(n[0], n.count >= 2 ? n[1] : 0))
                }
            }
        } else {
            apply(t.positionX, to: &node, "position.x", Source(layer: who, property: "\(sourcePrefix).p.x")) { n in n.first.map { .number($0) } }
            apply(t.positionY, to: &node, "position.y", Source(layer: who, property: "\(sourcePrefix).p.y")) { n in n.first.map { .number($0) } }
        }
        // A skew goes with scale and rotation into `transform` (see LottieConverter+Skew).
        let skewed = Self.skews(t) && t.rotationX == nil && t.rotationY == nil
        if skewed {
            applySkew(t, to: &node, Source(layer: who, property: "\(sourcePrefix).sk"))
        } else if let s = t.scale {
            apply(s, to: &node, "transform.scale.x", Source(layer: who, property: "\(sourcePrefix).s")) { n in n.first.map { .number($0 / 100) } }
            apply(s, to: &node, "transform.scale.y", Source(layer: who, property: "\(sourcePrefix).s")) { n in
                n.count >= 2 ? .number(n[1] / 100) : n.first.map { .number($0 / 100) }
            }
            if s.isAnimated, s.keyframes.contains(where: { !$0.easesAlike(dimensions: 2) }) {
                // Re-add y with its own easing.
                document.animations.removeAll { $0.layer == node.name && $0.keyPath == "transform.scale.y" }
                addKeyframes(s, layer: node.name, "transform.scale.y", Source(layer: who, property: "\(sourcePrefix).s"), dimension: 1) { n in
                    n.count >= 2 ? .number(n[1] / 100) : nil
                }
            }
        }
        let degrees: ([Double]) -> Value? = { n in n.first.map { .number($0 * Double.pi / 180) } }
        if !skewed {
            apply(t.rotation, to: &node, "transform.rotation.z", Source(layer: who, property: "\(sourcePrefix).r"), degrees)
        }
        apply(t.rotationX, to: &node, "transform.rotation.x", Source(layer: who, property: "\(sourcePrefix).rx"), degrees)
        apply(t.rotationY, to: &node, "transform.rotation.y", Source(layer: who, property: "\(sourcePrefix).ry"), degrees)
        if opacity {
            apply(t.opacity, to: &node, "opacity", Source(layer: who, property: "\(sourcePrefix).o")) { n in n.first.map { .number($0 / 100) } }
        }
        if Self.skews(t) && !skewed { warnings.add("{3D layer's skew|3D layers' skews} not drawn", who) }
        // Drop values equal to Core Animation's defaults, so inspect shows what matters.
        for (key, def) in [("transform.scale.x", Value.number(1)), ("transform.scale.y", .number(1)),
                           ("transform.rotation.z", .number(0)), ("opacity", .number(1))] where node.properties[key] == def {
            node.properties.removeValue(forKey: key)
        }
        if node.properties["bounds"] == .rect(.zero) { node.properties.removeValue(forKey: "bounds") }
    }

    /// A position with spatial tangents: a motion path through the keyframe values, each
    /// segment the Bézier the tangents describe, with the keyframes' easing.
    private mutating func motionPath(_ p: LottieProperty, to node: inout Layer, _ source: Source, autoOrient: Bool) {
        noteExpression(p, source)
        let ks = p.keyframes
        var elements: [PathElement] = []
        var times: [Double] = [], curves: [TimingFunction] = [], values: [Value] = []
        func pt(_ n: [Double]?) -> Point? { n.flatMap { $0.count >= 2 ? Point($0[0], $0[1]) : nil } }
        for (i, k) in ks.enumerated() {
            guard let a = pt(k.start?.numbers) else { continue }
            if elements.isEmpty { elements.append(.move(a)); times.append(k.time); values.append(.point(a)) }
            guard i + 1 < ks.count, let b = pt(ks[i + 1].start?.numbers) else { break }
            let next = ks[i + 1].time
            if k.hold {
                elements.append(.line(a)); times.append(next); curves.append(.linear); values.append(.point(a))
                elements.append(.line(b)); times.append(next); curves.append(.linear); values.append(.point(b))
                continue
            }
            let end = pt(k.end?.numbers) ?? b
            let to = k.outTangent ?? [0, 0], ti = k.inTangent ?? [0, 0]
            if to.count >= 2, ti.count >= 2, to[0] != 0 || to[1] != 0 || ti[0] != 0 || ti[1] != 0 {
                elements.append(.cubic(Point(a.x + to[0], a.y + to[1]), Point(end.x + ti[0], end.y + ti[1]), end))
            } else {
                elements.append(.line(end))
            }
            times.append(next); curves.append(k.timingFunction(dimension: 0)); values.append(.point(end))
            if end != b { elements.append(.line(b)); times.append(next); curves.append(.linear); values.append(.point(b)) }
        }
        guard times.count > 1, case .point(let first)? = values.first else { return }
        node.properties["position"] = .point(first)
        var body = Animation.Keyframes(keyPath: "position", values: values, calculationMode: .linear, timingFunctions: curves)
        body.path = .path(Path(elements))
        if autoOrient { body.rotationMode = .auto }
        addAnimation(body, times: times, layer: node.name, source)
    }

    // MARK: - Names

    /// A name valid in the command language and not yet used: letters, digits and `_`
    /// (others become `_`), not starting with a digit, with `_2`, `_3`, … when taken.
    mutating func uniqueName(_ base: String, dots: Bool = false) -> String {
        var b = dots ? base : sanitized(base, fallback: "layer")
        if Document.reservedNames.contains(b) { b += "_" }
        var name = b
        let sep = dots ? "." : "_"
        let key = b + sep
        var n = nextSuffix[key] ?? 2
        while usedNames.contains(name) || (dots && (name.hasSuffix(".begin") || name.hasSuffix(".end"))) {
            name = "\(b)\(sep)\(n)"; n += 1
        }
        if name != b { nextSuffix[key] = n }
        usedNames.insert(name)
        return name
    }

    /// The name's first 60 characters with every run of others than letters, digits and `_`
    /// made one `_` (none leading or trailing); a leading digit gets a `_` before it.
    /// Worked on the UTF-8 bytes: a file with thousands of layers names each several times.
    func sanitized(_ s: String, fallback: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(min(s.utf8.count, 60))
        var scalars = 0
        for b in s.utf8 {
            // A byte that continues a multi-byte character belongs to one already counted (and
            // already turned into `_`).
            let continuation = b & 0xC0 == 0x80
            if !continuation {
                scalars += 1
                if scalars > 60 { break }
            }
            let ok = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
            if ok { out.append(b) } else if let last = out.last, last != 0x5F { out.append(0x5F) }
        }
        while out.count > 1, out.last == 0x5F { out.removeLast() }
        if out.isEmpty || out == [0x5F] { return String(fallback.map { $0 == " " ? "_" : $0 }) }
        if out[0] >= 0x30 && out[0] <= 0x39 { out.insert(0x5F, at: 0) }
        return String(decoding: out, as: UTF8.self)
    }

    func display(_ name: String) -> String { name.isEmpty ? "(unnamed)" : name }

    // MARK: - Markers

    /// Markers become named times: an event at the marker (`NAME.begin`) or, for a marker
    /// with a duration, an animation that changes nothing spanning it (`NAME.end` too).
    private mutating func addMarkers() {
        guard !file.markers.isEmpty else { return }
        guard let host = document.layers.first?.name else { return }
        for m in file.markers {
            let name = uniqueName(sanitized(m.name, fallback: "marker"))
            if m.duration > 0 {
                var timing = MediaTiming()
                timing.beginTime = .number(seconds(m.time))
                timing.duration = seconds(m.duration)
                document.animations.append(Animation(name: name, layer: host, timing: timing,
                                                     body: .basic(Animation.Basic(keyPath: "opacity"))))
            } else {
                document.events.append(Event(name: name, time: .number(seconds(m.time)), layer: host, assignments: []))
            }
            provenance[name] = LottieOrigin(source: "marker \"\(m.name)\"", frames: [m.time, m.time + m.duration])
        }
    }

    // MARK: - Checks

    /// Refuses precompositions that include themselves, directly or through others.
    private func checkPrecompCycles() throws(LottieImportError) {
        var state: [String: Int] = [:] // 1 visiting, 2 done
        func refs(_ layers: [LottieLayer]) -> [String] { layers.filter { $0.type == .precomp }.map(\.referenceID) }
        func visit(_ id: String, _ path: [String]) throws(LottieImportError) {
            if state[id] == 2 { return }
            if state[id] == 1 {
                let loop = (path.drop { $0 != id } + [id]).map { "\"\($0)\"" }.joined(separator: " → ")
                throw LottieImportError("the precomposition \"\(id)\" includes itself (\(loop))")
            }
            guard let a = assets[id], let layers = a.layers else { return }
            state[id] = 1
            for r in refs(layers) { try visit(r, path + [id]) }
            state[id] = 2
        }
        for r in refs(file.layers) { try visit(r, []) }
        for a in file.assets where a.layers != nil { try visit(a.id, []) }
    }
}

/// `#rrggbb` (Lottie's solid colours).
func hexColor(_ s: String) -> Color? {
    var h = Substring(s)
    if h.hasPrefix("#") { h = h.dropFirst() }
    // "#rgb" is CSS shorthand for "#rrggbb", which lottie-web reads as CSS does.
    if h.count == 3 { h = Substring(h.map { "\($0)\($0)" }.joined()) }
    guard h.count == 6, h.allSatisfy(\.isHexDigit), let v = Int(h, radix: 16) else { return nil }
    return Color(bytes: (v >> 16) & 255, (v >> 8) & 255, v & 255)
}
