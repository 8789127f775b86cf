#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// A shape layer's item tree into Core Animation layers.
///
/// Lottie paints lower items first, and a fill or stroke paints every shape above it in its
/// group, nested groups included. Each group becomes a layer carrying the group's transform;
/// inside it, going up from the bottom of the list, each fill or stroke becomes a CAShapeLayer
/// of the shapes above it as one path, nested groups' moved by their transforms, and each
/// nested group a layer of its own styles. A nested group whose outlines a trim, repeater,
/// merge or rounding changes instead receives the styles of its parents below it (painted
/// first, as Lottie does).
extension LottieConverter {
    /// A fill, stroke or gradient that paints shapes, with the trims that cut those shapes
    /// (the nearest first).
    struct Style {
        var shape: LottieShape
        var trims: [LottieShape]
    }

    mutating func shapeLayers(_ items: [LottieShape], owner: String, layer: LottieLayer) -> [Layer] {
        groupContents(items.filter { !$0.hidden }, inherited: [], trims: [], owner: owner, layer: layer)
    }

    /// The layers of one group's items, back to front. `inherited` are the styles of enclosing
    /// groups that paint this group's shapes, in painting order; `outerTrims` the trims of
    /// enclosing groups that cut all of this group's outlines (the nearest first).
    private mutating func groupContents(_ items: [LottieShape], inherited: [Style], trims outerTrims: [LottieShape],
                                        rounding outerRounding: LottieProperty? = nil,
                                        owner: String, layer: LottieLayer) -> [Layer] {
        var items = items.filter { !$0.hidden }
        // Merge paths: the outlines above one become one outline; styles above it are dropped.
        while let m = items.firstIndex(where: { if case .merge = $0.item { return true }; return false }),
              case .merge(let mode) = items[m].item {
            let above = items[..<m].filter { $0.isGeometry || { if case .group = $0.item { return true }; return false }($0) }
            // Intersect: the first outline, clipped by the others where it is painted. One
            // outline alone has nothing to meet: it stays itself (as After Effects draws it).
            let kept = mode == 4 && Self.outlineCount(Array(above)) > 1 ? Self.intersectionFirst : (mode == 4 ? 1 : mode)
            items = [LottieShape(type: "mm", name: items[m].name, item: .merged(Array(above), mode: kept))] + items[(m + 1)...]
        }
        var out: [Layer] = []
        // A trim cuts the outlines above it (nested groups' too), not those below it; item k
        // is cut by the group's trims listed after it, the nearest first, then the outer ones.
        func trims(cutting k: Int) -> [LottieShape] {
            items[(k + 1)...].filter { if case .trim = $0.item { return true }; return false } + outerTrims
        }
        // Rounded corners round every outline in the group, nested groups' included; an `rd`
        // whose radius is always 0 rounds nothing.
        let rounding = items.compactMap { s -> LottieProperty? in
            if case .roundedCorners(let r?) = s.item, r.isAnimated || r.number(at: 0, 0) > 0 { return r }
            return nil
        }.first ?? outerRounding
        // A style paints the outlines of nested groups together with its own as one outline,
        // each moved by the groups' transforms between it and the style (so outlines wound
        // against each other make holes, a translucent fill is not painted twice where they
        // overlap, and a gradient keeps the style's coordinates). Groups holding a trim,
        // repeater, merge or rounding, or cut by a trim, still get the style in a pass of
        // their own.
        let outlined = Set(items.indices.filter { k in
            if case .group(let sub) = items[k].item { return trims(cutting: k).isEmpty && Self.outlinesOnly(sub) }
            return false
        })
        let shapeIndices = items.indices.filter { items[$0].isGeometry || outlined.contains($0) }
        /// Item k as an outline: a nested group's outlines are one merged outline.
        func outlineItem(_ k: Int) -> LottieShape {
            outlined.contains(k) ? LottieShape(type: "gr", name: items[k].name, item: .merged([items[k]], mode: 1)) : items[k]
        }
        /// One style over the outlines `indices`: a layer for each set of outlines cut alike.
        func painting(_ style: LottieShape, _ indices: [Int]) -> [Layer] {
            let runs = Dictionary(grouping: indices) { k in trims(cutting: k).count }
            return runs.keys.sorted().flatMap { n in
                styleLayers(Style(shape: style, trims: trims(cutting: runs[n]![0])), shapes: runs[n]!.map(outlineItem),
                            owner: owner, layer: layer, rounding: rounding)
            }
        }
        for s in items {
            switch s.item {
            case .unknown: warnings.add("shape {item|items} of unknown types skipped", "\(display(layer.name)) (\(s.type))")
            default: break
            }
        }
        // Repeaters: the items above one are drawn in copies.
        if let r = items.lastIndex(where: { if case .repeater = $0.item { return true }; return false }) {
            let above = Array(items[..<r]), below = Array(items[(r + 1)...])
            // Styles below the repeater paint the copies too (the lowest first): Lottie copies
            // the outlines above it, and every style under them paints every copy.
            let belowStyles = items.indices.filter { $0 > r && items[$0].isStyle }.reversed().map { Style(shape: items[$0], trims: []) }
            if case .repeater(let copies, _, _, let tr) = items[r].item, Self.repeaterCompounds(tr),
               Self.maxRepeaterCount(copies) <= Self.maxExplicitRepeaterCopies {
                // Copies that move and turn: one layer each (see LottieConverter+Repeater).
                var holder = Layer(name: uniqueName("\(owner)_\(sanitized(items[r].name, fallback: "repeater"))"), kind: .layer)
                for k in 0..<Self.maxRepeaterCount(copies) {
                    var copy = Layer(name: uniqueName("\(holder.name)_copy\(k)"), kind: .layer)
                    copy.sublayers = groupContents(above, inherited: inherited + belowStyles, trims: trims(cutting: r), rounding: outerRounding,
                                                   owner: owner, layer: layer)
                    repeaterCopy(items[r], index: k, &copy, layer: layer)
                    holder.sublayers.append(copy)
                }
                if case .repeater(_, _, true, _) = items[r].item { warnings.add("{repeater|repeaters} stacking copies below drawn above", display(layer.name)) }
                let rest = groupContents(below, inherited: inherited, trims: outerTrims, rounding: outerRounding, owner: owner, layer: layer)
                return rest + [holder]
            }
            let inner = groupContents(above, inherited: inherited + belowStyles, trims: trims(cutting: r), rounding: outerRounding,
                                      owner: owner, layer: layer)
            var rep = Layer(name: uniqueName("\(owner)_\(sanitized(items[r].name, fallback: "repeater"))"), kind: .replicator)
            var content = inner
            repeater(items[r], &rep, content: &content, layer: layer)
            rep.sublayers = content
            let rest = groupContents(below, inherited: inherited, trims: outerTrims, rounding: outerRounding, owner: owner, layer: layer)
            return rest + [rep]
        }
        for style in inherited where !shapeIndices.isEmpty {
            out += painting(style.shape, shapeIndices)
        }
        for k in items.indices.reversed() {
            let s = items[k]
            switch s.item {
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let painted = shapeIndices.filter { $0 < k }
                if !painted.isEmpty { out += painting(s, painted) }
            case .group(let sub):
                // Styles of this group below the subgroup paint it too, the lowest first.
                let below = items.indices.filter { $0 > k && items[$0].isStyle }.reversed().map { Style(shape: items[$0], trims: []) }
                var g = Layer(name: uniqueName("\(owner)_\(sanitized(s.name, fallback: "group"))"), kind: .layer)
                if let tr = sub.first(where: { if case .transform = $0.item { return true }; return false }), case .transform(let t) = tr.item {
                    applyTransform(t, to: &g, owner: layer, opacity: true, sourcePrefix: "\(display(s.name)) tr")
                }
                g.sublayers = groupContents(sub, inherited: outlined.contains(k) ? [] : inherited + below, trims: trims(cutting: k),
                                            rounding: rounding, owner: owner, layer: layer)
                if !g.sublayers.isEmpty {
                    out.append(g)
                } else {
                    // Nothing of its own to draw (its outlines are in its parents' styles'
                    // paths): its transform's animations go with it.
                    for a in document.animations where a.layer == g.name { provenance[a.name] = nil }
                    document.animations.removeAll { $0.layer == g.name }
                }
            default:
                break
            }
        }
        return out
    }

