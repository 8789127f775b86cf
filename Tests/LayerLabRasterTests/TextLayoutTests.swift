import LayerLabCore
import Testing
@testable import LayerLabRaster

/// CATextLayer's layout in LayerLab's vector font: the characters it covers, wrapping between
/// words, truncation with "…", the bold weight, clipping to the bounds, and the work a long
/// text costs.
struct TextLayoutTests {
    static func text(_ s: String, width: Double = 200, height: Double = 100, fontSize: Double = 20,
                     wrapped: Bool = false, truncation: TextTruncation = .none, font: String = "Helvetica",
                     alignment: TextAlignment = .left) -> PresentedLayer {
        var t = PresentedLayer(name: "t", kind: .text)
        t.extras.string = s; t.extras.fontSize = fontSize; t.extras.foregroundColor = .black
        t.bounds = Rect(0, 0, width, height); t.anchorPoint = .zero; t.position = Point(10, 10)
        t.extras.isWrapped = wrapped; t.extras.truncationMode = truncation; t.extras.font = TextFont(font); t.extras.alignment = alignment
        return t
    }

    static func layout(_ t: PresentedLayer) -> TextLayout { TextLayout(TextLayout.Key(t)) }

    /// Lines as the characters drawn on each (spaces are not drawn), by glyph id.
    static func lines(_ t: PresentedLayer) -> [[Int32]] {
        var out: [Double: [Int32]] = [:]
        for p in layout(t).placed { out[p.top, default: []].append(p.glyph) }
        return out.keys.sorted().map { out[$0]! }
    }

    static func ids(_ s: String, _ font: VectorFont = .regular) -> [Int32] {
        s.filter { $0 != " " }.map(font.id)
    }

