import LayerLabCore
import LayerLabRaster
import LayerLabScript
import LayerLabTerminal
import TestSupport
import Testing

/// The image modes' streams read back by independent decoders (`PixelStreamDecoders`):
/// kitty's gives the frame's pixels byte for byte, sixel's the frame within a small error, on
/// the example scenes with gradients, shadows and hairlines.
@Suite struct PixelEncodingTests {
    static func frame(_ script: String, at t: Double, width: Int = 320, height: Int? = nil) throws -> (Bitmap, Scene) {
        let (doc, images) = try ExampleFrameTests.document(script)
        let scene = Evaluator(document: doc).scene(at: t)
        let size = Rasterizer.fittedSize(canvas: scene.canvasSize, width: width, height: height)
        return (Rasterizer(images: images).render(scene, width: size.width, height: size.height), scene)
    }

    @Test(arguments: ["card-flip.lab", "shimmer.lab", "circular-loader.lab"])
    func kittyStreamDecodesToTheFramesPixels(_ script: String) throws {
        let (bitmap, _) = try Self.frame(script, at: 0.7)
        var out: [UInt8] = []
        KittyEncoder.write(bitmap, imageID: 77, columns: 32, rows: 12, into: &out)
        let image = try PixelStreamDecoders.kitty(out)
        #expect(image.width == bitmap.width && image.height == bitmap.height)
        #expect(image.rgba == bitmap.pixels, "decoded pixels differ from the frame")
        #expect(image.keys["a"] == "T" && image.keys["i"] == "77" && image.keys["q"] == "2")
        #expect(image.keys["c"] == "32" && image.keys["r"] == "12" && image.keys["C"] == "1")
        #expect(image.chunkLengths.allSatisfy { $0 <= KittyEncoder.chunkSize && $0 % 4 == 0 })
        #expect(image.chunkLengths.dropLast().allSatisfy { $0 == KittyEncoder.chunkSize })
    }

    /// A translucent frame keeps its alpha (f=32); an odd size needs base64 padding.
    @Test func kittyKeepsAlphaAndOddSizes() throws {
        var rng = SplitMix64(seed: 5)
        for (w, h) in [(1, 1), (7, 3), (61, 17)] {
            let px = (0..<(w * h * 4)).map { _ in UInt8(rng.next() % 256) }
            let bitmap = Bitmap(width: w, height: h, pixels: px)
            var out: [UInt8] = []
            KittyEncoder.write(bitmap, imageID: 1, columns: 1, rows: 1, into: &out)
            let image = try PixelStreamDecoders.kitty(out)
            #expect(image.keys["f"] == "32")
            #expect(image.rgba == px)
        }
    }

    /// The sixel image has the frame's size, at most the registers allowed, paints every
    /// pixel, and stays within 2% mean error of the frame; flat colours come out exact.
    @Test(arguments: ["card-flip.lab", "shimmer.lab", "circular-loader.lab", "confetti.lab"])
    func sixelStreamIsTheFrameWithinASmallError(_ script: String) throws {
        let (bitmap, scene) = try Self.frame(script, at: 1.2)
        for colors in [256, 16] {
            var encoder = PixelEncoder(mode: .sixel, sixelColors: colors)
            var out: [UInt8] = []
            let layout = PixelLayout(columns: 1, rows: 1, width: bitmap.width, height: bitmap.height)
            encoder.write(bitmap, layout: layout, background: scene.background, into: &out)
            let image = try PixelStreamDecoders.sixel(out)
            #expect(image.width == bitmap.width && image.height == bitmap.height)
            #expect(image.registers.count <= colors)
            #expect(image.painted.allSatisfy { $0 }, "a pixel left unpainted")
            let flat = SixelEncoder.flatten(bitmap, over: PixelEncoder.base(scene.background))
            var sum = 0
            for p in 0..<(bitmap.width * bitmap.height) {
                for c in 0..<3 { sum += abs(Int(image.rgb[p * 3 + c]) - Int(flat.pixels[p * 4 + c])) }
            }
            let mae = Double(sum) / Double(bitmap.width * bitmap.height * 3) / 255
            // 16 registers (a VT340's own) are coarser: dithering keeps the mean, not each pixel.
            #expect(mae < (colors == 256 ? 0.02 : 0.06), "\(script) \(colors) colours: mean error \(mae)")
        }
    }

    @Test func sixelFlatColoursAreExactAndBytesRepeat() throws {
        var bitmap = Bitmap(width: 40, height: 13, fill: Color(bytes: 255, 0, 0))
        for y in 0..<13 { for x in 20..<40 { bitmap[x, y] = Color(bytes: 0, 0, 255) } }
        var a: [UInt8] = [], b: [UInt8] = []
        var e1 = PixelEncoder(mode: .sixel), e2 = PixelEncoder(mode: .sixel)
        let l = PixelLayout(columns: 4, rows: 1, width: 40, height: 13)
        e1.write(bitmap, layout: l, background: .clear, into: &a)
        e2.write(bitmap, layout: l, background: .clear, into: &b)
        #expect(a == b, "the same frame gave different bytes")
        let image = try PixelStreamDecoders.sixel(a)
        #expect(image.registers.count == 2)
        for y in 0..<13 {
            for x in 0..<40 {
                let p = (y * 40 + x) * 3
                let want: [UInt8] = x < 20 ? [255, 0, 0] : [0, 0, 255]
                #expect(Array(image.rgb[p..<(p + 3)]) == want, "(\(x), \(y))")
            }
        }
    }