    /// The layers one style paints `shapes` with: one CAShapeLayer (or a gradient layer masked
    /// by one) over the shapes' combined outline; with trims applied "simultaneously" and
    /// several shapes, one layer a shape.
    private mutating func styleLayers(_ style: Style, shapes: [LottieShape], owner: String, layer: LottieLayer,
                                      rounding: LottieProperty?, splitIntersection: Bool = true) -> [Layer] {
        // A stroke of an intersection: the first outline clipped by the others, and the others
        // clipped by the first — together the intersection's edge.
        if splitIntersection, style.shape.isStroke, shapes.count == 1, Self.mergeMode(shapes[0]) == Self.intersectionFirst,
           case .merged(let pieces, _) = shapes[0].item {
            var others = shapes[0]
            others.item = .merged(pieces, mode: Self.intersectionOthers)
            return styleLayers(style, shapes: shapes, owner: owner, layer: layer, rounding: rounding, splitIntersection: false)
                + styleLayers(style, shapes: [others], owner: owner, layer: layer, rounding: rounding, splitIntersection: false)
        }
        // An intersection or exclusion is painted on a layer of its own (its clip or its
        // even-odd rule would otherwise reach the other outlines).
        if shapes.count > 1, let k = shapes.firstIndex(where: { Self.mergeMode($0) == Self.intersectionFirst || Self.mergeMode($0) == 5 }) {
            var rest = shapes
            let alone = rest.remove(at: k)
            return styleLayers(style, shapes: rest, owner: owner, layer: layer, rounding: rounding)
                + styleLayers(style, shapes: [alone], owner: owner, layer: layer, rounding: rounding)
        }
        let simultaneous = style.trims.contains { if case .trim(_, _, _, let ind) = $0.item { return !ind }; return false }
        if simultaneous, shapes.count > 1, style.shape.isStroke, style.trims.count == 1 {
            return shapes.flatMap { styleLayers(style, shapes: [$0], owner: owner, layer: layer, rounding: rounding) }
        }
        let who = display(layer.name)
        let styleName = sanitized(style.shape.name, fallback: style.shape.type)
        var l = Layer(name: uniqueName("\(owner)_\(styleName)"), kind: .shape)
        outline(shapes, into: &l, layer: layer, rounding: rounding)
        let exclusion = shapes.contains { Self.mergeMode($0) == 5 }
        // The clip of an intersection: a mask of the other outlines united.
        var clip: Layer?
        if let s = shapes.first(where: { [Self.intersectionFirst, Self.intersectionOthers].contains(Self.mergeMode($0)) }),
           case .merged(let pieces, let mode) = s.item {
            if style.shape.isStroke, mode == Self.intersectionFirst, Self.outlineCount(pieces) > 2 {
                warnings.add("{stroke|strokes} of intersections of more than two outlines also drawn where those outlines cross inside",
                             "\(who) \(display(s.name))")
            }
            var c = Layer(name: uniqueName(l.name + "_clip"), kind: .shape)
            let against = mode == Self.intersectionFirst ? Self.intersectionRest : Self.intersectionFirst
            outline([LottieShape(type: "mm", name: s.name, item: .merged(pieces, mode: against))], into: &c,
                    layer: layer, rounding: rounding)
            clip = c
        }
        /// A gradient is clipped by a layer around it (its own mask is already its outline).
        func clipped(_ g: Layer) -> Layer {
            guard let clip else { return g }
            var holder = Layer(name: uniqueName(g.name + "_clipped"), kind: .layer)
            holder.properties["mask"] = .string(clip.name)
            holder.sublayers = [g, clip]
            return holder
        }
        /// A fill or stroke takes the clip as its mask (a stroke after its trim is copied, so
        /// that a piece past the end does not copy the clip's name).
        func attachClip(_ l: inout Layer) {
            guard let clip else { return }
            l.properties["mask"] = .string(clip.name)
            l.sublayers.append(clip)
        }
        switch style.shape.item {
        case .fill(let color, let opacity, let evenOdd):
            if evenOdd || exclusion { l.properties["fillRule"] = .string(FillRule.evenOdd.rawValue) }
            attachClip(&l)
            paint(color, opacity, into: &l, "fillColor", Source(layer: who, property: "\(style.shape.name) fl.c"))
            // A trim cuts the outline itself, so a fill fills what its trims leave.
            if !style.trims.isEmpty {
                nestedTrims(style.trims, shapes: shapes, into: &l, layer: layer, rounding: rounding, closed: true)
            }
            return [l]
        case .stroke(let st):
            l.properties["fillColor"] = .color(.clear)
            paint(st.color, st.opacity, into: &l, "strokeColor", Source(layer: who, property: "\(style.shape.name) st.c"))
            strokeAttributes(st, &l, Source(layer: who, property: "\(style.shape.name) st"))
            if style.trims.count > 1 {
                nestedTrims(style.trims, shapes: shapes, into: &l, layer: layer, rounding: rounding, closed: false)
                attachClip(&l)
                return [l]
            }
            let wrapped = trimDashed(st, style.trims, &l, shapes: shapes, rounding: rounding, who, "st")
            attachClip(&l)
            return [l] + (wrapped.map { [$0] } ?? [])
        case .gradientFill(let g):
            if evenOdd(g) || exclusion { l.properties["fillRule"] = .string(FillRule.evenOdd.rawValue) }
            l.properties["fillColor"] = .color(.white)
            return [clipped(gradientLayer(g, mask: l, owner: owner, layer: layer, style: style.shape))]
        case .gradientStroke(let g, let st):
            l.properties["fillColor"] = .color(.clear)
            l.properties["strokeColor"] = .color(.white)
            strokeAttributes(st, &l, Source(layer: who, property: "\(style.shape.name) gs"))
            // The stroke is the gradient's mask: a stretch that wraps past the end puts its
            // piece from the start of the path inside the mask, so the gradient shows through both.
            if style.trims.count > 1 {
                nestedTrims(style.trims, shapes: shapes, into: &l, layer: layer, rounding: rounding, closed: false)
            } else if let piece = trimDashed(st, style.trims, &l, shapes: shapes, rounding: rounding, who, "gs") {
                l.sublayers.append(piece)
            }
            return [clipped(gradientLayer(g, mask: l, owner: owner, layer: layer, style: style.shape))]
        default:
            return []
        }
    }

