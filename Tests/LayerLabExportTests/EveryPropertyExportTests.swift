import Foundation
import LayerLabCore
import LayerLabExport
import TestSupport
import Testing

/// The exports follow the property table: a document setting every property of the table, on
/// every kind of layer that has it, to a value other than its default (every word of each
/// closed set somewhere) is written to Swift with each property under Core Animation's name,
/// and its Lottie notes name exactly the properties the table says Lottie lacks.
/// `SwiftTypeCheckTests.everyPropertyCompiles` type-checks the same export, so a new property
/// whose mapping names the wrong Core Animation property or type fails there.
@Suite struct EveryPropertyExportTests {
    /// Layers of `kind` that between them set every property of the kind: the first sets each
    /// to a non-default value, the others go through the remaining words of the closed sets.
    static func layers(_ kind: LayerKind) -> [Layer] {
        let specs = PropertyTable.properties(for: kind)
        let words = specs.map { spec -> Int in if case .word(let ws) = spec.type { return ws.count }; return 1 }.max() ?? 1
        var out: [Layer] = []
        for i in 0..<words {
            var props: [String: Value] = [:]
            for spec in specs {
                if i > 0 { guard case .word = spec.type else { continue } }
                if spec.type == .layerRef { continue }
                props[spec.name] = PropertySamples.sample(spec, kind: kind, word: i)
            }
            out.append(Layer(name: "\(kind.rawValue) \(i)", kind: kind, properties: props))
        }
        return out
    }

    /// Every kind's layers; layers that can be masked get a mask of their own, and cells sit
    /// in an emitter (one cell draws its path, a named one, as it has no picture).
    static let document: Document = {
        var doc = Document()
        doc.paths = [NamedPath(name: "drop", path: .rect(Rect(0, 0, 4, 8)))]
        var roots: [Layer] = []
        for kind in LayerKind.allCases where kind.isLayer {
            for var l in layers(kind) {
                if PropertyTable.spec("mask")?.applies(to: kind) == true {
                    let mask = Layer(name: "mask of \(l.name)", kind: .shape, properties: ["path": .path(.circle(center: Point(5, 5), radius: 5))])
                    roots.append(mask)
                    l.properties["mask"] = .string(mask.name)
                }
                if kind == .emitter && l.name == "emitter 0" {  // names are unique in a document
                    var pathCell = Layer(name: "cell drawn from a path", kind: .emitterCell, properties: ["birthRate": .number(3)])
                    pathCell.properties["path"] = .pathRef("drop")
                    l.sublayers = layers(.emitterCell) + [pathCell]
                }
                roots.append(l)
            }
        }
        doc.layers = roots
        return doc
    }()

    /// Every kind and every property of it, as the document sets them.
    static var setProperties: [(kind: LayerKind, spec: PropertySpec)] {
        LayerKind.allCases.flatMap { kind in PropertyTable.properties(for: kind).map { (kind, $0) } }
    }

    /// Every property is set on every kind that has it, to a value `set` would accept.
    @Test func theDocumentSetsEveryPropertyOfEveryKind() throws {
        var seen: Set<String> = []
        let doc = Self.document
        func walk(_ ls: [Layer]) throws {
            for l in ls {
                for (k, v) in l.properties {
                    seen.insert("\(l.kind.rawValue).\(k)")
                    let keyPath = try #require(LayerKeyPath.resolve(k, for: l.kind))
                    #expect(throws: Never.self) { try doc.checkStoredValue(v, for: keyPath, layer: l.name) }
                    if l.name.hasSuffix(" 0") {
                        #expect(v != PropertyTable.spec(k)?.defaultValue(for: l.kind), "\(l.name).\(k) is at its default")
                    }
                }
                try walk(l.sublayers)
            }
        }
        try walk(doc.layers)
        for (kind, spec) in Self.setProperties {
            #expect(seen.contains("\(kind.rawValue).\(spec.name)"), "\(spec.name) is not set on a \(kind.rawValue)")
        }
    }

