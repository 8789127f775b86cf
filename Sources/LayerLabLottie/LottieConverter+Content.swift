#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayerLabCore

/// The content of non-shape layers (precompositions, images, text), masks, effects and
/// gradients.
extension LottieConverter {
    // MARK: - Precompositions

    /// A precomposition's layers inside a layer clipped to its size, on the precomposition
    /// layer's clock (its `st`/`sr` are the layer's beginTime/speed).
    mutating func precomp(_ l: LottieLayer, owner: String) throws(LottieImportError) -> [Layer] {
        guard let asset = assets[l.referenceID], let layers = asset.layers else {
            warnings.add("{precomposition|precompositions} naming no asset skipped", "\(display(l.name)) (\(l.referenceID))")
            return []
        }
        guard compDepth < Self.maxCompDepth else {
            throw LottieImportError("precompositions nest more than \(Self.maxCompDepth) deep")
        }
        let remapped = l.timeRemap.map { $0.isAnimated || $0.value != nil } ?? false
        compDepth += 1
        defer { compDepth -= 1 }
        let from = (l.inPoint - l.startTime) / l.stretch, to = (l.outPoint - l.startTime) / l.stretch
        let inner = try composition(layers, span: min(from, to)...max(from, to),
                                    prefix: "")
        var clip = Layer(name: uniqueName(owner + "_comp"), kind: .layer)
        // The precomposition's frame = (frame - st) / sr: Core Animation's beginTime and speed.
        // With time remapping the remapped time (seconds) replaces both, as rlottie has it.
        if !remapped {
            if l.startTime != 0 { clip.properties["beginTime"] = .number(seconds(l.startTime)) }
            if l.stretch != 1 { clip.properties["speed"] = .number(1 / l.stretch) }
        }
        let w = l.width > 0 ? l.width : asset.width, h = l.height > 0 ? l.height : asset.height
        if w > 0 && h > 0 {
            clip.properties["bounds"] = .rect(Rect(0, 0, w, h))
            clip.properties["anchorPoint"] = .point(.zero)
            clip.properties["masksToBounds"] = .bool(true)
        }
        clip.sublayers = inner
        return [clip]
    }

    // MARK: - Images

    /// `tm`: the time a precomposition's content sees, in seconds, keyframed in the
    /// composition's frames: LayerLab's `timeRemap` on the layer holding it.
    mutating func timeRemap(_ l: LottieLayer, _ node: inout Layer) {
        guard l.type == .precomp, let tm = l.timeRemap, tm.isAnimated || tm.value != nil else { return }
        apply(tm, to: &node, "timeRemap", Source(layer: display(l.name), property: "tm")) { n in n.first.map { .number($0) } }
    }

    /// An image layer's picture at its asset's size, from the top-left of the layer. Embedded
    /// images (data URLs) come back in `images`; files beside the Lottie file, or in its
    /// dotLottie archive, are named by their path (`u` + `p`) for the front end to read.
    mutating func imageLayer(_ l: LottieLayer, owner: String) -> Layer? {
        guard let asset = assets[l.referenceID], asset.layers == nil else {
            warnings.add("image {layer|layers} naming no image skipped", display(l.name))
            return nil
        }
        var contents: String
        // Only a data URL is inside the file: dotLottie archives mark their images `e: 1` too,
        // with a plain name, and the archive's files are handed over under that name.
        if asset.path.hasPrefix("data:") {
            contents = "embedded:" + sanitized(asset.id, fallback: "image")
            if images[contents] == nil {
                guard let comma = asset.path.firstIndex(of: ","), let data = Data(base64Encoded: String(asset.path[asset.path.index(after: comma)...]),
                                                                                 options: .ignoreUnknownCharacters) else {
                    warnings.add("embedded {image that does|images that do} not decode skipped", asset.id)
                    return nil
                }
                images[contents] = data
            }
        } else {
            contents = asset.directory + asset.path
            if contents.isEmpty { return nil }
            externalImages[contents] = contents
        }
        var img = Layer(name: uniqueName(owner + "_image"), kind: .image)
        img.properties["contents"] = .string(contents)
        img.properties["bounds"] = .rect(Rect(0, 0, asset.width, asset.height))
        img.properties["anchorPoint"] = .point(.zero)
        return img
    }

    // MARK: - Masks