    private func evenOdd(_ g: LottieGradient) -> Bool { g.evenOdd }

    /// Sets the layer's `path` to the shapes' combined outline: fixed, one animated `sh` as
    /// path keyframes, or anything else animated sampled each frame.
    mutating func outline(_ shapes: [LottieShape], into l: inout Layer, layer: LottieLayer, rounding: LottieProperty?) {
        let who = display(layer.name)
        let props = shapes.flatMap(\.geometryProperties) + [rounding]
        if shapes.count == 1, rounding == nil, case .path(let ks?, _) = shapes[0].item, ks.isAnimated,
           let first = ks.keyframes.first?.start?.shape,
           ks.keyframes.allSatisfy({ ($0.start?.shape?.vertices.count ?? -1) == first.vertices.count }) {
            noteExpression(ks, Source(layer: who, property: "\(shapes[0].name) sh.ks"))
            let converted = LottieProperty(value: nil, keyframes: ks.keyframes.map { k in
                var k = k
                k.start = k.start.map { .numbers(pathNumbers($0.shape!)) }
                k.end = k.end.flatMap { $0.shape.map { .numbers(pathNumbers($0)) } }
                return k
            }, expression: nil)
            apply(converted, to: &l, "path", Source(layer: who, property: "\(shapes[0].name) sh.ks")) { n in
                .path(bezierPath(fromNumbers: n))
            }
            return
        }
        for p in props.compactMap({ $0 }) { noteExpression(p, Source(layer: who, property: "shape")) }
        l.properties["path"] = .path(Self.combinedPath(shapes, at: animatedSpan(props)?.lowerBound ?? 0, rounding: rounding))
        if rounding == nil, let keyed = Self.keyedOutline(shapes) {
            addKeyed(keyed, layer: l.name, "path", Source(layer: who, property: shapes.map { $0.type }.joined(separator: "+")))
            return
        }
        if let span = animatedSpan(props) {
            addSampled(layer: l.name, "path", frames: span, Source(layer: who, property: shapes.map { $0.type }.joined(separator: "+"))) { f in
                .path(Self.combinedPath(shapes, at: f, rounding: rounding))
            }
        }
    }

    /// The combined outline as path keyframes at the shapes' own keyframes, where that is what
    /// players draw: ellipses and unrounded rectangles are linear in their position and size,
    /// so interpolating the outlines' points with a keyframe's easing gives the outline of the
    /// eased position and size, exactly as sampling would. That holds when every animated
    /// position and size shares the keyframe times, holds and easing (alike in every
    /// dimension), moves in straight lines (no spatial tangents), eases within 0…1 and keeps
    /// sizes from changing sign (players draw the size's magnitude); otherwise nil, and the
    /// caller samples each frame (a file of pulsing dots then saves as a few keyframes a dot).
    static func keyedOutline(_ shapes: [LottieShape]) -> (times: [Double], values: [Value], curves: [TimingFunction])? {
        var animated: [LottieProperty] = [], sizes: [LottieProperty] = []
        for s in shapes {
            switch s.item {
            case .ellipse(let p, let size, _):
                animated += [p, size].compactMap { $0 }.filter(\.isAnimated)
                if let size, size.isAnimated { sizes.append(size) }
            case .rectangle(let p, let size, let r, _):
                // A rounded corner is clamped to half the side: not linear in the size.
                if r?.isAnimated == true || (size?.isAnimated == true && (r?.number(at: 0, 0) ?? 0) != 0) { return nil }
                animated += [p, size].compactMap { $0 }.filter(\.isAnimated)
                if let size, size.isAnimated { sizes.append(size) }
            case .path(let ks, _):
                if ks?.isAnimated == true { return nil }
            default:
                return nil
            }
        }
        guard let lead = sharedKeyframes(animated) else { return nil }
        for s in sizes {
            for k in s.keyframes { for v in [k.start, k.end].compactMap({ $0?.numbers }) where v.contains(where: { $0 < 0 }) { return nil } }
        }
        return keyed(lead) { .path(combinedPath(shapes, at: $0, rounding: nil)) }
    }

    /// The keyframes that `animated` all share, when a value linear in theirs can be keyed
    /// there with their easing: the same times and holds, easing alike in every dimension and
    /// within 0…1 (an overshoot would leave what the value is linear over), no spatial tangents,
    /// and no Bodymovin 4.x segment ending where the next does not start. Nil otherwise.
    static func sharedKeyframes(_ animated: [LottieProperty]) -> [LottieKeyframe]? {
        guard let lead = animated.first?.keyframes, lead.count >= 2 else { return nil }
        for q in animated {
            guard q.keyframes.count == lead.count else { return nil }
            for (i, k) in q.keyframes.enumerated() {
                let dims = k.start?.numbers?.count ?? 1
                guard k.time == lead[i].time, k.hold == lead[i].hold, k.easesAlike(dimensions: dims),
                      (k.outTangent ?? []).allSatisfy({ $0 == 0 }), (k.inTangent ?? []).allSatisfy({ $0 == 0 }),
                      k.timingFunction(dimension: 0) == lead[i].timingFunction(dimension: 0) else { return nil }
                for e in [k.outEase, k.inEase].compactMap({ $0 }) where e.y.contains(where: { $0 < 0 || $0 > 1 }) { return nil }
                if let e = k.end?.numbers, i + 1 < q.keyframes.count, let next = q.keyframes[i + 1].start?.numbers, next != e {
                    return nil
                }
            }
        }
        return lead
    }

