import Foundation
import LayerLabCore
import LayerLabExport
import Testing

/// Swift exports type-checked with `swiftc -typecheck` (Swift 6 language mode) against stubs of
/// the QuartzCore, UIKit and AppKit API they use, written from Apple's documented signatures
/// (`Tests/SwiftStubs`): every example alone, exports together in one target, hostile names,
/// for iOS and macOS. A file of deliberate type mistakes must fail against the same stubs, so
/// the stubs are strict enough to catch them. Skipped when no `swiftc` is on the PATH.
@Suite(.enabled(if: SwiftTypeCheck.compiler != nil, "no swiftc on the PATH"), .serialized)
struct SwiftTypeCheckTests {
    static let platforms: [SwiftOptions.Platform] = [.iOS, .macOS]

    static func export(_ doc: Document, _ platform: SwiftOptions.Platform, file: String) -> String {
        SwiftExporter.export(doc, options: SwiftOptions(platform: platform, typeName: SwiftExporter.typeName(forFile: file))).source
    }

    @Test(arguments: platforms)
    func everyExampleCompilesAloneAndAllTogether(_ platform: SwiftOptions.Platform) throws {
        var sources: [(String, String)] = []
        for path in ExportFixtures.examplePaths {
            let file = path.replacingOccurrences(of: "basics/", with: "").replacingOccurrences(of: ".lab", with: ".swift")
            sources.append((file, Self.export(try ExportFixtures.example(path), platform, file: file)))
        }
        for (file, source) in sources {
            let result = try SwiftTypeCheck.check([(file, source)], platform: platform)
            #expect(result.ok, "\(file): \(result.errors)")
        }
        let together = try SwiftTypeCheck.check(sources, platform: platform)
        #expect(together.ok, "all examples in one target: \(together.errors)")
    }

    static let hostile = """
        canvas size=100x100
        path layerLabPath = circle(50, 50, 20)
        path Paths = rect(0, 0, 10, 10)
        layer self position=(50, 50) bounds=rect(0, 0, 40, 40) backgroundColor=red
        shape default in self path=layerLabPath fillColor=blue
        shape max path=Paths fillColor=green
        shape fillColor path=rect(0, 0, 5, 5) strokeColor=black
        layer CALayer bounds=rect(0, 0, 10, 10) backgroundColor=gray
        layer Self bounds=rect(0, 0, 10, 10) backgroundColor=gray
        layer root bounds=rect(0, 0, 10, 10)
        layer start bounds=rect(0, 0, 10, 10)
        image paths contents="art/photo.png" bounds=rect(0, 0, 10, 10)
        animate max opacity from=1 to=0 duration=1 as min
        animate self position.x to=80 duration=1 as CACurrentMediaTime
        animate default opacity to=0.5 duration=1 as Paths2
        at 0.5 set fillColor hidden=true
        at 0.6 set fillColor lineCap=round
        at 0.7 set CALayer mask=fillColor
        at 0.9 set CALayer mask=none
        """