    /// Layer masks as a Core Animation mask in the layer's coordinates. One added mask (or
    /// several, all added at full opacity) is one shape layer of the outlines; otherwise a
    /// layer of one shape layer a mask, combined as LayerLab's compositing extension says:
    /// add `normal`, subtract `destinationOut`, intersect `destinationIn`, difference `xor`,
    /// each mask's opacity its fill's alpha, an inverted mask its outline cut out of a large
    /// rectangle (wound the outline's way, filled non-zero). A first mask that subtracts
    /// subtracts from everything, as in After Effects. Lighten keeps the higher coverage and
    /// darken the lower: at full opacity they are add and intersect, and are drawn so; of
    /// partial opacity, all the layer's masks are drawn as coverage (LottieConverter+CoverageMasks).
    mutating func maskLayer(_ l: LottieLayer, owner: String) -> Layer? {
        var masks = l.masks.filter { $0.mode != .none }
        guard !masks.isEmpty else { return nil }
        let who = display(l.name)
        if Self.drawsCoverage(masks) {
            for m in masks { if let p = m.path { noteExpression(p, Source(layer: who, property: "mask \(m.name)")) } }
            return coverageMasks(masks, owner: owner, who: who)
        }
        for i in masks.indices {
            let m = masks[i]
            if m.mode == .lighten { masks[i].mode = .add }
            if m.mode == .darken { masks[i].mode = .intersect }
            if let p = m.path { noteExpression(p, Source(layer: who, property: "mask \(m.name)")) }
        }
        let expands = masks.map(Self.expands)
        let simple = masks.allSatisfy { m in
            m.mode == .add && !m.inverted && m.opacity?.isAnimated != true && (m.opacity?.number(at: 0, 100) ?? 100) == 100
        }
        if (simple || masks.count == 1) && !expands.contains(true) {
            var mask = Layer(name: uniqueName(owner + "_mask"), kind: .shape)
            var list = masks
            // One subtracted mask is the same outline inverted.
            if list.count == 1, list[0].mode == .subtract { list[0].inverted.toggle() }
            maskShape(list, into: &mask, who: who)
            if masks.count == 1, let o = masks[0].opacity {
                apply(o, to: &mask, "fillColor", Source(layer: who, property: "mask o")) { n in
                    n.first.map { .color(Color(0, 0, 0, min(1, max(0, $0 / 100)))) }
                }
            }
            return mask
        }
        var group = Layer(name: uniqueName(owner + "_masks"), kind: .layer)
        if masks[0].mode == .subtract || masks[0].mode == .intersect {
            var all = Layer(name: uniqueName(owner + "_mask_all"), kind: .shape)
            all.properties["path"] = .path(Self.bigRect(sign: 1))
            group.sublayers.append(all)
        }
        for (i, m) in masks.enumerated() {
            let blend: BlendMode = switch m.mode {
            case .subtract: .destinationOut
            case .intersect: .destinationIn
            case .difference: i == 0 ? .normal : .xor
            case .add, .lighten, .darken, .none: .normal
            }
            let name = uniqueName(owner + "_mask_" + sanitized(m.name, fallback: "\(i + 1)"))
            if expands[i] {
                group.sublayers.append(expandedMask(m, name: name, blend: blend, who: who))
                continue
            }
            var shape = Layer(name: name, kind: .shape)
            maskShape([m], into: &shape, who: who)
            if blend != .normal { shape.properties["blendMode"] = .string(blend.rawValue) }
            apply(m.opacity, to: &shape, "fillColor", Source(layer: who, property: "mask \(m.name) o")) { n in
                n.first.map { .color(Color(0, 0, 0, min(1, max(0, $0 / 100)))) }
            }
            group.sublayers.append(shape)
        }
        return group
    }

    /// Whether a mask's outline is grown or shrunk (`x`, in points, not zero at some time).
    static func expands(_ m: LottieMask) -> Bool {
        guard let x = m.expansion else { return false }
        return x.isAnimated ? x.keyframes.contains { ($0.start?.numbers?.first ?? 0) != 0 } : x.number(at: 0, 0) != 0
    }

    /// Whether an animated expansion both grows and shrinks its outline over time.
    static func changesSign(_ x: LottieProperty?) -> Bool {
        guard let x, x.isAnimated else { return false }
        let values = x.keyframes.flatMap { [$0.start?.numbers?.first, $0.end?.numbers?.first].compactMap { $0 } }
        return values.contains { $0 > 0 } && values.contains { $0 < 0 }
    }

