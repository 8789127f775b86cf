import LayerLabCore

/// A string laid out in a text layer's bounds as CATextLayer lays it out: lines split at
/// newlines, the first at the top; with `isWrapped`, lines broken between words to fit the
/// bounds' width (a word longer than the width broken between characters); with a
/// `truncationMode`, lines too wide cut at the start, middle or end and marked with "…"
/// (wrapped text that runs below the bounds ends in the last line that fits, truncated).
///
/// Positions are relative to the bounds' origin, so a layout serves any origin; the work is
/// linear in the length of the string.
struct TextLayout: Sendable {
    /// What the layout depends on. Sizes that cannot change it are zeroed, so animating them
    /// reuses one layout.
    struct Key: Hashable, Sendable {
        var string: String
        var fontSize: Double
        var weight: FontWeight
        var alignment: TextAlignment
        var wrapped: Bool
        var truncation: TextTruncation
        var width: Double
        var height: Double

        init(_ layer: PresentedLayer) {
            string = layer.extras.string
            fontSize = layer.extras.fontSize
            weight = layer.extras.font.weight
            alignment = layer.extras.alignment
            wrapped = layer.extras.isWrapped
            truncation = layer.extras.truncationMode
            let usesWidth = wrapped || truncation != .none || alignment == .center || alignment == .right
            width = usesWidth ? layer.bounds.width : 0
            height = wrapped && truncation != .none ? layer.bounds.height : 0
        }
    }

    /// One drawn glyph: its id in the font and where its origin (x 0, cap top y 0) sits.
    struct Placed: Sendable {
        var glyph: Int32
        var x: Double
        var top: Double
    }

    let placed: [Placed]
    /// Layer points per font unit.
    let unit: Double
    let lineCount: Int

    init(_ key: Key) {
        let font = VectorFont.of(key.weight)
        let em = key.fontSize
        guard em > 0, em.isFinite, !key.string.isEmpty else { placed = []; unit = 0; lineCount = 0; return }
        let unit = em / VectorFont.unitsPerEm
        self.unit = unit
        let strokeUnits = font.strokeEm * VectorFont.unitsPerEm
        // The widest a line's ink may be, in units (its strokes' outer edges within the width).
        let avail = max(0, key.width / unit - strokeUnits)
        let builder = LineBuilder(font: font, avail: avail)

        var lines: [Line] = []
        for paragraph in TextLayout.paragraphs(key.string) {
            let ids = paragraph.map(font.id)
            if key.wrapped { builder.wrap(ids, into: &lines) } else { lines.append(Line(ids: ids[...], wrappedEnd: false)) }
        }
        if key.truncation != .none {
            if key.wrapped {
                // Clamped: a huge height or a tiny font gives more lines than there are.
                let fit = clampedInt((key.height / (VectorFont.lineHeight * em) + 1e-9).rounded(.down), 1, lines.count + 1)
                if lines.count > fit {
                    // The last line that fits takes the rest of the text, truncated.
                    var rest: [Int32] = []
                    for (k, l) in lines[(fit - 1)...].enumerated() {
                        if k > 0 { rest.append(VectorFont.space) }
                        rest += l.ids
                    }
                    lines.removeSubrange((fit - 1)...)
                    lines.append(Line(ids: builder.truncated(rest[...], key.truncation)[...], wrappedEnd: false))
                }
            } else {
                lines = lines.map { Line(ids: builder.truncated($0.ids, key.truncation)[...], wrappedEnd: false) }
            }
        }

        var out: [Placed] = []
        let half = strokeUnits / 2
        for (i, line) in lines.enumerated() {
            let inkWidth = builder.inkWidth(line.ids)
            // Where the line's ink starts, in units from the bounds' left.
            var x: Double
            switch key.alignment {
            case .center: x = (key.width / unit - inkWidth - strokeUnits) / 2
            case .right: x = key.width / unit - inkWidth - strokeUnits
            case .natural, .left, .justified: x = 0
            }
            x += half
            var stretch = 0.0
            if key.alignment == .justified && line.wrappedEnd {
                let spaces = line.ids.dropLast().filter { font.glyphs[Int($0)].isBreakingSpace }.count
                if spaces > 0 { stretch = max(0, avail - inkWidth) / Double(spaces) }
            }
            let top = (VectorFont.baseline + VectorFont.lineHeight * Double(i)) * VectorFont.unitsPerEm - 10
            for id in line.ids {
                let g = font.glyphs[Int(id)]
                if !g.strokes.isEmpty { out.append(Placed(glyph: id, x: x * unit, top: top * unit)) }
                x += g.advance
                if g.isBreakingSpace { x += stretch }
            }
        }
        placed = out
        lineCount = lines.count
    }