    @Test(arguments: platforms)
    func hostileNamesCompile(_ platform: SwiftOptions.Platform) throws {
        let doc = ExportFixtures.document(Self.hostile)
        let a = Self.export(doc, platform, file: "self.swift"), b = Self.export(doc, platform, file: "max.swift")
        let result = try SwiftTypeCheck.check([("self.swift", a), ("max.swift", b)], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }

    /// The document with every animation kind, timing attribute, event kind and image.
    @Test(arguments: platforms)
    func everyConstructCompiles(_ platform: SwiftOptions.Platform) throws {
        let source = Self.export(ExportFixtures.document(SwiftExporterTests.everything), platform, file: "everything.swift")
        let result = try SwiftTypeCheck.check([("everything.swift", source)], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }

    /// Every property of the table, set on every kind of layer that has it, every word of the
    /// closed sets included (`EveryPropertyExportTests.document`): a table line mapping a
    /// property to a Core Animation name or Swift type that does not exist fails here.
    @Test(arguments: platforms)
    func everyPropertyCompiles(_ platform: SwiftOptions.Platform) throws {
        let source = Self.export(EveryPropertyExportTests.document, platform, file: "every-property.swift")
        let result = try SwiftTypeCheck.check([("every-property.swift", source)], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }

    /// A timed change of every property of every kind: the holds and markers type-check.
    @Test(arguments: platforms)
    func everyTimedChangeCompiles(_ platform: SwiftOptions.Platform) throws {
        let source = Self.export(EveryPropertyExportTests.timedDocument, platform, file: "every-timed-change.swift")
        let result = try SwiftTypeCheck.check([("every-timed-change.swift", source)], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }

    /// LayerLab's compositing extensions: every blend mode, the mask modes and a time remap
    /// (stored, animated, scheduled), with blend and mask modes changed by a timed change.
    static let compositing: String = {
        var lines = ["canvas size=100x100", "layer comp bounds=rect(0, 0, 100, 100) position=(50, 50) timeRemap=0.5",
                     "shape matte in comp path=circle(20, 20, 10)"]
        for (i, mode) in BlendMode.allCases.enumerated() {
            lines.append("layer l\(i) in comp position=(\(i * 4), 10) bounds=rect(0, 0, 8, 8) backgroundColor=red "
                         + "blendMode=\(mode.rawValue) maskMode=\(MaskMode.allCases[i % 4].rawValue)")
        }
        lines += ["gradient glow in comp bounds=rect(0, 0, 20, 20) type=radial colors=[white, black] "
                  + "startPoint=(0.5, 0.5) endPoint=(1, 1) focalOffset=(0.25, 0)",
                  "animate glow focalOffset to=(0, 0.5) duration=1",
                  "shape dashed in comp path=circle(10, 10, 5) strokeColor=black lineDashPattern=[2, 2]",
                  "animate dashed lineDashPattern to=[6, 2] duration=1"]
        lines += ["set l1 mask=matte", "animate comp timeRemap from=0 to=2 duration=2",
                  "at 1 set comp timeRemap=0.25", "at 1.5 set l3 blendMode=screen maskMode=luminance",
                  "at 0 set l4 blendMode=normal"]
        return lines.joined(separator: "\n")
    }()

    @Test(arguments: platforms)
    func compositingExtensionsCompile(_ platform: SwiftOptions.Platform) throws {
        let source = Self.export(ExportFixtures.document(Self.compositing), platform, file: "compositing.swift")
        let result = try SwiftTypeCheck.check([("compositing.swift", source)], platform: platform)
        #expect(result.ok, "\(result.errors)")
    }

    /// Mistakes an exporter could make, each written right beside it. The wrong statement must
    /// fail on its own line for the reason given (so it fails for real, not because of the code
    /// around it), and the right one must compile.
    static let mistakes: [(wrong: String, right: String, because: String)] = [
        ("let a = CABasicAnimation(keyPath: \"opacity\"); a.repeatCount = Double(2)",
         "let a = CABasicAnimation(keyPath: \"opacity\"); a.repeatCount = Float(2)", "'Double' to type 'Float'"),
        ("let a = CAKeyframeAnimation(keyPath: \"opacity\"); let t: [Double] = [0, 1]; a.keyTimes = t",
         "let a = CAKeyframeAnimation(keyPath: \"opacity\"); let t: [NSNumber] = [0, 1]; a.keyTimes = t", "[NSNumber]"),
        ("let l = CALayer(); l.opacity = CGFloat(0.5)", "let l = CALayer(); l.opacity = Float(0.5)", "'CGFloat' to type 'Float'"),
        ("let a = CAKeyframeAnimation(keyPath: \"opacity\"); let t: [Double] = [0, 1]; a.tensionValues = t",
         "let a = CAKeyframeAnimation(keyPath: \"opacity\"); let t: [NSNumber] = [0, 1]; a.tensionValues = t", "[NSNumber]"),
        ("let a = CABasicAnimation(keyPath: \"opacity\"); a.isCumulative = 1",
         "let a = CABasicAnimation(keyPath: \"opacity\"); a.isCumulative = true", "cannot be used as a boolean"),
        ("let l = CAShapeLayer(); l.lineCap = \"round\"", "let l = CAShapeLayer(); l.lineCap = .round", "CAShapeLayerLineCap"),
        ("let a = CABasicAnimation(keyPath: \"opacity\"); a.fillMode = .forward",
         "let a = CABasicAnimation(keyPath: \"opacity\"); a.fillMode = .forwards", "forward"),
        ("let l = CALayer(); l.add(CABasicAnimation(keyPath: \"x\"), for: \"k\")",
         "let l = CALayer(); l.add(CABasicAnimation(keyPath: \"x\"), forKey: \"k\")", "forKey"),
        ("let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3)",
         "let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 1)", "missing argument"),
        ("let l = CALayer(); l.hidden = true", "let l = CALayer(); l.isHidden = true", "hidden"),
        ("let r = CAReplicatorLayer(); r.instanceCount = 3.5", "let r = CAReplicatorLayer(); r.instanceCount = 3", "Int"),
        ("let r = CAReplicatorLayer(); r.instanceDelay = Float(0.1)",
         "let r = CAReplicatorLayer(); r.instanceDelay = CFTimeInterval(0.1)", "'Float' to type"),
        ("let r = CAReplicatorLayer(); r.instanceRedOffset = CGFloat(-0.1)",
         "let r = CAReplicatorLayer(); r.instanceRedOffset = Float(-0.1)", "'CGFloat' to type 'Float'"),
        ("let g = CAGradientLayer(); let l: [Double] = [0, 1]; g.locations = l",
         "let g = CAGradientLayer(); let l: [NSNumber] = [0, 1]; g.locations = l", "[NSNumber]"),
        ("let g = CAGradientLayer(); g.type = \"radial\"", "let g = CAGradientLayer(); g.type = .radial", "CAGradientLayerType"),
        ("let l = CALayer(); l.shadowOpacity = CGFloat(0.3)", "let l = CALayer(); l.shadowOpacity = Float(0.3)",
         "'CGFloat' to type 'Float'"),
        ("let l = CALayer(); l.shadowOffset = CGPoint(x: 0, y: 3)", "let l = CALayer(); l.shadowOffset = CGSize(width: 0, height: 3)",
         "CGSize"),
        ("let l = CALayer(); l.shadowRadius = Float(3)", "let l = CALayer(); l.shadowRadius = CGFloat(3)", "'Float' to type"),
        ("let t = CATransform3DRotate(CATransform3DIdentity, 1, 0, 1)",
         "let t = CATransform3DRotate(CATransform3DIdentity, 1, 0, 1, 0)", "missing argument"),
        ("let l = CALayer(); l.transform = CATransform3DIdentity; l.transform.m34 = Float(-0.002)",
         "let l = CALayer(); l.transform = CATransform3DIdentity; l.transform.m34 = -0.002", "'Float' to type"),
        ("let p = CGMutablePath(); p.addCurve(to: .zero, control: .zero)",
         "let p = CGMutablePath(); p.addQuadCurve(to: .zero, control: .zero)", "control"),
    ]

    @Test(arguments: platforms)
    func typeMistakesFail(_ platform: SwiftOptions.Platform) throws {
        func source(_ statement: String) -> String { "import QuartzCore\n@MainActor func statement() {\n    \(statement)\n}\n" }
        for m in Self.mistakes {
            let wrong = try SwiftTypeCheck.check([("mistake.swift", source(m.wrong))], platform: platform)
            #expect(!wrong.ok, "accepted: \(m.wrong)")
            // Every error is on the statement's line (3), and one says what is wrong.
            let lines = wrong.errors.split(separator: "\n").filter { $0.hasPrefix("/") && $0.contains(": error:") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("mistake.swift:3:") }, "\(m.wrong): \(wrong.errors)")
            #expect(wrong.errors.contains(m.because), "\(m.wrong): \(wrong.errors)")
            let right = try SwiftTypeCheck.check([("right.swift", source(m.right))], platform: platform)
            #expect(right.ok, "\(m.right): \(right.errors)")
        }
    }

    /// A view hosting the scene as the generated header comment shows: the comment's code
    /// compiles against the same stubs (UIKit's `layer` is never nil; AppKit's is until the view
    /// wants a layer).
    @Test(arguments: platforms)
    func headerUsageCompiles(_ platform: SwiftOptions.Platform) throws {
        let source = Self.export(try ExportFixtures.example("card-flip.lab"), platform, file: "card-flip.swift")
        let usage = source.split(separator: "\n").prefix(while: { $0.hasPrefix("//") })
            .filter { $0.hasPrefix("//     ") }
            .map { String($0.dropFirst(7)) }
        #expect(usage.count >= 3, "\(usage)")
        let host = """
            import \(platform == .iOS ? "UIKit" : "AppKit")
            @MainActor func host(_ view: \(platform == .iOS ? "UIView" : "NSView")) {
            \(usage.map { "    " + $0 }.joined(separator: "\n"))
            }
            """
        let result = try SwiftTypeCheck.check([("card-flip.swift", source), ("host.swift", host)], platform: platform)
        #expect(result.ok, "\(host)\n\(result.errors)")
    }
}

/// Builds the stub modules once per platform and type-checks sources against them.
enum SwiftTypeCheck {
    static let stubs = ExportFixtures.repository.appendingPathComponent("Tests/SwiftStubs")

    static let compiler: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/swiftc"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    struct Result { var ok: Bool; var errors: String }

    static func run(_ args: [String]) throws -> Result {
        let run = try SwiftSourceCheck.compile(args, with: compiler ?? "/usr/bin/swiftc")
        let errors = run.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(10).joined(separator: "\n")
        return Result(ok: run.status == 0, errors: errors)
    }

    nonisolated(unsafe) static var built: [String: URL] = [:]
    /// Where the stub modules are compiled, once a process; removed when the process exits.
    static let stubsRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layerlab-stubs-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: SwiftTypeCheck.stubsRoot) }
        return url
    }()
    static let lock = NSLock()

