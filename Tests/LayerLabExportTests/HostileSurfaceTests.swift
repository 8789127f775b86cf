import Foundation
import LayerLabCore
@testable import LayerLabExport
@testable import LayerLabRaster
import LayerLabScript
import Testing

/// The newer surface (shadows, perspective, text, emitters, motion paths, replicators, images)
/// under hostile values: every frame and every export ends with a result or a clear refusal,
/// with its work bounded. One test per reproduction of the third hardening probe.
@Suite struct HostileSurfaceTests {
    /// The document a script builds (a script that fails is a test failure, not a crash).
    static func document(_ text: String) -> Document {
        var session = Session()
        let outcome = session.runScript(text, name: "hostile.lab")
        #expect(outcome.diagnostic == nil, "\(outcome.diagnostic.map { "\($0)" } ?? "")")
        return session.document
    }

    static func frame(_ script: String, at t: Double = 0) -> Bitmap {
        let doc = Self.document(script)
        return Rasterizer().render(Evaluator(document: doc).scene(at: t), width: 80, height: 60)
    }

    static func lottie(_ script: String) -> LottieExport {
        LottieExporter.export(Self.document(script), options: LottieOptions(fps: 30))
    }

    @Test(arguments: [1e10, 1e19, 1e300])
    func aHugeShadowRadiusDraws(_ radius: Double) {
        let b = Self.frame("layer a position=(40, 30) bounds=rect(0,0,50,50) backgroundColor=red shadowOpacity=1 shadowRadius=\(radius)")
        #expect(b.width == 80)
        #expect(BoxBlur.boxes(sigma: radius / 2).allSatisfy { $0 >= 1 && $0 < 10_000_000 })
    }

    @Test(arguments: ["(1e30, 100)", "(-1e300, 1e300)", "(100, 1e15)"])
    func perspectiveFarAwayDraws(_ position: String) {
        let script = """
            layer stage position=\(position) bounds=rect(0,0,200,200) sublayerTransform=perspective(400)
            layer child in stage position=(100, 100) bounds=rect(0,0,80,80) backgroundColor=blue transform=rotate(30deg, 0, 1, 0)
            """
        #expect(Self.frame(script).width == 80)
        #expect(Self.lottie(script).refusal == nil)
    }

    @Test(arguments: ["bounds=rect(0,0,100,40) fontSize=1e-300", "fontSize=1e-10 bounds=rect(0,0,100,1e300)",
                      "bounds=rect(0,0,100,1e308)"])
    func truncatedTextOfAnySizeLaysOut(_ extra: String) {
        let script = "text t position=(40, 30) isWrapped=true truncationMode=end string=\"Some words to wrap and cut\" \(extra)"
        #expect(Self.frame(script).width == 80)
        _ = Self.lottie(script)
    }

