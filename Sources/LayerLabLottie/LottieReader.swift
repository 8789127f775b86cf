import LayerLabCore
import LayerLabProject

/// Reads Lottie JSON into the typed model. Syntax errors come from the project's JSON parser
/// (line, column, what was expected); the model's own checks refuse what no real file holds
/// (absurd sizes, frame rates, counts). Unknown layer and shape types and unknown fields are
/// skipped with a warning.
struct LottieReader {
    private typealias K = LottieKey
    var warnings = LottieWarnings()
    /// Keyframes read so far, against `Limits.keyframes`.
    private var keyframeCount = 0
    private var itemCount = 0
    /// Bodymovin before 4.4.18 wrote whether an outline is closed on its shape item or mask.
    private var closedOutsideOutlines = false
    /// Bodymovin before 4.4.14 wrote a text layer's document as `t.d` itself, not as keyframes.
    private var unkeyedTextDocuments = false

    enum Limits {
        static let canvasSide = 100_000.0
        static let frameRates = 0.01...1000.0
        /// Frames an animation may span (a day at 120 fps is ten million).
        static let frames = 10_000_000.0
        static let keyframesPerProperty = 100_000
        static let keyframes = 2_000_000
        static let layersPerComposition = 10_000
        static let shapeItems = 1_000_000
        static let groupDepth = 64
        static let polystarPoints = 1000.0
        static let vertices = 100_000
    }

