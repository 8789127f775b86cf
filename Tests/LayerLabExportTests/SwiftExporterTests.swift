import Foundation
import LayerLabCore
@testable import LayerLabExport
import Testing

struct SwiftExporterTests {
    /// One document with every animation kind, every timing attribute, events and images.
    static let everything = """
    canvas size=200x200
    path blob = circle(100, 100, 60)
    path spike = polygon((100, 30), (170, 160), (30, 160))
    layer holder position=(100, 100) bounds=rect(0, 0, 100, 100) backgroundColor=#336699 speed=2 timeOffset=0.5
    shape default in holder path=blob fillColor=red strokeColor=black lineWidth=2 lineCap=round
    shape ring path=circle(0, 0, 30) fillColor=clear strokeColor=navy lineWidth=6 position=(50, 50)
    text label string="Hi" fontSize=20 bounds=rect(0, 0, 80, 30) position=(100, 20) alignment=center \
        font="Helvetica-Bold" isWrapped=true truncationMode=end
    image photo contents="photo.png" bounds=rect(0, 0, 40, 40) position=(20, 180) contentsGravity=resizeAspect
    image walker frames=["a.png", "b.png"] animationDuration=0.5 bounds=rect(0, 0, 10, 10)
    animate default opacity from=1 to=0 duration=0.5 fillMode=forwards removedOnCompletion=false as fadeOut
    animate default position.x by=10 beginTime=after fadeOut repeatCount=inf autoreverses=true speed=2 \
        timeOffset=0.1 additive=true timingFunction=cubic(0.34, 1.56, 0.64, 1) as nudge
    keyframes default path values=[blob, spike, blob] keyTimes=[0, 0.3, 1] timingFunctions=[easeOut, easeIn] \
        duration=2 repeatDuration=3 as morph
    keyframes ring strokeEnd values=[0, 0.5, 1] calculationMode=discrete fillMode=backwards as steps
    animate ring transform.rotation.z from=0 to=1.5708 repeatCount=4 cumulative=true as quarterTurns
    keyframes ring lineWidth values=[1, 8, 2, 6] calculationMode=cubic tensionValues=[0, 0.5, -0.5, 0] \
        continuityValues=[0, 0, 0.3, 0] biasValues=[0, 0.2, 0, 0] as tuned
    spring label transform.scale from=0.25 to=1 dampingRatio=0.7 initialSpringVelocity=0.1 duration=0.4 as pop
    spring ring position.y to=120 mass=2 stiffness=150 damping=12 initialVelocity=1 as drop
    group tour on ring sequence beginTime=pop.end + 0.1 fillMode=both {
        animate position from=(50, 50) to=(150, 50) duration=0.5
        animate strokeColor to=orange duration=0.5
    }
    animate holder frame to=rect(0, 0, 200, 200) duration=0.3 as grow
    at 1 set ring hidden=true
    at fadeOut.end set label string="Bye" animated
    at 1.2 set label truncationMode=middle font="Menlo"
    at 0 set photo opacity=0.5
    """

    static func source(_ text: String) -> String { SwiftExporter.source(for: ExportFixtures.document(text)) }

