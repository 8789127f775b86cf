import LayerLabCore

/// Swift source that rebuilds a document with QuartzCore in an iOS (UIKit) or macOS (AppKit) app.
///
/// The file declares one type named after the scene and nothing else at top level, so any
/// number of exports compile together in one target; every identifier that comes from the
/// script is made unique and can shadow nothing the code uses. The type builds the layer tree
/// (`makeLayers()`) and adds every animation and every timed change on Core Animation's clock
/// (`addAnimations(to:)`), so the app plays what LayerLab plays.
///
///     let scene = LoadingSScene.makeLayers()
///     view.layer.addSublayer(scene)
///     LoadingSScene.addAnimations(to: scene)
package enum SwiftExporter {
    /// The whole Swift file for `document` (iOS, type `LayerLabScene`).
    package static func source(for document: Document) -> String {
        export(document, options: SwiftOptions()).source
    }

    /// The Swift file and notes on what it cannot carry over.
    package static func export(_ document: Document, options: SwiftOptions) -> SwiftExport {
        let (retargeted, cellNotes) = SwiftGenerator.cellsOnEmitters(document)
        var generator = SwiftGenerator(retargeted, options: options)
        let source = generator.generate()
        return SwiftExport(source: source, notes: cellNotes + generator.notes)
    }

    /// The type name for an export written to `file`: its base name in UpperCamelCase, then
    /// `Scene` (`loading-s.swift` → `LoadingSScene`).
    package static func typeName(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        var out = ""
        var upper = true
        for u in stem.unicodeScalars {
            let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9")
            if !ok { upper = true; continue }
            out += upper ? String(u).uppercased() : String(u)
            upper = false
        }
        if out.isEmpty || out.first!.isNumber { out = "LayerLab" + out }
        return out.hasSuffix("Scene") ? out : out + "Scene"
    }
}

/// How a Swift export is made.
package struct SwiftOptions: Sendable {
    package enum Platform: Sendable { case iOS, macOS }
    package var platform: Platform
    /// The generated type's name (made a valid identifier); see `SwiftExporter.typeName(forFile:)`.
    package var typeName: String

    package init(platform: Platform = .iOS, typeName: String = "LayerLabScene") {
        self.platform = platform; self.typeName = typeName
    }
}

/// A Swift export's source and what it could not carry over.
package struct SwiftExport: Sendable {
    package var source: String
    /// One sentence each, for the user to read (the CLI prints them as warnings).
    package var notes: [String]
}

/// The state of one Swift export: names handed out so far and the text written.
struct SwiftGenerator {
    let document: Document
    let evaluator: Evaluator
    let options: SwiftOptions
    let typeName: String
    var names: SwiftNames
    var w = SourceWriter()
    var notes: [String] = []
    /// Layers used as a mask for the whole scene: assigned to `mask`, never added as sublayers.
    let maskNames: Set<String>
    var layers: [String: Layer] = [:]
    /// Masked layers whose mask changes on the timeline, and every mask each one takes.
    var maskSlots: [(layer: String, masks: [String])] = []
    /// Whether the generated type needs its `TimedChange` delegate class.
    var usesTimedChange = false
    /// Whether the generated type needs `particleImage` (an emitter has cells).
    var usesParticleImage = false
    /// Picture files and the asset names the app must provide.
    var assetNames: [String: String] = [:]