    /// A mask whose outline is expanded by `x` points, as lottie-web draws it: the outline
    /// filled, with a band of width 2|x| centred on it (a mitred stroke) added to grow it or
    /// cut away to shrink it; inverted, all of that is cut out of a large rectangle. The
    /// layer holding them is the mask's coverage: its opacity is the mask's, its blend mode
    /// how it combines with the masks before it. An expansion that changes sign gets both
    /// bands, each as wide as its sign's part of `x` (sampled each frame, so the width
    /// reaches zero where `x` crosses it rather than at a keyframe).
    private mutating func expandedMask(_ m: LottieMask, name: String, blend: BlendMode, who: String) -> Layer {
        var unit = Layer(name: name, kind: .layer)
        let first = m.expansion.map { $0.isAnimated ? $0.keyframes.first?.start?.numbers?.first ?? 0 : $0.number(at: 0, 0) } ?? 0
        let bothWays = Self.changesSign(m.expansion)
        var plain = m
        plain.inverted = false
        if m.inverted {
            var all = Layer(name: uniqueName(name + "_all"), kind: .shape)
            all.properties["path"] = .path(Self.bigRect(sign: 1))
            unit.sublayers.append(all)
        }
        var fill = Layer(name: uniqueName(name + "_outline"), kind: .shape)
        maskShape([plain], into: &fill, who: who)
        if m.inverted { fill.properties["blendMode"] = .string(BlendMode.destinationOut.rawValue) }
        unit.sublayers.append(fill)
        for grows in bothWays ? [true, false] : [first >= 0] {
            var band = Layer(name: uniqueName(name + (grows ? "_expansion" : "_contraction")), kind: .shape)
            maskShape([plain], into: &band, who: who)
            band.properties["fillColor"] = .color(.clear)
            band.properties["strokeColor"] = .color(Color(0, 0, 0, 1))
            band.properties["lineJoin"] = .string(LineJoin.miter.rawValue)
            band.properties["miterLimit"] = .number(4)
            let source = Source(layer: who, property: "mask \(m.name) x")
            if bothWays, let x = m.expansion, let span = animatedSpan([x]) {
                // The part of x of this band's sign: zero while the other band works.
                let width = { (f: Double) -> Double in 2 * max(0, grows ? x.number(at: f, 0) : -x.number(at: f, 0)) }
                noteExpression(x, source)
                band.properties["lineWidth"] = .number(width(span.lowerBound))
                addSampled(layer: band.name, "lineWidth", frames: span, source) { .number(width($0)) }
            } else {
                apply(m.expansion, to: &band, "lineWidth", source) { n in n.first.map { .number(2 * abs($0)) } }
            }
            // Growing an outline adds the band, shrinking cuts it; inverted, the other way round.
            if grows == m.inverted { band.properties["blendMode"] = .string(BlendMode.destinationOut.rawValue) }
            unit.sublayers.append(band)
        }
        apply(m.opacity, to: &unit, "opacity", Source(layer: who, property: "mask \(m.name) o")) { n in
            n.first.map { .number(min(1, max(0, $0 / 100))) }
        }
        if unit.properties["opacity"] == .number(1) { unit.properties.removeValue(forKey: "opacity") }
        if blend != .normal { unit.properties["blendMode"] = .string(blend.rawValue) }
        return unit
    }

    /// Sets `path` to the masks' outlines (each inverted one cut out of a large rectangle),
    /// sampled each frame when any is animated.
    mutating func maskShape(_ masks: [LottieMask], into layer: inout Layer, who: String) {
        func outline(_ f: Double) -> Path {
            var e: [PathElement] = []
            for m in masks {
                guard var b = m.path?.value(at: f)?.shape else { continue }
                if m.inverted {
                    let sign = Self.signedArea(b) < 0 ? -1.0 : 1.0
                    e += Self.bigRect(sign: sign).elements
                    b = Self.reversed(b)
                }
                e += bezierPath(b).elements
            }
            return Path(e)
        }
        let props = masks.map(\.path)
        layer.properties["path"] = .path(outline(animatedSpan(props)?.lowerBound ?? 0))
        if let span = animatedSpan(props) {
            addSampled(layer: layer.name, "path", frames: span, Source(layer: who, property: "masksProperties")) { f in .path(outline(f)) }
        }
    }

    /// A rectangle far larger than any canvas, wound clockwise on screen (sign 1) or not.
    static func bigRect(sign: Double) -> Path {
        let r = 100_000.0
        let corners = sign > 0 ? [[-r, -r], [r, -r], [r, r], [-r, r]] : [[-r, -r], [-r, r], [r, r], [r, -r]]
        return bezierPath(LottieBezier(vertices: corners, inTangents: Array(repeating: [0, 0], count: 4),
                                       outTangents: Array(repeating: [0, 0], count: 4), closed: true))
    }

