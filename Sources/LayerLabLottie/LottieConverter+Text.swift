#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLabCore

/// Text layers. With glyph outlines (`chars`) text is drawn as paths laid out as lottie-web
/// lays them out; without, as a LayerLab text layer (warned). Each text document keyframe
/// (`t.d.k`) is shown from its time until the next, as players hold them. Text animators
/// (`t.a`) with a range selector move, scale, turn, fade and recolour each character by its
/// share of the selection: the characters then become layers of their own, their values
/// sampled each frame.
extension LottieConverter {
    /// One character placed on its line, before any animator moves it.
    struct PlacedGlyph {
        var glyph: LottieGlyph?
        var character: Character
        /// The pen position (left of the character, on the baseline) and the line.
        var x: Double
        var y: Double
        var line: Int
        /// The advance width, and the width and offset of the group (word, line) whose centre
        /// the animators turn it about.
        var width: Double
        var groupWidth: Double
        var groupOffset: Double
        /// The selector index per animator (nil: not counted, as a newline).
        var indices: [Double?]
        var isNewline: Bool
    }

    /// Most characters a text layer is split into for its animators; longer texts are drawn
    /// without them (warned).
    static let maxAnimatedCharacters = 2000
    /// Most text documents (keyframes of `t.d`) drawn for one text layer.
    static let maxTextDocuments = 500

    mutating func textLayers(_ l: LottieLayer, owner: String) -> [Layer] {
        guard let t = l.text, !t.documents.isEmpty else { return [] }
        let who = display(l.name)
        if t.followsPath { warnings.add("{text layer|text layers} on a path drawn on a straight line", who) }
        var animators: [LottieTextAnimator] = []
        for a in t.animators {
            if a.selectorType != 0 { warnings.add("text {animator|animators} with expression selectors not drawn", who); continue }
            if a.randomize { warnings.add("randomized text {selector|selectors} drawn in a fixed shuffled order, not After Effects' random one", who) }
            for key in a.undrawn.sorted() { warnings.add("text animator {property|properties} not drawn", "\(who) (\(key))") }
            for p in a.drawnProperties { noteExpression(p, Source(layer: who, property: "t.a")) }
            animators.append(a)
        }
        var out: [Layer] = []
        var documents = t.documents
        if documents.count > Self.maxTextDocuments {
            warnings.add("text {document|documents} after the \(Self.maxTextDocuments)th left out", who)
            documents = Array(documents.prefix(Self.maxTextDocuments))
        }
        for (i, k) in documents.enumerated() {
            var content = documentLayers(k.document, text: t, animators: animators, owner: owner, who: who)
            guard documents.count > 1 else { return content }
            // Each document from its keyframe until the next one.
            var holder = Layer(name: uniqueName("\(owner)_text_\(i + 1)"), kind: .layer)
            holder.sublayers = content
            showOnly(&holder, from: i == 0 ? nil : k.time, to: i + 1 < documents.count ? documents[i + 1].time : nil,
                     Source(layer: who, property: "t.d.k[\(i)]"))
            content = [holder]
            out += content
        }
        return out
    }

    /// Hides `node` outside frames `from`..<`to` (nil: open-ended).
    private mutating func showOnly(_ node: inout Layer, from: Double?, to: Double?, _ source: Source) {
        func add(_ hidden: Bool, at begin: Double, until end: Double?) {
            var timing = MediaTiming()
            timing.beginTime = .number(seconds(begin))
            if let end {
                timing.duration = max(seconds(end - begin), 1e-6)
            } else {
                timing.duration = 1e-6
                timing.fillMode = .forwards
                timing.removedOnCompletion = false
            }
            let name = uniqueName(node.name + ".visible", dots: true)
            document.animations.append(Animation(name: name, layer: node.name, timing: timing,
                                                 body: .basic(Animation.Basic(keyPath: "hidden", from: .bool(hidden), to: .bool(hidden)))))
            provenance[name] = LottieOrigin(source: "layer \"\(source.layer)\" \(source.property)", frames: [begin] + (end.map { [$0] } ?? []))
        }
        switch (from, to) {
        case (nil, nil): break
        case (nil, let b?): add(true, at: b, until: nil)
        case (let a?, nil): node.properties["hidden"] = .bool(true); add(false, at: a, until: nil)
        case (let a?, let b?): node.properties["hidden"] = .bool(true); if b > a { add(false, at: a, until: b) }
        }
    }