    @Test func latin1AndBoxDrawingAreAllThere() {
        let font = VectorFont.regular
        let blank: Set<UInt32> = [0xA0, 0xAD]
        for code in UInt32(0xA0)...0xFF {
            let ch = Character(Unicode.Scalar(code)!)
            #expect(font.ids[ch] != nil, "U+\(String(code, radix: 16)) has a glyph")
            if !blank.contains(code) { #expect(font.characters.contains(ch), "U+\(String(code, radix: 16)) draws something") }
        }
        for code in UInt32(0x2500)...0x257F {
            #expect(font.characters.contains(Character(Unicode.Scalar(code)!)), "U+\(String(code, radix: 16))")
        }
        #expect(font.missingCharacters(in: "Ünïcödé ┌─┐ … ß\n") == [])
        #expect(font.missingCharacters(in: "aア€ア✓") == ["ア", "✓"])
    }

    /// The check that skips building a font for plain ASCII text agrees with both fonts.
    @Test func printableAsciiNeedsNoFontToCheck() {
        let ascii = String(String.UnicodeScalarView((0x20...0x7E).map { Unicode.Scalar(UInt8($0)) }))
        for font in [VectorFont.regular, VectorFont.bold] {
            #expect(font.missingCharacters(in: ascii + "\t\n\r\n") == [])
        }
        for text in ["", ascii, "Hello,\tworld\r\n", "aア€ア✓", "Ünïcödé ┌─┐ … ß\n", "x\u{7F}y", "\u{1}"] {
            #expect(VectorFont.missingCharacters(in: text) == VectorFont.regular.missingCharacters(in: text), "\(text.debugDescription)")
            #expect(VectorFont.missingCharacters(in: text) == VectorFont.bold.missingCharacters(in: text), "\(text.debugDescription)")
        }
    }

    @Test func accentedLettersAreTheBaseLetterPlusAnAccentAbove() {
        let font = VectorFont.regular
        for (accented, base) in [("é", "e"), ("Ä", "A"), ("ñ", "n"), ("Ø", "O")] as [(Character, Character)] {
            let a = font.glyphs[Int(font.id(accented))], b = font.glyphs[Int(font.id(base))]
            #expect(a.strokes.count > b.strokes.count)
            if accented != "Ø" { #expect(a.ink.minY < b.ink.minY - 1, "the accent sits above \(base)") }
        }
        // A decomposed é (e + U+0301) is the same character to Swift, so it draws the same.
        #expect(font.id("e\u{301}") == font.id("é"))
    }

    @Test func boxDrawingArmsReachTheCellEdgesSoCellsJoin() {
        let font = VectorFont.regular
        func glyph(_ ch: Character) -> VectorFont.Glyph { font.glyphs[Int(font.id(ch))] }
        let w = VectorFont.cellWidth
        #expect(glyph("─").ink.minX == 0 && glyph("─").ink.maxX == w)
        #expect(glyph("│").ink.minY == VectorFont.cellTop && glyph("│").ink.maxY == VectorFont.cellBottom)
        #expect(glyph("┼").advance == w && glyph("╬").advance == w)
        #expect(VectorFont.bold.glyphs[Int(VectorFont.bold.id("─"))].advance == w, "cells keep their width in bold")
        // A corner reaches two edges only; a double line is two strokes.
        let corner = glyph("┌").ink
        #expect(corner.maxX == w && corner.maxY == VectorFont.cellBottom && corner.minX > 0 && corner.minY > VectorFont.cellTop)
        #expect(glyph("═").strokes.count == 4 && glyph("━").strokes.count == 6)
        // Lines stacked: the bottom of one line's │ is the top of the next's.
        let t = Self.text("│\n│", fontSize: 30)
        let placed = Self.layout(t).placed
        let u = Self.layout(t).unit
        #expect(abs((placed[0].top + VectorFont.cellBottom * u) - (placed[1].top + VectorFont.cellTop * u)) < 1e-9)
    }

    @Test func wrappingBreaksBetweenWordsWithinTheWidth() {
        let t = Self.text("the quick brown fox jumps over the lazy dog", width: 120, wrapped: true)
        let lines = Self.lines(t)
        #expect(lines.count > 2)
        #expect(lines.flatMap { $0 } == Self.ids("the quick brown fox jumps over the lazy dog"), "no character lost or added")
        // Each line is whole words and fits.
        let words = "the quick brown fox jumps over the lazy dog".split(separator: " ").map { Self.ids(String($0)) }
        var k = 0
        let font = VectorFont.regular
        let b = TextLayout.LineBuilder(font: font, avail: 0)
        for line in Self.lines(t) {
            var rest = line[...]
            while !rest.isEmpty {
                #expect(Array(rest.prefix(words[k].count)) == words[k], "line \(line) holds whole words")
                rest = rest.dropFirst(words[k].count); k += 1
            }
            #expect(b.inkWidth(line[...]) * Self.layout(t).unit + font.lineWidth(fontSize: 20) <= 120 + 1e-9)
        }
        #expect(Self.lines(Self.text("the quick brown fox", width: 120)).count == 1, "not wrapped: one line")
    }

    @Test func aWordLongerThanTheLineIsBrokenBetweenCharacters() {
        let word = String(repeating: "m", count: 40)
        let lines = Self.lines(Self.text(word, width: 100, wrapped: true))
        #expect(lines.count > 3)
        #expect(lines.flatMap { $0 }.count == 40)
        #expect(Self.lines(Self.text("m", width: 1, wrapped: true)).count == 1, "at least one glyph a line")
    }

    @Test func truncationCutsWhereAskedAndMarksIt() {
        let s = "The quick brown fox jumps over the lazy dog"
        let font = VectorFont.regular
        let ell = font.ellipsis
        let end = Self.lines(Self.text(s, width: 150, truncation: .end))[0]
        #expect(end.last == ell && end.dropLast() == Self.ids(s)[..<(end.count - 1)])
        let start = Self.lines(Self.text(s, width: 150, truncation: .start))[0]
        #expect(start.first == ell && start.dropFirst() == Self.ids(s)[(Self.ids(s).count - start.count + 1)...])
        let middle = Self.lines(Self.text(s, width: 150, truncation: .middle))[0]
        let i = try! #require(middle.firstIndex(of: ell))
        #expect(i > 0 && i < middle.count - 1)
        #expect(middle[..<i] == Self.ids(s)[..<i] && middle[(i + 1)...] == Self.ids(s)[(Self.ids(s).count - (middle.count - i - 1))...])
        for line in [end, start, middle] {
            let width = TextLayout.LineBuilder(font: font, avail: 0).inkWidth(line[...]) * Self.layout(Self.text(s)).unit
            #expect(width + font.lineWidth(fontSize: 20) <= 150 + 1e-9)
        }
        #expect(!Self.lines(Self.text("short", width: 150, truncation: .end))[0].contains(ell), "what fits is not cut")
        #expect(!Self.lines(Self.text(s, width: 150))[0].contains(ell), "none: clipped, not cut")
    }

    @Test func wrappedTextRunningBelowTheBoundsEndsInATruncatedLine() {
        let s = "The quick brown fox jumps over the lazy dog and keeps running far away from here"
        let t = Self.text(s, width: 150, height: 50, wrapped: true, truncation: .end)
        let lines = Self.lines(t)
        #expect(lines.count == 2, "two lines of 24 points fit in 50")
        #expect(lines[1].last == VectorFont.regular.ellipsis)
        #expect(Self.lines(Self.text(s, width: 150, height: 50, wrapped: true)).count > 2, "without truncation all lines are laid out")
    }

    @Test func justifiedLinesReachTheWidthExceptTheLast() {
        let t = Self.text("aa bb cc dd ee ff gg hh ii jj kk", width: 100, wrapped: true, alignment: .justified)
        let layout = Self.layout(t)
        let font = VectorFont.regular
        var rightmost: [Double: Double] = [:]
        for p in layout.placed { rightmost[p.top] = max(rightmost[p.top] ?? 0, p.x + font.glyphs[Int(p.glyph)].ink.maxX * layout.unit) }
        let rights = rightmost.keys.sorted().map { rightmost[$0]! }
        let edge = 100 - font.lineWidth(fontSize: 20) / 2
        for r in rights.dropLast() { #expect(abs(r - edge) < 1e-6) }
        #expect(rights.last! < edge - 1)
    }

    @Test func boldIsTheSameOutlinesWithWiderStrokes() {
        let regular = Self.text("Bold", font: "Helvetica"), bold = Self.text("Bold", font: "Helvetica-Bold")
        #expect(bold.extras.font.weight == .bold && regular.extras.font.weight == .regular)
        #expect(TextFont("Avenir-Heavy").weight == .bold && TextFont("bold").weight == .bold && TextFont("Menlo").weight == .regular)
        #expect(VectorFont.bold.lineWidth(fontSize: 20) > VectorFont.regular.lineWidth(fontSize: 20) * 1.4)
        func ink(_ t: PresentedLayer) -> Int {
            let bmp = Rasterizer().render(Fixtures.scene([t]), width: 200, height: 200)
            return (0..<200).reduce(0) { n, y in n + (0..<200).filter { bmp[$0, y].r < 0.5 }.count }
        }
        #expect(Double(ink(bold)) > Double(ink(regular)) * 1.3)
    }

    @Test func textIsClippedToTheBounds() {
        var t = Self.text("WWWWWWWWWWWWWWWWWWWW\nWWWW\nWWWW\nWWWW", width: 80, height: 40, fontSize: 30)
        t.position = Point(50, 50)
        let bmp = Rasterizer().render(Fixtures.scene([t]), width: 200, height: 200)
        var inside = 0
        for y in 0..<200 {
            for x in 0..<200 where bmp[x, y].r < 0.99 {
                #expect(x >= 50 && x < 130 && y >= 50 - 8 && y < 90, "ink at \(x), \(y) is outside the bounds")
                if x >= 50 && x < 130 && y >= 50 && y < 90 { inside += 1 }
            }
        }
        #expect(inside > 500)
    }

    @Test func aMissingCharacterDrawsABox() {
        let box = Self.layout(Self.text("ア"))
        #expect(box.placed.count == 1 && box.placed[0].glyph == VectorFont.missing)
    }

    /// The reproducer: 10,000 characters on one line of a 400x300 canvas. Only the
    /// glyphs that reach the surface are stroked, and the layout is made once for every frame.
    @Test func aLongTextCostsWhatShowsOfIt() {
        var t = Self.text(String(repeating: "abcdefghij", count: 1000), width: 0, height: 0, fontSize: 36)
        t.bounds = Rect(0, 0, 400, 300); t.position = Point(200, 150); t.anchorPoint = Point(0.5, 0.5)
        let cache = TextLayoutCache()
        var stroked: [Int] = []
        for time in 0..<3 {
            let context = RenderContext(width: 400, height: 300, images: ImageStore(), sampling: .linear)
            context.textLayouts = cache
            var moved = t
            moved.position.x -= Double(time) * 10
            _ = context.draw(Fixtures.scene([moved], size: Size(400, 300)), transform: .identity)
            stroked.append(context.glyphsStroked)
        }
        #expect(stroked.allSatisfy { $0 > 10 && $0 <= 40 }, "\(stroked) glyphs stroked of 10,000")
        #expect(cache.layoutsMade == 1, "moving the layer reuses its layout")
        // Wrapped into the bounds: the lines below the bounds are not stroked either.
        var wrapped = t
        wrapped.extras.isWrapped = true
        let context = RenderContext(width: 400, height: 300, images: ImageStore(), sampling: .linear)
        context.textLayouts = cache
        _ = context.draw(Fixtures.scene([wrapped], size: Size(400, 300)), transform: .identity)
        #expect(context.glyphsStroked > 100 && context.glyphsStroked <= 400, "\(context.glyphsStroked)")
        #expect(cache.layoutsMade == 2)
    }

    @Test func theCacheForgetsTheLeastRecentlyUsed() {
        let cache = TextLayoutCache(capacity: 2)
        let a = TextLayout.Key(Self.text("a")), b = TextLayout.Key(Self.text("b")), c = TextLayout.Key(Self.text("c"))
        _ = cache.layout(a); _ = cache.layout(b); _ = cache.layout(a); _ = cache.layout(c)
        #expect(cache.layoutsMade == 3)
        _ = cache.layout(a)
        #expect(cache.layoutsMade == 3, "a was used more recently than b")
        _ = cache.layout(b)
        #expect(cache.layoutsMade == 4)
    }

    @Test func contoursCutToARectangleKeepOnlyWhatIsInside() {
        var c = Contours()
        for p in [Point(-10, -10), Point(30, -10), Point(30, 30), Point(-10, 30)] { c.add(p) }
        c.close()
        let cut = c.clipped(to: Rect(0, 0, 20, 20))
        #expect(cut.ends == [4])
        #expect(Set(cut.points.map { "\($0.x),\($0.y)" }) == ["0.0,0.0", "20.0,0.0", "20.0,20.0", "0.0,20.0"])
        #expect(c.clipped(to: Rect(100, 100, 5, 5)).isEmpty)
    }
}