    /// Twice the signed area of an outline's polygon of vertices (positive: clockwise on screen).
    private static func signedArea(_ b: LottieBezier) -> Double {
        var a = 0.0
        for i in b.vertices.indices {
            let p = b.vertices[i], q = b.vertices[(i + 1) % b.vertices.count]
            a += p[0] * q[1] - q[0] * p[1]
        }
        return a
    }

    /// The outline run the other way.
    private static func reversed(_ b: LottieBezier) -> LottieBezier {
        LottieBezier(vertices: b.vertices.reversed(), inTangents: b.outTangents.reversed(), outTangents: b.inTangents.reversed(),
                     closed: b.closed)
    }

    // MARK: - Effects

    /// Drop shadows become the layer's shadow; other effects are named in a warning, except
    /// those that draw nothing (`drawsNothing`).
    mutating func effect(_ e: LottieEffect, _ l: LottieLayer, _ node: inout Layer) -> Layer? {
        let who = display(l.name)
        if Self.drawsNothing(e) { return nil }
        // Blurs exported as custom effects (`ty` 5), known by their match names.
        switch e.matchName {
        case "ADBE Fast Blur" where e.values.count >= 1:
            blur(e, &node, who: who, kind: "fast blur", dimensions: 1, edges: 2) { b, _ in b * 0.6 }
            return nil
        case "ADBE Ramp" where e.values.count >= 7:
            return gradientRamp(e, owner: node.name, who: who, extent: layerExtent(l))
        case "ADBE Box Blur2" where e.values.count >= 2:
            // n passes of a box of 2r + 1 pixels: variance n · r(r + 1) / 3; the radius is 2σ.
            let iterations = e.values[1]
            blur(e, &node, who: who, kind: "box blur", dimensions: 2, edges: 3, also: [iterations]) { r, f in
                let n = max(1, iterations.number(at: f, 1).rounded()), r = max(0, r)
                return 2 * (n * r * (r + 1) / 3).squareRoot()
            }
            return nil
        default: break
        }
        switch e.type {
        case 21 where e.values.count >= 7:
            return fillEffect(e, owner: node.name, who: who)
        case 20 where e.values.count >= 3:
            tintEffect(e, &node, who: who)
        case 23 where e.values.count >= 3:
            tritoneEffect(e, &node, who: who)
        case 25 where e.values.count >= 5:
            dropShadow(e, &node, who: who)
        case 29 where e.values.count >= 1:
            blur(e, &node, who: who, kind: "gaussian blur", dimensions: 1, edges: 2) { b, _ in b * 0.6 }
        default:
            // A custom effect goes by its name in After Effects ("custom: Wiggle - position").
            let custom = e.name.isEmpty ? "custom" : "custom: " + e.name
            let kind = [20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "pro levels", 25: "drop shadow",
                        26: "radial wipe", 27: "displacement map", 28: "matte3", 29: "gaussian blur", 5: custom][e.type] ?? "type \(e.type)"
            warnings.add("{effect|effects} not drawn", "\(who) (\(kind))")
        }
        return nil
    }

    /// The size of a layer's own area, what effects that fill it cover: a solid's, a
    /// precomposition layer's (or its asset's), an image's, else the composition's.
    func layerExtent(_ l: LottieLayer) -> Size {
        if l.type == .solid { return Size(l.solidWidth, l.solidHeight) }
        if l.type == .precomp, l.width > 0, l.height > 0 { return Size(l.width, l.height) }
        if l.type == .precomp || l.type == .image, let a = assets[l.referenceID], a.width > 0, a.height > 0 {
            return Size(a.width, a.height)
        }
        return Size(file.width, file.height)
    }

    /// Whether an effect leaves the layer's pixels as they are: an expression control (After
    /// Effects' Slider, Angle, Color, Point, Checkbox, Dropdown and Layer Controls, which only
    /// give expressions a value to read), a pseudo effect (`Pseudo/…`: a preset's or rig's panel
    /// of such controls), or a Transform effect (`ADBE Geometry2`) that moves nothing. Players
    /// draw none of them; the expressions reading them are warned on their own.
    static func drawsNothing(_ e: LottieEffect) -> Bool {
        guard let mn = e.matchName else { return false }
        if mn.hasPrefix("Pseudo/") || (mn.hasPrefix("ADBE ") && mn.hasSuffix(" Control")) { return true }
        guard mn == "ADBE Geometry2", e.values.count >= 9 else { return false }
        // Anchor point, position, uniform scale, scale height, scale width, skew, skew axis,
        // rotation, opacity: unmoved when the anchor is the position, scales 100, no skew or
        // rotation and full opacity, none of them keyframed.
        let v = e.values
        func still(_ p: LottieProperty, _ value: Double) -> Bool { p.keyframes.isEmpty && p.number(at: 0, value) == value }
        let anchor = v[0].numbers(at: 0, [0, 0]), position = v[1].numbers(at: 0, [0, 0])
        return v[0].keyframes.isEmpty && v[1].keyframes.isEmpty && anchor.prefix(2) == position.prefix(2)
            && still(v[3], 100) && still(v[4], 100) && still(v[5], 0) && still(v[7], 0) && still(v[8], 100)
    }