    @Test func containsEveryConstructForEveryKindAndAttribute() {
        let s = Self.source(Self.everything)
        for expected in [
            "enum LayerLabScene {", "static func makeLayers() -> CALayer", "static func addAnimations(to root: CALayer)",
            "private struct Paths", "let blobPath: CGPath = LayerLabScene.makePath { p in", "CGMutablePath()",
            "CABasicAnimation(keyPath: \"opacity\")", "CAKeyframeAnimation(keyPath: \"path\")",
            "CASpringAnimation(keyPath: \"transform.scale\")", "CAAnimationGroup()",
            ".fillMode = .forwards", ".fillMode = .backwards", ".fillMode = .both", ".isRemovedOnCompletion = false",
            ".repeatCount = .infinity", ".repeatDuration = 3", ".autoreverses = true", ".speed = 2", ".timeOffset = 0.1",
            ".isAdditive = true", ".byValue = 10", ".isCumulative = true",
            ".tensionValues = [0, 0.5, -0.5, 0]", ".continuityValues = [0, 0, 0.3, 0]", ".biasValues = [0, 0.2, 0, 0]",
            "CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)",
            ".timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]",
            ".keyTimes = [0, 0.3, 1]", ".calculationMode = .discrete",
            ".values = [paths.blobPath, paths.spikePath, paths.blobPath]",
            // UIKit form: stiffness (2π/0.4)², damping 4π·0.7/0.4.
            ".stiffness = 246.74011", ".damping = 21.991149", ".mass = 1", ".initialVelocity = 0.1",
            // Physics form, direct.
            ".mass = 2", ".stiffness = 150", ".damping = 12", ".initialVelocity = 1",
            "convertTime(start, from: nil)", "= CACurrentMediaTime()",
            "CAKeyframeAnimation(keyPath: \"hidden\")", ".beginTime = ringTime + 1",
            "UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor", "UIImage(named: \"photo\")?.cgImage",
            "//     photo: photo.png", "//     a: a.png",
            "CAKeyframeAnimation(keyPath: \"contents\")", "holderLayer.speed = 2", "holderLayer.timeOffset = 0.5",
            "CATextLayer()", "CAShapeLayer()", ".alignmentMode = .center", ".lineCap = .round",
            "labelLayer.font = \"Helvetica-Bold\" as CFString", "labelLayer.isWrapped = true", "labelLayer.truncationMode = .end",
            ".contentsGravity = .resizeAspect",
            // A frame animation becomes position and size; symbolic times keep their expression.
            "CABasicAnimation(keyPath: \"position\")", "CABasicAnimation(keyPath: \"bounds.size\")",
            "// fadeOut.end", "// pop.end + 0.1",
        ] {
            #expect(s.contains(expected), "missing: \(expected)")
        }
        // A layer named with a Swift keyword gets a usable identifier.
        #expect(s.contains("let defaultLayer = CAShapeLayer()"))
        #expect(!s.contains("DispatchQueue"))
    }