    /// The layers drawing one text document.
    private mutating func documentLayers(_ d: LottieTextDocument, text t: LottieText, animators: [LottieTextAnimator],
                                         owner: String, who: String) -> [Layer] {
        let font = file.fonts.first { $0.name == d.font }
        let glyphs = file.chars.filter { g in font.map { g.family == $0.family && g.style == $0.style } ?? true }
        let fill = Self.textColor(d.fillColor)
        guard !glyphs.isEmpty else {
            if !animators.isEmpty { warnings.add("text {animator|animators} drawn only on text with glyph outlines", who) }
            return [plainText(d, fill: fill, owner: owner, who: who)]
        }
        let placed = layout(d, glyphs: glyphs, grouping: t.anchorGrouping, animators: animators, ascent: font?.ascent ?? 0)
        if placed.contains(where: { $0.glyph == nil && !$0.isNewline && $0.character != " " }) {
            warnings.add("{character|characters} without glyphs left out", who)
        }
        let stroke = d.strokeColor.map { Self.textColor($0) }.flatMap { d.strokeWidth > 0 ? $0 : nil }
        let strokes = animators.contains { $0.strokeWidth != nil || $0.strokeColor != nil } && d.strokeColor != nil
        if animators.isEmpty || placed.count > Self.maxAnimatedCharacters {
            if !animators.isEmpty { warnings.add("text {animator|animators} on texts over \(Self.maxAnimatedCharacters) characters not drawn", who) }
            var path: [PathElement] = []
            for p in placed { path += glyphPath(p, size: d.size).elements }
            return paint(Path(path), fill: fill, stroke: stroke, width: d.strokeWidth, overFill: d.strokeOverFill, name: owner + "_glyphs")
        }
        return animatedCharacters(placed, d, t, animators, fill: fill, stroke: stroke, strokes: strokes, owner: owner, who: who)
    }

    /// The fill and (when there is one) the stroke of `path`, in the document's order.
    private mutating func paint(_ path: Path, fill: Color, stroke: Color?, width: Double, overFill: Bool, name: String) -> [Layer] {
        var f = Layer(name: uniqueName(name), kind: .shape)
        f.properties["path"] = .path(path)
        f.properties["fillColor"] = .color(fill)
        guard let stroke else { return [f] }
        var s = Layer(name: uniqueName(name + "_stroke"), kind: .shape)
        s.properties["path"] = .path(path)
        s.properties["fillColor"] = .color(.clear)
        s.properties["strokeColor"] = .color(stroke)
        s.properties["lineWidth"] = .number(max(0, width))
        s.properties["lineJoin"] = .string(LineJoin.round.rawValue)
        return overFill ? [f, s] : [s, f]
    }

    /// A glyph's outline at its place on the line, unanimated.
    private func glyphPath(_ p: PlacedGlyph, size: Double) -> Path {
        guard let g = p.glyph else { return .empty }
        let scale = size / 100
        return glyphOutline(g.shapes).applying(AffineTransform.scale(scale, scale).concatenating(.translation(p.x, p.y)))
    }