    /// An effect control's colour (0…1 channels; a missing channel is 0, a fourth ignored).
    static func effectColor(_ c: [Double], alpha: Double = 1) -> Color {
        Color(c.count > 0 ? c[0] : 0, c.count > 1 ? c[1] : 0, c.count > 2 ? c[2] : 0, alpha)
    }

    /// The Drop Shadow effect (`ty` 25: colour, opacity 0…255, direction in degrees clockwise
    /// from up, distance, softness) as the layer's shadow: After Effects' softness is twice
    /// the blur radius LayerLab's shadowRadius names. Animated controls are sampled per frame.
    private mutating func dropShadow(_ e: LottieEffect, _ node: inout Layer, who: String) {
        let source = Source(layer: who, property: "drop shadow effect")
        let color = e.values[0], opacity = e.values[1], direction = e.values[2], distance = e.values[3], softness = e.values[4]
        let controls: [(String, [LottieProperty], (Double) -> Value)] = [
            ("shadowColor", [color], Self.colorControl(color, [0, 0, 0, 1])),
            ("shadowOpacity", [opacity], { f in .number(min(1, max(0, opacity.number(at: f, 255) / 255))) }),
            ("shadowOffset", [direction, distance], { f in
                let d = distance.number(at: f, 5), angle = direction.number(at: f, 135) * .pi / 180
                return .size(Size(d * sin(angle), -d * cos(angle)))
            }),
            ("shadowRadius", [softness], { f in .number(max(0, softness.number(at: f, 0) / 2)) }),
        ]
        setControls(controls, on: &node, source)
    }

    /// The Tint effect (`ty` 20: map black to, map white to, amount to tint in percent) as the
    /// layer's `tintBlack`, `tintWhite` and `tintAmount`; animated controls sampled per frame.
    private mutating func tintEffect(_ e: LottieEffect, _ node: inout Layer, who: String) {
        let amount = e.values[2]
        setControls([
            ("tintBlack", [e.values[0]], Self.colorControl(e.values[0], [0, 0, 0, 1])),
            ("tintWhite", [e.values[1]], Self.colorControl(e.values[1], [1, 1, 1, 1])),
            ("tintAmount", [amount], { f in .number(min(1, max(0, amount.number(at: f, 100) / 100))) }),
        ], on: &node, Source(layer: who, property: "tint effect"))
    }

    /// Each of an effect's `controls` (a property, the controls it reads, its value at a
    /// frame) set on the layer: sampled into an animation over the frames where they change
    /// (none when every sample is one value), else the value at frame 0.
    mutating func setControls(_ controls: [(String, [LottieProperty], (Double) -> Value)], on node: inout Layer,
                              _ source: Source) {
        for (key, props, value) in controls {
            for p in props { noteExpression(p, source) }
            if let span = animatedSpan(props) {
                node.properties[key] = value(span.lowerBound)
                addSampled(layer: node.name, key, frames: span, source, unlessConstant: true, value)
            } else {
                node.properties[key] = value(0)
            }
        }
    }

    /// A colour control's value at a frame (`fallback` where it has none).
    static func colorControl(_ p: LottieProperty, _ fallback: [Double]) -> (Double) -> Value {
        { f in .color(effectColor(p.numbers(at: f, fallback))) }
    }