    init(_ document: Document, options: SwiftOptions) {
        self.document = document
        self.options = options
        evaluator = Evaluator(document: document)
        var typeNames = SwiftNames(reserved: [])
        var type = typeNames.identifier(options.typeName, kind: "type")
        if SwiftNames.apiNames.contains(type) || type.hasPrefix("_") { type = "LayerLab" + type }
        typeName = type
        names = SwiftNames(reserved: SwiftNames.apiNames.union([type]))
        var all: [String: Layer] = [:]
        func walk(_ ls: [Layer]) {
            for l in ls {
                all[l.name] = l
                walk(l.sublayers)
            }
        }
        walk(document.layers)
        layers = all
        var changing: [String: [String]] = [:]
        for e in document.events {
            for a in e.assignments where a.keyPath == "mask" {
                var list = changing[e.layer] ?? []
                if let l = all[e.layer], case .string(let m)? = l.properties["mask"], all[m] != nil, !list.contains(m) { list.append(m) }
                if case .string(let m) = a.value, all[m] != nil, m != e.layer, !list.contains(m) { list.append(m) }
                changing[e.layer] = list
            }
        }
        var masks: Set<String> = []
        for l in all.values {
            if changing[l.name] == nil, case .string(let m)? = l.properties["mask"], m != l.name, all[m] != nil { masks.insert(m) }
        }
        maskNames = masks
        maskSlots = SwiftGenerator.treeOrder(document.layers).compactMap { l in changing[l.name].map { (l.name, $0) } }
        for file in SwiftGenerator.pictures(document) { assetNames[file] = nil }
        var taken: Set<String> = []
        for file in SwiftGenerator.pictures(document) {
            var name = SwiftGenerator.assetName(file)
            if taken.contains(name) {
                name = String(file.split(separator: ".").first ?? Substring(file)).replacing("/", with: "-")
            }
            taken.insert(name)
            assetNames[file] = name
        }
    }

    var iOS: Bool { options.platform == .iOS }
    var colorType: String { iOS ? "UIColor" : "NSColor" }

    mutating func generate() -> String {
        let c = document.canvas
        let n = typeName
        w.line("// Generated by LayerLab: a \(SwiftLiteral.number(c.size.width))x\(SwiftLiteral.number(c.size.height)) scene"
               + " lasting \(SwiftLiteral.number(evaluator.sceneDuration)) s, for \(iOS ? "iOS (UIKit)" : "macOS (AppKit)").")
        w.line("//")
        w.line("//     let scene = \(n).makeLayers()")
        if iOS {
            w.line("//     view.layer.addSublayer(scene)")
        } else {
            w.line("//     view.wantsLayer = true              // a layer-backed NSView")
            w.line("//     view.layer?.addSublayer(scene)")
        }
        w.line("//     \(n).addAnimations(to: scene)     // scene time 0 is now")
        w.line("//")
        let pictures = SwiftGenerator.pictures(document)
        if !pictures.isEmpty {
            w.line("// Images to add to the app's asset catalogue (name: LayerLab file):")
            for file in pictures {
                let art = SwiftGenerator.isTextArt(file) ? " (text art: add a PNG of it, e.g. from `layerlab export … --png`)" : ""
                w.line("//     \(SwiftLiteral.comment(assetNames[file] ?? file)): \(SwiftLiteral.comment(file))\(art)")
            }
            w.line("//")
        }
        w.line("// Times and durations are the numbers LayerLab computed; comments name their expressions.")
        w.line()
        w.line("import QuartzCore")
        w.line(iOS ? "import UIKit" : "import AppKit")
        w.line()
        w.line("/// The LayerLab scene: its layers and animations.")
        w.line("@MainActor")
        w.open("enum \(n)")
        writeScene()
        w.line()
        writeAnimations()
        w.line()
        writePaths()
        w.line()
        writeHelpers()
        w.close()
        return w.text
    }

    // MARK: - Named paths

    mutating func pathIdentifier(_ name: String) -> String { names.identifier(name, kind: "path", suffix: "Path") }

    mutating func writePaths() {
        w.line("/// The document's named paths, in the coordinates of the layers that use them.")
        w.open("private struct Paths")
        for p in document.paths {
            let id = pathIdentifier(p.name)
            w.line("let \(id): CGPath = " + SwiftLiteral.path(p.path, helper: "\(typeName).makePath"))
        }
        w.close()
    }

    // MARK: - The layer tree

    mutating func layerIdentifier(_ name: String) -> String { names.identifier(name, kind: "layer", suffix: "Layer") }

    static func className(_ kind: LayerKind) -> String {
        switch kind {
        case .layer, .image: return "CALayer"
        case .shape: return "CAShapeLayer"
        case .text: return "CATextLayer"
        case .replicator: return "CAReplicatorLayer"
        case .gradient: return "CAGradientLayer"
        case .transformLayer: return "CATransformLayer"
        case .emitter: return "CAEmitterLayer"
        case .emitterCell: return "CAEmitterCell"
        }
    }