    /// `value` at each of `lead`'s keyframes, with their easing and holds, as keyframe times
    /// (frames), values and timing functions.
    static func keyed(_ lead: [LottieKeyframe], _ value: (Double) -> Value) -> (times: [Double], values: [Value], curves: [TimingFunction]) {
        var times: [Double] = [], values: [Value] = [], curves: [TimingFunction] = []
        for (i, k) in lead.enumerated() {
            let v = value(k.time)
            times.append(k.time); values.append(v)
            guard i + 1 < lead.count else { break }
            if k.hold {
                curves.append(.linear)
                times.append(lead[i + 1].time); values.append(v)
                curves.append(.linear)
            } else {
                curves.append(k.timingFunction(dimension: 0))
            }
        }
        return (times, values, curves)
    }

    static func combinedPath(_ shapes: [LottieShape], at frame: Double, rounding: LottieProperty?) -> Path {
        var elements: [PathElement] = []
        for s in shapes { elements += Self.geometry(s, at: frame, rounding: rounding).elements }
        return Path(elements)
    }

    /// One shape's outline at `frame`.
    static func geometry(_ s: LottieShape, at frame: Double, rounding: LottieProperty?) -> Path {
        switch s.item {
        case .rectangle(let p, let size, let r, let reversed):
            let c = p?.numbers(at: frame, [0, 0]) ?? [0, 0], wh = size?.numbers(at: frame, [0, 0]) ?? [0, 0]
            guard c.count >= 2, wh.count >= 2 else { return .empty }
            var radius = r?.number(at: frame, 0) ?? 0
            if radius == 0, let rounding { radius = rounding.number(at: frame, 0) }
            return LottieOutline.rectangle(center: Point(c[0], c[1]), width: abs(wh[0]), height: abs(wh[1]),
                                           radius: radius, reversed: reversed)
        case .ellipse(let p, let size, let reversed):
            let c = p?.numbers(at: frame, [0, 0]) ?? [0, 0], wh = size?.numbers(at: frame, [0, 0]) ?? [0, 0]
            guard c.count >= 2, wh.count >= 2 else { return .empty }
            return LottieOutline.ellipse(center: Point(c[0], c[1]), width: abs(wh[0]), height: abs(wh[1]), reversed: reversed)
        case .polystar(let star):
            return LottieRoundedCorners.rounding(Self.polystar(star, at: frame), radius: rounding?.number(at: frame, 0) ?? 0)
        case .path(let ks, _):
            guard let b = ks?.value(at: frame)?.shape else { return .empty }
            return LottieRoundedCorners.rounding(bezierPath(b), radius: rounding?.number(at: frame, 0) ?? 0)
        case .merged(let items, let mode):
            return merged(items, mode: mode, at: frame, rounding: rounding)
        default:
            return .empty
        }
    }

    /// Not modes of a file: the two parts of an intersection, the first outline (painted) and
    /// the others united (its clip, a mask layer), so that coverage multiplies as the
    /// intersection of the areas does.
    static let intersectionFirst = 41, intersectionRest = 42
    /// The others united, stroked (clipped by the first outline).
    static let intersectionOthers = 43

    /// Whether a group's items are only outlines, styles, its transform and groups of the same
    /// kind: nothing that changes its outlines for the styles of enclosing groups.
    static func outlinesOnly(_ items: [LottieShape]) -> Bool {
        items.allSatisfy { s in
            if s.hidden || s.isGeometry || s.isStyle { return true }
            switch s.item {
            case .transform: return true
            case .group(let sub): return outlinesOnly(sub)
            default: return false
            }
        }
    }

    /// How many outlines the items hold, nested groups' included.
    static func outlineCount(_ items: [LottieShape]) -> Int {
        items.reduce(0) { n, s in
            if s.hidden { return n }
            if case .group(let sub) = s.item { return n + outlineCount(sub) }
            return n + (s.isGeometry ? 1 : 0)
        }
    }

    /// The mode of a merged outline, or nil for any other item.
    static func mergeMode(_ s: LottieShape) -> Int? {
        if case .merged(_, let mode) = s.item { return mode }
        return nil
    }

    /// Outlines combined as merge paths does: merge keeps them as they are, add winds each the
    /// way the first goes, subtract winds the others against it (so where they overlap it,
    /// non-zero winding cancels), exclude keeps them as they are for an even-odd fill. An
    /// intersection is its first outline and, apart, the others wound alike (their union).
    private static func merged(_ items: [LottieShape], mode: Int, at frame: Double, rounding: LottieProperty?) -> Path {
        var pieces: [Path] = []
        func collect(_ items: [LottieShape], _ t: AffineTransform) {
            for s in items where !s.hidden {
                switch s.item {
                case .group(let sub):
                    var inner = AffineTransform.identity
                    if let tr = sub.first(where: { if case .transform = $0.item { return true }; return false }), case .transform(let g) = tr.item {
                        inner = matrix(g, at: frame)
                    }
                    collect(sub, inner.concatenating(t))
                default:
                    if s.isGeometry {
                        let p = geometry(s, at: frame, rounding: rounding)
                        if !p.isEmpty { pieces.append(p.applying(t)) }
                    }
                }
            }
        }
        collect(items, .identity)
        if mode == intersectionFirst { return pieces.first ?? .empty }
        if mode == intersectionRest || mode == intersectionOthers {
            guard pieces.count > 1 else { return .empty }
            pieces.removeFirst()
            return merged(pieces: pieces, mode: 2)
        }
        return merged(pieces: pieces, mode: mode)
    }

    /// Pieces combined by an add (2), subtract (3) or any other mode (kept as they are).
    private static func merged(pieces: [Path], mode: Int) -> Path {
        guard let first = pieces.first else { return .empty }
        let sign = orientation(first)
        var e = first.elements
        for p in pieces.dropFirst() {
            let own = orientation(p)
            switch mode {
            case 2: e += (own == sign ? p : reversedPath(p)).elements
            case 3: e += (own == sign ? reversedPath(p) : p).elements
            default: e += p.elements
            }
        }
        return Path(e)
    }