    /// A blur effect as the layer's `blurRadius`, sampled per frame when animated: `radius`
    /// maps the first control (and the frame, for controls in `also`) to LayerLab's radius.
    /// The Gaussian Blur (`ty` 29) and Fast Blur (whose results After Effects made the same)
    /// take blurriness: lottie-web and Skia blur with a standard deviation of 0.3 × blurriness
    /// in the layer's pixels, and LayerLab's radius names twice the standard deviation (as
    /// `shadowRadius` does), so it is 0.6 × blurriness. A blur in one direction only (control
    /// `dimensions` 2 or 3) and repeated edge pixels (control `edges`) are warned: LayerLab
    /// blurs both ways and reads outside the layer as clear.
    private mutating func blur(_ e: LottieEffect, _ node: inout Layer, who: String, kind: String, dimensions: Int, edges: Int,
                               also: [LottieProperty] = [], radius: @escaping (Double, Double) -> Double) {
        let amount = e.values[0]
        let source = Source(layer: who, property: kind + " effect")
        for p in [amount] + also { noteExpression(p, source) }
        if e.values.count > dimensions, [2, 3].contains(e.values[dimensions].number(at: 0, 1)) {
            warnings.add("{blur|blurs} in one direction drawn in both", "\(who) (\(kind))")
        }
        if e.values.count > edges, e.values[edges].number(at: 0, 0) != 0 {
            warnings.add("{blur's|blurs'} repeated edge pixels ignored", "\(who) (\(kind))")
        }
        let value: (Double) -> Value = { f in .number(max(0, radius(amount.number(at: f, 0), f))) }
        if let span = animatedSpan([amount] + also) {
            node.properties["blurRadius"] = value(span.lowerBound)
            addSampled(layer: node.name, "blurRadius", frames: span, source, value)
        } else if value(0).number ?? 0 > 0 {
            node.properties["blurRadius"] = value(0)
        }
    }

    /// The Tritone effect (`ty` 23: highlights, midtones, shadows, blend with original in
    /// percent) as the layer's tint through a midtone: shadows are `tintBlack`, midtones
    /// `tintMidtone`, highlights `tintWhite` (lottie-web's table from shadows through midtones
    /// to highlights), and `tintAmount` is what is not blended with the original.
    private mutating func tritoneEffect(_ e: LottieEffect, _ node: inout Layer, who: String) {
        let blend = e.values.count > 3 ? e.values[3] : LottieProperty()
        setControls([
            ("tintWhite", [e.values[0]], Self.colorControl(e.values[0], [1, 1, 1, 1])),
            ("tintMidtone", [e.values[1]], Self.colorControl(e.values[1], [0.5, 0.5, 0.5, 1])),
            ("tintBlack", [e.values[2]], Self.colorControl(e.values[2], [0, 0, 0, 1])),
            ("tintAmount", [blend], { f in .number(min(1, max(0, 1 - blend.number(at: f, 0) / 100))) }),
        ], on: &node, Source(layer: who, property: "tritone effect"))
    }

    /// The Fill effect (`ty` 21: fill mask, all masks, colour, invert, horizontal and vertical
    /// feather, opacity): the layer's pixels take the colour and keep their coverage, times the
    /// opacity (0…1), as lottie-web's and ThorVG's fill filters do. Drawn as a large rectangle
    /// of the colour over the content with `sourceIn`: a sublayer with a blend mode makes the
    /// layer draw offscreen (docs/compositing.md), so the rectangle keeps only what the layer
    /// drew and the colour replaces it there.
    private mutating func fillEffect(_ e: LottieEffect, owner: String, who: String) -> Layer {
        let color = e.values[2], opacity = e.values[6]
        if e.values[0].number(at: 0, 0) != 0 || e.values[3].number(at: 0, 0) != 0
            || e.values[4].number(at: 0, 0) != 0 || e.values[5].number(at: 0, 0) != 0 {
            warnings.add("{fill effect's|fill effects'} mask, invert and feather ignored", who)
        }
        func paint(_ f: Double) -> Value {
            .color(Self.effectColor(color.numbers(at: f, [1, 0, 0, 1]), alpha: min(1, max(0, opacity.number(at: f, 1)))))
        }
        var fill = Layer(name: uniqueName(owner + "_fill_effect"), kind: .shape)
        fill.properties["path"] = .path(Self.bigRect(sign: 1))
        fill.properties["blendMode"] = .string(BlendMode.sourceIn.rawValue)
        let source = Source(layer: who, property: "fill effect")
        noteExpression(color, source); noteExpression(opacity, source)
        if let span = animatedSpan([color, opacity]) {
            fill.properties["fillColor"] = paint(span.lowerBound)
            addSampled(layer: fill.name, "fillColor", frames: span, source, paint)
        } else {
            fill.properties["fillColor"] = paint(0)
        }
        return fill
    }

    // MARK: - Gradients