    /// Lays the text out as lottie-web does: advance widths from the glyphs at the document's
    /// size, tracking after each character, lines `lh` apart, each line moved left by its whole
    /// width (right-justified) or half of it (centred); trailing spaces do not count. A
    /// paragraph (`sz`) wraps at its width, breaking at the last space (or inside a word too
    /// long for a line), justifies within the box, and hangs from its top-left corner `ps`,
    /// the first baseline the font's ascent below it.
    func layout(_ d: LottieTextDocument, glyphs: [LottieGlyph], grouping: Int, animators: [LottieTextAnimator],
                ascent: Double = 0) -> [PlacedGlyph] {
        let scale = d.size / 100, tracking = d.tracking / 1000 * d.size
        var byCharacter: [String: LottieGlyph] = [:]
        for g in glyphs where byCharacter[g.character] == nil { byCharacter[g.character] = g }
        func advance(_ ch: Character) -> Double { (byCharacter[String(ch)]?.width ?? 0) * scale }
        var text = Array(d.string)
        if let box = d.boxSize { text = Self.wrapped(text, width: box[0], tracking: tracking, advance: advance) }
        var placed: [PlacedGlyph] = []
        var lineWidths: [Double] = []
        var x = 0.0, line = 0, width = -tracking, spaces = 0.0
        for ch in text {
            let newline = ch.isNewline || ch == "\u{3}"
            if newline {
                lineWidths.append(width)
                placed.append(PlacedGlyph(glyph: nil, character: ch, x: 0, y: 0, line: line, width: 0, groupWidth: 0, groupOffset: 0,
                                          indices: [], isNewline: true))
                line += 1; x = 0; width = -tracking; spaces = 0
                continue
            }
            let g = byCharacter[String(ch)]
            let w = (g?.width ?? 0) * scale
            if ch == " " { spaces += w + tracking } else { width += w + tracking + spaces; spaces = 0 }
            placed.append(PlacedGlyph(glyph: g, character: ch, x: x, y: Double(line) * d.lineHeight - d.baselineShift, line: line,
                                      width: w, groupWidth: w, groupOffset: 0, indices: [], isNewline: false))
            x += w + tracking
        }
        lineWidths.append(width)
        let box = d.boxSize.map { $0[0] }
        let corner = d.boxPosition.map { Point($0[0], $0[1] + ascent * d.size / 100) } ?? .zero
        for i in placed.indices where !placed[i].isNewline {
            let lw = lineWidths[min(placed[i].line, lineWidths.count - 1)]
            if let box {
                placed[i].x += (d.justify == 1 ? box - lw : d.justify == 2 ? (box - lw) / 2 : 0) + corner.x
                placed[i].y += corner.y
            } else {
                placed[i].x += d.justify == 1 ? -lw : d.justify == 2 ? -lw / 2 : 0
            }
        }
        // Words (2) or lines (3) turn about their own centre: each character's group width and
        // its offset within the group.
        if grouping == 2 || grouping == 3 {
            var start = 0
            func close(_ end: Int) {
                guard start < end else { return }
                let members = (start..<end).filter { !placed[$0].isNewline && !(grouping == 2 && placed[$0].character == " ") }
                let total = members.reduce(0) { $0 + placed[$1].width }
                var offset = 0.0
                for i in start..<end {
                    placed[i].groupWidth = total
                    placed[i].groupOffset = offset
                    offset += placed[i].width
                }
            }
            for i in placed.indices where placed[i].isNewline || (grouping == 2 && placed[i].character == " ") {
                close(i); start = i + 1
            }
            close(placed.count)
        }
        // Selector indices: what each animator counts (characters, characters but spaces, words, lines).
        for a in animators {
            var n = 0.0
            for i in placed.indices {
                let p = placed[i]
                placed[i].indices.append(p.isNewline ? nil : n)
                let last = i == placed.count - 1
                switch a.basedOn {
                case 2: if !p.isNewline && p.character != " " { n += 1 }
                case 3: if p.isNewline || p.character == " " || last { n += 1 }
                case 4: if p.isNewline || last { n += 1 }
                default: if !p.isNewline { n += 1 }
                }
            }
        }
        return placed
    }