    mutating func writeScene() {
        let c = document.canvas
        w.line("/// Builds the layer tree under a root layer of the canvas size, at the model values.")
        w.open("static func makeLayers() -> CALayer")
        w.line("let paths = Paths()")
        w.line("let root = CALayer()")
        w.line("root.name = \"LayerLab\"")
        w.line("root.frame = \(SwiftLiteral.rect(Rect(0, 0, c.size.width, c.size.height)))")
        w.line("root.backgroundColor = \(color(c.background))")
        w.line("root.masksToBounds = true")
        if !iOS { w.line("root.isGeometryFlipped = true  // y grows downwards, as in UIKit and LayerLab") }
        for l in document.layers { writeLayer(l, parent: "root") }
        var pairs: [(String, String)] = []
        for l in SwiftGenerator.treeOrder(document.layers) {
            if !maskSlots.contains(where: { $0.layer == l.name }), case .string(let m)? = l.properties["mask"], m != l.name,
               layers[m] != nil {
                pairs.append((l.name, m))
            }
        }
        if !pairs.isEmpty { w.line() }
        for (l, m) in pairs { w.line("\(layerIdentifier(l)).mask = \(layerIdentifier(m))") }
        for slot in maskSlots { writeMaskSlot(slot.layer, masks: slot.masks) }
        w.line("_ = paths")
        w.line("return root")
        w.close()
    }

    /// Creates a layer (and its sublayers) as `id`, adding it to `parent` (nil: not added).
    mutating func writeLayer(_ l: Layer, parent: String?, id given: String? = nil, nameSuffix: String = "") {
        let id = given ?? layerIdentifier(l.name)
        w.line()
        w.line("let \(id) = \(SwiftGenerator.className(l.kind))()")
        w.line("\(id).name = \(SwiftLiteral.string(l.name + nameSuffix))")
        if l.kind == .text {
            if nameSuffix.isEmpty {
                notes.append("\(l.name): text draws with its font (Helvetica unless set) in Core Animation, so glyph shapes and widths differ from LayerLab's")
            }
            w.line("\(id).contentsScale = " + (iOS ? "UITraitCollection.current.displayScale" : "NSScreen.main?.backingScaleFactor ?? 2"))
        }
        for spec in PropertyTable.all {
            // A layer's beginTime is relative to the scene's start, set in `addAnimations`.
            guard let v = l.properties[spec.name], spec.swift(for: l.kind) != .step(.layerBeginTime) else { continue }
            for line in assignment(id, spec.name, v, layer: l) { w.line(line) }
        }
        if l.kind == .emitter { writeCells(l.sublayers.filter { $0.kind == .emitterCell }, owner: id) }
        if let parent, given != nil || !maskNames.contains(l.name) { w.line("\(parent).addSublayer(\(id))") }
        for s in l.sublayers where s.kind.isLayer {
            writeLayer(s, parent: id, id: given == nil ? nil : names.identifier(s.name + nameSuffix, kind: "copy", suffix: "Layer"),
                       nameSuffix: nameSuffix)
        }
    }

    // MARK: - Values

    func color(_ c: Color) -> String { SwiftLiteral.color(c, type: colorType) }

    /// A value as an `Any` for an animation's from/to/values.
    mutating func anyValue(_ v: Value) -> String {
        switch v {
        case .number(let n): return SwiftLiteral.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "NSValue(\(iOS ? "cgPoint" : "point"): \(SwiftLiteral.point(p)))"
        case .size(let s): return "NSValue(\(iOS ? "cgSize" : "size"): \(SwiftLiteral.size(s)))"
        case .rect(let r): return "NSValue(\(iOS ? "cgRect" : "rect"): \(SwiftLiteral.rect(r)))"
        case .color(let c): return color(c)
        case .path(let p): return SwiftLiteral.path(p, helper: "\(typeName).makePath")
        case .pathRef(let n): return "paths.\(pathIdentifier(n))"
        case .string(let s): return SwiftLiteral.string(s)
        case .list(let items): return "[" + items.map { anyValue($0) }.joined(separator: ", ") + "] as [Any]"
        case .transform(let ops): return "NSValue(caTransform3D: \(SwiftLiteral.transform(ops)))"
        case .null: return "NSNull()"
        }
    }

