import Foundation
import LayerLabCore
import LayerLabRaster
import TestSupport
import Testing
@testable import LayerLabTerminal

@Suite struct ImagingTests {
    /// A small scene with every kind of drawing, for round trips.
    static func sampleScene() -> Scene {
        var circle = PresentedLayer(name: "circle", kind: .shape)
        circle.path = .circle(center: Point(50, 50), radius: 30)
        circle.fillColor = Color(bytes: 209, 42, 24)
        circle.strokeColor = Color(0, 0, 1)
        circle.lineWidth = 6
        var box = PresentedLayer(name: "box", kind: .layer)
        box.bounds = Rect(0, 0, 60, 40)
        box.position = Point(130, 130)
        box.rotation = 0.4
        box.backgroundColor = Color(0, 0.6, 0.3, 0.8)
        box.cornerRadius = 8
        box.extras.borderWidth = 3
        box.extras.borderColor = .black
        return Scene(time: 0, canvasSize: Size(200, 200), background: .white, layers: [circle, box])
    }

    /// `LAYERLAB_PREVIEW=/tmp/p.png swift test --filter previewWhenAsked` writes sample images
    /// to look at; otherwise it reports a skip.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAYERLAB_PREVIEW"] != nil, "LAYERLAB_PREVIEW names no file"))
    func previewWhenAsked() throws {
        let out = try #require(ProcessInfo.processInfo.environment["LAYERLAB_PREVIEW"])
        let bmp = Rasterizer().render(Self.sampleScene(), width: 400, height: 400)
        try PNGCodec.write(bmp, to: out)
        #expect(try PNGCodec.read(out) == bmp)
        var text = PresentedLayer(name: "t", kind: .text)
        text.extras.string = "ABCDEFGHIJKLMNOPQRSTUVWXYZ\nabcdefghijklmnopqrstuvwxyz\n0123456789 .,:;!?'\"`-+=*/\\|_\n()[]{}<>^~#%&@$ Hello, World!"
        text.extras.fontSize = 24
        text.extras.foregroundColor = .black
        text.bounds = Rect(0, 0, 560, 140)
        text.anchorPoint = .zero
        text.position = Point(10, 10)
        var t2 = text
        t2.extras.string = "LayerLab 1.0"; t2.extras.fontSize = 40; t2.rotation = -0.3; t2.position = Point(60, 250)
        t2.extras.foregroundColor = Color(0.8, 0.1, 0.1)
        let scene = Scene(time: 0, canvasSize: Size(600, 330), background: .white, layers: [text, t2])
        try PNGCodec.write(Rasterizer().render(scene, width: 1200, height: 660), to: out + ".text.png")
        var layers: [PresentedLayer] = []
        func stroke(_ path: Path, _ width: Double, cap: LineCap = .butt, join: LineJoin = .miter) {
            var l = PresentedLayer(name: "s", kind: .shape)
            l.path = path; l.fillColor = .clear; l.strokeColor = Color(0, 0, 0, 0.6); l.lineWidth = width
            l.lineCap = cap; l.lineJoin = join
            layers.append(l)
        }
        for (i, (cap, join)) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)].enumerated() {
            let x = 20 + Double(i) * 130
            stroke(.polyline([Point(x, 120), Point(x + 30, 30), Point(x + 60, 120), Point(x + 75, 60),
                              Point(x + 100, 110)]), 18, cap: cap, join: join)
        }
        stroke(.circle(center: Point(450, 80), radius: 20), 50)
        stroke(.arc(center: Point(540, 80), radius: 30, start: 0, end: 4.5, clockwise: true), 30, cap: .round)
        var dashed = PresentedLayer(name: "d", kind: .shape)
        dashed.path = .roundedRect(Rect(20, 160, 250, 100), radius: 30); dashed.fillColor = Color(1, 0.8, 0.2)
        dashed.strokeColor = .black; dashed.lineWidth = 8; dashed.extras.lineDashPattern = [25, 10, 5, 10]
        layers.append(dashed)
        var trim = PresentedLayer(name: "t", kind: .shape)
        trim.path = .oval(in: Rect(300, 160, 140, 100)); trim.fillColor = .clear; trim.strokeColor = Color(0.1, 0.4, 1)
        trim.lineWidth = 14; trim.strokeEnd = 0.6; trim.lineCap = .round
        layers.append(trim)
        var squiggle = PresentedLayer(name: "q", kind: .shape)
        squiggle.path = Path([.move(Point(470, 250)), .cubic(Point(700, 100), Point(380, 100), Point(600, 250))])
        squiggle.fillColor = .clear; squiggle.strokeColor = Color(0.8, 0, 0.4, 0.6); squiggle.lineWidth = 25
        layers.append(squiggle)
        let strokes = Scene(time: 0, canvasSize: Size(620, 280), background: .white, layers: layers)
        try PNGCodec.write(Rasterizer().render(strokes, width: 1240, height: 560), to: out + ".strokes.png")
        #expect(try PNGCodec.read(out + ".text.png").width == 1200)
        #expect(try PNGCodec.read(out + ".strokes.png").width == 1240)
    }

    @Test func pngRoundTripIsLossless() throws {
        let bmp = Rasterizer().render(Self.sampleScene(), width: 120, height: 90)
        var withAlpha = bmp
        withAlpha[3, 3] = Color(1, 0, 0, 0.5)
        withAlpha[4, 4] = .clear
        let data = try PNGCodec.encode(withAlpha)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try PNGCodec.decode(data) == withAlpha)
        #expect(try PNGCodec.encode(withAlpha) == data)
    }

    @Test func pngFileRoundTrip() throws {
        let path = Scratch.path("imaging.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bmp = Rasterizer().render(Self.sampleScene(), width: 50, height: 50)
        try PNGCodec.write(bmp, to: path)
        #expect(try PNGCodec.read(path) == bmp)
        #expect(try ImageLoader.load(path) == bmp)
    }

    @Test func brokenPNGIsAnError() {
        #expect(throws: ImagingError.self) { try PNGCodec.decode(Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])) }
        #expect(throws: ImagingError.self) { try PNGCodec.decode(Data()) }
    }

    @Test func gifRoundTripKeepsFlatColoursAndDelays() throws {
        // Flat colours (no anti-aliasing) come back exactly: the palette holds them all.
        var frames: [Bitmap] = []
        for i in 0..<4 {
            var b = Bitmap(width: 20, height: 10, fill: .white)
            for x in 0..<5 { for y in 0..<10 { b[x + i * 5, y] = Color(bytes: 209, 42, 24) } }
            frames.append(b)
        }
        let data = try GIFCodec.encode(frames: frames, fps: 30)
        #expect(data.starts(with: Array("GIF89a".utf8)))
        let decoded = try GIFCodec.decode(data)
        #expect(decoded.frames == frames)
        #expect(decoded.delays == [3, 4, 3, 3])
        #expect(try GIFCodec.encode(frames: frames, fps: 30) == data)
    }

    /// The LZW compressor (written here) read back by giflib's decoder: noise over 256
    /// colours fills the code table many times over (clear codes, every code width), a flat
    /// frame makes strings thousands of indices long, a changed rectangle compresses rows of
    /// a wider frame, two colours in stripes, and a single pixel.
    @Test func gifCompressionDecodesExactlyInGiflib() throws {
        // 256 colours far apart (a grid of 8 x 8 x 4), so the palette keeps each exactly.
        let colours: [Color] = (0..<256).map { (i: Int) -> Color in
            Color(bytes: (i & 7) * 36, (i >> 3 & 7) * 36, (i >> 6) * 85)
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        func noise(_ w: Int, _ h: Int, colours n: Int) -> Bitmap {
            var b = Bitmap(width: w, height: h)
            for y in 0..<h { for x in 0..<w { b[x, y] = colours[random(n)] } }
            return b
        }
        var changed = Bitmap(width: 640, height: 480, fill: colours[0])
        for y in 100..<180 { for x in 300..<420 { changed[x, y] = colours[random(256)] } }
        var stripes = Bitmap(width: 333, height: 77)
        for y in 0..<77 {
            for x in 0..<333 {
                let even = (x / 3 + y) % 2 == 0
                stripes[x, y] = colours[even ? 17 : 200]
            }
        }
        let sequences: [[Bitmap]] = [
            [noise(300, 200, colours: 256), noise(300, 200, colours: 256)],
            [Bitmap(width: 640, height: 480, fill: colours[0]), changed],
            [stripes, noise(333, 77, colours: 3)],
            [Bitmap(width: 1, height: 1, fill: colours[5])],
        ]
        for frames in sequences {
            let decoded = try GIFCodec.decode(try GIFCodec.encode(frames: frames, fps: 10)).frames
            // Counted, not compared whole: a failure prints a count, not megabytes of pixels.
            let wrong = zip(decoded, frames).map { a, b in zip(a.pixels, b.pixels).filter { $0 != $1 }.count }
            #expect(decoded.count == frames.count && wrong.allSatisfy { $0 == 0 },
                    "\(frames[0].width)x\(frames[0].height): \(wrong) bytes differ")
        }
    }

    @Test func gifStoresOnlyWhatChangedAndDecodesWhole() throws {
        // A box moving on a large still picture: each later frame stores only the box's
        // old and new place, and still decodes to the whole frame.
        var frames: [Bitmap] = []
        for i in 0..<4 {
            var b = Bitmap(width: 120, height: 80, fill: .white)
            for x in 0..<120 { for y in 0..<40 { b[x, y] = Color(bytes: x / 8 * 16, y / 5 * 30, 90) } }
            for x in 0..<6 { for y in 0..<6 { b[10 + i * 4 + x, 60 + y] = Color(bytes: 209, 42, 24) } }
            frames.append(b)
        }
        let data = try GIFCodec.encode(frames: frames, fps: 30)
        #expect(try GIFCodec.decode(data).frames == frames)
        let still = try GIFCodec.encode(frames: [frames[0], frames[0], frames[0], frames[0]], fps: 30)
        let one = try GIFCodec.encode(frames: [frames[0]], fps: 30)
        // Three unchanged frames cost a few bytes each, not a picture each.
        #expect(still.count - one.count < 3 * 40)
        #expect(try GIFCodec.decode(still).frames == [frames[0], frames[0], frames[0], frames[0]])
    }

    @Test func gifOfRenderedFramesStaysClose() throws {
        let scene = Self.sampleScene()
        var frames: [Bitmap] = []
        for i in 0..<3 {
            var s = scene
            s.layers[1].rotation = Double(i) * 0.3
            frames.append(Rasterizer().render(s, width: 100, height: 100))
        }
        let decoded = try GIFCodec.decode(try GIFCodec.encode(frames: frames, fps: 10))
        #expect(decoded.frames.count == 3)
        #expect(decoded.delays == [10, 10, 10])
        for (a, b) in zip(frames, decoded.frames) {
            var total = 0, worst = 0
            for i in 0..<a.pixels.count {
                let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
                total += d; worst = max(worst, d)
            }
            // Median cut over 255 colours: small mean error, bounded worst case.
            #expect(Double(total) / Double(a.pixels.count) < 2)
            #expect(worst < 64)
        }
    }

    /// Streams frames into a temporary file and reads it back.
    static func streamed(_ frames: [Bitmap], sampleEvery: Int, cancelAfter: Int = .max) throws -> Data {
        let path = Scratch.path("stream.gif")
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        var asked = 0
        do {
            defer { close(fd) }
            try GIFCodec.stream(count: frames.count, fps: 30, width: frames[0].width, height: frames[0].height,
                                sampleEvery: sampleEvery, reserveTransparent: false, to: fd,
                                render: { frames[$0] }, isCancelled: { asked += 1; return asked > cancelAfter })
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func streamedGIFIsTheInMemoryOneWhenEveryFrameIsSampled() throws {
        var frames: [Bitmap] = []
        for i in 0..<5 {
            var s = Self.sampleScene()
            s.layers[1].rotation = Double(i) * 0.2
            frames.append(Rasterizer().render(s, width: 60, height: 40))
        }
        #expect(try Self.streamed(frames, sampleEvery: 1) == (try GIFCodec.encode(frames: frames, fps: 30)))
    }

    @Test func sampledPaletteMapsUnseenColoursToTheNearest() throws {
        // Frame 1 holds a colour the sample (frames 0 and 2) never saw: it must come back as
        // the nearest sampled colour (dark red), not as palette entry 0 (white).
        let colours = [Color(1, 1, 1), Color(0.9, 0.1, 0.1), Color(0.6, 0, 0)]
        let frames = colours.map { Bitmap(width: 8, height: 8, fill: $0) }
        let decoded = try GIFCodec.decode(try Self.streamed(frames, sampleEvery: 2))
        #expect(decoded.frames.count == 3)
        let back = decoded.frames[1][3, 3]
        #expect(abs(back.r - 0.6) < 0.01 && back.g == 0 && back.b == 0, "\(back)")
    }

    @Test func cancellingAStreamStopsBeforeTheNextFrame() throws {
        let frames = (0..<20).map { _ in Bitmap(width: 4, height: 4, fill: .white) }
        #expect(throws: GIFCodec.Cancelled.self) { try Self.streamed(frames, sampleEvery: 5, cancelAfter: 6) }
    }

    @Test func gifKeepsTransparency() throws {
        var b = Bitmap(width: 4, height: 4, fill: .clear)
        b[1, 1] = .black
        let decoded = try GIFCodec.decode(try GIFCodec.encode(frames: [b, b], fps: 5))
        #expect(decoded.frames == [b, b])
    }

    @Test func textArtLoads() throws {
        let path = Scratch.path("art.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# comment\nR = #ff0000\nb = blue\n\nRb.\n R\n".write(toFile: path, atomically: false, encoding: .utf8)
        let bmp = try ImageLoader.load(path)
        #expect(bmp.width == 3 && bmp.height == 2)
        #expect(bmp[0, 0] == Color(1, 0, 0) && bmp[1, 0] == Color(0, 0, 1) && bmp[2, 0] == .clear)
        #expect(bmp[1, 1] == Color(1, 0, 0) && bmp[0, 1] == .clear)
        try "R = #ff0000\nRX\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: ImagingError.self) { try ImageLoader.load(path) }
    }
}