    /// A paragraph's text with line breaks where it overflows `width`: at the last space of the
    /// line (which the break replaces), or before the character when the line has none.
    static func wrapped(_ chars: [Character], width: Double, tracking: Double, advance: (Character) -> Double) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(chars.count + chars.count / 8)
        var line = 0.0, lastSpace = -1
        for c in chars {
            if c.isNewline || c == "\u{3}" { out.append(c); line = 0; lastSpace = -1; continue }
            let w = advance(c)
            if line > 0 && line + w > width && c != " " {
                if lastSpace >= 0 {
                    // The break replaces the space; the word after it starts the new line.
                    out[lastSpace] = "\r"
                    line = out[(lastSpace + 1)...].reduce(0) { $0 + advance($1) + tracking }
                } else {
                    out.append("\r")
                    line = 0
                }
                lastSpace = -1
            }
            if c == " " { lastSpace = out.count }
            out.append(c)
            line += w + tracking
        }
        return out
    }

    /// How many units an animator counts (for its percentages).
    private static func unitCount(_ placed: [PlacedGlyph], animator j: Int, basedOn: Int) -> Double {
        var n = 0.0
        for (i, p) in placed.enumerated() {
            let last = i == placed.count - 1
            switch basedOn {
            case 2: if !p.isNewline && p.character != " " { n += 1 }
            case 3: if p.isNewline || p.character == " " || last { n += 1 }
            case 4: if p.isNewline || last { n += 1 }
            default: if !p.isNewline { n += 1 }
            }
        }
        return n
    }

    /// Each character a layer turned about its group's centre, with the animators' position,
    /// anchor, scale, rotation, opacity, fill and stroke sampled each frame they change.
    private mutating func animatedCharacters(_ placed: [PlacedGlyph], _ d: LottieTextDocument, _ t: LottieText,
                                             _ animators: [LottieTextAnimator], fill: Color, stroke: Color?, strokes: Bool,
                                             owner: String, who: String) -> [Layer] {
        let totals = animators.enumerated().map { j, a in Self.unitCount(placed, animator: j, basedOn: a.basedOn) }
        // Randomized selectors take the units in a fixed shuffled order, seeded from the layer.
        let orders = animators.indices.map { j in
            animators[j].randomize ? LottieTextRandomOrder.order(count: clampedInt(totals[j], 0, 1_000_000), seed: owner, animator: j) : nil
        }
        let props = animators.flatMap { $0.drawnProperties + [$0.start, $0.end, $0.offset, $0.amount, $0.easeLow, $0.easeHigh, $0.smoothness] }
            + [t.groupingAlignment]
        let span = animatedSpan(props)
        let frames: [Double]
        if let span {
            // One sample a frame, fewer when a long text would make too many in all.
            let budget = max(2, Self.maxTextSamples / max(1, placed.count))
            let count = Int(min(2000, Double(budget), max(1, (span.upperBound - span.lowerBound).rounded(.up))))
            frames = (0...count).map { span.lowerBound + Double($0) * (span.upperBound - span.lowerBound) / Double(count) }
        } else {
            frames = [0]
        }
        let yOff = d.size * 1.2 * 0.714
        var out: [Layer] = []
        let source = Source(layer: who, property: "t.a (sampled each frame)")
        let strokeColor = d.strokeColor.map { Self.textColor($0) } ?? .clear
        // Every character's state at every frame, each frame's shares and tracking worked out once.
        var states: [[TextLetterState]] = Array(repeating: [], count: placed.count)
        for f in frames {
            let selectors = animators.indices.map { j in animators[j].selector(total: totals[j], at: f) }
            let shares: [[Double]] = placed.map { p in
                selectors.indices.map { j in
                    guard j < p.indices.count, var ind = p.indices[j] else { return 0 }
                    if let order = orders[j], let k = Int(exactly: ind), order.indices.contains(k) { ind = Double(order[k]) }
                    return selectors[j].share(index: ind)
                }
            }
            let shifts = Self.trackingShifts(placed, shares: shares, animators: animators, justify: d.justify, at: f)
            let alignment = t.groupingAlignment?.numbers(at: f, [0, 0]) ?? [0, 0]
            let values = animators.map { TextAnimatorValues($0, at: f) }
            for (i, p) in placed.enumerated() where !p.isNewline && p.glyph != nil {
                states[i].append(TextLetterState(p, shares: shares[i], shift: shifts[i], animators: values, alignment: alignment,
                                                 yOff: yOff, fill: fill, stroke: strokeColor, strokeWidth: d.strokeWidth))
            }
        }
        for (i, p) in placed.enumerated() where !p.isNewline {
            guard let g = p.glyph else { continue }
            let letterStates = states[i]
            var letter = Layer(name: uniqueName("\(owner)_\(Self.letterName(p.character))"), kind: .layer)
            letter.properties["anchorPoint"] = .point(.zero)
            setSamples(&letter, "bounds", letterStates.map { .rect(Rect($0.pivot.x, $0.pivot.y, 0, 0)) }, frames: frames, source)
            setSamples(&letter, "position", letterStates.map { .point($0.position) }, frames: frames, source)
            setSamples(&letter, "transform.scale.x", letterStates.map { .number($0.scale.x) }, frames: frames, source)
            setSamples(&letter, "transform.scale.y", letterStates.map { .number($0.scale.y) }, frames: frames, source)
            setSamples(&letter, "transform.rotation.z", letterStates.map { .number($0.rotation) }, frames: frames, source)
            setSamples(&letter, "opacity", letterStates.map { .number($0.opacity) }, frames: frames, source)
            let fills = letterStates.map { Value.color($0.fill) }
            let strokeColors = letterStates.map { Value.color($0.stroke) }
            let widths = letterStates.map { Value.number($0.strokeWidth) }
            let scale = d.size / 100
            let outline = glyphOutline(g.shapes).applying(.scale(scale, scale))
            var parts = paint(outline, fill: fill, stroke: stroke ?? (strokes ? .clear : nil), width: d.strokeWidth,
                              overFill: d.strokeOverFill, name: letter.name + "_glyph")
            for k in parts.indices {
                if parts[k].properties["strokeColor"] != nil {
                    setSamples(&parts[k], "strokeColor", strokeColors, frames: frames, source)
                    setSamples(&parts[k], "lineWidth", widths, frames: frames, source)
                } else {
                    setSamples(&parts[k], "fillColor", fills, frames: frames, source)
                }
            }
            letter.sublayers = parts
            out.append(letter)
        }
        return out
    }

    /// Most character states sampled for one text (characters × frames).
    static let maxTextSamples = 400_000

    /// How far tracking animators push each character along its line at frame `f`: a
    /// character's own tracking and that of those before it on the line (the first of a
    /// left-aligned line excepted, as lottie-web has it), a justified line moved back by its
    /// whole extra width (right) or half of it (centred).
    static func trackingShifts(_ placed: [PlacedGlyph], shares: [[Double]], animators: [LottieTextAnimator], justify: Int,
                               at f: Double) -> [Double] {
        var shifts = Array(repeating: 0.0, count: placed.count)
        let amounts = animators.map { $0.tracking?.number(at: f, 0) }
        guard amounts.contains(where: { $0 != nil && $0 != 0 }) else { return shifts }
        var lineStart = 0
        while lineStart < placed.count {
            var end = lineStart
            while end < placed.count && !placed[end].isNewline { end += 1 }
            var running = 0.0
            for k in lineStart..<end {
                let own = amounts.indices.reduce(0.0) { $0 + (amounts[$1] ?? 0) * shares[k][$1] }
                if k > lineStart || justify != 0 { running += own }
                shifts[k] = running
            }
            let extra = (lineStart..<end).reduce(0.0) { sum, k in sum + amounts.indices.reduce(0.0) { $0 + (amounts[$1] ?? 0) * shares[k][$1] } }
            let back = justify == 1 ? -extra : justify == 2 ? -extra / 2 : 0
            for k in lineStart..<end { shifts[k] += back }
            lineStart = end + 1
        }
        return shifts
    }

    /// The first sample as the model value; an animation only when the samples change.
    private mutating func setSamples(_ layer: inout Layer, _ keyPath: String, _ values: [Value], frames: [Double], _ source: Source) {
        guard let first = values.first else { return }
        layer.properties[keyPath] = first
        guard values.contains(where: { $0 != first }) else { return }
        let body = Animation.Keyframes(keyPath: keyPath, values: values, calculationMode: .linear)
        addAnimation(body, times: frames, layer: layer.name, source)
    }

    private static func letterName(_ c: Character) -> String {
        c.isLetter || c.isNumber ? "char_\(c)" : "char"
    }

    /// Text without glyph outlines: a LayerLab text layer in its own font (warned).
    private mutating func plainText(_ d: LottieTextDocument, fill: Color, owner: String, who: String) -> Layer {
        warnings.add("{text layer|text layers} without glyph outlines drawn in LayerLab's font", who)
        let lines = d.string.split(omittingEmptySubsequences: false) { $0.isNewline || $0 == "\u{3}" }
        var text = Layer(name: uniqueName(owner + "_text"), kind: .text)
        let width = Double(lines.map(\.count).max() ?? 0) * d.size + 1  // room for any font: the alignment places the text within it
        let height = Double(max(1, lines.count)) * max(d.lineHeight, d.size * 1.2)
        let x = d.justify == 1 ? -width : d.justify == 2 ? -width / 2 : 0
        text.properties["string"] = .string(lines.joined(separator: "\n"))
        text.properties["fontSize"] = .number(max(0, d.size))
        text.properties["foregroundColor"] = .color(fill)
        text.properties["alignment"] = .string(d.justify == 1 ? "right" : d.justify == 2 ? "center" : "left")
        text.properties["bounds"] = .rect(Rect(0, 0, width, height))
        text.properties["anchorPoint"] = .point(.zero)
        text.properties["position"] = .point(Point(x, -d.size))
        if let box = d.boxSize, let corner = d.boxPosition {
            // A paragraph: wrapped within its box, from the box's top-left corner.
            text.properties["bounds"] = .rect(Rect(0, 0, box[0], max(box[1], height)))
            text.properties["position"] = .point(Point(corner[0], corner[1]))
            text.properties["isWrapped"] = .bool(true)
        }
        return text
    }

    /// A document colour (0…1, or 0…255 in some files).
    static func textColor(_ c: [Double]) -> Color {
        let scale = c.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        func ch(_ i: Int) -> Double { c.count > i ? min(1, max(0, c[i] / scale)) : 0 }
        return Color(ch(0), ch(1), ch(2))
    }

    /// Every outline in a glyph's shapes, combined.
    func glyphOutline(_ shapes: [LottieShape]) -> Path {
        var e: [PathElement] = []
        for s in shapes {
            switch s.item {
            case .group(let sub): e += glyphOutline(sub).elements
            case .path(let ks, _):
                guard let b = ks?.value(at: 0)?.shape else { break }
                e += bezierPath(b).elements
            default: break
            }
        }
        return Path(e)
    }
}