    /// A CAGradientLayer over the painted outline's bounds, masked by `mask` (the outline
    /// filled or stroked in white). Animated stops or points are sampled each frame.
    mutating func gradientLayer(_ g: LottieGradient, mask: Layer, owner: String, layer: LottieLayer, style: LottieShape) -> Layer {
        let who = display(layer.name)
        var outlines: [Path] = []
        if let p = mask.properties["path"]?.pathValue { outlines.append(p) }
        for a in document.animations where a.layer == mask.name {
            if case .keyframes(let k) = a.body { outlines += k.values.compactMap(\.pathValue) }
        }
        let moving = [g.start, g.end, g.stops, g.opacity] + (g.radial ? [g.highlight, g.highlightAngle] : [])
        let span = animatedSpan(moving)
        let first = span?.lowerBound ?? 0
        let s0 = Self.point(g.start, first, Point(0, 0))
        var lo = s0, hi = s0
        for p in outlines.compactMap(\.controlBounds) {
            lo.x = min(lo.x, p.minX); lo.y = min(lo.y, p.minY); hi.x = max(hi.x, p.maxX); hi.y = max(hi.y, p.maxY)
        }
        let pad = (mask.properties["lineWidth"]?.number ?? 0) / 2 + 1
        lo = Point(lo.x - pad, lo.y - pad); hi = Point(hi.x + pad, hi.y + pad)
        let box = Rect(lo.x, lo.y, max(hi.x - lo.x, 1), max(hi.y - lo.y, 1))
        var gl = Layer(name: uniqueName("\(owner)_\(sanitized(style.name, fallback: style.type))_gradient"), kind: .gradient)
        gl.properties["bounds"] = .rect(box)
        gl.properties["anchorPoint"] = .point(.zero)
        gl.properties["position"] = .point(lo)
        if g.radial { gl.properties["type"] = .string(GradientType.radial.rawValue) }
        for (key, v) in Self.gradientValues(g, at: first, in: box) where !(key == "focalOffset" && v == .point(.zero)) {
            gl.properties[key] = v
        }
        if let span {
            for p in moving.compactMap({ $0 }) { noteExpression(p, Source(layer: who, property: "gradient")) }
            let source = Source(layer: who, property: "\(style.name) \(style.type)")
            func value(_ key: String, _ f: Double) -> Value { Self.gradientValues(g, at: f, in: box).first { $0.0 == key }!.1 }
            if let lead = Self.keyableGradient(g) {
                // A radial gradient's focus cannot move here (`keyableGradient`).
                for key in ["colors", "locations", "startPoint", "endPoint"] {
                    let k = LottieConverter.keyed(lead) { value(key, $0) }
                    guard k.values.contains(where: { $0 != k.values[0] }) else { continue }
                    addKeyed(k, layer: gl.name, key, source)
                }
            } else {
                for key in ["colors", "locations", "startPoint", "endPoint"] + (g.radial ? ["focalOffset"] : []) {
                    addSampled(layer: gl.name, key, frames: span, source) { value(key, $0) }
                }
            }
        }
        gl.properties["mask"] = .string(mask.name)
        gl.sublayers = [mask]
        return gl
    }

    /// The keyframes a gradient's layer values can be keyed at with their easing, where those
    /// values are linear in what moves (see `sharedKeyframes`): the stops' colours and opacities
    /// at fixed offsets, within 0…1 (nothing clamped), and a linear gradient's start and end
    /// points; the fill's opacity only over fixed stops (their product is not linear). A radial
    /// gradient's end and highlight come from distances and angles: only its stops may move.
    /// Nil: sample each frame.
    static func keyableGradient(_ g: LottieGradient) -> [LottieKeyframe]? {
        let points = [g.start, g.end].compactMap { $0 }.filter(\.isAnimated)
        let stops = g.stops?.isAnimated == true ? g.stops : nil
        let opacity = g.opacity?.isAnimated == true ? g.opacity : nil
        if g.radial && (!points.isEmpty || g.highlight?.isAnimated == true || g.highlightAngle?.isAnimated == true) { return nil }
        if stops != nil && opacity != nil { return nil }
        if let stops {
            let first = stops.keyframes.first?.start?.numbers ?? []
            let n = min(g.colorCount, first.count / 4)
            func offsets(_ k: [Double]) -> [Double] {
                var o = (0..<n).map { k[4 * $0] }
                var a = 4 * n
                while a + 1 < k.count { o.append(k[a]); a += 2 }
                return o
            }
            for k in stops.keyframes {
                for v in [k.start, k.end].compactMap({ $0?.numbers }) {
                    guard v.count == first.count, offsets(v) == offsets(first), v.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
                }
            }
        }
        return sharedKeyframes(points + [stops, opacity].compactMap { $0 })
    }

    private static func point(_ p: LottieProperty?, _ f: Double, _ fallback: Point) -> Point {
        let n = p?.numbers(at: f, [fallback.x, fallback.y]) ?? [fallback.x, fallback.y]
        return n.count >= 2 ? Point(n[0], n[1]) : fallback
    }