    /// Each property assigned under Core Animation's name (or key path) on every kind that has it.
    @Test(arguments: [SwiftOptions.Platform.iOS, .macOS])
    func swiftAssignsEveryPropertyUnderItsCoreAnimationName(_ platform: SwiftOptions.Platform) {
        let source = SwiftExporter.export(Self.document, options: SwiftOptions(platform: platform, typeName: "Every")).source
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (kind, spec) in Self.setProperties {
            let variable = kind == .emitterCell ? "Cell" : "Layer"
            switch spec.swift(for: kind) {
            case .property(_, let caName):
                let assigned = ".\(caName ?? spec.name) = "
                #expect(lines.contains { $0.contains(variable) && $0.contains(assigned) && !$0.hasPrefix("//") },
                        "\(kind.rawValue).\(spec.name): no `\(assigned)`")
            case .keyPath:
                #expect(lines.contains { $0.contains("forKeyPath: \"\(spec.name)\")") }, "\(kind.rawValue).\(spec.name)")
            case .step:
                break  // the steps' own tests (and the type check) cover them
            }
        }
        #expect(!source.contains("does not apply to this layer"))
    }

    /// The properties of `kind` a timed change sets here (a mask change has tests of its own).
    static func timedSpecs(_ kind: LayerKind) -> [PropertySpec] {
        PropertyTable.properties(for: kind).filter { $0.type != .layerRef }
    }

    /// `at 1 set` each of `timedSpecs(kind)` on the first of `layers(kind)`, events named
    /// `prefix` and the property's position.
    static func timedChanges(_ kind: LayerKind, prefix: String = "e") -> [Event] {
        timedSpecs(kind).enumerated().map { i, spec in
            Event(name: "\(prefix)\(i)", time: .number(1), layer: layers(kind)[0].name,
                  assignments: [Assignment(keyPath: spec.name, value: PropertySamples.sample(spec, kind: kind))])
        }
    }

    /// Every kind's first layer with a timed change of each of its properties.
    static let timedDocument: Document = {
        var doc = Document()
        for kind in LayerKind.allCases where kind.isLayer {
            doc.layers.append(layers(kind)[0])
            doc.events += timedChanges(kind, prefix: "\(kind.rawValue)Change")
        }
        return doc
    }()

    /// A timed change (`at 1 set …`) of each property, on every kind of layer that has it,
    /// follows the table's `caAnimates` column: a property Core Animation animates is held by a
    /// keyframe animation on its key path (a flipbook frame on `contents`); any other is set by
    /// a marker animation's delegate. A property marked animatable whose value the hold cannot
    /// spell, or one the export holds although the table says Core Animation cannot, fails here.
    @Test func timedChangesFollowTheCoreAnimationColumn() {
        for kind in LayerKind.allCases where kind.isLayer {
            var doc = Document()
            doc.layers = [Self.layers(kind)[0]]
            doc.events = Self.timedChanges(kind)
            let source = SwiftExporter.export(doc, options: SwiftOptions(typeName: "Timed")).source
            let lines = source.split(separator: "\n")
            for (i, spec) in Self.timedSpecs(kind).enumerated() {
                let held = spec.swift(for: kind) == .step(.flipbookFrame) ? "contents" : spec.name
                // A hold is added under the event's name and the key path it holds, a marker under
                // the property's name; their variables end in `Change` and `Marker`.
                let holds = lines.contains { $0.hasSuffix("forKey: \"e\(i).\(held)\")") && !$0.contains("Marker") }
                let marked = source.contains("Core Animation cannot animate \(spec.name):")
                if spec.caAnimates {
                    #expect(holds && !marked, "\(kind.rawValue).\(spec.name) is not held")
                } else {
                    #expect(marked && !holds, "\(kind.rawValue).\(spec.name) is not set by a marker")
                }
            }
        }
    }

    /// The Lottie notes name a layer's property exactly when its table line says Lottie has no
    /// such thing (cells aside: the emitter's note counts them).
    @Test func lottieNotesFollowTheTable() {
        let export = LottieExporter.export(Self.document, options: LottieOptions(fps: 10))
        for kind in LayerKind.allCases where kind.isLayer {
            let note = export.notes.first { $0.hasPrefix("\(kind.rawValue) 0: ") && $0.hasSuffix("not exported to Lottie") } ?? ""
            for spec in PropertyTable.properties(for: kind) {
                let named = note.range(of: "\\b\(spec.name)\\b", options: .regularExpression) != nil
                #expect(named == (spec.lottie == .notInLottie), "\(kind.rawValue).\(spec.name): \(note)")
            }
        }
    }
}