extension LottieTextAnimator {
    /// The properties LayerLab draws.
    var drawnProperties: [LottieProperty] {
        [position, anchor, scale, rotation, opacity, fillColor, strokeColor, strokeWidth, tracking].compactMap { $0 }
    }

    /// How much of the animator applies to the unit at `index` of `total` at frame `f`
    /// (0…1 times the amount), as lottie-web's range selector computes it.
    func share(index: Double, total: Double, at f: Double) -> Double {
        selector(total: total, at: f).share(index: index)
    }

    /// The range selector at frame `f`: what `share` works out before it looks at the unit,
    /// the same for every character of the frame.
    func selector(total: Double, at f: Double) -> TextSelectorFrame {
        let divisor = indexUnits ? 1 : (total > 0 ? 100 / total : 1)
        let o = (offset?.number(at: f, 0) ?? 0) / divisor
        var s = (start?.number(at: f, 0) ?? 0) / divisor + o
        var e = (end?.number(at: f, indexUnits ? total : 100) ?? (indexUnits ? total : 100)) / divisor + o
        if s > e { swap(&s, &e) }
        let ne = easeLow?.number(at: f, 0) ?? 0, xe = easeHigh?.number(at: f, 0) ?? 0
        let x1 = ne > 0 ? ne / 100 : 0, y1 = ne > 0 ? 0 : -ne / 100
        let x2 = xe > 0 ? 1 - xe / 100 : 1, y2 = xe > 0 ? 1 : 1 + xe / 100
        let ease: (Double) -> Double = (x1 == y1 && x2 == y2) ? { $0 } : { TimingFunction.cubic(x1, y1, x2, y2)($0) }
        return TextSelectorFrame(s: s, e: e, ease: ease, shape: shape, smoothness: smoothness?.number(at: f, 100) ?? 100,
                                 amount: amount?.number(at: f, 100) ?? 100)
    }
}

