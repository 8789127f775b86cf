import Foundation
import LayerLabCore
import LayerLabExport
import Testing

/// The exports follow the property table: a document setting every property of the table, on
/// every kind of layer that has it, to a value other than its default (every word of each
/// closed set somewhere) is written to Swift with each property under Core Animation's name,
/// and its Lottie notes name exactly the properties the table says Lottie lacks.
/// `SwiftTypeCheckTests.everyPropertyCompiles` type-checks the same export, so a new property
/// whose mapping names the wrong Core Animation property or type fails there.
@Suite struct EveryPropertyExportTests {
    /// A value of the property's type other than its default (for `kind`), within its range.
    static func sample(_ spec: PropertySpec, kind: LayerKind, word: Int = 0) -> Value {
        let d = spec.defaultValue(for: kind)
        switch spec.type {
        case .number:
            let n = d.number ?? 0
            let v = n == 0.75 ? 0.25 : 0.75
            return .number(spec.range.contains(v) ? v : 2)
        case .bool: return .bool(!(d.bool ?? false))
        case .point: return .point(Point((d.point?.x ?? 0) + 0.375, (d.point?.y ?? 0) + 0.625))
        case .size: return .size(Size((d.size?.width ?? 0) + 3, (d.size?.height ?? 0) + 5))
        case .rect: return .rect(Rect(1, 2, 30, 40))
        case .color: return .color(Color(0.2, 0.4, 0.6, 0.8))
        case .path: return .path(.circle(center: Point(3, 4), radius: 5))
        case .string: return .string(spec.name == "contents" ? "art/spark.png" : (d.string ?? "") + "x")
        case .word(let words):
            let others = words.filter { .string($0) != d }
            return .string(word == 0 ? others[0] : words[word % words.count])
        case .numberList: return .list([.number(2), .number(3)])
        case .stringList: return .list([.string("one.png"), .string("two.png")])
        case .colorList: return .list([.color(Color(1, 0, 0)), .color(Color(0, 0, 1))])
        case .transform: return .transform([.translate(3, 4, 0), .rotate(0.5, 0, 0, 1)])
        case .layerRef: return .null  // set by `document` to a layer of its own
        }
    }

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
                props[spec.name] = sample(spec, kind: kind, word: i)
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