    /// The gradient layer's colours, locations and unit start and end points at frame `f`.
    private static func gradientValues(_ g: LottieGradient, at f: Double, in box: Rect) -> [(String, Value)] {
        let sp = point(g.start, f, Point(0, 0)), ep = point(g.end, f, Point(100, 0))
        let start = Point((sp.x - box.minX) / box.width, (sp.y - box.minY) / box.height)
        let end: Point
        if g.radial {
            let r = sp.distance(to: ep)
            end = Point(start.x + r / box.width, start.y + r / box.height)
        } else {
            end = Point((ep.x - box.minX) / box.width, (ep.y - box.minY) / box.height)
        }
        let k = g.stops?.numbers(at: f, []) ?? []
        let n = min(g.colorCount, k.count / 4)
        // Sampled for every frame of an animated gradient: tuples and reserved arrays keep the
        // allocations to a few per sample.
        var colors: [Value] = [], locations: [Value] = []
        var alphas: [(Double, Double)] = []
        alphas.reserveCapacity(max(0, (k.count - 4 * n) / 2))
        var a = 4 * n
        while a + 1 < k.count { alphas.append((k[a], k[a + 1])); a += 2 }
        let opacity = min(1, max(0, (g.opacity?.number(at: f, 100) ?? 100) / 100))
        func unit(_ v: Double) -> Double { min(1, max(0, v)) }
        var tints: [(Double, RGB)] = []
        tints.reserveCapacity(n)
        for i in 0..<n { tints.append((k[4 * i], (k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]))) }
        // Players merge the two sets of stops: a stop at every colour offset and at every
        // opacity offset, each taking the other set's value interpolated there. Opacity stops
        // between colour stops (a ring faded in and out inside one colour) would be lost if only
        // colour offsets were kept. All n + m stops are kept, even coinciding ones, so that a
        // sampled animation always has the same number of stops. A stop keeps its own value
        // rather than the one interpolated at its offset: two colour stops at one offset are a
        // hard edge (stripes), which interpolating there would merge into the first colour.
        var merged: [(offset: Double, order: Int, color: RGB, alpha: Double)] = []
        merged.reserveCapacity(n + (n > 0 ? alphas.count : 0))
        for (i, t) in tints.enumerated() { merged.append((t.0, i, t.1, alphaAt(t.0, alphas))) }
        if n > 0 { for (i, s) in alphas.enumerated() { merged.append((s.0, n + i, tintAt(s.0, tints), s.1)) } }
        merged.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
        colors.reserveCapacity(merged.count)
        locations.reserveCapacity(merged.count)
        for m in merged {
            colors.append(.color(Color(unit(m.color.0), unit(m.color.1), unit(m.color.2), unit(m.alpha * opacity))))
            locations.append(.number(m.offset))
        }
        var values: [(String, Value)] = [("colors", .list(colors)), ("locations", .list(locations)), ("startPoint", .point(start)),
                                         ("endPoint", .point(end))]
        if g.radial {
            // The highlight: a focal point `h` percent of the radius from the centre, `a` degrees
            // from the start→end line (as lottie-web and rlottie place it), in radii.
            let h = max(-0.99, min(0.99, (g.highlight?.number(at: f, 0) ?? 0) / 100))
            let angle = atan2(ep.y - sp.y, ep.x - sp.x) + (g.highlightAngle?.number(at: f, 0) ?? 0) * .pi / 180
            let focus = h == 0 ? Point.zero : Point(h * cos(angle), h * sin(angle))
            values.append(("focalOffset", .point(focus)))
        }
        return values
    }

    /// The colour of the colour stops at offset `t`: linear between stops, the end stops' own
    /// colours beyond them.
    private typealias RGB = (Double, Double, Double)

    private static func tintAt(_ t: Double, _ stops: [(Double, RGB)]) -> RGB {
        guard let first = stops.first else { return (0, 0, 0) }
        if t <= first.0 { return first.1 }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.0 {
            let span = b.0 - a.0
            guard span > 0 else { return b.1 }
            let u = (t - a.0) / span
            return (a.1.0 + (b.1.0 - a.1.0) * u, a.1.1 + (b.1.1 - a.1.1) * u, a.1.2 + (b.1.2 - a.1.2) * u)
        }
        return stops[stops.count - 1].1
    }

    private static func alphaAt(_ t: Double, _ stops: [(Double, Double)]) -> Double {
        guard let first = stops.first else { return 1 }
        if t <= first.0 { return first.1 }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.0 {
            let span = b.0 - a.0
            return span > 0 ? a.1 + (b.1 - a.1) * (t - a.0) / span : b.1
        }
        return stops[stops.count - 1].1
    }
}

extension Value {
    var pathValue: Path? { if case .path(let p) = self { return p }; return nil }
}