    @Test func anImageOfAnySizeExportsToLottie() {
        let store = ImageStore(["dot.png": Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))])
        for extra in ["bounds=rect(0,0,1e300,10)", "bounds=rect(0,0,10,10) contentsRect=rect(0,0,1e308,1e308) contentsGravity=resizeAspect"] {
            let doc = Self.document("image i position=(40, 30) contents=\"dot.png\" \(extra)")
            let e = LottieExporter.export(doc, options: LottieOptions(fps: 30, images: store, encodePNG: { _ in Data([1]) }))
            #expect(e.refusal == nil && !e.data.isEmpty, "\(extra)")
        }
    }

    /// Numbers the Swift export writes as integers are clamped first.
    @Test func swiftLiteralsOfAnyNumberAreWritten() {
        for v in [1e300, -1e300, 255.0 / 255 * 1e20, .nan, .infinity] {
            #expect(!SwiftLiteral.channel(v).isEmpty)
        }
        #expect(SwiftLiteral.channel(51.0 / 255) == "51 / 255")
        #expect(formatNumber(1e14) == "100000000000000" && formatNumber(-123456789012.5) == "-123456789012.5")
        let doc = Self.document("emitter e seed=4294967295 {\n cell c birthRate=100000\n}")
        #expect(SwiftExporter.export(doc, options: SwiftOptions()).source.contains("seed = 4294967295"))
    }

    @Test func aOnePointMotionPathExportsToLottie() {
        let e = Self.lottie("layer a bounds=rect(0,0,10,10) backgroundColor=red\nkeyframes a position path=svg(\"M 0 0\") duration=1")
        #expect(e.refusal == nil && !e.data.isEmpty)
    }

    @Test func nestedReplicatorsPastTheLayerBoundAreRefused() {
        let e = Self.lottie("""
            replicator outer position=(40, 30) bounds=rect(0,0,50,50) instanceCount=300 instanceTransform=translate(1, 0)
            replicator inner in outer bounds=rect(0,0,50,50) instanceCount=300 instanceTransform=translate(0, 1)
            layer dot in inner bounds=rect(0,0,2,2) backgroundColor=white
            """)
        let why = e.refusal
        #expect(why?.contains("90,") == true && why?.contains("layers") == true, "\(why ?? "")")
        #expect(e.data.isEmpty)
    }

    @Test func aTextPastTheGlyphBoundIsRefused() {
        let long = String(repeating: "word ", count: 21_600)
        let e = Self.lottie("text t bounds=rect(0,0,4000,40000) isWrapped=true string=\"\(long)\"")
        #expect(e.refusal?.contains("glyphs") == true && e.refusal?.contains("over the limit of 20,000") == true,
                "\(e.refusal ?? "")")
        // The same text in a small box shows a few hundred glyphs: exported.
        #expect(Self.lottie("text t bounds=rect(0,0,200,200) isWrapped=true string=\"\(long)\"").refusal == nil)
    }

    /// A still text is laid out once however many frames show it: thousands of glyphs over
    /// 601 frames would pass the export's glyph bound if each frame counted its own.
    @Test func aStillTextIsLaidOutOnce() {
        let text = String(repeating: "still ", count: 2_000)
        let e = Self.lottie("canvas duration=20\ntext t bounds=rect(0,0,1000,1000) isWrapped=true string=\"\(text)\"")
        #expect(e.refusal == nil && !e.data.isEmpty)
    }

    @Test func aSceneLongerThanTheFrameBoundIsRefusedWithTheEstimate() throws {
        let doc = try ExportFixtures.example("replicator-spinner.lab")
        var long = doc
        long.canvas.duration = .number(86_400)
        let e = LottieExporter.export(long, options: LottieOptions(fps: 60))
        #expect(e.refusal?.contains("5,184,001 frames") == true, "\(e.refusal ?? "")")
        // Within the frame bound but past the samples held: refused from the first frame's count.
        long.canvas.duration = .number(590)
        let samples = LottieExporter.export(long, options: LottieOptions(fps: 60))
        #expect(samples.refusal?.contains("layer samples") == true, "\(samples.refusal ?? "")")
        #expect(LottieExporter.export(doc, options: LottieOptions(fps: 60)).refusal == nil)
    }

    @Test func aCastPastTheFrameBoundIsRefusedBeforeAnyFrame() throws {
        var doc = Self.document("layer a bounds=rect(0,0,10,10) backgroundColor=red")
        doc.canvas.duration = .number(86_400)
        let plan = CastExporter.frames(for: doc, options: CastOptions(fps: 8))
        #expect(plan.count == 691_201)
        #expect(plan.refusal?.contains("691201 frames") == true, "\(plan.refusal ?? "")")
        var lines = 0
        #expect(throws: CastExporter.TooLong.self) {
            try CastExporter.write(for: doc, options: CastOptions(fps: 8)) { _ in lines += 1 }
        }
        #expect(lines == 0, "nothing written")
        doc.canvas.duration = .number(1e9)
        #expect(CastExporter.frames(for: doc, options: CastOptions(fps: 30)).refusal != nil)
    }

    /// An emitter far into its life, animated or not, draws and exports at the cost of a young one.
    @Test func anOldEmitterDrawsAndExports() throws {
        let doc = try ExportFixtures.example("basics/18-emitter.lab")
        let ev = Evaluator(document: doc)
        #expect(ev.scene(at: 1_000_000).layers.count == 1)
        var e = doc
        e.canvas.duration = .number(1e9)
        #expect(CastExporter.frames(for: e, options: CastOptions()).refusal != nil)
    }
}