/// One text animator's range selector at one frame (`TextAnimator.selector`).
struct TextSelectorFrame {
    let s: Double, e: Double
    let ease: (Double) -> Double
    let shape: Int
    let smoothness: Double
    let amount: Double

    /// How much of the animator applies to the unit at `index`.
    func share(index: Double) -> Double {
        var ind = index
        var m = 0.0
        let ramp = e == s ? 0 : max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
        switch shape {
        case 2: m = ease(e == s ? (ind >= e ? 1 : 0) : ramp)
        case 3: m = ease(e == s ? (ind >= e ? 0 : 1) : 1 - ramp)
        case 4: m = ease(e == s ? 0 : (ramp < 0.5 ? ramp * 2 : 1 - 2 * (ramp - 0.5)))
        case 5:
            if e != s {
                let tot = e - s
                ind = min(max(0, ind + 0.5 - s), tot)
                let x = -tot / 2 + ind, a = tot / 2
                m = (max(0, 1 - x * x / (a * a))).squareRoot()
            }
            m = ease(m)
        case 6:
            if e != s {
                ind = min(max(0, ind + 0.5 - s), e - s)
                m = (1 + cos(Double.pi + Double.pi * 2 * ind / (e - s))) / 2
            }
            m = ease(m)
        default:
            if ind >= s.rounded(.down) {
                m = ind - s < 0 ? max(0, min(min(e, 1) - (s - ind), 1)) : max(0, min(e - ind, 1))
            }
            m = ease(m)
        }
        let sm = smoothness
        if sm != 100 {
            let smooth = sm == 0 ? 1e-8 : sm / 100
            let threshold = 0.5 - smooth / 2
            m = m < threshold ? 0 : min(1, (m - threshold) / smooth)
        }
        return m * amount / 100
    }
}