    mutating func read(_ bytes: [UInt8]) throws(LottieImportError) -> LottieFile {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw LottieImportError("at \(error.path): \(error.message)", line: error.line, column: error.column)
        }
        let o = try object(root, "the file")
        var f = LottieFile()
        f.version = string(o[K.File.version]) ?? ""
        closedOutsideOutlines = bodymovinVersion(f.version, isBefore: [4, 4, 18])
        unkeyedTextDocuments = bodymovinVersion(f.version, isBefore: [4, 4, 14])
        f.name = string(o[K.File.name]) ?? ""
        f.is3D = (number(o[K.File.is3D]) ?? 0) == 1
        f.frameRate = number(o[K.File.frameRate]) ?? 30
        guard Limits.frameRates.contains(f.frameRate) else {
            throw LottieImportError("the frame rate \(formatFoundNumber(f.frameRate)) is out of range (0.01…1000 frames a second)")
        }
        f.inPoint = number(o[K.File.inPoint]) ?? 0
        f.outPoint = number(o[K.File.outPoint]) ?? f.inPoint
        guard f.inPoint.magnitude <= Limits.frames, f.outPoint.magnitude <= Limits.frames, f.outPoint >= f.inPoint else {
            throw LottieImportError("the frames \(formatFoundNumber(f.inPoint))…\(formatFoundNumber(f.outPoint)) are out of range"
                                    + " (op must not be before ip, both within ±\(Int(Limits.frames)))")
        }
        f.width = number(o[K.File.width]) ?? 0
        f.height = number(o[K.File.height]) ?? 0
        guard (0...Limits.canvasSide).contains(f.width), (0...Limits.canvasSide).contains(f.height) else {
            throw LottieImportError("the canvas \(formatFoundNumber(f.width))x\(formatFoundNumber(f.height)) is out of range"
                                    + " (0…\(Int(Limits.canvasSide)) points a side)")
        }
        guard o[K.File.layers] != nil || o[K.File.assets] != nil else {
            throw LottieImportError("not a Lottie animation: there is no \"layers\" list")
        }
        f.layers = try layers(o[K.File.layers], K.File.layers.key)
        for (i, a) in array(o[K.File.assets]).enumerated() { f.assets.append(try asset(a, "\(K.File.assets)[\(i)]")) }
        for m in array(o[K.File.markers]) {
            guard let mo = m.objectMembers else { continue }
            f.markers.append(LottieMarker(name: string(mo[K.Marker.comment]) ?? "", time: number(mo[K.Marker.time]) ?? 0,
                                          duration: max(0, number(mo[K.Marker.duration]) ?? 0)))
        }
        if let fonts = o[K.File.fonts]?.objectMembers {
            for fo in array(fonts[K.Font.list]) {
                guard let m = fo.objectMembers else { continue }
                var font = LottieFont()
                font.name = string(m[K.Font.name]) ?? ""
                font.family = string(m[K.Font.family]) ?? ""
                font.style = string(m[K.Font.style]) ?? ""
                font.ascent = number(m[K.Font.ascent]) ?? 0
                f.fonts.append(font)
            }
        }
        for (i, c) in array(o[K.File.chars]).enumerated() {
            guard let m = c.objectMembers else { continue }
            var g = LottieGlyph()
            g.character = string(m[K.Glyph.character]) ?? ""
            g.family = string(m[K.Glyph.family]) ?? ""
            g.style = string(m[K.Glyph.style]) ?? ""
            g.size = number(m[K.Glyph.size]) ?? 100
            g.width = number(m[K.Glyph.width]) ?? 0
            if let data = m[K.Glyph.data]?.objectMembers { g.shapes = try shapes(data[K.Glyph.shapes], "\(K.File.chars)[\(i)]", depth: 1) }
            if LottieGlyph.writesAbsoluteTangents(f.version) { g.shapes = LottieGlyph.upgradedOldShapes(g.shapes) }
            f.chars.append(g)
        }
        unknownKeys(o, allowed: Self.fileKeys, in: "the animation")
        return f
    }

    // MARK: - Assets and layers

    private mutating func asset(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieAsset {
        let o = try object(node, at())
        var a = LottieAsset()
        a.id = string(o[K.Asset.id]) ?? number(o[K.Asset.id]).map(formatNumber) ?? ""
        a.name = string(o[K.Asset.name]) ?? ""
        a.width = max(0, number(o[K.Asset.width]) ?? 0)
        a.height = max(0, number(o[K.Asset.height]) ?? 0)
        a.frameRate = number(o[K.Asset.frameRate]).flatMap { Limits.frameRates.contains($0) ? $0 : nil }
        a.directory = string(o[K.Asset.directory]) ?? ""
        a.path = string(o[K.Asset.path]) ?? ""
        a.embedded = (number(o[K.Asset.embedded]) ?? 0) == 1 || a.path.hasPrefix("data:")
        if o[K.Asset.layers] != nil { a.layers = try layers(o[K.Asset.layers], at() + ".\(K.Asset.layers)") }
        return a
    }

    private mutating func layers(_ node: JSONNode?, _ at: @autoclosure () -> String) throws(LottieImportError) -> [LottieLayer] {
        let list = array(node)
        guard list.count <= Limits.layersPerComposition else {
            throw LottieImportError("\(at()) has \(list.count) layers; a composition holds at most \(Limits.layersPerComposition)")
        }
        var out: [LottieLayer] = []
        for (i, l) in list.enumerated() { if let layer = try layer(l, "\(at())[\(i)]") { out.append(layer) } }
        return out
    }

    private mutating func layer(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieLayer? {
        let o = try object(node, at())
        var l = LottieLayer()
        l.name = string(o[K.Layer.name]) ?? ""
        let ty = int(o[K.Layer.type]) ?? -1
        l.type = LottieLayerType(ty)
        l.index = int(o[K.Layer.index])
        l.parent = int(o[K.Layer.parent])
        l.inPoint = finite(o[K.Layer.inPoint]) ?? 0
        l.outPoint = finite(o[K.Layer.outPoint]) ?? l.inPoint
        l.startTime = finite(o[K.Layer.startTime]) ?? 0
        let sr = finite(o[K.Layer.stretch]) ?? 1
        l.stretch = sr == 0 ? 1 : sr
        l.autoOrient = (number(o[K.Layer.autoOrient]) ?? 0) == 1
        l.is3D = (number(o[K.Layer.is3D]) ?? 0) == 1
        l.hidden = bool(o[K.Layer.hidden])
        l.blendMode = int(o[K.Layer.blendMode]) ?? 0
        l.matteMode = int(o[K.Layer.matteMode]) ?? 0
        l.isMatte = (number(o[K.Layer.isMatte]) ?? 0) == 1
        l.matteParent = int(o[K.Layer.matteParent])
        l.referenceID = string(o[K.Layer.referenceID]) ?? ""
        l.width = max(0, number(o[K.Layer.width]) ?? 0)
        l.height = max(0, number(o[K.Layer.height]) ?? 0)
        if let ks = o[K.Layer.transform] { l.transform = try transform(ks, at() + ".\(K.Layer.transform)") }
        l.timeRemap = try property(o, K.Layer.timeRemap, at())
        l.solidColor = string(o[K.Layer.solidColor]) ?? ""
        l.solidWidth = max(0, number(o[K.Layer.solidWidth]) ?? 0)
        l.solidHeight = max(0, number(o[K.Layer.solidHeight]) ?? 0)
        for (i, m) in array(o[K.Layer.masks]).enumerated() {
            guard let mo = m.objectMembers else { continue }
            var mask = LottieMask()
            if let s = string(mo[K.Mask.mode]) {
                if let mode = LottieMaskMode(rawValue: s) { mask.mode = mode } else {
                    warnings.add("unknown mask {mode|modes} read as add", "\(display(l.name)) (mode \(s))")
                }
            }
            mask.inverted = bool(mo[K.Mask.inverted])
            mask.name = string(mo[K.Mask.name]) ?? ""
            mask.path = try property(mo, K.Mask.path, "\(at()).\(K.Layer.masks)[\(i)]")
            if closedOutsideOutlines, let cl = mo[K.Mask.closed] { mask.path = mask.path?.closingOutlines(bool(cl)) }
            mask.opacity = try property(mo, K.Mask.opacity, "\(at()).\(K.Layer.masks)[\(i)]")
            mask.expansion = try property(mo, K.Mask.expansion, "\(at()).\(K.Layer.masks)[\(i)]")
            l.masks.append(mask)
        }
        let styles = array(o[K.Layer.styles]).compactMap { $0.objectMembers.map { display(string($0[K.Layer.name]) ?? "") } }
        if !styles.isEmpty {
            warnings.add("{layer's|layers'} styles not drawn", "\(display(l.name)) (\(styles.joined(separator: ", ")))")
        }
        for (i, e) in array(o[K.Layer.effects]).enumerated() {
            guard let eo = e.objectMembers else { continue }
            var effect = LottieEffect()
            effect.type = int(eo[K.Effect.type]) ?? 0
            effect.name = string(eo[K.Effect.name]) ?? ""
            effect.matchName = string(eo[K.Effect.matchName])
            effect.index = int(eo[K.Effect.index])
            effect.propertyCount = int(eo[K.Effect.propertyCount])
            effect.enabled = (number(eo[K.Effect.enabled]) ?? 1) != 0
            for (j, c) in array(eo[K.Effect.controls]).enumerated() {
                var control = LottieEffectControl()
                if let co = c.objectMembers {
                    control.type = int(co[K.Effect.type]) ?? 0
                    control.name = string(co[K.Effect.name]) ?? ""
                    control.matchName = string(co[K.Effect.matchName])
                    control.index = int(co[K.Effect.index])
                    if let v = co[K.Effect.value], let p = try? property(v, "\(at()).\(K.Layer.effects)[\(i)].\(K.Effect.controls)[\(j)].\(K.Effect.value)") { control.value = p }
                }
                effect.controls.append(control)
            }
            l.effects.append(effect)
        }
        if l.type == .shape { l.shapes = try shapes(o[K.Layer.shapes], at() + ".\(K.Layer.shapes)", depth: 1) }
        if l.type == .text, let t = o[K.Layer.text]?.objectMembers { l.text = try textDocument(t, at() + ".\(K.Layer.text)") }
        unknownKeys(o, allowed: Self.layerKeys, in: K.File.layers.key)
        if case .other(let n) = l.type {
            warnings.add("{layer|layers} of unknown types skipped", "\(display(l.name)) (ty \(n))")
            return nil
        }
        return l
    }

    /// Members read, and members known but not used (warned about as nothing else).
    private static let fileKeys: Set<String> = Set(([
        K.File.version, K.File.frameRate, K.File.inPoint, K.File.outPoint, K.File.width, K.File.height, K.File.name,
        K.File.is3D, K.File.assets, K.File.layers, K.File.markers, K.File.chars, K.File.fonts,
    ] + K.File.unused).map(\.key))
    private static let layerKeys: Set<String> = Set(([
        K.Layer.type, K.Layer.name, K.Layer.index, K.Layer.parent, K.Layer.inPoint, K.Layer.outPoint, K.Layer.startTime,
        K.Layer.stretch, K.Layer.autoOrient, K.Layer.is3D, K.Layer.hidden, K.Layer.blendMode, K.Layer.matteMode,
        K.Layer.isMatte, K.Layer.matteParent, K.Layer.referenceID, K.Layer.width, K.Layer.height, K.Layer.transform,
        K.Layer.timeRemap, K.Layer.solidColor, K.Layer.solidWidth, K.Layer.solidHeight, K.Layer.masks, K.Layer.hasMask,
        K.Layer.effects, K.Layer.shapes, K.Layer.text, K.Layer.styles,
    ] + K.Layer.unused).map(\.key))

    private mutating func textDocument(_ t: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieText {
        var text = LottieText()
        let d = t[K.Text.documents]?.objectMembers
        let keyframes: [(time: Double, document: LottieObject?)]
        if unkeyedTextDocuments, let d, d[K.Text.keyframes] == nil {
            // An old file's one document, read as the keyframe at 0 a current file writes.
            keyframes = [(0, d)]
        } else {
            keyframes = array(d?[K.Text.keyframes]).map { k in
                (number(k.objectMembers?[K.Text.time]) ?? 0, k.objectMembers?[K.Text.document]?.objectMembers)
            }
        }
        for (i, (time, document)) in keyframes.enumerated() {
            guard let s = document else { continue }
            var d = LottieTextDocument()
            d.string = string(s[K.TextDocument.string]) ?? ""
            d.font = string(s[K.TextDocument.font]) ?? ""
            d.size = number(s[K.TextDocument.size]) ?? 12
            d.justify = int(s[K.TextDocument.justify]) ?? 0
            d.fillColor = numbers(s[K.TextDocument.fillColor]) ?? [0, 0, 0]
            d.strokeColor = numbers(s[K.TextDocument.strokeColor])
            d.strokeWidth = number(s[K.TextDocument.strokeWidth]) ?? 0
            d.strokeOverFill = (number(s[K.TextDocument.strokeOverFill]) ?? 0) != 0
            d.lineHeight = number(s[K.TextDocument.lineHeight]) ?? d.size * 1.2
            d.tracking = number(s[K.TextDocument.tracking]) ?? 0
            d.baselineShift = number(s[K.TextDocument.baselineShift]) ?? 0
            if let sz = numbers(s[K.TextDocument.boxSize]), sz.count >= 2, sz.allSatisfy({ $0.isFinite && $0 >= 0 }) { d.boxSize = sz }
            if let ps = numbers(s[K.TextDocument.boxPosition]), ps.count >= 2 { d.boxPosition = ps }
            // Keyframes in time order; a later one at the same time replaces the earlier.
            if let last = text.documents.last, last.time >= time, i > 0 { text.documents.removeLast() }
            text.documents.append(LottieTextKeyframe(time: time, document: d))
        }
        if let m = t[K.Text.grouping]?.objectMembers {
            text.anchorGrouping = int(m[K.Text.anchorGrouping]) ?? 1
            text.groupingAlignment = try property(m, K.Text.groupingAlignment, at() + ".\(K.Text.grouping)")
        }
        if let p = t[K.Text.path]?.objectMembers, p[K.Text.pathMask] != nil { text.followsPath = true }
        for (i, a) in array(t[K.Text.animators]).enumerated() {
            guard let am = a.objectMembers else { continue }
            var anim = LottieTextAnimator()
            anim.name = string(am[K.TextAnimator.name]) ?? ""
            func where_() -> String { "\(at()).\(K.Text.animators)[\(i)]" }
            if let s = am[K.TextAnimator.selector]?.objectMembers {
                anim.selectorType = int(s[K.TextSelector.type]) ?? 0
                anim.start = try property(s, K.TextSelector.start, where_() + ".\(K.TextAnimator.selector)")
                anim.end = try property(s, K.TextSelector.end, where_() + ".\(K.TextAnimator.selector)")
                anim.offset = try property(s, K.TextSelector.offset, where_() + ".\(K.TextAnimator.selector)")
                anim.amount = try property(s, K.TextSelector.amount, where_() + ".\(K.TextAnimator.selector)")
                anim.easeLow = try property(s, K.TextSelector.easeLow, where_() + ".\(K.TextAnimator.selector)")
                anim.easeHigh = try property(s, K.TextSelector.easeHigh, where_() + ".\(K.TextAnimator.selector)")
                anim.smoothness = try property(s, K.TextSelector.smoothness, where_() + ".\(K.TextAnimator.selector)")
                anim.indexUnits = (int(s[K.TextSelector.units]) ?? 1) == 2
                anim.basedOn = int(s[K.TextSelector.basedOn]) ?? 1
                anim.shape = int(s[K.TextSelector.shape]) ?? 1
                anim.randomize = (int(s[K.TextSelector.randomize]) ?? 0) != 0
            }
            if let props = am[K.TextAnimator.properties]?.objectMembers {
                for member in props.members {
                    let key = member.key, node = member.value
                    let p = try property(node, where_() + ".\(K.TextAnimator.properties)." + key)
                    typealias S = K.TextStyle
                    switch key {
                    case S.position.key: anim.position = p
                    case S.anchor.key: anim.anchor = p
                    case S.scale.key: anim.scale = p
                    case S.rotation.key, S.rotationZ.key: anim.rotation = p
                    case S.opacity.key: anim.opacity = p
                    case S.fillColor.key: anim.fillColor = p
                    case S.strokeColor.key: anim.strokeColor = p
                    case S.strokeWidth.key: anim.strokeWidth = p
                    case S.tracking.key: anim.tracking = p
                    default: anim.undrawn.append(key)
                    }
                }
            }
            text.animators.append(anim)
        }
        return text
    }

    mutating func transform(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieTransform {
        let o = try object(node, at())
        var t = LottieTransform()
        func p(_ key: StaticString) throws(LottieImportError) -> LottieProperty? { try property(o, key, at()) }
        t.anchor = try p(K.Transform.anchor)
        if let pn = o[K.Transform.position], let po = pn.objectMembers, bool(po[K.Transform.split]) {
            t.positionX = try property(po, K.Transform.x, at() + ".\(K.Transform.position)")
            t.positionY = try property(po, K.Transform.y, at() + ".\(K.Transform.position)")
        } else {
            t.position = try p(K.Transform.position)
        }
        if let px = try p(K.Transform.positionX) { t.positionX = px }
        if let py = try p(K.Transform.positionY) { t.positionY = py }
        t.scale = try p(K.Transform.scale)
        if let r = try p(K.Transform.rotation) { t.rotation = r } else { t.rotation = try p(K.Transform.rotationZ) }
        t.rotationX = try p(K.Transform.rotationX)
        t.rotationY = try p(K.Transform.rotationY)
        t.opacity = try p(K.Transform.opacity)
        t.skew = try p(K.Transform.skew)
        t.skewAxis = try p(K.Transform.skewAxis)
        t.startOpacity = try p(K.Transform.startOpacity)
        t.endOpacity = try p(K.Transform.endOpacity)
        return t
    }

    // MARK: - Animatable properties

    /// The property under `key` of `o`, or nil when absent; `at` names `o` in messages.
    mutating func property(_ o: LottieObject, _ key: StaticString, _ at: @autoclosure () -> String)
        throws(LottieImportError) -> LottieProperty? {
        guard let n = o[key] else { return nil }
        return try property(n, at() + ".\(key)")
    }

    /// `{a, k, x}`: a fixed value or keyframes.
    mutating func property(_ node: JSONNode, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieProperty {
        guard let o = node.objectMembers else {
            // Some writers put a bare value where `{k: value}` belongs.
            return LottieProperty(value: value(node))
        }
        var p = LottieProperty()
        p.expression = string(o[K.Property.expression]).flatMap { $0.isEmpty ? nil : $0 }
        guard let k = o[K.Property.value] else { return p }
        if case .array(let items) = k.kind, let first = items.first, let fo = first.objectMembers, fo[K.Keyframe.time] != nil {
            guard items.count <= Limits.keyframesPerProperty else {
                throw LottieImportError("\(at()) has \(items.count) keyframes; a property holds at most \(Limits.keyframesPerProperty)")
            }
            keyframeCount += items.count
            guard keyframeCount <= Limits.keyframes else {
                throw LottieImportError("the file has more than \(Limits.keyframes) keyframes")
            }
            for item in items {
                guard let m = item.objectMembers, let t = number(m[K.Keyframe.time]), t.isFinite else { continue }
                var kf = LottieKeyframe(time: t, start: m[K.Keyframe.start].flatMap(value), end: m[K.Keyframe.end].flatMap(value))
                kf.hold = (number(m[K.Keyframe.hold]) ?? 0) == 1
                kf.inEase = ease(m[K.Keyframe.inEase])
                kf.outEase = ease(m[K.Keyframe.outEase])
                kf.inTangent = numbers(m[K.Keyframe.inTangent])
                kf.outTangent = numbers(m[K.Keyframe.outTangent])
                p.keyframes.append(kf)
            }
            // Keyframes out of order would make time run backwards: keep the file's order for equal times.
            if zip(p.keyframes, p.keyframes.dropFirst()).contains(where: { $0.time > $1.time }) {
                p.keyframes = p.keyframes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            }
            // 4.x: a keyframe's value may be given only as the previous one's `e`.
            for i in p.keyframes.indices where p.keyframes[i].start == nil && i > 0 {
                p.keyframes[i].start = p.keyframes[i - 1].end ?? p.keyframes[i - 1].start
            }
            p.keyframes.removeAll { $0.start == nil }
            if p.keyframes.count == 1 { p.value = p.keyframes[0].start }
            return p
        }
        p.value = value(k)
        return p
    }

    private func ease(_ node: JSONNode?) -> LottieEase? {
        guard let o = node?.objectMembers else { return nil }
        guard let x = numbers(o[K.Keyframe.x]), let y = numbers(o[K.Keyframe.y]), !x.isEmpty, !y.isEmpty else { return nil }
        return LottieEase(x: x, y: y)
    }

    /// A number, a list of numbers, a Bézier shape, or a one-element list holding a shape.
    private func value(_ node: JSONNode) -> LottieValue? {
        switch node.kind {
        case .number: return number(node).map { .numbers([$0]) }
        case .array(let items):
            if let first = items.first, first.objectMembers != nil { return bezier(first).map { .shape($0) } }
            return numbers(node).map { .numbers($0) }
        case .object: return bezier(node).map { .shape($0) }
        default: return nil
        }
    }

    private func bezier(_ node: JSONNode) -> LottieBezier? {
        guard let o = node.objectMembers else { return nil }
        func points(_ key: StaticString) -> [[Double]] { array(o[key]).compactMap { numbers($0) }.filter { $0.count >= 2 } }
        let v = points(K.Bezier.vertices)
        guard v.count <= Limits.vertices else { return nil }
        var i = points(K.Bezier.inTangents), out = points(K.Bezier.outTangents)
        // Missing tangents are zero (straight segments).
        while i.count < v.count { i.append([0, 0]) }
        while out.count < v.count { out.append([0, 0]) }
        return LottieBezier(vertices: v, inTangents: Array(i.prefix(v.count)), outTangents: Array(out.prefix(v.count)),
                            closed: bool(o[K.Bezier.closed]))
    }

    // MARK: - Shape items

    mutating func shapes(_ node: JSONNode?, _ at: @autoclosure () -> String, depth: Int) throws(LottieImportError) -> [LottieShape] {
        guard depth <= Limits.groupDepth else {
            throw LottieImportError("\(at()): shape groups nest more than \(Limits.groupDepth) deep")
        }
        var out: [LottieShape] = []
        for (i, n) in array(node).enumerated() {
            itemCount += 1
            guard itemCount <= Limits.shapeItems else {
                throw LottieImportError("the file has more than \(Limits.shapeItems) shape items")
            }
            if let s = try shape(n, "\(at())[\(i)]", depth: depth) { out.append(s) }
        }
        return out
    }

    private mutating func shape(_ node: JSONNode, _ at: @autoclosure () -> String, depth: Int) throws(LottieImportError) -> LottieShape? {
        guard let o = node.objectMembers else { return nil }
        let ty = string(o[K.Shape.type]) ?? ""
        func p(_ key: StaticString) throws(LottieImportError) -> LottieProperty? { try property(o, key, at()) }
        let reversed = (number(o[K.Shape.direction]) ?? 1) == 3
        let item: LottieShape.Item
        switch LottieShapeType(rawValue: ty) {
        case .group?: item = .group(try shapes(o[K.Shape.items], at() + ".\(K.Shape.items)", depth: depth + 1))
        case .rectangle?: item = .rectangle(position: try p(K.Shape.position), size: try p(K.Shape.size), roundness: try p(K.Shape.roundness), reversed: reversed)
        case .ellipse?: item = .ellipse(position: try p(K.Shape.position), size: try p(K.Shape.size), reversed: reversed)
        case .polystar?:
            var s = LottiePolystar()
            s.isStar = (number(o[K.Shape.starType]) ?? 1) != 2
            s.position = try p(K.Shape.position); s.points = try p(K.Shape.points); s.rotation = try p(K.Shape.rotation)
            s.innerRadius = try p(K.Shape.innerRadius); s.outerRadius = try p(K.Shape.outerRadius)
            s.innerRoundness = try p(K.Shape.innerRoundness); s.outerRoundness = try p(K.Shape.outerRoundness)
            s.reversed = reversed
            item = .polystar(s)
        case .path?:
            var outline = try p(K.Shape.outline)
            if closedOutsideOutlines, let c = o[K.Shape.closed] { outline = outline?.closingOutlines(bool(c)) }
            item = .path(outline, reversed: reversed)
        case .fill?: item = .fill(color: try p(K.Shape.color), opacity: try p(K.Shape.opacity), evenOdd: (number(o[K.Shape.fillRule]) ?? 1) == 2)
        case .stroke?: item = .stroke(try stroke(o, at()))
        case .gradientFill?: item = .gradientFill(try gradient(o, at()))
        case .gradientStroke?: item = .gradientStroke(try gradient(o, at()), try stroke(o, at()))
        case .transform?: item = .transform(try transform(node, at()))
        case .trim?: item = .trim(start: try p(K.Shape.start), end: try p(K.Shape.end), offset: try p(K.Shape.offset), individually: (number(o[K.Shape.trimMode]) ?? 1) == 2)
        case .repeater?:
            let tr = try o[K.Shape.transform].map { n throws(LottieImportError) in try transform(n, at() + ".\(K.Shape.transform)") } ?? LottieTransform()
            item = .repeater(copies: try p(K.Shape.copies), offset: try p(K.Shape.offset), below: (number(o[K.Shape.composite]) ?? 1) == 2, transform: tr)
        case .roundedCorners?: item = .roundedCorners(try p(K.Shape.radius))
        case .merge?: item = .merge(mode: int(o[K.Shape.mergeMode]) ?? 1)
        default:
            item = .unknown
        }
        return LottieShape(type: ty, name: string(o[K.Shape.name]) ?? "", hidden: bool(o[K.Shape.hidden]), item: item)
    }

    private mutating func stroke(_ o: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieStroke {
        var s = LottieStroke()
        s.color = try property(o, K.Shape.color, at())
        s.opacity = try property(o, K.Shape.opacity, at())
        s.width = try property(o, K.Shape.width, at())
        s.cap = int(o[K.Shape.lineCap]) ?? 2
        s.join = int(o[K.Shape.lineJoin]) ?? 2
        s.miterLimit = number(o[K.Shape.miterLimit]) ?? number(o[K.Shape.animatedMiterLimit]?.objectMembers?[K.Property.value]) ?? 4
        for (i, d) in array(o[K.Shape.dashes]).enumerated() {
            guard let dm = d.objectMembers, let v = dm[K.Dash.value] else { continue }
            s.dashes.append((string(dm[K.Dash.kind]) ?? LottieStroke.dash, try property(v, "\(at()).\(K.Shape.dashes)[\(i)].\(K.Dash.value)")))
        }
        return s
    }

    private mutating func gradient(_ o: LottieObject, _ at: @autoclosure () -> String) throws(LottieImportError) -> LottieGradient {
        var g = LottieGradient()
        g.radial = (number(o[K.Shape.gradientType]) ?? 1) == 2
        g.start = try property(o, K.Shape.start, at())
        g.end = try property(o, K.Shape.end, at())
        g.highlight = try property(o, K.Shape.highlight, at())
        g.highlightAngle = try property(o, K.Shape.highlightAngle, at())
        g.opacity = try property(o, K.Shape.opacity, at())
        g.evenOdd = (number(o[K.Shape.fillRule]) ?? 1) == 2
        if let gm = o[K.Shape.gradient]?.objectMembers {
            g.colorCount = max(0, min(1000, int(gm[K.GradientStops.count]) ?? 0))
            g.stops = try property(gm, K.GradientStops.stops, at() + ".\(K.Shape.gradient)")
        }
        return g
    }

    // MARK: - JSON helpers

    private func object(_ node: JSONNode, _ what: @autoclosure () -> String) throws(LottieImportError) -> LottieObject {
        guard let o = node.objectMembers else {
            throw LottieImportError("expected \(what()) to be an object, found \(node.summary)",
                                    line: node.position.line, column: node.position.column)
        }
        return o
    }

    private mutating func unknownKeys(_ o: LottieObject, allowed: Set<String>, in what: String) {
        let unknown = o.members.lazy.map(\.key).filter { !allowed.contains($0) }
        for key in unknown.sorted() { warnings.add("unknown {field|fields} skipped", "\"\(key)\" in \(what)") }
    }

    func display(_ name: String) -> String { name.isEmpty ? "(unnamed)" : name }
}

extension JSONNode {
    /// The members of an object, or nil.
    var objectMembers: LottieObject? {
        guard case .object(let members) = kind else { return nil }
        return LottieObject(members: members)
    }
}

/// An object's members looked up by key. A scan rather than a dictionary: Lottie objects hold
/// a few short keys and are asked for a few of them, so hashing every key of every object cost
/// more than the scans. (The parser refuses duplicate keys, so the first match is the only one.)
struct LottieObject {
    let members: [JSONMember]

    subscript(key: StaticString) -> JSONNode? {
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        let fingerprint = fnv(wanted)
        // By index: `for m in members` would copy every member it passes.
        for k in members.indices where members[k].keyFingerprint == fingerprint {
            var found = members[k].key
            if found.withUTF8({ $0.elementsEqual(wanted) }) { return members[k].value }
        }
        return nil
    }
}

func number(_ node: JSONNode?) -> Double? {
    guard let node else { return nil }
    switch node.kind {
    case .number(let t): return JSONNode.double(t).flatMap { $0.isFinite ? $0 : nil }
    case .bool(let b): return b ? 1 : 0
    case .array(let items) where items.count == 1: return number(items[0])
    default: return nil
    }
}

func finite(_ node: JSONNode?) -> Double? {
    number(node).flatMap { $0.magnitude <= 1e9 ? $0 : nil }
}

func int(_ node: JSONNode?) -> Int? {
    number(node).flatMap { $0.magnitude < 1e15 ? Int($0) : nil }
}

func bool(_ node: JSONNode?) -> Bool {
    guard let node else { return false }
    switch node.kind {
    case .bool(let b): return b
    case .number: return (number(node) ?? 0) != 0
    default: return false
    }
}

func string(_ node: JSONNode?) -> String? {
    guard let node, case .string(let s) = node.kind else { return nil }
    return s
}

func array(_ node: JSONNode?) -> [JSONNode] {
    guard let node, case .array(let items) = node.kind else { return [] }
    return items
}

/// A number or a list of numbers as numbers; nil for anything else.
func numbers(_ node: JSONNode?) -> [Double]? {
    guard let node else { return nil }
    if case .number = node.kind { return number(node).map { [$0] } }
    guard case .array(let items) = node.kind else { return nil }
    var out: [Double] = []
    out.reserveCapacity(items.count)
    for i in items { guard let v = number(i) else { return nil }; out.append(v) }
    return out
}