    /// The folder of the stub modules for a platform, compiled the first time.
    static func modules(_ platform: SwiftOptions.Platform) throws -> URL {
        let key = platform == .iOS ? "ios" : "macos"
        lock.lock(); defer { lock.unlock() }
        if let url = built[key] { return url }
        let dir = stubsRoot.appendingPathComponent(key)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let stubFiles = try FileManager.default.contentsOfDirectory(atPath: stubs.path).sorted()
        for module in ["QuartzCore", platform == .iOS ? "UIKit" : "AppKit"] {
            // The module's file and its `Module+Part.swift` files.
            let files = stubFiles.filter { $0 == module + ".swift" || ($0.hasPrefix(module + "+") && $0.hasSuffix(".swift")) }
            let r = try run(["-parse-as-library", "-emit-module", "-module-name", module, "-I", dir.path]
                            + files.map { stubs.appendingPathComponent($0).path }
                            + ["-emit-module-path", dir.appendingPathComponent(module + ".swiftmodule").path])
            guard r.ok else { throw StubError(message: "\(module) stub: \(r.errors)") }
        }
        built[key] = dir
        return dir
    }

    struct StubError: Error { var message: String }

    /// Type-checks the files together, in Swift 6 language mode.
    static func check(_ files: [(name: String, source: String)], platform: SwiftOptions.Platform) throws -> Result {
        let modules = try modules(platform)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layerlab-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, f) in files.enumerated() {
            let url = dir.appendingPathComponent("\(i)-\(f.name)")
            try f.source.write(to: url, atomically: false, encoding: .utf8)
            paths.append(url.path)
        }
        return try run(["-typecheck", "-swift-version", "6", "-parse-as-library", "-I", modules.path] + paths)
    }
}