    /// A group transform (`tr`) at a frame: about the anchor, scale, skew, rotate, then to position.
    static func matrix(_ t: LottieTransform, at f: Double) -> AffineTransform {
        let a = t.anchor?.numbers(at: f, [0, 0]) ?? [0, 0], p = t.position?.numbers(at: f, [0, 0]) ?? [0, 0]
        let s = t.scale?.numbers(at: f, [100, 100]) ?? [100, 100], r = (t.rotation?.number(at: f, 0) ?? 0) * .pi / 180
        let px = t.positionX?.number(at: f, p.count > 0 ? p[0] : 0) ?? (p.count > 0 ? p[0] : 0)
        let py = t.positionY?.number(at: f, p.count > 1 ? p[1] : 0) ?? (p.count > 1 ? p[1] : 0)
        let skew = skews(t) ? skewMatrix(skew: t.skew?.number(at: f, 0) ?? 0, axis: t.skewAxis?.number(at: f, 0) ?? 0) : .identity
        return AffineTransform.translation(-(a.count > 0 ? a[0] : 0), -(a.count > 1 ? a[1] : 0))
            .concatenating(.scale(s[0] / 100, (s.count > 1 ? s[1] : s[0]) / 100))
            .concatenating(skew)
            .concatenating(.rotation(r))
            .concatenating(.translation(px, py))
    }

    /// 1 when a path's points run clockwise on screen (positive shoelace area), else -1.
    private static func orientation(_ p: Path) -> Double {
        let pts = p.allPoints
        var a = 0.0
        for i in pts.indices { let q = pts[(i + 1) % pts.count]; a += pts[i].x * q.y - q.x * pts[i].y }
        return a < 0 ? -1 : 1
    }

    /// The path run backwards, subpath by subpath.
    static func reversedPath(_ p: Path) -> Path {
        var out: [PathElement] = []
        var sub: [PathElement] = []
        func flush() {
            guard case .move(let start)? = sub.first else { sub = []; return }
            let closed = sub.last == .close
            var pen = start
            var segments: [(from: Point, element: PathElement)] = []
            for e in sub.dropFirst() {
                switch e {
                case .line(let q): segments.append((pen, e)); pen = q
                case .quad(_, let q): segments.append((pen, e)); pen = q
                case .cubic(_, _, let q): segments.append((pen, e)); pen = q
                case .move, .close: break
                }
            }
            out.append(.move(pen))
            for (from, e) in segments.reversed() {
                switch e {
                case .line: out.append(.line(from))
                case .quad(let c, _): out.append(.quad(c, from))
                case .cubic(let c1, let c2, _): out.append(.cubic(c2, c1, from))
                default: break
                }
            }
            if closed { out.append(.close) }
            sub = []
        }
        for e in p.elements {
            if case .move = e { flush() }
            sub.append(e)
        }
        flush()
        return Path(out)
    }

    private static func polystar(_ s: LottiePolystar, at frame: Double) -> Path {
        let c = s.position?.numbers(at: frame, [0, 0]) ?? [0, 0]
        guard c.count >= 2 else { return .empty }
        let n = min(Double(LottieReader.Limits.polystarPoints), max(0, s.points?.number(at: frame, 5) ?? 5))
        guard n >= (s.isStar ? 1 : 2), n.isFinite else { return .empty }
        return LottieOutline.polystar(center: Point(c[0], c[1]), points: n,
                                      outer: s.outerRadius?.number(at: frame, 0) ?? 0, inner: s.innerRadius?.number(at: frame, 0) ?? 0,
                                      outerRoundness: s.outerRoundness?.number(at: frame, 0) ?? 0,
                                      innerRoundness: s.isStar ? s.innerRoundness?.number(at: frame, 0) ?? 0 : 0,
                                      rotation: s.rotation?.number(at: frame, 0) ?? 0, isStar: s.isStar, reversed: s.reversed)
    }

    /// Fill or stroke colour: `c` with `o` (percent) as alpha. A fourth component of `c` is
    /// not an alpha: lottie-web, lottie-android and rlottie paint with `o` alone, so a file
    /// whose colour says 0.36 there is drawn opaque by them, and here.
    private mutating func paint(_ color: LottieProperty?, _ opacity: LottieProperty?, into l: inout Layer, _ keyPath: String, _ source: Source) {
        func colour(_ c: [Double], _ o: Double) -> Value {
            let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
            func ch(_ i: Int) -> Double { c.count > i ? min(1, max(0, c[i] / scale)) : 0 }
            return .color(Color(ch(0), ch(1), ch(2), min(1, max(0, o / 100))))
        }
        let c = color ?? LottieProperty(value: .numbers([0, 0, 0, 1]))
        let o = opacity ?? LottieProperty(value: .numbers([100]))
        if o.isAnimated && c.isAnimated {
            noteExpression(c, source); noteExpression(o, source)
            l.properties[keyPath] = colour(c.numbers(at: 0, [0, 0, 0]), o.number(at: 0, 100))
            if let span = animatedSpan([c, o]) {
                addSampled(layer: l.name, keyPath, frames: span, source) { f in colour(c.numbers(at: f, [0, 0, 0]), o.number(at: f, 100)) }
            }
        } else if o.isAnimated {
            let fixed = c.numbers(at: 0, [0, 0, 0])
            apply(o, to: &l, keyPath, Source(layer: source.layer, property: source.property.replacingLast("o"))) { n in colour(fixed, n.first ?? 100) }
        } else {
            let alpha = o.number(at: 0, 100)
            noteExpression(o, source)
            apply(c, to: &l, keyPath, source) { n in colour(n, alpha) }
        }
    }

    private mutating func strokeAttributes(_ st: LottieStroke, _ l: inout Layer, _ source: Source) {
        apply(st.width ?? LottieProperty(value: .numbers([1])), to: &l, "lineWidth", Source(layer: source.layer, property: source.property + ".w")) { n in
            n.first.map { .number(max(0, $0)) }
        }
        l.properties["lineCap"] = .string([1: LineCap.butt, 2: .round, 3: .square][st.cap, default: .round].rawValue)
        l.properties["lineJoin"] = .string([1: LineJoin.miter, 2: .round, 3: .bevel][st.join, default: .round].rawValue)
        l.properties["miterLimit"] = .number(max(0, st.miterLimit))
        if !st.dashes.isEmpty { dashes(st, &l, source) }
    }