    /// Paragraphs: the text between line breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029).
    static func paragraphs(_ s: String) -> [[Character]] {
        var out: [[Character]] = [[]]
        for ch in s {
            if ch == "\n" || ch == "\r\n" || ch == "\r" || ch == "\u{2028}" || ch == "\u{2029}" { out.append([]) } else { out[out.count - 1].append(ch) }
        }
        return out
    }

    struct Line {
        var ids: ArraySlice<Int32>
        /// Ended by wrapping rather than by a line break (justified lines stretch).
        var wrappedEnd: Bool
    }

    /// Measuring, wrapping and truncating runs of glyph ids, in font units.
    struct LineBuilder {
        let font: VectorFont
        let avail: Double

        func advance(_ id: Int32) -> Double { font.glyphs[Int(id)].advance }
        func isSpace(_ id: Int32) -> Bool { font.glyphs[Int(id)].isBreakingSpace }
        /// The right end of a glyph's ink, from its origin.
        func inkRight(_ id: Int32) -> Double {
            let g = font.glyphs[Int(id)]
            return g.strokes.isEmpty ? 0 : g.ink.maxX
        }

        /// From the first glyph's origin to the right of the last inked glyph's ink.
        func inkWidth(_ ids: ArraySlice<Int32>) -> Double {
            var pen = 0.0, right = 0.0
            for id in ids {
                if !font.glyphs[Int(id)].strokes.isEmpty { right = pen + inkRight(id) }
                pen += advance(id)
            }
            return right
        }

        /// Greedy line breaking: as many words as fit on each line; spaces at a break hang
        /// (are dropped); a word wider than a line is broken between characters.
        func wrap(_ ids: [Int32], into lines: inout [Line]) {
            let n = ids.count
            if n == 0 { lines.append(Line(ids: [], wrappedEnd: false)); return }
            var start = 0, i = 0
            var pen = 0.0
            // Where the word after the latest spaces on this line starts.
            var breakAt: Int? = nil
            while i < n {
                let id = ids[i]
                if isSpace(id) {
                    pen += advance(id); i += 1
                    if i < n, !isSpace(ids[i]) { breakAt = i }
                    continue
                }
                if i > start && pen + inkRight(id) > avail + 1e-9 {
                    let end: Int
                    if let b = breakAt, b > start { end = b } else { end = i }
                    var last = end
                    while last > start && isSpace(ids[last - 1]) { last -= 1 }
                    lines.append(Line(ids: ids[start..<last], wrappedEnd: true))
                    start = end
                    // Measure what moved to the new line again (at most a line's worth).
                    pen = 0; breakAt = nil
                    var k = start
                    while k < i {
                        pen += advance(ids[k]); k += 1
                        if k < n, isSpace(ids[k - 1]), !isSpace(ids[k]) { breakAt = k }
                    }
                    continue
                }
                pen += advance(id); i += 1
            }
            lines.append(Line(ids: ids[start..<n], wrappedEnd: false))
        }