    /// The statements that set `keyPath` to `v` on the layer variable `target`.
    mutating func assignment(_ target: String, _ keyPath: String, _ v: Value, layer: Layer) -> [String] {
        guard let kp = LayerKeyPath.resolve(keyPath, for: layer.kind) else {
            return ["// \(SwiftLiteral.comment(keyPath)) does not apply to this layer"]
        }
        let n = v.number.map { SwiftLiteral.number($0) } ?? "0"
        switch kp.access {
        case .frame:
            return v.rect.map { ["\(target).frame = \(SwiftLiteral.rect($0))"] } ?? []
        case .fanOut:
            return ["\(target).setValue(\(n), forKeyPath: \(SwiftLiteral.string(kp.name)))"]
        case .component(let base, let c):
            switch c {
            case .x: return ["\(target).\(base).x = \(n)"]
            case .y: return ["\(target).\(base).y = \(n)"]
            case .width: return ["\(target).bounds.size.width = \(n)"]
            case .height: return ["\(target).bounds.size.height = \(n)"]
            case .originX: return ["\(target).bounds.origin.x = \(n)"]
            case .originY: return ["\(target).bounds.origin.y = \(n)"]
            case .size: return v.size.map { ["\(target).bounds.size = \(SwiftLiteral.size($0))"] } ?? []
            case .origin: return v.point.map { ["\(target).bounds.origin = \(SwiftLiteral.point($0))"] } ?? []
            }
        case .property(let name):
            return propertyAssignment(target, name, v, layer: layer)
        }
    }

    /// The statements setting the stored property `name` to `v`, as the property's table line
    /// says Core Animation takes it (`PropertySpec.swift`).
    mutating func propertyAssignment(_ t: String, _ name: String, _ v: Value, layer: Layer) -> [String] {
        guard let spec = PropertyTable.spec(name), spec.applies(to: layer.kind) else {
            return ["// \(SwiftLiteral.comment(name)) does not apply to this layer"]
        }
        switch spec.swift(for: layer.kind) {
        case .property(let type, let caName):
            return swiftValue(v, as: type).map { ["\(t).\(caName ?? name) = \($0)"] } ?? []
        case .keyPath:
            return v.number.map { ["\(t).setValue(\(SwiftLiteral.number($0)), forKeyPath: \(SwiftLiteral.string(name)))"] } ?? []
        case .step(let step):
            return stepAssignment(step, t, name, v, layer: layer)
        }
    }

    /// `v` spelled as a Swift value of `type`; nil when the value is not of the type (a checked
    /// document holds none such, and nothing is written rather than something wrong).
    mutating func swiftValue(_ v: Value, as type: SwiftType) -> String? {
        switch type {
        case .number: return v.number.map(SwiftLiteral.number)
        case .integer(let max):
            return v.number.map { String(clampedInt($0.rounded(.down), 0, clampedInt(max, 0, Int.max))) }
        case .bool: return v.bool.map { $0 ? "true" : "false" }
        case .point: return v.point.map(SwiftLiteral.point)
        case .size: return v.size.map(SwiftLiteral.size)
        case .rect: return v.rect.map(SwiftLiteral.rect)
        case .color:
            if case .null = v { return "nil" }
            return v.color.map { color($0) }
        case .path:
            if case .path(let p) = v, p.isEmpty { return "nil" }
            if case .null = v { return "nil" }
            if case .pathRef(let n) = v { return "paths.\(pathIdentifier(n))" }
            guard case .path = v else { return nil }
            return anyValue(v)
        case .transform3D: return v.transform.map(SwiftLiteral.transform)
        case .constant: return v.string.map(SwiftLiteral.enumCase)
        case .string: return v.string.map(SwiftLiteral.string)
        case .fontName: return v.string.map { "\(SwiftLiteral.string($0)) as CFString" }
        case .image: return v.string.map { image($0) }
        case .numbers:
            guard let items = v.list?.compactMap(\.number) else { return nil }
            return items.isEmpty ? "nil" : "[" + items.map(SwiftLiteral.number).joined(separator: ", ") + "]"
        case .colors:
            guard let items = v.list?.compactMap(\.color) else { return nil }
            return items.isEmpty ? "nil" : "[" + items.map { color($0) }.joined(separator: ", ") + "]"
        }
    }