    /// Compressed (`o=z`, as play and show send them), kitty frames still decode to the frame's
    /// pixels byte for byte, in a fraction of the bytes.
    @Test(arguments: ["card-flip.lab", "shimmer.lab", "confetti.lab"])
    func compressedKittyFramesDecodeToTheFramesPixels(_ script: String) throws {
        let (bitmap, _) = try Self.frame(script, at: 0.7, width: 576, height: 480)
        var raw: [UInt8] = [], z: [UInt8] = []
        KittyEncoder.write(bitmap, imageID: 5, columns: 58, rows: 24, into: &raw)
        var encoder = PixelEncoder(mode: .kitty, imageID: 5)
        encoder.deflate = PixelStreamDecoders.deflate
        encoder.write(bitmap, layout: PixelLayout(columns: 58, rows: 24, width: bitmap.width, height: bitmap.height),
                      background: .clear, into: &z)
        let image = try PixelStreamDecoders.kitty(z)
        #expect(image.keys["o"] == "z")
        #expect(image.rgba == bitmap.pixels, "decoded pixels differ from the frame")
        #expect(z.count * 4 < raw.count, "\(script): \(z.count) bytes compressed against \(raw.count) raw")
    }

    /// While playing, a sixel frame paints only the pixels whose register changed (the rest
    /// is left as the screen shows it): painted over the frame before, it gives exactly what the
    /// whole frame gives. A frame equal to the last sends nothing.
    @Test(arguments: ["card-flip.lab", "confetti.lab", "loading-s.lab"])
    func sixelDeltaOverTheLastFrameIsTheWholeFrame(_ script: String) throws {
        let (a, scene) = try Self.frame(script, at: 0.5)
        let (b, _) = try Self.frame(script, at: 0.55)
        let layout = PixelLayout(columns: 1, rows: 1, width: a.width, height: a.height)
        var live = PixelEncoder(mode: .sixel)
        live.deltas = true
        live.preparePalette(frames: [a, b], background: scene.background)
        var whole = live
        whole.deltas = false
        var first: [UInt8] = [], delta: [UInt8] = [], full: [UInt8] = [], again: [UInt8] = []
        live.write(a, layout: layout, background: scene.background, into: &first)
        live.write(b, layout: layout, background: scene.background, into: &delta)
        whole.write(b, layout: layout, background: scene.background, into: &full)
        live.write(b, layout: layout, background: scene.background, into: &again)
        #expect(again.isEmpty, "an unchanged frame was sent again")
        let under = try PixelStreamDecoders.sixel(first), over = try PixelStreamDecoders.sixel(delta)
        let want = try PixelStreamDecoders.sixel(full)
        #expect(over.painted.contains(false), "\(script): the delta painted every pixel")
        var screen = under.rgb
        for p in 0..<(a.width * a.height) where over.painted[p] {
            for c in 0..<3 { screen[p * 3 + c] = over.rgb[p * 3 + c] }
        }
        #expect(screen == want.rgb, "\(script): the delta over the last frame differs from the whole frame")
        #expect(delta.count < full.count, "\(script): delta \(delta.count) bytes, whole \(full.count)")
        // Once forgotten (the screen was cleared), the next frame is whole again.
        live.forgetShown()
        var after: [UInt8] = []
        live.write(b, layout: layout, background: scene.background, into: &after)
        #expect(after == full)
    }

    @Test func iTermImageCarriesThePNGAndItsSize() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        var out: [UInt8] = []
        ITermEncoder.write(png: png, width: 640, height: 360, into: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=7;width=640px;height=360px;preserveAspectRatio=0"))
        #expect(out.last == 0x07)
        let colon = try #require(out.firstIndex(of: UInt8(ascii: ":")))
        #expect(Base64.decode(out[(colon + 1)..<(out.count - 1)]) == png)
    }

    /// The frame covers the cells it needs at their real pixel size, keeps the canvas aspect,
    /// and a sixel frame's height is whole bands.
    @Test func layoutUsesTheTerminalsCellSize() {
        let l = PixelLayout.fit(canvas: Size(600, 400), columns: 120, rows: 40, cell: (10, 20))
        #expect(l.width == 1200 && l.height == 800 && l.columns == 120 && l.rows == 40)
        let s = PixelLayout.fit(canvas: Size(600, 400), columns: 120, rows: 39, cell: (9, 17), rowMultiple: 6)
        #expect(s.height % 6 == 0 && s.height <= 39 * 17 && abs(Double(s.width) / Double(s.height) - 1.5) < 0.01)
        let capped = PixelLayout.fit(canvas: Size(100, 100), columns: 300, rows: 100, cell: (10, 20),
                                     maxPixels: (1000, 1000))
        #expect(capped.width == 1000 && capped.height == 1000 && capped.columns == 100 && capped.rows == 50)
    }

    @Test func base64RoundTrips() {
        var rng = SplitMix64(seed: 9)
        for n in 0..<40 {
            let bytes = (0..<n).map { _ in UInt8(rng.next() % 256) }
            var out: [UInt8] = []
            Base64.append(bytes, to: &out)
            #expect(out.count == Base64.encodedCount(n))
            #expect(Base64.decode(out) == bytes)
        }
        #expect(Base64.decode(Array("TWFu".utf8)) == Array("Man".utf8))
        #expect(Base64.decode(Array("TW=u".utf8)) == nil)
    }
}
