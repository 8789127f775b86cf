import LayerLabCore

/// Writes the typed model back as Lottie JSON, with the keys of `LottieKey` the reader looks
/// up, so what one side spells the other reads. Members come in a fixed order per object;
/// defaults the reader assumes are still written where players expect them (`ddd`, `sr`, `ao`,
/// `bm`, `ip`, `op`, `st`). Expressions are never written: LayerLab does not run them.
package enum LottieWriter {
    private typealias K = LottieKey

    /// An object from `StaticString` keys.
    private static func object(_ pairs: [(StaticString, JSONValue)]) -> JSONValue {
        .object(pairs.map { ($0.0.key, $0.1) })
    }
    private static func number(_ v: Double) -> JSONValue { .number(v) }
    private static func number(_ v: Int) -> JSONValue { .number(Double(v)) }
    private static func flag(_ b: Bool) -> JSONValue { .number(b ? 1 : 0) }

    /// Appends `key: property` when the property is there.
    private static func add(_ pairs: inout [(StaticString, JSONValue)], _ key: StaticString, _ p: LottieProperty?,
                            precise: Bool = false) {
        if let p { pairs.append((key, property(p, precise: precise))) }
    }

    // MARK: - The animation, assets, markers, fonts

    package static func file(_ f: LottieFile) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [
            (K.File.version, .string(f.version)), (K.File.frameRate, number(f.frameRate)),
            (K.File.inPoint, number(f.inPoint)), (K.File.outPoint, number(f.outPoint)),
            (K.File.width, number(f.width)), (K.File.height, number(f.height)),
            (K.File.name, .string(f.name)), (K.File.is3D, flag(f.is3D)),
            (K.File.assets, .array(f.assets.map(asset))),
        ]
        if !f.fonts.isEmpty { pairs.append((K.File.fonts, object([(K.Font.list, .array(f.fonts.map(font)))]))) }
        if !f.chars.isEmpty { pairs.append((K.File.chars, .array(f.chars.map(glyph)))) }
        pairs += [(K.File.layers, .array(f.layers.map(layer))), (K.File.markers, .array(f.markers.map(marker)))]
        return object(pairs)
    }

    /// A precomposition (`layers`) or an image (`w`, `h`, `u`, `p`, `e`).
    package static func asset(_ a: LottieAsset) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Asset.id, .string(a.id))]
        if !a.name.isEmpty { pairs.append((K.Asset.name, .string(a.name))) }
        if let layers = a.layers {
            if a.width > 0 || a.height > 0 { pairs += [(K.Asset.width, number(a.width)), (K.Asset.height, number(a.height))] }
            if let fr = a.frameRate { pairs.append((K.Asset.frameRate, number(fr))) }
            pairs.append((K.Asset.layers, .array(layers.map(layer))))
        } else {
            pairs += [(K.Asset.width, number(a.width)), (K.Asset.height, number(a.height)),
                      (K.Asset.directory, .string(a.directory)), (K.Asset.path, .string(a.path)),
                      (K.Asset.embedded, flag(a.embedded))]
        }
        return object(pairs)
    }

    package static func marker(_ m: LottieMarker) -> JSONValue {
        object([(K.Marker.comment, .string(m.name)), (K.Marker.time, number(m.time)), (K.Marker.duration, number(m.duration))])
    }

    static func font(_ f: LottieFont) -> JSONValue {
        object([(K.Font.name, .string(f.name)), (K.Font.family, .string(f.family)), (K.Font.style, .string(f.style)),
                (K.Font.ascent, number(f.ascent))])
    }

    static func glyph(_ g: LottieGlyph) -> JSONValue {
        object([(K.Glyph.character, .string(g.character)), (K.Glyph.family, .string(g.family)), (K.Glyph.style, .string(g.style)),
                (K.Glyph.size, number(g.size)), (K.Glyph.width, number(g.width)),
                (K.Glyph.data, object([(K.Glyph.shapes, .array(g.shapes.map(shape)))]))])
    }

    // MARK: - Layers

    package static func layer(_ l: LottieLayer) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Layer.is3D, flag(l.is3D))]
        if let i = l.index { pairs.append((K.Layer.index, number(i))) }
        pairs += [(K.Layer.type, number(l.type.number)), (K.Layer.name, .string(l.name))]
        if !l.referenceID.isEmpty { pairs.append((K.Layer.referenceID, .string(l.referenceID))) }
        if let p = l.parent { pairs.append((K.Layer.parent, number(p))) }
        if l.isMatte { pairs.append((K.Layer.isMatte, number(1))) }
        if l.matteMode != 0 { pairs.append((K.Layer.matteMode, number(l.matteMode))) }
        if let tp = l.matteParent { pairs.append((K.Layer.matteParent, number(tp))) }
        if !l.masks.isEmpty { pairs += [(K.Layer.hasMask, .bool(true)), (K.Layer.masks, .array(l.masks.map(mask)))] }
        pairs += [(K.Layer.stretch, number(l.stretch)), (K.Layer.transform, transform(l.transform)),
                  (K.Layer.autoOrient, flag(l.autoOrient))]
        switch l.type {
        case .precomp: pairs += [(K.Layer.width, number(l.width)), (K.Layer.height, number(l.height))]
        case .solid:
            pairs += [(K.Layer.solidColor, .string(l.solidColor)), (K.Layer.solidWidth, number(l.solidWidth)),
                      (K.Layer.solidHeight, number(l.solidHeight))]
        case .shape: pairs.append((K.Layer.shapes, .array(l.shapes.map(shape))))
        default: break
        }
        if let t = l.text { pairs.append((K.Layer.text, text(t))) }
        add(&pairs, K.Layer.timeRemap, l.timeRemap)
        if !l.effects.isEmpty { pairs.append((K.Layer.effects, .array(l.effects.map(effect)))) }
        pairs += [(K.Layer.inPoint, number(l.inPoint)), (K.Layer.outPoint, number(l.outPoint)),
                  (K.Layer.startTime, number(l.startTime)), (K.Layer.blendMode, number(l.blendMode))]
        if l.hidden { pairs.append((K.Layer.hidden, .bool(true))) }
        return object(pairs)
    }

    package static func mask(_ m: LottieMask) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Mask.inverted, .bool(m.inverted)), (K.Mask.mode, .string(m.mode.rawValue)),
                                                  (K.Mask.name, .string(m.name))]
        add(&pairs, K.Mask.path, m.path)
        add(&pairs, K.Mask.opacity, m.opacity)
        add(&pairs, K.Mask.expansion, m.expansion)
        return object(pairs)
    }

    package static func effect(_ e: LottieEffect) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Effect.type, number(e.type)), (K.Effect.name, .string(e.name))]
        if let np = e.propertyCount { pairs.append((K.Effect.propertyCount, number(np))) }
        if let mn = e.matchName { pairs.append((K.Effect.matchName, .string(mn))) }
        if let ix = e.index { pairs.append((K.Effect.index, number(ix))) }
        pairs += [(K.Effect.enabled, flag(e.enabled)), (K.Effect.controls, .array(e.controls.map(control)))]
        return object(pairs)
    }

    static func control(_ c: LottieEffectControl) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Effect.type, number(c.type)), (K.Effect.name, .string(c.name))]
        if let mn = c.matchName { pairs.append((K.Effect.matchName, .string(mn))) }
        if let ix = c.index { pairs.append((K.Effect.index, number(ix))) }
        // A colour control (`ty` 2) in full, as fill and stroke colours are.
        pairs.append((K.Effect.value, property(c.value, precise: c.type == 2)))
        return object(pairs)
    }

    /// A layer's `ks` (or a repeater's `tr`): the members set, in After Effects' order.
    package static func transform(_ t: LottieTransform) -> JSONValue { object(transformMembers(t)) }

    private static func transformMembers(_ t: LottieTransform) -> [(StaticString, JSONValue)] {
        var pairs: [(StaticString, JSONValue)] = []
        func add(_ key: StaticString, _ p: LottieProperty?) { Self.add(&pairs, key, p) }
        add(K.Transform.anchor, t.anchor)
        if let p = t.position {
            pairs.append((K.Transform.position, property(p)))
        } else if t.positionX != nil || t.positionY != nil {
            var split: [(StaticString, JSONValue)] = [(K.Transform.split, .bool(true))]
            if let x = t.positionX { split.append((K.Transform.x, property(x))) }
            if let y = t.positionY { split.append((K.Transform.y, property(y))) }
            pairs.append((K.Transform.position, object(split)))
        }
        add(K.Transform.scale, t.scale)
        add(K.Transform.rotation, t.rotation)
        add(K.Transform.rotationX, t.rotationX)
        add(K.Transform.rotationY, t.rotationY)
        add(K.Transform.opacity, t.opacity)
        add(K.Transform.skew, t.skew)
        add(K.Transform.skewAxis, t.skewAxis)
        add(K.Transform.startOpacity, t.startOpacity)
        add(K.Transform.endOpacity, t.endOpacity)
        return pairs
    }

    // MARK: - Shape items

    /// One shape item: `ty`, `nm` (when named), `hd` (when hidden), then its kind's members.
    package static func shape(_ s: LottieShape) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = []
        let type = s.item.type?.rawValue ?? s.type
        if case .merged(let items, let mode) = s.item {
            // Not a file construct: written as the group it was read from.
            pairs = [(K.Shape.type, .string(LottieShapeType.group.rawValue))]
            if !s.name.isEmpty { pairs.append((K.Shape.name, .string(s.name))) }
            let merge = LottieShape(.merge(mode: mode))
            pairs.append((K.Shape.items, .array((items + [merge]).map(shape))))
            return object(pairs)
        }
        pairs.append((K.Shape.type, .string(type)))
        if !s.name.isEmpty { pairs.append((K.Shape.name, .string(s.name))) }
        if s.hidden { pairs.append((K.Shape.hidden, .bool(true))) }
        func add(_ key: StaticString, _ p: LottieProperty?, precise: Bool = false) { Self.add(&pairs, key, p, precise: precise) }
        func direction(_ reversed: Bool) -> JSONValue { number(reversed ? 3 : 1) }
        switch s.item {
        case .group(let items): pairs.append((K.Shape.items, .array(items.map(shape))))
        case .rectangle(let position, let size, let roundness, let reversed):
            pairs.append((K.Shape.direction, direction(reversed)))
            add(K.Shape.position, position); add(K.Shape.size, size); add(K.Shape.roundness, roundness)
        case .ellipse(let position, let size, let reversed):
            pairs.append((K.Shape.direction, direction(reversed)))
            add(K.Shape.position, position); add(K.Shape.size, size)
        case .polystar(let p):
            pairs += [(K.Shape.direction, direction(p.reversed)), (K.Shape.starType, number(p.isStar ? 1 : 2))]
            add(K.Shape.position, p.position); add(K.Shape.points, p.points); add(K.Shape.rotation, p.rotation)
            add(K.Shape.innerRadius, p.innerRadius); add(K.Shape.outerRadius, p.outerRadius)
            add(K.Shape.innerRoundness, p.innerRoundness); add(K.Shape.outerRoundness, p.outerRoundness)
        case .path(let outline, let reversed):
            if reversed { pairs.append((K.Shape.direction, direction(true))) }
            add(K.Shape.outline, outline)
        case .fill(let color, let opacity, let evenOdd):
            // Colours in full: a player's 8-bit result must be the byte LayerLab draws.
            add(K.Shape.color, color, precise: true); add(K.Shape.opacity, opacity)
            pairs.append((K.Shape.fillRule, number(evenOdd ? 2 : 1)))
        case .stroke(let st):
            add(K.Shape.color, st.color, precise: true); add(K.Shape.opacity, st.opacity)
            pairs += strokeMembers(st)
        case .gradientFill(let g):
            pairs += gradientMembers(g)
        case .gradientStroke(let g, let st):
            pairs += gradientMembers(g) + strokeMembers(st)
        case .transform(let t): pairs += transformMembers(t)
        case .trim(let start, let end, let offset, let individually):
            add(K.Shape.start, start); add(K.Shape.end, end); add(K.Shape.offset, offset)
            pairs.append((K.Shape.trimMode, number(individually ? 2 : 1)))
        case .repeater(let copies, let offset, let below, let t):
            add(K.Shape.copies, copies); add(K.Shape.offset, offset)
            pairs += [(K.Shape.composite, number(below ? 2 : 1)), (K.Shape.transform, transform(t))]
        case .roundedCorners(let r): add(K.Shape.radius, r)
        case .merge(let mode): pairs.append((K.Shape.mergeMode, number(mode)))
        case .merged, .unknown: break
        }
        return object(pairs)
    }

    /// Width, caps, joins, miter limit and dashes of `st` and `gs` (their colour is their own).
    private static func strokeMembers(_ s: LottieStroke) -> [(StaticString, JSONValue)] {
        var pairs: [(StaticString, JSONValue)] = []
        add(&pairs, K.Shape.width, s.width)
        pairs += [(K.Shape.lineCap, number(s.cap)), (K.Shape.lineJoin, number(s.join)), (K.Shape.miterLimit, number(s.miterLimit))]
        if !s.dashes.isEmpty {
            pairs.append((K.Shape.dashes, .array(s.dashes.map { d in
                let name = d.kind == LottieStroke.dash ? "dash" : d.kind == LottieStroke.gap ? "gap" : "offset"
                return object([(K.Dash.kind, .string(d.kind)), (K.Dash.name, .string(name)), (K.Dash.value, property(d.value))])
            })))
        }
        return pairs
    }

    private static func gradientMembers(_ g: LottieGradient) -> [(StaticString, JSONValue)] {
        var pairs: [(StaticString, JSONValue)] = []
        add(&pairs, K.Shape.opacity, g.opacity)
        pairs.append((K.Shape.fillRule, number(g.evenOdd ? 2 : 1)))
        add(&pairs, K.Shape.start, g.start)
        add(&pairs, K.Shape.end, g.end)
        pairs.append((K.Shape.gradientType, number(g.radial ? 2 : 1)))
        var stops: [(StaticString, JSONValue)] = [(K.GradientStops.count, number(g.colorCount))]
        add(&stops, K.GradientStops.stops, g.stops)
        pairs.append((K.Shape.gradient, object(stops)))
        add(&pairs, K.Shape.highlight, g.highlight)
        add(&pairs, K.Shape.highlightAngle, g.highlightAngle)
        return pairs
    }

    // MARK: - Text

    package static func text(_ t: LottieText) -> JSONValue {
        let docs: [JSONValue] = t.documents.map { k in
            object([(K.Text.document, document(k.document)), (K.Text.time, number(k.time))])
        }
        var grouping: [(StaticString, JSONValue)] = [(K.Text.anchorGrouping, number(t.anchorGrouping))]
        add(&grouping, K.Text.groupingAlignment, t.groupingAlignment)
        return object([
            (K.Text.documents, object([(K.Text.keyframes, .array(docs))])),
            (K.Text.path, object(t.followsPath ? [(K.Text.pathMask, number(0))] : [])),
            (K.Text.grouping, object(grouping)),
            (K.Text.animators, .array(t.animators.map(animator))),
        ])
    }

    static func document(_ d: LottieTextDocument) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [
            (K.TextDocument.string, .string(d.string)), (K.TextDocument.font, .string(d.font)),
            (K.TextDocument.size, number(d.size)), (K.TextDocument.justify, number(d.justify)),
            (K.TextDocument.fillColor, .numbers(d.fillColor)),
        ]
        if let sc = d.strokeColor {
            pairs += [(K.TextDocument.strokeColor, .numbers(sc)), (K.TextDocument.strokeWidth, number(d.strokeWidth)),
                      (K.TextDocument.strokeOverFill, .bool(d.strokeOverFill))]
        }
        pairs += [(K.TextDocument.lineHeight, number(d.lineHeight)), (K.TextDocument.tracking, number(d.tracking)),
                  (K.TextDocument.baselineShift, number(d.baselineShift))]
        if let sz = d.boxSize { pairs.append((K.TextDocument.boxSize, .numbers(sz))) }
        if let ps = d.boxPosition { pairs.append((K.TextDocument.boxPosition, .numbers(ps))) }
        return object(pairs)
    }

    static func animator(_ a: LottieTextAnimator) -> JSONValue {
        var selector: [(StaticString, JSONValue)] = [(K.TextSelector.type, number(a.selectorType))]
        add(&selector, K.TextSelector.start, a.start)
        add(&selector, K.TextSelector.end, a.end)
        add(&selector, K.TextSelector.offset, a.offset)
        add(&selector, K.TextSelector.amount, a.amount)
        add(&selector, K.TextSelector.easeLow, a.easeLow)
        add(&selector, K.TextSelector.easeHigh, a.easeHigh)
        add(&selector, K.TextSelector.smoothness, a.smoothness)
        selector += [(K.TextSelector.units, number(a.indexUnits ? 2 : 1)), (K.TextSelector.basedOn, number(a.basedOn)),
                     (K.TextSelector.shape, number(a.shape)), (K.TextSelector.randomize, flag(a.randomize))]
        var style: [(StaticString, JSONValue)] = []
        add(&style, K.TextStyle.position, a.position)
        add(&style, K.TextStyle.anchor, a.anchor)
        add(&style, K.TextStyle.scale, a.scale)
        add(&style, K.TextStyle.rotation, a.rotation)
        add(&style, K.TextStyle.opacity, a.opacity)
        add(&style, K.TextStyle.fillColor, a.fillColor)
        add(&style, K.TextStyle.strokeColor, a.strokeColor)
        add(&style, K.TextStyle.strokeWidth, a.strokeWidth)
        add(&style, K.TextStyle.tracking, a.tracking)
        return object([(K.TextAnimator.name, .string(a.name)), (K.TextAnimator.selector, object(selector)),
                       (K.TextAnimator.properties, object(style))])
    }

    // MARK: - Animatable properties

    /// `{a: 0, k: value}`, or `{a: 1, k: [keyframes]}` with more than one keyframe. A still
    /// value of one number is written bare, keyframe values always as lists (as After Effects
    /// does); `precise` writes numbers in full (colours).
    package static func property(_ p: LottieProperty, precise: Bool = false) -> JSONValue {
        if p.keyframes.count > 1 {
            return object([(K.Property.animated, number(1)),
                           (K.Property.value, .array(p.keyframes.map { keyframe($0, precise: precise) }))])
        }
        let still = p.value ?? p.keyframes.first?.start
        return object([(K.Property.animated, number(0)), (K.Property.value, still.map { value($0, precise: precise) } ?? number(0))])
    }

    /// A keyframe: `t`, `s`, `e`, then `h` or the easing `i`, `o`, then the spatial tangents.
    package static func keyframe(_ k: LottieKeyframe, precise: Bool = false) -> JSONValue {
        var pairs: [(StaticString, JSONValue)] = [(K.Keyframe.time, number(k.time))]
        if let s = k.start { pairs.append((K.Keyframe.start, keyframeValue(s, precise: precise))) }
        if let e = k.end { pairs.append((K.Keyframe.end, keyframeValue(e, precise: precise))) }
        if k.hold { pairs.append((K.Keyframe.hold, number(1))) }
        if let i = k.inEase { pairs.append((K.Keyframe.inEase, ease(i))) }
        if let o = k.outEase { pairs.append((K.Keyframe.outEase, ease(o))) }
        if let to = k.outTangent { pairs.append((K.Keyframe.outTangent, .numbers(to))) }
        if let ti = k.inTangent { pairs.append((K.Keyframe.inTangent, .numbers(ti))) }
        return object(pairs)
    }

    static func ease(_ e: LottieEase) -> JSONValue {
        object([(K.Keyframe.x, .numbers(e.x)), (K.Keyframe.y, .numbers(e.y))])
    }

    private static func numbers(_ n: [Double], precise: Bool) -> JSONValue {
        precise ? .array(n.map(JSONValue.precise)) : .numbers(n)
    }

    /// A still value: one number bare, several as a list, a shape as its object.
    static func value(_ v: LottieValue, precise: Bool = false) -> JSONValue {
        switch v {
        case .numbers(let n) where n.count == 1: return precise ? .precise(n[0]) : .number(n[0])
        case .numbers(let n): return numbers(n, precise: precise)
        case .shape(let b): return bezier(b)
        }
    }

    /// A keyframe's value: numbers as a list, a shape as a one-element list.
    static func keyframeValue(_ v: LottieValue, precise: Bool = false) -> JSONValue {
        switch v {
        case .numbers(let n): return numbers(n, precise: precise)
        case .shape(let b): return .array([bezier(b)])
        }
    }

    package static func bezier(_ b: LottieBezier) -> JSONValue {
        func list(_ ps: [[Double]]) -> JSONValue { .array(ps.map { .numbers($0) }) }
        return object([(K.Bezier.inTangents, list(b.inTangents)), (K.Bezier.outTangents, list(b.outTangents)),
                       (K.Bezier.vertices, list(b.vertices)), (K.Bezier.closed, .bool(b.closed))])
    }
}