    /// `d`: dash and gap lengths as `lineDashPattern` (an odd count repeated, as Core Graphics
    /// and SVG read it), the offset as `lineDashPhase`. An animated length makes the pattern
    /// LayerLab's animated `lineDashPattern`, sampled each frame (Core Animation does not
    /// animate it; the Swift export says so); an animated offset keeps its own keyframes.
    private mutating func dashes(_ st: LottieStroke, _ l: inout Layer, _ source: Source) {
        let lengths = st.dashes.filter { $0.kind != "o" }.map(\.value)
        let offset = st.dashes.first { $0.kind == "o" }?.value
        func pattern(_ f: Double) -> Value {
            let p = lengths.map { v -> Double in let n = v.number(at: f, 0); return n.isFinite ? max(0, n) : 0 }
            return .list((p.count % 2 == 1 ? p + p : p).map { .number($0) })
        }
        let span = animatedSpan(lengths)
        let dashed: Bool
        if let span {
            var f = span.lowerBound, any = false
            while f <= span.upperBound && !any {
                any = pattern(f).list?.contains { ($0.number ?? 0) > 0 } ?? false
                f += max(1, (span.upperBound - span.lowerBound) / 2000)
            }
            dashed = any
        } else {
            dashed = pattern(0).list?.contains { ($0.number ?? 0) > 0 } ?? false
        }
        guard dashed else { return }
        for v in lengths { noteExpression(v, Source(layer: source.layer, property: source.property + ".d")) }
        l.properties["lineDashPattern"] = pattern(span?.lowerBound ?? 0)
        if let span {
            addSampled(layer: l.name, "lineDashPattern", frames: span, Source(layer: source.layer, property: source.property + ".d")) { f in
                pattern(f)
            }
        }
        apply(offset, to: &l, "lineDashPhase", Source(layer: source.layer, property: source.property + ".d.o")) { n in
            n.first.flatMap { $0.isFinite ? .number($0) : nil }
        }
    }

    /// A stroke's one trim (`trim`) with its dashes moved to start where the stretch starts
    /// (`alignDashes`); the piece past the end of the path, when the stretch wraps there.
    private mutating func trimDashed(_ st: LottieStroke, _ trims: [LottieShape], _ l: inout Layer, shapes: [LottieShape],
                                     rounding: LottieProperty?, _ who: String, _ property: String) -> Layer? {
        var wrapped = trim(trims, &l, Source(layer: who, property: "tm"))
        if !st.dashes.isEmpty, !trims.isEmpty {
            alignDashes(st, trims, &l, wrap: &wrapped, shapes: shapes, rounding: rounding, Source(layer: who, property: property))
        }
        return wrapped
    }

    /// A trim's stretch at frame `f` as (start, end) within 0…1, and the wrapped piece's end
    /// (0: none).
    static func trimEnds(_ s: LottieProperty?, _ e: LottieProperty?, _ o: LottieProperty?, at f: Double) -> (Double, Double, Double) {
        let a = (s?.number(at: f, 0) ?? 0) / 100, b = (e?.number(at: f, 100) ?? 100) / 100
        let shift = (o?.number(at: f, 0) ?? 0) / 360
        if max(a, b) - min(a, b) >= 1 - 1e-9 { return (0, 1, 0) }  // the whole length, wherever it starts
        var lo = min(a, b) + shift, hi = max(a, b) + shift
        let whole = lo.rounded(.down)
        lo -= whole; hi -= whole
        let wrapped = hi > 1 ? min(hi - 1, 1) : 0
        return (min(max(lo, 0), 1), min(max(hi, 0), 1), max(wrapped, 0))
    }

    /// Lottie dashes the trimmed stretch, from where it starts; LayerLab (like Core Graphics)
    /// lays dashes on the whole path and then trims. So the phase is moved back by the
    /// stretch's start (and the wrapped piece's on by the rest of the path), sampled each frame
    /// when the trim, the dashes or the outline move.
    private mutating func alignDashes(_ st: LottieStroke, _ trims: [LottieShape], _ l: inout Layer, wrap: inout Layer?,
                                      shapes: [LottieShape], rounding: LottieProperty?, _ source: Source) {
        guard let t = trims.first, case .trim(let s, let e, let o, _) = t.item, l.properties["lineDashPattern"] != nil else { return }
        let lengths = st.dashes.filter { $0.kind != "o" }.map(\.value)
        let offset = st.dashes.first { $0.kind == "o" }?.value
        let moving = [s, e, o, offset] + lengths + shapes.flatMap(\.geometryProperties) + [rounding]
        func phases(_ f: Double) -> (Double, Double) {
            let start = Self.trimEnds(s, e, o, at: f).0
            guard start > 0 else { return (offset?.number(at: f, 0) ?? 0, 0) }
            let length = Self.combinedPath(shapes, at: f, rounding: rounding).length
            var period = lengths.reduce(0) { $0 + max(0, $1.number(at: f, 0)) }
            if lengths.count % 2 == 1 { period *= 2 }
            let p = offset?.number(at: f, 0) ?? 0
            func wrapped(_ x: Double) -> Double { period > 0 && x.isFinite ? x - (x / period).rounded(.down) * period : 0 }
            return (wrapped(p - start * length), wrapped(p + (1 - start) * length))
        }
        let span = animatedSpan(moving)
        let first = phases(span?.lowerBound ?? 0)
        guard first.0 != (offset?.number(at: 0, 0) ?? 0) || span != nil else { return }
        func drop(_ layer: String) {
            for a in document.animations where a.layer == layer && a.keyPath == "lineDashPhase" { provenance[a.name] = nil }
            document.animations.removeAll { $0.layer == layer && $0.keyPath == "lineDashPhase" }
        }
        drop(l.name)
        l.properties["lineDashPhase"] = .number(first.0)
        if var w = wrap {
            drop(w.name)
            w.properties["lineDashPhase"] = .number(first.1)
            wrap = w
        }
        guard let span else { return }
        addSampled(layer: l.name, "lineDashPhase", frames: span, Source(layer: source.layer, property: "tm+d")) { f in .number(phases(f).0) }
        if let w = wrap {
            addSampled(layer: w.name, "lineDashPhase", frames: span, Source(layer: source.layer, property: "tm+d")) { f in .number(phases(f).1) }
        }
    }