        /// The line cut to fit with "…" where the text is missing, or the line itself if it fits.
        func truncated(_ ids: ArraySlice<Int32>, _ mode: TextTruncation) -> [Int32] {
            guard mode != .none, inkWidth(ids) > avail + 1e-9 else { return Array(ids) }
            let ell = font.ellipsis
            let a = Array(ids)
            func trimmedEnd(_ k: Int) -> Int { var k = k; while k > 0 && isSpace(a[k - 1]) { k -= 1 }; return k }
            func trimmedStart(_ k: Int) -> Int { var k = k; while k < a.count && isSpace(a[k]) { k += 1 }; return k }
            /// The longest prefix whose advances fit in `room`.
            func prefix(_ room: Double) -> Int {
                var pen = 0.0, k = 0
                while k < a.count && pen + advance(a[k]) <= room + 1e-9 { pen += advance(a[k]); k += 1 }
                return k
            }
            let end = trimmedEnd(a.count)
            /// Where the longest suffix (trailing spaces left out) whose ink fits in `room` starts.
            func suffix(_ room: Double) -> Int {
                guard end > 0 else { return 0 }
                var width = inkRight(a[end - 1]), k = end - 1
                if width > room + 1e-9 { return end }
                while k > 0 && width + advance(a[k - 1]) <= room + 1e-9 { width += advance(a[k - 1]); k -= 1 }
                return k
            }
            switch mode {
            case .end:
                let k = trimmedEnd(prefix(avail - inkRight(ell)))
                return Array(a[..<k]) + [ell]
            case .start:
                let k = trimmedStart(suffix(avail - advance(ell)))
                return [ell] + Array(a[k..<max(k, end)])
            case .middle:
                let room = avail - advance(ell)
                let head = prefix(room / 2)
                var used = 0.0
                for id in a[..<head] { used += advance(id) }
                let tail = max(head, trimmedStart(suffix(room - used)))
                return Array(a[..<trimmedEnd(head)]) + [ell] + Array(a[tail..<max(tail, end)])
            case .none:
                return a
            }
        }
    }
}

extension VectorFont {
    /// Where a text layer's drawing is clipped: its bounds, with `accentRoom` above them.
    package static func clipRect(of layer: PresentedLayer) -> Rect {
        let b = layer.bounds, room = accentRoom * max(0, layer.extras.fontSize)
        return Rect(b.minX, b.minY - room, b.width, b.height + room)
    }

    /// The strokes of a text layer's glyphs in its own coordinates, laid out in its bounds
    /// (see `TextLayout`), leaving out glyphs wholly outside `visible` (nil: the clip rect).
    /// `crossesClip` says whether some glyph kept reaches outside the clip rect, and `glyphs`
    /// how many glyphs were kept.
    package static func strokes(of layer: PresentedLayer, visible: Rect? = nil) -> (lines: [Polyline], crossesClip: Bool, glyphs: Int) {
        strokes(of: layer, visible: visible, cache: .shared)
    }

    static func strokes(of layer: PresentedLayer, visible: Rect?, cache: TextLayoutCache)
        -> (lines: [Polyline], crossesClip: Bool, glyphs: Int) {
        guard !layer.extras.string.isEmpty, layer.extras.fontSize > 0, layer.extras.fontSize.isFinite else { return ([], false, 0) }
        let layout = cache.layout(TextLayout.Key(layer))
        let font = VectorFont.of(layer.extras.font.weight)
        let clip = clipRect(of: layer)
        var view = visible.map { intersection($0, clip) } ?? clip
        let pad = font.lineWidth(fontSize: layer.extras.fontSize) / 2
        let ox = layer.bounds.minX, oy = layer.bounds.minY, u = layout.unit
        view = Rect(view.minX - pad, view.minY - pad, view.width + 2 * pad, view.height + 2 * pad)
        var lines: [Polyline] = []
        var crosses = false, count = 0
        for p in layout.placed {
            let g = font.glyphs[Int(p.glyph)]
            let x0 = ox + p.x + g.ink.minX * u, x1 = ox + p.x + g.ink.maxX * u
            let y0 = oy + p.top + g.ink.minY * u, y1 = oy + p.top + g.ink.maxY * u
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { continue }
            if x1 < view.minX || x0 > view.maxX || y1 < view.minY || y0 > view.maxY { continue }
            if x0 - pad < clip.minX || x1 + pad > clip.maxX || y0 - pad < clip.minY || y1 + pad > clip.maxY { crosses = true }
            count += 1
            for s in g.strokes {
                lines.append(Polyline(s.map { Point(ox + p.x + $0.x * u, oy + p.top + $0.y * u) }, closed: false))
            }
        }
        return (lines, crosses, count)
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        return Rect(x0, y0, max(0, min(a.maxX, b.maxX) - x0), max(0, min(a.maxY, b.maxY) - y0))
    }
}