/// What one animator sets at one frame, read once per frame for all the characters it
/// shares out to (reading it per character copied the animator and its properties each time).
struct TextAnimatorValues {
    var anchor: Point?, scale: Point?, position: Point?
    var rotation: Double?, opacity: Double?, strokeWidth: Double?
    var fill: Color?, stroke: Color?

    init(_ a: LottieTextAnimator, at f: Double) {
        if let an = a.anchor?.numbers(at: f, [0, 0]), an.count >= 2 { anchor = Point(an[0], an[1]) }
        if let s = a.scale?.numbers(at: f, [100, 100]), let sx = s.first { scale = Point(sx / 100, (s.count > 1 ? s[1] : sx) / 100) }
        if let r = a.rotation { rotation = r.number(at: f, 0) }
        if let o = a.opacity { opacity = o.number(at: f, 100) }
        if let c = a.fillColor { fill = LottieConverter.textColor(c.numbers(at: f, [0, 0, 0])) }
        if let c = a.strokeColor { stroke = LottieConverter.textColor(c.numbers(at: f, [0, 0, 0])) }
        if let w = a.strokeWidth { strokeWidth = w.number(at: f, 0) }
        if let pos = a.position?.numbers(at: f, [0, 0]), pos.count >= 2 { position = Point(pos[0], pos[1]) }
    }
}

/// One character's transform, opacity and colours at one frame, its animators applied in
/// lottie-web's order: anchors, then scales, then rotation, opacity and colours animator by
/// animator, then positions.
struct TextLetterState {
    var pivot = Point.zero
    var position = Point.zero
    var scale = Point(1, 1)
    var rotation = 0.0
    var opacity = 1.0
    var fill: Color
    var stroke: Color
    var strokeWidth: Double

    init(_ p: LottieConverter.PlacedGlyph, shares: [Double], shift: Double, animators: [TextAnimatorValues], alignment: [Double],
         yOff: Double, fill: Color, stroke: Color, strokeWidth: Double) {
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth
        let ax = alignment.count > 0 ? alignment[0] : 0, ay = alignment.count > 1 ? alignment[1] : 0
        // The point the character turns about: its group's centre, moved by the grouping alignment.
        var pivot = Point(p.groupWidth / 2 - p.groupOffset + ax * p.groupWidth * 0.005, ay * yOff * 0.01)
        var move = Point.zero
        for j in animators.indices {
            if let an = animators[j].anchor { pivot = pivot + Point(an.x * shares[j], an.y * shares[j]) }
        }
        for j in animators.indices {
            if let s = animators[j].scale {
                scale = Point(scale.x * (1 + (s.x - 1) * shares[j]), scale.y * (1 + (s.y - 1) * shares[j]))
            }
        }
        for j in animators.indices {
            let m = shares[j], a = animators[j]
            if let r = a.rotation { rotation += r * m * Double.pi / 180 }
            if let o = a.opacity { opacity += (o / 100 * m - opacity) * m }
            if let v = a.fill {
                self.fill = Color(self.fill.r + (v.r - self.fill.r) * m, self.fill.g + (v.g - self.fill.g) * m, self.fill.b + (v.b - self.fill.b) * m, self.fill.a)
            }
            if let v = a.stroke {
                self.stroke = Color(self.stroke.r + (v.r - self.stroke.r) * m, self.stroke.g + (v.g - self.stroke.g) * m,
                                    self.stroke.b + (v.b - self.stroke.b) * m, 1)
            }
            if let w = a.strokeWidth { self.strokeWidth += w * m }
        }
        for j in animators.indices {
            if let pos = animators[j].position { move = move + Point(pos.x * shares[j], pos.y * shares[j]) }
        }
        self.strokeWidth = max(0, self.strokeWidth)
        self.opacity = min(1, max(0, opacity))
        self.pivot = pivot
        // Where the pivot lands: the character's place on its line plus the animators' move.
        let rest = Point(p.groupWidth / 2 - p.groupOffset + ax * p.groupWidth * 0.005, ay * yOff * 0.01)
        position = Point(p.x + shift + rest.x, p.y + rest.y) + move
    }
}
