@testable import LayerLabCore
import Testing

/// The property table is the only place defaults are written; what reads them must agree.
@Suite struct PropertyTableTests {
    /// A fresh presentation layer holds every table default (its field initial values are
    /// placeholders only).
    @Test(arguments: PropertyTable.all.filter { $0.present != nil }.map(\.name))
    func presentedLayerStartsAtTheDefault(_ name: String) throws {
        let spec = try #require(PropertyTable.spec(name))
        let fresh = PresentedLayer(name: "a", kind: .shape)
        var applied = fresh
        _ = spec.present?(&applied, spec.defaultValue)
        #expect(applied == fresh)
    }

    /// A value other than the default, of the property's type, within its range.
    static func sample(_ spec: PropertySpec) -> Value? {
        let d = spec.defaultValue
        switch spec.type {
        case .number:
            let n = d.number ?? 0
            return .number(n == 0.75 ? 0.25 : 0.75)
        case .bool: return .bool(!(d.bool ?? false))
        case .point: return .point(Point((d.point?.x ?? 0) + 0.375, (d.point?.y ?? 0) + 0.625))
        case .size: return .size(Size((d.size?.width ?? 0) + 3, (d.size?.height ?? 0) + 5))
        case .rect: return .rect(Rect(1, 2, 30, 40))
        case .color: return .color(Color(0.2, 0.4, 0.6, 0.8))
        case .path: return .path(.circle(center: Point(3, 4), radius: 5))
        case .string: return .string((d.string ?? "") + "x")
        case .word(let words): return words.first { .string($0) != d }.map(Value.string)
        case .numberList: return .list([.number(2), .number(3)])
        case .stringList: return .list([.string("a"), .string("b")])
        case .colorList: return .list([.color(Color(1, 0, 0)), .color(Color(0, 0, 1))])
        case .transform: return .transform([.translate(3, 4, 0)])
        default: return nil
        }
    }

    /// Every drawn property reaches the presentation layer, and no two write the same field:
    /// a table line whose closure writes the wrong field (or none) fails here.
    @Test func everyDrawnPropertyHasAFieldOfItsOwn() throws {
        let drawn = PropertyTable.all.filter { $0.present != nil }
        var seen: [(String, PresentedLayer)] = []
        for spec in drawn {
            let kind = LayerKind.allCases.first { spec.applies(to: $0) } ?? .shape
            let fresh = PresentedLayer(name: "a", kind: kind)
            let value = try #require(Self.sample(spec), "no sample value for \(spec.name)")
            var applied = fresh
            #expect(spec.present?(&applied, value) == true, "\(spec.name) refused \(value)")
            #expect(applied != fresh, "\(spec.name) = \(value) changed nothing")
            for (other, layer) in seen where layer.kind == kind {
                #expect(layer != applied, "\(spec.name) and \(other) write the same field")
            }
            seen.append((spec.name, applied))
        }
    }

    /// An unset layer draws exactly as a layer with every default stored.
    @Test(arguments: LayerKind.allCases)
    func unsetDrawsLikeDefaults(_ kind: LayerKind) {
        var bare = Document(), full = Document()
        // A cell is not drawn itself: compare the emitter holding it.
        func tree(_ l: Layer) -> [Layer] { kind == .emitterCell ? [Layer(name: "e", kind: .emitter, sublayers: [l])] : [l] }
        bare.layers = tree(Layer(name: "a", kind: kind))
        var props: [String: Value] = [:]
        for spec in PropertyTable.properties(for: kind) where spec.defaultValue(for: kind) != .null {
            props[spec.name] = spec.defaultValue(for: kind)
        }
        full.layers = tree(Layer(name: "a", kind: kind, properties: props))
        let a = Evaluator(document: bare).scene(at: 0.5), b = Evaluator(document: full).scene(at: 0.5)
        #expect(a == b)
        if kind == .emitterCell {
            #expect(a.layers.first?.emission?.particles == [])
        } else {
            #expect(a.layers.first == PresentedLayer(name: "a", kind: kind))
        }
    }

    /// Closed sets are the enum's cases, so the table cannot list a word the renderer lacks.
    /// `applies(to:)` reads a mask built from `kinds`: it must say what the set says, with
    /// nil meaning every kind of layer and no cells.
    @Test func appliesAgreesWithTheKindsItNames() {
        for spec in PropertyTable.all {
            for kind in LayerKind.allCases {
                #expect(spec.applies(to: kind) == (spec.kinds?.contains(kind) ?? kind.isLayer), "\(spec.name) on \(kind)")
            }
        }
        let bits = LayerKind.allCases.map(\.bit)
        #expect(Set(bits).count == bits.count && bits.allSatisfy { $0.nonzeroBitCount == 1 })
    }

    @Test func wordsComeFromEnums() {
        #expect(PropertyTable.spec("lineCap")?.type == .word(LineCap.allCases.map(\.rawValue)))
        #expect(PropertyTable.spec("contentsGravity")?.completions == ContentsGravity.allCases.map(\.rawValue))
        #expect(PropertyTable.spec("hidden")?.completions == ["true", "false"])
    }

    @Test func rangesRead() {
        #expect(ValueRange.nonNegative.requirement == "must be 0 or more")
        #expect(ValueRange.positive.requirement == "must be more than 0")
        #expect(ValueRange.unit.requirement == "must be from 0 to 1")
        #expect(ValueRange.nonNegativeOrInfinite.requirement == "must be 0 or more (or inf)")
        #expect(ValueRange.nonNegativeOrInfinite.contains(.infinity))
        #expect(!ValueRange.nonNegative.contains(.infinity))
        #expect(!ValueRange.positive.contains(0))
        #expect(ValueRange.nonNegative.violation(in: .rect(Rect(-5, -5, 1, -2)))?.component == 3)
        #expect(ValueRange.nonNegative.violation(in: .list([.number(1), .number(-1)]))?.component == 1)
        #expect(ValueRange.nonNegative.violation(in: .number(0)) == nil)
    }
}