    /// Timed changes are discrete keyframe animations holding the new value from their
    /// moment, on the layer's clock, added before the explicit animations (which then override
    /// them while they run); a change Core Animation cannot animate is set by the delegate of a
    /// marker animation when Core Animation starts it.
    @Test func timedChangesRunOnCoreAnimationsClock() {
        let export = SwiftExporter.export(ExportFixtures.document(Self.everything), options: SwiftOptions())
        let s = export.source
        let hold = s.range(of: ".values = [0.5]")
        let explicit = s.range(of: "// fadeOut: animate")
        #expect(hold != nil && explicit != nil)
        if let hold, let explicit { #expect(hold.lowerBound < explicit.lowerBound) }
        #expect(s.contains("CAKeyframeAnimation(keyPath: \"opacity\")") && s.contains(".calculationMode = .discrete"))
        #expect(s.contains(".delegate = TimedChange {") && s.contains("labelLayer.string = \"Bye\""))
        #expect(!export.notes.contains { $0.contains("string") })
    }

    /// A mask set on the timeline is a holder assigned from the start, with a cover and a copy
    /// of the mask shown and hidden on Core Animation's clock; no dispatch queues.
    @Test func timedMaskChangesAreKept() throws {
        let s = SwiftExporter.source(for: try ExportFixtures.example("circular-loader.lab"))
        #expect(s.contains("imageLayer.mask = imageMaskHolder"))
        #expect(s.contains("ring (mask of image)"))
        #expect(s.contains("imageLayer.mask?.sublayers?.first?.add("))
        #expect(!s.contains("DispatchQueue"))
    }

    /// Every `at T set …` of every example (and of the kitchen-sink document) is either an
    /// animation added under the event's name or named in a note: none is dropped silently.
    @Test(arguments: ExportFixtures.examplePaths + ["everything"])
    func everyTimedChangeIsKeptOrNamed(_ path: String) throws {
        let doc = path == "everything" ? ExportFixtures.document(Self.everything) : try ExportFixtures.example(path)
        let export = SwiftExporter.export(doc, options: SwiftOptions())
        for e in doc.events {
            for a in e.assignments {
                let key = a.keyPath == "frame" ? "position" : a.keyPath == "transform.scale" ? "transform.scale.x" : a.keyPath
                // A change with a transition is made, with its CATransition, by one marker's delegate.
                let kept = export.source.contains("forKey: \"\(e.name).\(key)")
                    || (e.transition != nil && export.source.contains("forKey: \"\(e.name).transition\""))
                let named = export.notes.contains { $0.contains("set \(a.keyPath)") }
                #expect(kept || named, "\(path): \(e.name) \(a.keyPath)")
            }
        }
    }

    /// An animated frameIndex becomes a discrete keyframe animation on `contents`, its timing
    /// function folded into the key times, added after the flipbook so it overrides it.
    @Test func frameIndexAnimationsBecomeContentsKeyframes() {
        let export = SwiftExporter.export(ExportFixtures.document("""
            image walker frames=["a.png", "b.png", "c.png"] bounds=rect(0, 0, 10, 10)
            animate walker frameIndex from=0 to=3 duration=1.5 repeatCount=2 timingFunction=linear as steps
            """), options: SwiftOptions())
        let s = export.source
        #expect(export.notes.isEmpty, "\(export.notes)")
        #expect(s.contains("let stepsAnimation = CAKeyframeAnimation(keyPath: \"contents\")"))
        #expect(s.contains("stepsAnimation.keyTimes = [0, 0.333333, 0.666667, 1]"))
        #expect(s.contains("stepsAnimation.repeatCount = 2") && !s.contains("stepsAnimation.timingFunction"))
        let flipbook = s.range(of: "walkerLayer.add(walkerFlipbook"), steps = s.range(of: "walkerLayer.add(stepsAnimation")
        #expect(flipbook != nil && steps != nil)
        if let flipbook, let steps { #expect(flipbook.lowerBound < steps.lowerBound) }
    }

    @Test func identifiersFromScriptsAreSafe() {
        var names = SwiftNames(reserved: SwiftNames.apiNames)
        #expect(names.identifier("3d", kind: "layer", suffix: "Layer") == "_3dLayer")
        #expect(names.identifier("CAShape", kind: "layer", suffix: "Layer") == "CAShapeLayer2")
        #expect(names.identifier("self", kind: "layer") == "self_")
        #expect(SwiftExporter.typeName(forFile: "out/loading-s.swift") == "LoadingSScene")
        #expect(SwiftExporter.typeName(forFile: "3d.swift") == "LayerLab3dScene")
    }

    @Test func symbolicTimesAreEvaluatedNumbers() throws {
        let doc = try ExportFixtures.example("loading-s.lab")
        let s = SwiftExporter.source(for: doc)
        let begin = try #require(Evaluator(document: doc).interval(of: "corners")?.begin)
        #expect(s.contains("cornersAnimation.beginTime = triangleTime + \(formatNumber(begin))  // wobble.begin + 0.9"))
    }

    @Test func stringsAndNamesAreEscaped() {
        var doc = Document()
        doc.layers = [Layer(name: "label", kind: .text, properties: ["string": .string("say \"hi\"\n\u{1B}[2J\\")])]
        let s = SwiftExporter.source(for: doc)
        #expect(s.contains(#"labelLayer.string = "say \"hi\"\n\u{1b}[2J\\""#))
        #expect(!s.contains("\u{1B}"))
    }

    @Test(arguments: ExportFixtures.examplePaths)
    func delimitersBalance(_ path: String) throws {
        let s = SwiftExporter.source(for: try ExportFixtures.example(path))
        #expect(SwiftSourceCheck.unbalanced(s) == nil, "\(path): \(SwiftSourceCheck.unbalanced(s) ?? "")")
        #expect(s.hasSuffix("\n"))
    }

    @Test(.enabled(if: SwiftSourceCheck.swiftc != nil, "no swiftc on PATH"), arguments: ExportFixtures.examplePaths + ["everything"])
    func swiftcParses(_ path: String) throws {
        let swiftc = try #require(SwiftSourceCheck.swiftc)
        let s = path == "everything" ? Self.source(Self.everything) : SwiftExporter.source(for: try ExportFixtures.example(path))
        let problem = try SwiftSourceCheck.parse(s, with: swiftc)
        #expect(problem == nil, "\(path): \(problem ?? "")")
    }

    @Test func deterministic() throws {
        let doc = try ExportFixtures.example("loading-s.lab")
        #expect(SwiftExporter.source(for: doc) == SwiftExporter.source(for: doc))
    }
}

struct SwiftSourceCheckTests {
    @Test func theChecksCatchBrokenSource() throws {
        #expect(SwiftSourceCheck.unbalanced("func f() { [1, 2) }") != nil)
        #expect(SwiftSourceCheck.unbalanced("let s = \"}\" // {") == nil)
    }

    @Test(.enabled(if: SwiftSourceCheck.swiftc != nil, "no swiftc on PATH"))
    func swiftcCatchesBrokenSource() throws {
        let swiftc = try #require(SwiftSourceCheck.swiftc)
        #expect(try SwiftSourceCheck.parse("func f( {", with: swiftc) != nil)
    }
}

/// The compositing extensions in the Swift export: macOS gets Core Image's compositing filters,
/// and every loss is a comment in the source and a note.
@Suite struct SwiftCompositingExportTests {
    static func export(_ platform: SwiftOptions.Platform) -> SwiftExport {
        SwiftExporter.export(ExportFixtures.document(SwiftTypeCheckTests.compositing), options: SwiftOptions(platform: platform))
    }

    @Test func macOSSetsCompositingFilters() {
        let e = Self.export(.macOS)
        #expect(e.source.contains("l1Layer.compositingFilter = CIFilter(name: \"CIMultiplyBlendMode\")"))
        #expect(e.source.contains("l15Layer.compositingFilter = CIFilter(name: \"CILuminosityBlendMode\")"))
        #expect(e.source.contains("l16Layer.compositingFilter = CIFilter(name: \"CISourceInCompositing\")"))
        // Core Image has no destination-in filter: said, not silently dropped.
        #expect(e.notes.contains("l20: blendMode destinationIn is drawn by LayerLab only: Core Image has no compositing filter for it"))
        #expect(!e.notes.contains { $0.contains("blendMode multiply") })
    }

    @Test func iOSNamesEveryBlendModeItLoses() {
        let e = Self.export(.iOS)
        #expect(!e.source.contains(".compositingFilter ="))
        #expect(e.source.contains("// blendMode colorBurn: Core Animation on iOS draws no layer blend modes"))
        for mode in BlendMode.allCases where mode != .normal {
            #expect(e.notes.contains { $0.contains("blendMode \(mode.rawValue) is drawn by LayerLab only") }, "\(mode)")
        }
    }

    @Test func maskModesAndTimeRemapAreNamed() {
        for platform in [SwiftOptions.Platform.iOS, .macOS] {
            let e = Self.export(platform)
            #expect(e.notes.contains("l1: maskMode alphaInverted is drawn by LayerLab only: a Core Animation mask reads its alpha"))
            #expect(e.notes.contains("comp: timeRemap is drawn by LayerLab only: Core Animation's sublayers follow the layer's own clock"))
            #expect(e.notes.contains { $0.hasSuffix("a timeRemap animation is drawn by LayerLab only: Core Animation has no time remapping") })
            #expect(!e.source.contains("CABasicAnimation(keyPath: \"timeRemap\")"))
            #expect(!e.notes.contains { $0.hasPrefix("l0: maskMode") }, "alpha is Core Animation's own")
        }
    }

    /// A gradient's focal point and an animated dash pattern are LayerLab's: said, not written.
    @Test func focalOffsetsAndDashAnimationsAreNamed() {
        let e = Self.export(.iOS)
        #expect(e.notes.contains("glow: focalOffset is drawn by LayerLab only: a CAGradientLayer's radial gradient is always centred"))
        #expect(e.notes.contains { $0.hasSuffix("a focalOffset animation is drawn by LayerLab only: CAGradientLayer has no focal point") })
        #expect(e.notes.contains { $0.hasSuffix("a lineDashPattern animation is drawn by LayerLab only: Core Animation does not animate lineDashPattern") })
        #expect(!e.source.contains("keyPath: \"lineDashPattern\""))
        #expect(!e.source.contains("focalOffset ="))
        #expect(e.source.contains("lineDashPattern = [2, 2]"))
    }
}