    /// Trim paths as strokeStart/strokeEnd: start and end percent, shifted by the offset
    /// (degrees, a full turn the whole length); sampled each frame when animated.
    /// Returns the layer drawing the piece past the end of the path when the trimmed stretch
    /// wraps there (Core Animation's strokeStart/strokeEnd cannot wrap): a copy of the stroke
    /// from 0 to where the stretch ends.
    private mutating func trim(_ trims: [LottieShape], _ l: inout Layer, _ source: Source) -> Layer? {
        guard let t = trims.first, case .trim(let s, let e, let o, _) = t.item else { return nil }
        /// The stretch as (start, end) within 0…1, and the wrapped piece's end (0: none).
        func ends(_ f: Double) -> (Double, Double, Double) { Self.trimEnds(s, e, o, at: f) }
        for p in [s, e, o].compactMap({ $0 }) { noteExpression(p, source) }
        let span = animatedSpan([s, e, o])
        let (a, b, _) = ends(span?.lowerBound ?? 0)
        l.properties["strokeStart"] = .number(a)
        l.properties["strokeEnd"] = .number(b)
        // Does the stretch ever wrap past the end?
        var wraps = false
        if let span {
            var f = span.lowerBound
            while f <= span.upperBound && !wraps { wraps = ends(f).2 > 0; f += max(1, (span.upperBound - span.lowerBound) / 2000) }
        } else {
            wraps = ends(0).2 > 0
        }
        var piece: Layer?
        if wraps {
            var w = l
            w.name = uniqueName(l.name + "_wrap")
            w.properties["strokeStart"] = .number(0)
            w.properties["strokeEnd"] = .number(ends(span?.lowerBound ?? 0).2)
            // The copy animates as the stroke does (its path, colour, width).
            for anim in document.animations where anim.layer == l.name {
                var copy = anim
                copy.layer = w.name
                copy.name = uniqueName(w.name + "." + (anim.keyPath ?? "animation"), dots: true)
                document.animations.append(copy)
                provenance[copy.name] = provenance[anim.name]
            }
            if let span {
                addSampled(layer: w.name, "strokeEnd", frames: span, Source(layer: source.layer, property: "tm")) { f in .number(ends(f).2) }
            }
            piece = w
        }
        guard let span else { return piece }
        if o?.isAnimated != true, (o?.number(at: 0, 0) ?? 0) == 0, [s, e].compactMap({ $0 }).filter(\.isAnimated).count == 1,
           let moving = [s, e].compactMap({ $0 }).first(where: \.isAnimated) {
            // One end keyframed: its own keyframes and easing.
            let unset: Double = s?.isAnimated == true ? 100 : 0   // a missing end is 100 %, a missing start 0 %
            let fixed = (s?.isAnimated == true ? e : s)?.number(at: 0, unset) ?? unset
            let key = s?.isAnimated == true ? "strokeStart" : "strokeEnd"
            let crosses = moving.keyframes.contains { k in
                let v = k.start?.numbers?.first ?? 0
                return key == "strokeStart" ? v > fixed : v < fixed
            }
            if !crosses && piece == nil {
                // The fixed end as it is: at the first frame both ends may meet (a draw-on from
                // 100 % to 100 %), where the empty stretch read above says nothing of it.
                l.properties[key == "strokeStart" ? "strokeEnd" : "strokeStart"] = .number(min(1, max(0, fixed / 100)))
                apply(moving, to: &l, key, Source(layer: source.layer, property: "tm." + (key == "strokeStart" ? "s" : "e"))) { n in
                    n.first.map { .number(min(1, max(0, $0 / 100))) }
                }
                return nil
            }
        }
        addSampled(layer: l.name, "strokeStart", frames: span, Source(layer: source.layer, property: "tm")) { f in .number(ends(f).0) }
        addSampled(layer: l.name, "strokeEnd", frames: span, Source(layer: source.layer, property: "tm")) { f in .number(ends(f).1) }
        return piece
    }

    /// `rp`: a replicator drawing the items above it `c` times, each copy transformed a step
    /// further about the repeater's anchor, its opacity going from `so` to `eo`. An offset
    /// starts the copies that many steps along (the content is moved by the step that many
    /// times); anything animated is sampled each frame.
    private mutating func repeater(_ s: LottieShape, _ rep: inout Layer, content: inout [Layer], layer: LottieLayer) {
        guard case .repeater(let copies, let offset, let below, let tr) = s.item else { return }
        let who = display(layer.name)
        if below { warnings.add("{repeater|repeaters} stacking copies below drawn above", who) }
        let a = tr.anchor?.numbers(at: 0, [0, 0]) ?? [0, 0]
        guard a.count >= 2 else { return }
        rep.properties["bounds"] = .rect(Rect(a[0], a[1], 0, 0))
        rep.properties["anchorPoint"] = .point(.zero)
        rep.properties["position"] = .point(Point(a[0], a[1]))
        /// The anchor at a frame: the copies turn and scale about it, and the replicator's own
        /// coordinates have it at their origin, so `bounds` and `position` both follow it.
        func anchor(_ f: Double) -> Point {
            let n = tr.anchor?.numbers(at: f, [0, 0]) ?? [0, 0]
            return n.count >= 2 ? Point(n[0], n[1]) : .zero
        }
        func follow(_ layer: String) {
            guard let span = animatedSpan([tr.anchor]) else { return }
            let src = Source(layer: who, property: "\(s.name) rp.tr.a")
            addSampled(layer: layer, "bounds", frames: span, src) { f in .rect(Rect(anchor(f).x, anchor(f).y, 0, 0)) }
            addSampled(layer: layer, "position", frames: span, src) { f in .point(anchor(f)) }
        }
        follow(rep.name)
        func count(_ f: Double) -> Double { max(0, min(1000, (copies?.number(at: f, 1) ?? 1).rounded())) }
        /// The step's transform taken `k` times (Lottie multiplies position and rotation and
        /// raises the scale to the power).
        func step(_ f: Double, times k: Double) -> [TransformOp] {
            let p = tr.position?.numbers(at: f, [0, 0]) ?? [0, 0], sc = tr.scale?.numbers(at: f, [100, 100]) ?? [100, 100]
            let r = (tr.rotation?.number(at: f, 0) ?? 0) * .pi / 180
            let px = p.count > 1 ? p[0] : 0, py = p.count > 1 ? p[1] : 0
            let sx = max(sc[0], 0) / 100, sy = max(sc.count > 1 ? sc[1] : sc[0], 0) / 100
            return [.translate(px * k, py * k, 0), .rotate(r * k, 0, 0, 1),
                    .scale(pow(sx, k), pow(sy, k), 1)]
        }
        func alpha(_ f: Double) -> (Double, Double) {
            let so = (tr.startOpacity?.number(at: f, 100) ?? 100) / 100, eo = (tr.endOpacity?.number(at: f, 100) ?? 100) / 100
            let n = count(f)
            return (min(1, max(0, so)), n > 1 ? (eo - so) / (n - 1) : 0)
        }
        let first = animatedSpan([copies, offset, tr.position, tr.scale, tr.rotation, tr.startOpacity, tr.endOpacity])
        let f0 = first?.lowerBound ?? 0
        rep.properties["instanceCount"] = .number(count(f0))
        rep.properties["instanceTransform"] = .transform(step(f0, times: 1))
        let (so, da) = alpha(f0)
        if so != 1 || da != 0 {
            rep.properties["instanceColor"] = .color(Color(1, 1, 1, so))
            rep.properties["instanceAlphaOffset"] = .number(da)
        }
        let src = Source(layer: who, property: "\(s.name) rp")
        for p in [copies, offset, tr.position, tr.scale, tr.rotation, tr.startOpacity, tr.endOpacity].compactMap({ $0 }) {
            noteExpression(p, src)
        }
        if let span = animatedSpan([copies]) {
            addSampled(layer: rep.name, "instanceCount", frames: span, src) { f in .number(count(f)) }
        }
        if let span = animatedSpan([tr.position, tr.scale, tr.rotation]) {
            addSampled(layer: rep.name, "instanceTransform", frames: span, src) { f in .transform(step(f, times: 1)) }
        }
        if let span = animatedSpan([tr.startOpacity, tr.endOpacity, copies]), so != 1 || da != 0 || tr.startOpacity?.isAnimated == true || tr.endOpacity?.isAnimated == true {
            addSampled(layer: rep.name, "instanceColor", frames: span, src) { f in .color(Color(1, 1, 1, alpha(f).0)) }
            addSampled(layer: rep.name, "instanceAlphaOffset", frames: span, src) { f in .number(alpha(f).1) }
        }
        // The offset: the copies start that many steps along.
        let o = offset?.number(at: f0, 0) ?? 0
        if o != 0 || offset?.isAnimated == true {
            var shift = Layer(name: uniqueName(rep.name + "_offset"), kind: .layer)
            shift.properties["bounds"] = .rect(Rect(a[0], a[1], 0, 0))
            shift.properties["anchorPoint"] = .point(.zero)
            shift.properties["position"] = .point(Point(a[0], a[1]))
            shift.properties["transform"] = .transform(step(f0, times: o))
            follow(shift.name)
            if let span = animatedSpan([offset, tr.position, tr.scale, tr.rotation]) {
                addSampled(layer: shift.name, "transform", frames: span, src) { f in
                    .transform(step(f, times: offset?.number(at: f, 0) ?? 0))
                }
            }
            shift.sublayers = content
            content = [shift]
        }
    }
}