    /// The statements of a property no single assignment carries (`SwiftStep`).
    mutating func stepAssignment(_ step: SwiftStep, _ t: String, _ name: String, _ v: Value, layer: Layer) -> [String] {
        switch step {
        case .transformSteps:
            // After the components set above: they apply first, then these steps.
            return ["\(t).transform = CATransform3DConcat(\(t).transform, \(SwiftLiteral.transform(v.transform ?? [])))"]
        case .mask, .flipbook:
            return []  // masks are assigned after the tree is built; flipbooks are animations
        case .flipbookFrame:
            let frames = (layer.value("frames").list ?? []).compactMap(\.string)
            guard let i = v.number, i.isFinite, !frames.isEmpty else { return [] }
            return ["\(t).contents = " + image(frames[clampedInt(i.rounded(.down), 0, frames.count - 1)])]
        case .layerBeginTime:
            let n = v.number.map(SwiftLiteral.number) ?? "0"
            return ["\(t).beginTime = (\(t).superlayer?.convertTime(start, from: nil) ?? start) + \(n)"]
        case .compositingFilter, .alphaMask, .timeRemap, .gradientFocus, .blur:
            return compositingExtension(step, t, v, layer: layer)
        case .tint:
            // The colours alone change nothing: the amount's line says it all.
            return name == "tintAmount" ? compositingExtension(step, t, v, layer: layer) : []
        case .particleImage:
            return []  // written first, with the cell (`writeCells`)
        }
    }
    /// A picture as layer contents, by its asset-catalogue name.
    func image(_ file: String) -> String {
        if file.isEmpty { return "nil" }
        let name = SwiftLiteral.string(assetNames[file] ?? SwiftGenerator.assetName(file))
        return iOS ? "UIImage(named: \(name))?.cgImage"
            : "NSImage(named: \(name))?.cgImage(forProposedRect: nil, context: nil, hints: nil)"
    }

    /// Every picture file the document shows, in order of first use.
    static func pictures(_ document: Document) -> [String] {
        var out: [String] = []
        func add(_ s: String?) { if let s, !s.isEmpty, !out.contains(s) { out.append(s) } }
        for l in treeOrder(document.layers) {
            add(l.properties["contents"]?.string)
            for f in l.value("frames").list ?? [] { add(f.string) }
        }
        for e in document.events { for a in e.assignments where a.keyPath == "contents" { add(a.value.string) } }
        return out
    }

    static func isTextArt(_ file: String) -> Bool { !file.lowercased().hasSuffix(".png") }

    /// The name an asset catalogue gives a file: its base name without folder or extension.
    static func assetName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    /// Every layer in tree order (parents before children).
    static func treeOrder(_ ls: [Layer]) -> [Layer] {
        var out: [Layer] = []
        func walk(_ ls: [Layer]) { for l in ls { out.append(l); walk(l.sublayers) } }
        walk(ls)
        return out
    }

    // MARK: - Helpers in the generated type

    mutating func writeHelpers() {
        if usesParticleImage {
            writeParticleImageHelper()
            w.line()
        }
        if usesTimedChange {
            w.line("/// Runs `apply` when the animation it is the delegate of starts, on Core Animation's clock:")
            w.line("/// timed changes of properties Core Animation cannot animate.")
            w.open("private final class TimedChange: NSObject, CAAnimationDelegate, @unchecked Sendable")
            w.line("let apply: @MainActor () -> Void")
            w.line("init(_ apply: @escaping @MainActor () -> Void) { self.apply = apply }")
            w.line("nonisolated func animationDidStart(_ anim: CAAnimation) { MainActor.assumeIsolated { apply() } }")
            w.line("nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}")
            w.close()
            w.line()
        }
        w.line("/// A `CGPath` built by `build` on a fresh `CGMutablePath`.")
        w.open("nonisolated private static func makePath(_ build: (CGMutablePath) -> Void) -> CGPath")
        w.line("let path = CGMutablePath()")
        w.line("build(path)")
        w.line("return path")
        w.close()
        w.line()
        w.line("/// The layer called `name` under `root` (masks included), if it has the expected class.")
        w.open("private static func find<T: CALayer>(_ name: String, in root: CALayer, as type: T.Type) -> T?")
        w.line("if root.name == name { return root as? T }")
        w.line("if let mask = root.mask, let found = find(name, in: mask, as: type) { return found }")
        w.open("for sublayer in root.sublayers ?? []")
        w.line("if let found = find(name, in: sublayer, as: type) { return found }")
        w.close()
        w.line("return nil")
        w.close()
    }
}