extension LottieShape {
    /// Whether the item is an outline (rectangle, ellipse, star, path).
    var isGeometry: Bool {
        switch item {
        case .rectangle, .ellipse, .polystar, .path, .merged: return true
        default: return false
        }
    }

    var isStyle: Bool {
        switch item {
        case .fill, .stroke, .gradientFill, .gradientStroke: return true
        default: return false
        }
    }

    var isStroke: Bool {
        switch item {
        case .stroke, .gradientStroke: return true
        default: return false
        }
    }

    /// The animatable properties of an outline.
    var geometryProperties: [LottieProperty?] {
        switch item {
        case .rectangle(let p, let s, let r, _): return [p, s, r]
        case .ellipse(let p, let s, _): return [p, s]
        case .polystar(let st): return [st.position, st.points, st.rotation, st.innerRadius, st.outerRadius, st.innerRoundness, st.outerRoundness]
        case .path(let ks, _): return [ks]
        case .merged(let items, _):
            return items.flatMap { s -> [LottieProperty?] in
                if case .group(let sub) = s.item {
                    let tr = sub.compactMap { x -> LottieTransform? in if case .transform(let t) = x.item { return t }; return nil }.first
                    let own: [LottieProperty?] = tr.map { [$0.anchor, $0.position, $0.positionX, $0.positionY, $0.scale, $0.rotation, $0.skew, $0.skewAxis] } ?? []
                    return own + LottieShape(type: "mm", item: .merged(sub, mode: 1)).geometryProperties
                }
                return s.geometryProperties
            }
        default: return []
        }
    }
}

/// A Lottie outline as a path: each vertex joined to the next by the cubic its tangents give.
func bezierPath(_ b: LottieBezier) -> Path {
    let v = b.vertices
    guard let first = v.first, first.count >= 2 else { return .empty }
    func p(_ a: [Double]) -> Point { Point(a[0], a[1]) }
    func plus(_ a: [Double], _ t: [Double]) -> Point { Point(a[0] + (t.count > 0 ? t[0] : 0), a[1] + (t.count > 1 ? t[1] : 0)) }
    var e: [PathElement] = [.move(p(first))]
    for i in 1..<max(1, v.count) {
        e.append(.cubic(plus(v[i - 1], b.outTangents[i - 1]), plus(v[i], b.inTangents[i]), p(v[i])))
    }
    if b.closed, v.count > 1 {
        e.append(.cubic(plus(v[v.count - 1], b.outTangents[v.count - 1]), plus(first, b.inTangents[0]), p(first)))
        e.append(.close)
    }
    return Path(e)
}

/// An outline flattened to numbers (closed flag, then x, y, in x, in y, out x, out y for each
/// vertex), so path keyframes go through the same keyframe code as numbers.
func pathNumbers(_ b: LottieBezier) -> [Double] {
    var out: [Double] = [b.closed ? 1 : 0]
    for i in b.vertices.indices {
        out += [b.vertices[i][0], b.vertices[i][1], b.inTangents[i][0], b.inTangents[i][1], b.outTangents[i][0], b.outTangents[i][1]]
    }
    return out
}

func bezierPath(fromNumbers n: [Double]) -> Path {
    guard let closed = n.first else { return .empty }
    var v: [[Double]] = [], i: [[Double]] = [], o: [[Double]] = []
    var k = 1
    while k + 5 < n.count {
        v.append([n[k], n[k + 1]]); i.append([n[k + 2], n[k + 3]]); o.append([n[k + 4], n[k + 5]])
        k += 6
    }
    return bezierPath(LottieBezier(vertices: v, inTangents: i, outTangents: o, closed: closed != 0))
}

extension String {
    /// The text with its last dotted component replaced: "x fl.c" → "x fl.o".
    func replacingLast(_ component: String) -> String {
        guard let dot = lastIndex(of: ".") else { return component }
        return String(self[...dot]) + component
    }
}
